// Whether a code may become a product's barcode: the one rule for the product form (renderer and main)
// and for barcodes queued from the counting screen. The code is cleaned as a scan is, must be non-empty
// and at most 64 characters; a code of digits only whose length is a GTIN length (8, 12, 13, 14) must
// carry a correct check digit (a wrong one is almost always a misread, and giving it to a product would
// make the real code unknown for good); one starting with SHELF- is a shelf label's. Any other code is a store's own and is taken as it is.
import { GTIN_LENGTHS, isValidGtin } from './gtin.js';
import { normaliseScannedCode } from './scanned-code.js';
import { hasShelfPrefix } from './shelf-code.js';

export const MAX_BARCODE_LENGTH = 64;

export type BarcodeProblem = 'empty' | 'tooLong' | 'checkDigit' | 'shelfPrefix';

export type CheckedBarcode =
  | { readonly ok: true; readonly barcode: string }
  | { readonly ok: false; readonly reason: BarcodeProblem; readonly barcode: string };

export function checkBarcode(raw: string): CheckedBarcode {
  const barcode = normaliseScannedCode(raw);
  if (barcode === '') return { ok: false, reason: 'empty', barcode };
  if (barcode.length > MAX_BARCODE_LENGTH) return { ok: false, reason: 'tooLong', barcode };
  if (looksLikeGtin(barcode) && !isValidGtin(barcode)) return { ok: false, reason: 'checkDigit', barcode };
  // Reserved for shelf labels (shelf-code.ts): a product under it would scan as a shelf.
  if (hasShelfPrefix(barcode)) return { ok: false, reason: 'shelfPrefix', barcode };
  return { ok: true, barcode };
}

/** Digits only, of a GTIN's length: checked as one. */
export function looksLikeGtin(code: string): boolean {
  return /^\d+$/.test(code) && GTIN_LENGTHS.includes(code.length);
}
