// Codes as the catalogue compares them. One function decides the barcode form stored for lookups and
// the form a scan is compared in (in main, and on the counting page, which resolves codes it was
// given before main answers), so the two can never disagree.
import { isValidGtin, upcAToEan13 } from './gtin.js';
import { normaliseScannedCode } from './scanned-code.js';

/**
 * The comparison form of a barcode: cleaned as a scan is; a valid 12-digit UPC-A as its EAN-13 (a
 * leading 0) and a valid GTIN-14 with indicator 0 as the EAN-13 it wraps, because scanners and
 * back offices write the same printed code in any of these forms. Undefined when empty.
 */
export function barcodeKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const code = normaliseScannedCode(raw);
  if (code === '') return undefined;
  if (code.length === 14 && code.startsWith('0') && isValidGtin(code)) return code.slice(1);
  return upcAToEan13(code) ?? code;
}
