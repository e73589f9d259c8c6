// Count sessions (ARCHITECTURE.md, "How a scan travels"). Quantities are stock units, kept to 6 decimals.
import { z } from 'zod';
import {
  COUNT_EVENT_KINDS,
  NOT_COUNTED_CHOICES,
  REVIEW_FILTERS,
  SESSION_STATES,
  UNKNOWN_CODE_STATES,
} from '../../domain/vocabulary.js';
import {
  count,
  counter,
  driftPolicy,
  epochMs,
  pageArgs,
  requiredText,
  rowId,
  shortText,
  uuidLike,
} from './common.js';

const quantity = z.number().min(-1_000_000_000).max(1_000_000_000);
const sessionId = uuidLike;
const sessionState = z.enum(SESSION_STATES);
const notCountedChoice = z.enum(NOT_COUNTED_CHOICES);
const unknownCodeState = z.enum(UNKNOWN_CODE_STATES);

export const sessionView = z.object({
  id: z.string(),
  name: z.string(),
  warehouseCode: z.string(),
  /** The UI hides expected figures; they are still recorded. */
  blind: z.boolean(),
  driftPolicy,
  state: sessionState,
  createdAt: epochMs,
  closedAt: epochMs.nullable(),
  notCounted: notCountedChoice.nullable(),
  outboxOperationIds: z.array(z.number()),
  progress: z.object({ linesCounted: count, units: z.number(), unknownCodes: count }),
});
export type SessionViewValue = z.output<typeof sessionView>;

export const productLine = z.object({
  kind: z.literal('product'),
  lineId: z.number(),
  sessionId: z.string(),
  /** The product as it was when the line was first counted. */
  product: z.object({
    id: z.number(),
    sku: z.string(),
    barcode: z.string(),
    name: z.string(),
    unittext: z.string(),
    purchaseprice: z.number(),
  }),
  counted: z.number(),
  scans: count,
  isCounted: z.boolean(),
  /** Expected stock at the line's first scan. */
  countedAgainst: z.number(),
  /** Expected stock now (server + outbox). */
  expected: z.number(),
});

export const unknownLine = z.object({
  kind: z.literal('unknown'),
  lineId: z.number(),
  sessionId: z.string(),
  code: z.string(),
  counted: z.number(),
  scans: count,
  isCounted: z.boolean(),
  state: unknownCodeState,
  resolvedProductId: z.number().nullable(),
});

export const countLine = z.discriminatedUnion('kind', [productLine, unknownLine]);
export type CountLine = z.output<typeof countLine>;

const reviewProduct = {
  productId: z.number(),
  sku: z.string(),
  barcode: z.string(),
  name: z.string(),
  unittext: z.string(),
  purchaseprice: z.number(),
};

export const reviewRow = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('counted'),
    lineId: z.number(),
    ...reviewProduct,
    countedAgainst: z.number(),
    counted: z.number(),
    variance: z.number(),
    /** variance × purchase price, baht. */
    varianceValue: z.number(),
    expected: z.number(),
    drift: z.number(),
    notCountedAsZero: z.boolean(),
  }),
  z.object({ kind: z.literal('notCounted'), ...reviewProduct, expected: z.number() }),
  z.object({
    kind: z.literal('unknown'),
    lineId: z.number(),
    code: z.string(),
    counted: z.number(),
    scans: count,
    state: unknownCodeState,
  }),
]);

export const sessionReview = z.object({
  session: sessionView,
  filter: z.enum(REVIEW_FILTERS),
  totals: z.object({
    countedLines: count,
    countedUnits: z.number(),
    linesWithVariance: count,
    varianceUnits: z.number(),
    varianceValue: z.number(),
    drifted: count,
    notCounted: count,
    unknownCodes: count,
  }),
  /** Rows matching the filter, before paging. */
  matching: count,
  offset: count,
  rows: z.array(reviewRow),
});

const lineQuantity = z.strictObject({ sessionId, lineId: rowId, counter, quantity });
const bySession = z.strictObject({ sessionId });

export const countingCalls = {
  'counting.createSession': {
    args: z.strictObject({
      warehouseCode: requiredText(64),
      /** Blank gives "<warehouse> <Thai date and time>". */
      name: shortText(200).optional(),
      blind: z.boolean().default(false),
      driftPolicy: driftPolicy.default('ask'),
    }),
    result: sessionView,
  },
  /** Newest first. */
  'counting.listSessions': {
    args: z.strictObject({ state: sessionState.optional() }),
    result: z.array(sessionView),
  },
  'counting.session': { args: bySession, result: sessionView },
  /** Every line in the order first counted (unknown codes included). */
  'counting.lines': { args: bySession, result: z.array(countLine) },
  /** One scan (or a typed sku): adds `quantity` (default 1) to the product's line, or to an unknown code's. */
  'counting.scan': {
    args: z.strictObject({ sessionId, code: requiredText(200), counter, quantity: quantity.default(1) }),
    result: countLine,
  },
  /** Makes the line exactly `quantity` (≥ 0). */
  'counting.setQuantity': { args: lineQuantity, result: countLine },
  /** Adds `quantity` (may be negative; the line never goes below 0). */
  'counting.adjustQuantity': { args: lineQuantity, result: countLine },
  /** Undoes the counter's latest scan, set or adjust in the session. */
  'counting.undoLast': {
    args: z.strictObject({ sessionId, counter }),
    result: z.object({ undoneEventId: z.number(), kind: z.enum(COUNT_EVENT_KINDS), line: countLine }),
  },
  /** Assigns an unknown code's units to a product; `barcodeToAssign` is the code to give the product. */
  'counting.resolveUnknown': {
    args: z.strictObject({ sessionId, lineId: rowId, productId: rowId, counter }),
    result: z.object({ line: productLine, barcodeToAssign: z.string().nullable() }),
  },
  /** Totals cover the whole session; rows are filtered and paged. */
  'counting.review': {
    args: z.strictObject({ sessionId, filter: z.enum(REVIEW_FILTERS).default('all'), ...pageArgs }),
    result: sessionReview,
  },
  /** Writes the counted lines to the outbox (one transaction); the drainer sends them when it can. */
  'counting.commit': {
    args: z.strictObject({
      sessionId,
      /** Unresolved unknown codes refuse the commit unless discarded here. */
      discardUnknownCodes: z.boolean().default(false),
      /** Products with stock that nobody counted: leave them, or count them as 0. */
      notCounted: notCountedChoice.default('leave'),
    }),
    result: z.object({
      session: sessionView,
      operationIds: z.array(z.number()),
      linesSent: count,
      unknownCodesDiscarded: count,
    }),
  },
  /** Abandons an open session: nothing is sent. */
  'counting.discard': { args: bySession, result: sessionView },
  /** The whole review as CSV text, with a suggested file name. */
  'counting.exportCsv': {
    args: bySession,
    result: z.object({ fileName: z.string(), csv: z.string() }),
  },
} as const;
