// Count sessions (ARCHITECTURE.md, "How a scan travels"). Quantities are stock units, kept to 6 decimals.
import { z } from 'zod';
import {
  COUNT_EVENT_KINDS,
  KEEP_CODE_CHOICES,
  LINE_ORDERS,
  RECOUNT_CHOICES,
  REVIEW_FILTERS,
} from '../../domain/vocabulary.js';
import { codeAlias } from './catalogue.js';
import {
  countLine,
  indexedCode,
  notCountedChoice,
  productLine,
  recountLine,
  recountView,
  sessionReview,
  sessionState,
  sessionView,
  unknownLine,
} from './count-records.js';
import { ADJUSTMENT_RULE, COUNT_RULE, QUANTITY_RULE } from '../../domain/typed-number.js';
import {
  count,
  counter,
  driftPolicy,
  pageArgs,
  productRef,
  requiredText,
  rowId,
  shortText,
  typedFigure,
  uuidLike,
} from './common.js';

/** What one scan adds (the prompt's answer): whole units above 0. */
const quantity = typedFigure(QUANTITY_RULE);
const sessionId = uuidLike;

/** Most products a products-scope session may list. */
export const MAX_SCOPE_PRODUCTS = 50_000;
/** Most categories a categories-scope session may list. */
export const MAX_SCOPE_CATEGORIES = 1_000;

const scopeArgs = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('warehouse') }),
  z.strictObject({
    kind: z.literal('categories'),
    categoryIds: z.array(rowId).min(1).max(MAX_SCOPE_CATEGORIES),
  }),
  z.strictObject({ kind: z.literal('products'), productIds: z.array(rowId).min(1).max(MAX_SCOPE_PRODUCTS) }),
]);

/**
 * Codes per page of counting.codeIndex: main answers one, and the page takes it in, between scans
 * (bench/scan-to-screen on 200,000 products: a page of 1,000 took main 12 ms p50, 29 p99, long enough to
 * hold up a scan that came in meanwhile; a page of 2,000 took the page 5 ms to parse).
 */
export const CODE_INDEX_PAGE = { default: 500, max: 5000 } as const;

/** F6: the line's count, whole units, 0 allowed; +/−: an adjustment other than 0, either sign. */
const lineSet = z.strictObject({ sessionId, lineId: rowId, counter, quantity: typedFigure(COUNT_RULE) });
const lineAdjust = z.strictObject({
  sessionId,
  lineId: rowId,
  counter,
  quantity: typedFigure(ADJUSTMENT_RULE),
});
const bySession = z.strictObject({ sessionId });

/** The longest name a count session takes. */
export const MAX_SESSION_NAME_LENGTH = 200;

export const countingCalls = {
  'counting.createSession': {
    args: z.strictObject({
      warehouseCode: requiredText(64),
      /** Blank gives "<warehouse> <Thai date and time>". */
      name: shortText(MAX_SESSION_NAME_LENGTH).optional(),
      blind: z.boolean().default(false),
      driftPolicy: driftPolicy.default('ask'),
      /** Who starts it (shown in the sessions list). */
      counter: requiredText(64).optional(),
      /** Default: the whole warehouse. Unknown category or product ids refuse with 'not-found'. */
      scope: scopeArgs.default({ kind: 'warehouse' }),
    }),
    result: sessionView,
    reasons: [
      'invalid-input',
      'product-not-found',
      'session-not-found',
      'unknown-scope',
      'unknown-warehouse',
    ],
  },
  /** Newest first. */
  'counting.listSessions': {
    args: z.strictObject({ state: sessionState.optional() }),
    result: z.array(sessionView),
    reasons: ['invalid-input'],
  },
  'counting.session': { args: bySession, result: sessionView, reasons: ['session-not-found'] },
  /**
   * Every line (unknown codes included), in the order first counted, or with `order: 'lastCounted'`
   * the line changed last first (what the counting page shows).
   */
  'counting.lines': {
    args: z.strictObject({ sessionId, order: z.enum(LINE_ORDERS).default('firstCounted') }),
    result: z.array(countLine),
    reasons: ['invalid-input', 'session-not-found'],
  },
  /**
   * One scan (or a typed sku): adds `quantity` (default 1) to the product's line, or to an unknown
   * code's. Through a pack code, one scan adds `quantity` × the pack's units (the answer's `pack`).
   */
  'counting.scan': {
    args: z.strictObject({ sessionId, code: requiredText(200), counter, quantity: quantity.default(1) }),
    result: countLine,
    reasons: [
      'invalid-input',
      'negative-count',
      'session-closed',
      'session-handed-over',
      'session-not-found',
      'shelf-code',
    ],
  },
  /**
   * The codes the counting page may show a scan of before main answers it, a page at a time in key
   * order (the next page starts after `next`): each in-scope product's barcode that names one product
   * only, and the aliases and packs kept on this PC that no barcode or queued barcode shadows. Main's
   * answer to the scan stays the truth. Empty for a session that is no longer open.
   */
  'counting.codeIndex': {
    args: z.strictObject({
      sessionId,
      after: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(CODE_INDEX_PAGE.max).default(CODE_INDEX_PAGE.default),
    }),
    result: z.object({ entries: z.array(indexedCode), next: z.string().nullable() }),
    reasons: ['session-not-found'],
  },
  /** Makes the line exactly `quantity` (≥ 0). */
  'counting.setQuantity': {
    args: lineSet,
    result: countLine,
    reasons: [
      'invalid-input',
      'line-not-found',
      'negative-count',
      'session-closed',
      'session-handed-over',
      'session-not-found',
    ],
  },
  /** Adds `quantity` (may be negative; the line never goes below 0). */
  'counting.adjustQuantity': {
    args: lineAdjust,
    result: countLine,
    reasons: [
      'invalid-input',
      'line-not-found',
      'negative-count',
      'session-closed',
      'session-handed-over',
      'session-not-found',
    ],
  },
  /** Undoes the counter's latest scan, set or adjust in the session. */
  'counting.undoLast': {
    args: z.strictObject({ sessionId, counter }),
    result: z.object({ undoneEventId: z.number(), kind: z.enum(COUNT_EVENT_KINDS), line: countLine }),
    reasons: [
      'invalid-input',
      'negative-count',
      'nothing-to-undo',
      'session-closed',
      'session-handed-over',
      'session-not-found',
    ],
  },
  /**
   * Assigns an unknown code's units to a product, and with `keepCodeAs` what to do with the code, in the
   * same transaction: 'alias' keeps it on this PC as another code for the product (nothing sent; the
   * product's barcode stays), 'barcode' queues it as the product's barcode (replacing `replacesBarcode`
   * for the whole store), 'none' (default) leaves it to the page as before.
   */
  'counting.resolveUnknown': {
    args: z.strictObject({
      sessionId,
      lineId: rowId,
      productId: productRef,
      counter,
      keepCodeAs: z.enum(KEEP_CODE_CHOICES).default('none'),
    }),
    result: z.object({
      line: productLine,
      /** With keepCodeAs 'none': the code to give the product; null when it already carries it. */
      barcodeToAssign: z.string().nullable(),
      /**
       * The product's barcode now (a queued change included) that giving it the code as barcode would
       * replace, so stop scanning; null when it has none or already has this code. When set, the page
       * defaults to keeping the code as an alias.
       */
      replacesBarcode: z.string().nullable(),
      /** The alias kept (keepCodeAs 'alias'). */
      alias: codeAlias.nullable(),
      /** The queued barcode change (keepCodeAs 'barcode'). */
      operationId: rowId.nullable(),
    }),
    reasons: [
      'alias-of-another-product',
      'code-is-a-barcode',
      'code-is-a-shelf',
      'invalid-input',
      'line-not-found',
      'product-not-found',
      'session-closed',
      'session-handed-over',
      'session-not-found',
      'unknown-product',
    ],
  },
  /**
   * Removes one unknown code still to resolve: its units are dropped (the line stays, state 'discarded',
   * as a commit's "discard unknown codes" leaves it). 'invalid-arguments' for any other line.
   */
  'counting.removeUnknownCode': {
    args: z.strictObject({ sessionId, lineId: rowId }),
    result: unknownLine,
    reasons: [
      'invalid-input',
      'line-not-found',
      'session-closed',
      'session-handed-over',
      'session-not-found',
    ],
  },
  /** Totals cover the whole session; rows are filtered and paged. */
  'counting.review': {
    args: z.strictObject({ sessionId, filter: z.enum(REVIEW_FILTERS).default('all'), ...pageArgs }),
    result: sessionReview,
    reasons: ['invalid-input', 'session-not-found'],
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
    reasons: [
      'invalid-input',
      'live-member-session',
      'live-scans-pending',
      'nothing-to-commit',
      'session-closed',
      'session-handed-over',
      'session-not-found',
      'unresolved-unknown-codes',
    ],
  },
  /** Abandons an open session: nothing is sent. */
  'counting.discard': {
    args: bySession,
    result: sessionView,
    reasons: ['session-closed', 'session-not-found'],
  },
  /**
   * This PC's counts of the session as a file for another PC counting the same warehouse (different
   * aisles), which merges it into its own session and commits once for both. With `handOver` (default)
   * this session can then no longer change or commit here (discard it once the other PC committed).
   * Open unknown codes refuse the export ('conflict', reason 'unresolved-unknown-codes'): resolve or
   * remove them first, so no unit is lost on the way.
   */
  'counting.exportSession': {
    args: z.strictObject({ sessionId, handOver: z.boolean().default(true) }),
    result: z.object({ fileName: z.string(), text: z.string(), session: sessionView }),
    reasons: ['session-closed', 'session-handed-over', 'session-not-found', 'unresolved-unknown-codes'],
  },
  /**
   * Adds another PC's exported counts to this open session: per product, that PC's figure adds to this
   * one's (a counted line is created for a product only the other PC counted). Merging the same file
   * twice changes nothing; a newer export of the same session adds only what changed. Refusals:
   * 'invalid-arguments' (not a count file, or this session's own file), 'conflict' with reason
   * 'other-warehouse'.
   */
  'counting.mergeSession': {
    args: z.strictObject({ sessionId, text: z.string().min(1).max(20_000_000) }),
    result: z.object({
      session: sessionView,
      /** Who the counts came from ("<PC>: <session name>"). */
      source: z.string(),
      /** Products whose figure from that source changed (new or different). */
      productsMerged: count,
      /** Products already merged with the same figure. */
      unchanged: count,
    }),
    reasons: [
      'negative-count',
      'other-warehouse',
      'session-closed',
      'session-handed-over',
      'session-not-found',
      'unknown-shelf',
    ],
  },
  /** Per counted product, what each PC contributed (this PC first, then each merged source). */
  'counting.contributions': {
    args: bySession,
    result: z.array(
      z.object({
        lineId: z.number(),
        productId: z.number(),
        sku: z.string(),
        name: z.string(),
        counted: z.number(),
        sources: z.array(z.object({ source: z.string(), thisPc: z.boolean(), counted: z.number() })),
      }),
    ),
    reasons: ['session-not-found'],
  },
  /**
   * Marks counted lines for a blind recount: every line whose variance is at least `minUnits` units or
   * `minValue` baht (either way, in absolute value), and the lines in `lineIds`. Marked lines are
   * answered as counting.recountLines lists them. 'invalid-arguments' when nothing selects lines.
   */
  'counting.requestRecount': {
    args: z.strictObject({
      sessionId,
      minUnits: z.number().positive().optional(),
      minValue: z.number().positive().optional(),
      lineIds: z.array(rowId).max(10_000).optional(),
    }),
    result: z.object({ marked: count, lines: z.array(recountLine) }),
    reasons: [
      'invalid-input',
      'line-not-found',
      'session-closed',
      'session-handed-over',
      'session-not-found',
    ],
  },
  /** The lines to recount, blind: the product only (no first count, no expected figure). */
  'counting.recountLines': { args: bySession, result: z.array(recountLine), reasons: ['session-not-found'] },
  /**
   * A recount of one marked line, by someone (another person, on this PC or another): `add` adds to the
   * recount (one scan at a time), `set` makes it the figure. The recount is then what the commit sends.
   */
  'counting.recordRecount': {
    args: z.strictObject({
      sessionId,
      lineId: rowId,
      counter,
      quantity: typedFigure(COUNT_RULE),
      mode: z.enum(['set', 'add']).default('set'),
    }),
    result: recountLine,
    reasons: [
      'invalid-input',
      'line-not-found',
      'session-closed',
      'session-handed-over',
      'session-not-found',
    ],
  },
  /** Which count of a recounted line the commit sends. */
  'counting.chooseRecount': {
    args: z.strictObject({ sessionId, lineId: rowId, use: z.enum(RECOUNT_CHOICES) }),
    result: recountView,
    reasons: [
      'invalid-input',
      'line-not-found',
      'recount-missing',
      'session-closed',
      'session-handed-over',
      'session-not-found',
    ],
  },
  /** The whole review as CSV text, with a suggested file name. */
  'counting.exportCsv': {
    args: bySession,
    result: z.object({ fileName: z.string(), csv: z.string() }),
    reasons: ['invalid-input', 'session-not-found'],
  },
} as const;
