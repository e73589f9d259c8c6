// Barcodes: cleaning what a scanner typed, and GTIN (EAN/UPC) check digits.
export { normaliseScannedCode } from './scanned-code.js';
export { barcodeKey } from './barcode-key.js';
export { GTIN_LENGTHS, gtinCheckDigit, isValidGtin, ean13FromPrefix, upcAToEan13 } from './gtin.js';
export { MAX_BARCODE_LENGTH, checkBarcode, looksLikeGtin } from './barcode-check.js';
export type { BarcodeProblem, CheckedBarcode } from './barcode-check.js';
export {
  MAX_SHELF_CODE_LENGTH,
  MAX_SHELF_NAME_LENGTH,
  SHELF_CODE_PREFIX,
  hasShelfPrefix,
  isShelfCode,
  shelfNameProblem,
} from './shelf-code.js';
export type { ShelfNameProblem } from './shelf-code.js';
