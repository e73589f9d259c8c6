// What a shelf label's barcode carries (issue 24, decision 0021): `SHELF-` and then 1 to 26 capital
// letters, digits or hyphens, e.g. `SHELF-A-01`. The prefix is reserved: a product's barcode, sku or an
// alias may not start with it (any case), so a scan is a shelf or a product by its text alone, on the
// page before main answers and in main alike. A typed code is refused, never upper-cased for the person.
import { normaliseScannedCode } from './scanned-code.js';

export const SHELF_CODE_PREFIX = 'SHELF-';
export const MAX_SHELF_CODE_LENGTH = 32;
export const MAX_SHELF_NAME_LENGTH = 100;
const SHELF_CODE_SHAPE = /^SHELF-[A-Z0-9][A-Z0-9-]{0,25}$/;

/** Whether a code (scanned or typed) starts with the reserved prefix, in any case: never a product's. */
export function hasShelfPrefix(raw: string): boolean {
  return normaliseScannedCode(raw).toUpperCase().startsWith(SHELF_CODE_PREFIX);
}

/** Whether the code, cleaned as a scan is, has a shelf code's exact shape. */
export function isShelfCode(raw: string): boolean {
  return SHELF_CODE_SHAPE.test(normaliseScannedCode(raw));
}

export type ShelfNameProblem = 'empty' | 'tooLong';

/** A shelf's name: trimmed, 1 to 100 characters (Thai counted by code point). */
export function shelfNameProblem(name: string): ShelfNameProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  if ([...trimmed].length > MAX_SHELF_NAME_LENGTH) return 'tooLong';
  return null;
}
