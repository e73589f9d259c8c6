// The review of a session before (or after) commit: per counted line the figure it was counted against,
// the count, the variance in units and in value (purchase price), today's expected figure and the drift
// since counting; the products with stock nobody counted; the unknown codes.
import { fromSatang, toSatang } from '../../src-shared/money/index.js';
import { effectiveStock, pendingStockInWarehouse, type PendingStock } from '../outbox/local-view.js';
import { roundQuantity } from './count-quantity.js';
import { recountOf, sentFigure } from './count-recount-figure.js';
import type { LineRow, SessionRow } from './count-session.repository.js';
import { toUnknownLineView } from './count-views.js';
import type { ReviewBase } from './count-review-cache.js';
import { sessionViewOf, type CountingContext } from './counting-context.js';
import { expectedAtCommit, isFrozen } from './expected-stock.js';
import type { ReviewFilter } from '../../src-shared/domain/vocabulary.js';
import type { CallValue } from '../../src-shared/ipc/index.js';

export { REVIEW_FILTERS, type ReviewFilter } from '../../src-shared/domain/vocabulary.js';

export type SessionReview = CallValue<'counting.review'>;
export type ReviewRow = SessionReview['rows'][number];
export type CountedReviewRow = Extract<ReviewRow, { kind: 'counted' }>;
export type NotCountedReviewRow = Extract<ReviewRow, { kind: 'notCounted' }>;
export type UnknownReviewRow = Extract<ReviewRow, { kind: 'unknown' }>;
export type ReviewTotals = SessionReview['totals'];

export interface ReviewPage {
  /** Rows to skip (default 0). */
  readonly offset?: number;
  /** At most this many rows (default: all). A not-counted row costs a catalogue read: page them. */
  readonly limit?: number;
}

/** Rows of one kind: how many, and how to build the i-th one (built only when it is on the page). */
interface RowSource {
  readonly length: number;
  row(index: number): ReviewRow | undefined;
}

const listSource = (rows: readonly ReviewRow[]): RowSource => ({
  length: rows.length,
  row: (index) => rows[index],
});

export function reviewSession(
  context: CountingContext,
  session: SessionRow,
  filter: ReviewFilter,
  page: ReviewPage = {},
): SessionReview {
  const version = context.review.version();
  const cached = context.reviewCache.get(session.id, version);
  const base: ReviewBase =
    (cached && withScannedLines(context, session, cached.base, cached.scanned)) ??
    reviewBase(context, session, version);
  context.reviewCache.set(base);
  const { counted, withVariance, drifted, unknown } = base;
  const notCountedSource: RowSource = {
    length: base.notCountedIds.length,
    row: (index) => {
      const productId = base.notCountedIds[index];
      const expected = base.notCountedExpected[index];
      return productId === undefined || expected === undefined
        ? undefined
        : notCountedRow(context, productId, expected);
    },
  };
  const sources: readonly RowSource[] = {
    all: [listSource(counted), notCountedSource, listSource(unknown)],
    variance: [listSource(withVariance)],
    notCounted: [notCountedSource],
    unknown: [listSource(unknown)],
    drifted: [listSource(drifted)],
  }[filter];
  const matching = sources.reduce((sum, source) => sum + source.length, 0);
  const offset = Math.max(0, Math.trunc(page.offset ?? 0));
  const end = Math.min(
    matching,
    page.limit === undefined ? matching : offset + Math.max(0, Math.trunc(page.limit)),
  );
  const view = sessionViewOf(context, session);
  return {
    session: view,
    filter,
    totals: base.totals,
    matching,
    offset,
    rows: rowsBetween(sources, offset, end),
  };
}

function reviewBase(context: CountingContext, session: SessionRow, version: string): ReviewBase {
  const lines = context.repository.lines(session.id);
  const pending = pendingStockInWarehouse(context.db, session.warehouse_code);
  const counted = countedRows(context, session, lines, isFrozen(session) ? undefined : pending);
  const notCounted = notCountedFigures(context, session, pending);
  const unknown = lines.filter(isUnknownToReview).map(unknownRow);
  return assembledBase(session.id, version, counted, notCounted, unknown, pending);
}

/** An unknown code whose every scan was undone is nothing to review; a resolved one lives in its product. */
const isUnknownToReview = (line: LineRow): boolean =>
  line.kind === 'unknown' && line.live_events > 0 && line.unknown_state !== 'resolved';

function unknownRow(line: LineRow): UnknownReviewRow {
  const view = toUnknownLineView(line);
  return {
    kind: 'unknown',
    lineId: view.lineId,
    code: view.code,
    counted: view.counted,
    scans: view.scans,
    state: view.state,
  };
}

/**
 * The base brought up to date after scans (issue 26: the first review after a scan cost a whole
 * warehouse's read, 200 ms on 200,000 products): each scanned line's row is made again and put in its
 * place in each list (rows stay in line order), a product counted for the first time leaves the
 * not-counted list, and the totals move by the difference of its row. A scan changes nothing else the
 * review reads (no stock, no outbox row, no other line). Undefined when a line is not what a scan
 * leaves: the caller builds afresh.
 */
function withScannedLines(
  context: CountingContext,
  session: SessionRow,
  base: ReviewBase,
  scanned: readonly LineRow[],
): ReviewBase | undefined {
  if (scanned.length === 0) return base;
  const latest = new Map<number, LineRow>();
  for (const line of scanned) latest.set(line.id, line);
  const counted = [...base.counted];
  const withVariance = [...base.withVariance];
  const drifted = [...base.drifted];
  const unknown = [...base.unknown];
  let notCounted = { ids: base.notCountedIds, expected: base.notCountedExpected };
  let totals = base.totals;
  const pending = isFrozen(session) ? undefined : base.pending;
  const serverStock = (productId: number) =>
    context.review.serverStockOf(session.warehouse_code, productId) ?? 0;
  for (const line of latest.values()) {
    if (line.live_events === 0) return undefined;
    if (line.kind === 'product' && line.product_id !== null) {
      const row = countedRow(line, pending, serverStock);
      const before = inLineOrder(counted, row, true);
      if (before === undefined) notCounted = withoutProduct(notCounted, line.product_id);
      inLineOrder(withVariance, row, row.variance !== 0);
      inLineOrder(drifted, row, row.drift !== 0);
      totals = movedTotals(totals, before, row);
    } else if (isUnknownToReview(line)) {
      inLineOrder(unknown, unknownRow(line), true);
    } else return undefined;
  }
  return {
    ...base,
    counted,
    withVariance,
    drifted,
    notCountedIds: notCounted.ids,
    notCountedExpected: notCounted.expected,
    unknown,
    totals: {
      ...totals,
      countedLines: counted.length,
      linesWithVariance: withVariance.length,
      drifted: drifted.length,
      notCounted: notCounted.ids.length,
      unknownCodes: unknown.filter((row) => row.state === 'open').length,
    },
  };
}

const isRecountPending = (row: CountedReviewRow | undefined): number =>
  row !== undefined && row.recount !== null && row.recount.recounted === null ? 1 : 0;

/** The sums of the totals with a counted row's `before` (absent: a new line) replaced by `after`. */
function movedTotals(
  totals: ReviewTotals,
  before: CountedReviewRow | undefined,
  after: CountedReviewRow,
): ReviewTotals {
  const satang = (row: CountedReviewRow | undefined) => toSatang(row?.varianceValue ?? 0);
  return {
    ...totals,
    countedUnits: roundQuantity(totals.countedUnits - (before?.counted ?? 0) + after.counted),
    varianceUnits: roundQuantity(totals.varianceUnits - (before?.variance ?? 0) + after.variance),
    varianceValue: fromSatang(toSatang(totals.varianceValue) - satang(before) + satang(after)),
    recountsPending: totals.recountsPending - isRecountPending(before) + isRecountPending(after),
  };
}

/**
 * Puts `row` in the place of its line (rows by line id) when `keep`, or takes that line's row out;
 * returns the row that line had.
 */
function inLineOrder<Row extends { readonly lineId: number }>(
  rows: Row[],
  row: Row,
  keep: boolean,
): Row | undefined {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((rows[middle]?.lineId ?? 0) < row.lineId) low = middle + 1;
    else high = middle;
  }
  const found = rows[low]?.lineId === row.lineId ? rows[low] : undefined;
  if (keep) rows.splice(low, found ? 1 : 0, row);
  else if (found) rows.splice(low, 1);
  return found;
}

/**
 * The not-counted arrays without `productId` (they are in id order). Moved in place, no copy (a new
 * 170,000-entry pair cost more than the rest of the update): the base they came from is being replaced.
 */
function withoutProduct(
  notCounted: { ids: Float64Array; expected: Float64Array },
  productId: number,
): { ids: Float64Array; expected: Float64Array } {
  const { ids, expected } = notCounted;
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ids[middle] ?? 0) < productId) low = middle + 1;
    else high = middle;
  }
  if (ids[low] !== productId) return notCounted;
  const without = (values: Float64Array) => values.copyWithin(low, low + 1).subarray(0, values.length - 1);
  return { ids: without(ids), expected: without(expected) };
}

function assembledBase(
  sessionId: string,
  version: string,
  counted: readonly CountedReviewRow[],
  notCounted: { ids: Float64Array; expected: Float64Array },
  unknown: readonly UnknownReviewRow[],
  pending: ReadonlyMap<number, PendingStock>,
): ReviewBase {
  const withVariance = counted.filter((row) => row.variance !== 0);
  const drifted = counted.filter((row) => row.drift !== 0);
  const totals: ReviewTotals = {
    countedLines: counted.length,
    countedUnits: roundQuantity(counted.reduce((sum, row) => sum + row.counted, 0)),
    linesWithVariance: withVariance.length,
    varianceUnits: roundQuantity(counted.reduce((sum, row) => sum + row.variance, 0)),
    varianceValue: fromSatang(counted.reduce((sum, row) => sum + toSatang(row.varianceValue), 0)),
    drifted: drifted.length,
    notCounted: notCounted.ids.length,
    unknownCodes: unknown.filter((row) => row.state === 'open').length,
    recountsPending: counted.filter((row) => row.recount !== null && row.recount.recounted === null).length,
  };
  return {
    sessionId,
    version,
    counted,
    withVariance,
    drifted,
    notCountedIds: notCounted.ids,
    notCountedExpected: notCounted.expected,
    unknown,
    totals,
    pending,
  };
}

function rowsBetween(sources: readonly RowSource[], start: number, end: number): ReviewRow[] {
  const rows: ReviewRow[] = [];
  let first = 0;
  for (const source of sources) {
    for (let index = Math.max(start - first, 0); index < source.length && first + index < end; index++) {
      const row = source.row(index);
      if (row) rows.push(row);
    }
    first += source.length;
  }
  return rows;
}

function countedRows(
  context: CountingContext,
  session: SessionRow,
  lines: readonly LineRow[],
  pending: ReadonlyMap<number, PendingStock> | undefined,
): CountedReviewRow[] {
  const productLines = lines.filter((line) => line.kind === 'product' && line.live_events > 0);
  // Today's local view (server + pending) for an open session; the figure at commit once committed.
  const server = pending ? context.review.serverStockOfLines(session.id, session.warehouse_code) : undefined;
  return productLines.map((line) => countedRow(line, pending, (productId) => server?.get(productId) ?? 0));
}

/** A product line's row: against today's local view for an open session, the commit's figure after. */
function countedRow(
  line: LineRow,
  pending: ReadonlyMap<number, PendingStock> | undefined,
  serverStock: (productId: number) => number,
): CountedReviewRow {
  const productId = line.product_id ?? 0;
  const countedAgainst = line.counted_against ?? 0;
  const sent = sentFigure(line);
  const variance = roundQuantity(sent - countedAgainst);
  const purchaseprice = line.purchase_price ?? 0;
  const expected = pending
    ? effectiveStock(serverStock(productId), pending.get(productId))
    : expectedAtCommit(line);
  return {
    kind: 'counted',
    lineId: line.id,
    productId,
    sku: line.sku ?? '',
    barcode: line.barcode ?? '',
    name: line.name ?? '',
    unittext: line.unittext ?? '',
    purchaseprice,
    countedAgainst,
    counted: sent,
    recount: recountOf(line),
    variance,
    varianceValue: fromSatang(toSatang(variance * purchaseprice)),
    expected,
    drift: roundQuantity(expected - countedAgainst),
    notCountedAsZero: line.origin === 'notCountedAsZero',
  };
}

/**
 * The not-counted products as two parallel arrays (ids by catalogue order, expected figures): 170,000
 * entries cost 2 MB this way, and no object per product.
 */
function notCountedFigures(
  context: CountingContext,
  session: SessionRow,
  pending: ReadonlyMap<number, PendingStock>,
): { ids: Float64Array; expected: Float64Array } {
  const inScope = context.scopes.productIds(session);
  const counted = new Set(context.review.countedProductIds(session.id));
  const candidates = context.review.warehouseStock(session.warehouse_code);
  const ids = new Float64Array(candidates.length);
  const expected = new Float64Array(candidates.length);
  let length = 0;
  for (const [productId, stock] of candidates) {
    if (counted.has(productId) || (inScope !== null && !inScope.has(productId))) continue;
    const figure = effectiveStock(stock, pending.get(productId));
    if (figure === 0) continue;
    ids[length] = productId;
    expected[length] = figure;
    length += 1;
  }
  return { ids: ids.subarray(0, length), expected: expected.subarray(0, length) };
}

/**
 * Products of the session's scope in its warehouse that nobody counted and that the local view expects
 * to be there (stock other than 0 once pending outbox operations are applied), in the catalogue's order.
 */
export function notCountedProducts(
  context: CountingContext,
  session: SessionRow,
): Array<{ productId: number; expected: number }> {
  const pending = pendingStockInWarehouse(context.db, session.warehouse_code);
  const { ids, expected } = notCountedFigures(context, session, pending);
  return Array.from(ids, (productId, index) => ({ productId, expected: expected[index] ?? 0 }));
}

function notCountedRow(context: CountingContext, productId: number, expected: number): NotCountedReviewRow {
  const product = context.lookup.findById(productId);
  return {
    kind: 'notCounted',
    productId,
    sku: product?.sku ?? '',
    barcode: product?.barcode ?? '',
    name: product?.name ?? '',
    unittext: product?.unittext ?? '',
    purchaseprice: product?.purchaseprice ?? 0,
    expected,
  };
}
