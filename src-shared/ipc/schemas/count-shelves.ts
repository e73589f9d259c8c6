// Shelves during a count (issue 24, decision 0021): a shelf label's scan puts the counter's following
// scans on that shelf; a shelf can be confirmed empty; the review groups lines by shelf and names the
// warehouse's shelves nobody visited. A line's figure stays the sum over its shelves (what commit sends).
import { z } from 'zod';
import { counter, requiredText, uuidLike } from './common.js';

const sessionId = uuidLike;

export const shelfInCount = z.object({
  code: z.string(),
  name: z.string(),
  /** Confirmed empty by someone in this session. */
  emptyConfirmed: z.boolean(),
  /** Lines holding units on this shelf now. */
  lines: z.int(),
});

export const shelfReviewLine = z.object({
  lineId: z.int(),
  kind: z.enum(['product', 'unknown']),
  /** The product's sku and name, or '' for an unknown code. */
  sku: z.string(),
  name: z.string(),
  /** The scanned code of an unknown-code line; null for a product. */
  code: z.string().nullable(),
  /** Units of the line on this shelf. */
  counted: z.number(),
  /** The line's whole figure, over every shelf (what the commit sends, before any recount). */
  lineCounted: z.number(),
  /** The line's recount once recounted (it replaces the whole figure; the shelves stay where it was found). */
  recounted: z.number().nullable(),
});

export const shelfReview = z.object({
  shelves: z.array(shelfInCount.extend({ rows: z.array(shelfReviewLine) })),
  /** Units counted before any shelf label was scanned (or set and adjusted with none). */
  noShelf: z.array(shelfReviewLine),
  /** The warehouse's shelves nobody scanned or confirmed empty in this session. */
  notVisited: z.array(z.object({ code: z.string(), name: z.string() })),
});

export const countShelfCalls = {
  /**
   * A shelf label scanned: the counter's following scans, sets and adjusts are on this shelf. Refused
   * with `unknown-shelf` for a code the session's warehouse has no shelf of.
   */
  'counting.enterShelf': {
    args: z.strictObject({ sessionId, code: requiredText(200), counter }),
    result: shelfInCount,
    reasons: ['invalid-input', 'session-closed', 'session-handed-over', 'session-not-found', 'unknown-shelf'],
  },
  /** The shelf the counter is on (the latest they scanned in this session), or null. */
  'counting.currentShelf': {
    args: z.strictObject({ sessionId, counter }),
    result: shelfInCount.nullable(),
    reasons: ['invalid-input', 'session-not-found'],
  },
  /**
   * The counter looked and the shelf holds nothing. Refused with `shelf-not-empty` when units were
   * counted on it in this session (nothing is taken away), `unknown-shelf` for no such shelf.
   */
  'counting.confirmShelfEmpty': {
    args: z.strictObject({ sessionId, code: requiredText(200), counter }),
    result: shelfInCount,
    reasons: [
      'invalid-input',
      'session-closed',
      'session-handed-over',
      'session-not-found',
      'shelf-not-empty',
      'unknown-shelf',
    ],
  },
  /** The session's lines by shelf, and the shelves not visited. */
  'counting.shelfReview': {
    args: z.strictObject({ sessionId }),
    result: shelfReview,
    reasons: ['session-not-found'],
  },
} as const;
