// Building blocks of the call schemas. Arguments are strict objects (an unknown key is refused, so a
// typo never passes silently) with bounded strings and safe integers; results are plain objects without
// transforms, so what main sends is exactly what the schema describes. Results use null, never
// undefined: the web host carries them as JSON, where undefined disappears.
import { z } from 'zod';
import { DRIFT_POLICIES } from '../../domain/vocabulary.js';

export const EMPTY_ARGS = z.strictObject({});

/** Ids and counts: safe, non-negative integers. */
export const count = z.int().nonnegative();
export const rowId = z.int().positive();
/** Epoch milliseconds. */
export const epochMs = z.number();

export const shortText = (max = 200) => z.string().max(max);
export const requiredText = (max = 200) => z.string().trim().min(1).max(max);

export const uuidLike = z.string().min(1).max(64);

/** Who scanned or changed a line: each counter has their own undo stack. */
export const DEFAULT_COUNTER = 'default';
export const counter = requiredText(64).default(DEFAULT_COUNTER);

/** Paging of long lists. */
export const MAX_PAGE = 500;
export const pageArgs = {
  offset: count.default(0),
  limit: z.int().min(1).max(MAX_PAGE).default(100),
};

export const driftPolicy = z.enum(DRIFT_POLICIES);

/**
 * A product of the local catalogue: the server's id (≥ 1), or a product made on this PC whose create
 * has not reached the back office yet (≤ −1: minus its create's outbox operation id).
 */
export const productRef = z.int().refine((value) => value !== 0, 'a product id is never 0');
