// The shapes a count session is read as (the calls that answer them: schemas/counting.ts): a session,
// its lines, the codes the counting page may resolve itself, the review and the recount's lines.
import { z } from 'zod';
import {
  COUNT_SCOPE_KINDS,
  NOT_COUNTED_CHOICES,
  RECOUNT_CHOICES,
  REVIEW_FILTERS,
  SESSION_STATES,
  UNKNOWN_CODE_STATES,
} from '../../domain/vocabulary.js';
import { category } from './catalogue.js';
import { count, driftPolicy, epochMs } from './common.js';

export const sessionState = z.enum(SESSION_STATES);
export const notCountedChoice = z.enum(NOT_COUNTED_CHOICES);
const unknownCodeState = z.enum(UNKNOWN_CODE_STATES);

/** What a session covers (the sessions list shows it). */
export const countScope = z.object({
  kind: z.enum(COUNT_SCOPE_KINDS),
  /** The chosen categories (kind 'categories'; names as the catalogue has them, '' when gone). */
  categories: z.array(category),
  /** How many products were chosen (kind 'products'; 0 otherwise). */
  products: count,
});
export type CountScope = z.output<typeof countScope>;

export const sessionView = z.object({
  id: z.string(),
  name: z.string(),
  warehouseCode: z.string(),
  /** The warehouse's name in the local catalogue; '' when it is not there any more. */
  warehouseName: z.string(),
  /** Who started the session (the counter given at creation); null for sessions from before. */
  startedBy: z.string().nullable(),
  scope: countScope,
  /** When this session was exported to be committed on another PC (it can no longer change here). */
  handedOverAt: epochMs.nullable(),
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
  /** Expected stock now (server + outbox); for a committed session, the figure at commit. */
  expected: z.number(),
  /** False when the product is outside the session's scope (counted all the same; the page warns). */
  inScope: z.boolean(),
  /**
   * On the answer of a scan through a pack code: the code and the units one scan of it counts (the page
   * shows "1 carton = 24"). null everywhere else.
   */
  pack: z.object({ code: z.string(), units: z.number() }).nullable(),
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
  /** On a live host's lines: the members whose scans of the code it holds (decision 0013). */
  members: z.array(z.string()).optional(),
});

export const countLine = z.discriminatedUnion('kind', [productLine, unknownLine]);
export type CountLine = z.output<typeof countLine>;

/**
 * A code the counting page may resolve itself: what one scan of it adds (a pack's units), the product
 * as a new line would hold it and the stock expected now. `key` is the code's comparison form
 * (src-shared/barcode barcodeKey); `packCode` is the pack's code as kept (null: a barcode or alias of
 * one unit).
 */
export const indexedCode = z.object({
  key: z.string(),
  units: z.number(),
  packCode: z.string().nullable(),
  product: productLine.shape.product,
  expected: z.number(),
});
export type IndexedCode = z.output<typeof indexedCode>;

const reviewProduct = {
  productId: z.number(),
  sku: z.string(),
  barcode: z.string(),
  name: z.string(),
  unittext: z.string(),
  purchaseprice: z.number(),
};

/** A line marked for a blind recount: both counts, and which one the commit sends. */
export const recountView = z.object({
  firstCount: z.number(),
  /** null until someone recounted it. */
  recounted: z.number().nullable(),
  recountedBy: z.string().nullable(),
  /** What the commit sends: the recount once there is one (unless a person chose the first count). */
  use: z.enum(RECOUNT_CHOICES),
});

export const reviewRow = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('counted'),
    lineId: z.number(),
    ...reviewProduct,
    countedAgainst: z.number(),
    /** The figure the commit sends (the recount when `recount.use` says so). */
    counted: z.number(),
    recount: recountView.nullable(),
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
    /** Lines marked for a recount that nobody recounted yet (the commit sends their first count). */
    recountsPending: count,
  }),
  /** Rows matching the filter, before paging. */
  matching: count,
  offset: count,
  rows: z.array(reviewRow),
});

/** A line to recount as the recounter sees it: no first count, no expected figure. */
export const recountLine = z.object({
  lineId: z.number(),
  productId: z.number(),
  sku: z.string(),
  barcode: z.string(),
  name: z.string(),
  unittext: z.string(),
  recounted: z.number().nullable(),
  recountedBy: z.string().nullable(),
});
