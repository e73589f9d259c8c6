// Codes as the catalogue compares them. One function decides the barcode form stored for lookups and
// the form a scan is compared in, so the two can never disagree.
import { normaliseScannedCode, upcAToEan13 } from '../../src-shared/barcode/index.js';

/**
 * The comparison form of a barcode: cleaned as a scan is, and a valid 12-digit UPC-A as its EAN-13
 * (a leading 0), because scanners send either form for the same printed code. Undefined when empty.
 */
export function barcodeKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const code = normaliseScannedCode(raw);
  if (code === '') return undefined;
  return upcAToEan13(code) ?? code;
}
