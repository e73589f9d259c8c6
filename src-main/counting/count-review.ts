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
  const base: ReviewBase =
    context.reviewCache.get(session.id, version) ?? reviewBase(context, session, version);
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
  // An unknown code whose every scan was undone is nothing to review; a resolved one lives in its product.
  const unknown = lines
    .filter((line) => line.kind === 'unknown' && line.live_events > 0 && line.unknown_state !== 'resolved')
    .map((line): UnknownReviewRow => {
      const view = toUnknownLineView(line);
      return {
        kind: 'unknown',
        lineId: view.lineId,
        code: view.code,
        counted: view.counted,
        scans: view.scans,
        state: view.state,
      };
    });
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
    sessionId: session.id,
    version,
    counted,
    withVariance,
    drifted,
    notCountedIds: notCounted.ids,
    notCountedExpected: notCounted.expected,
    unknown,
    totals,
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
  return productLines.map((line) => {
    const productId = line.product_id ?? 0;
    const countedAgainst = line.counted_against ?? 0;
    const sent = sentFigure(line);
    const variance = roundQuantity(sent - countedAgainst);
    const purchaseprice = line.purchase_price ?? 0;
    const expected =
      pending && server
        ? effectiveStock(server.get(productId) ?? 0, pending.get(productId))
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
  });
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
