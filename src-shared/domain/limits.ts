// Limits of issue 12's calls that the page checks before sending (main's schemas check them again).
// Kept free of zod: the renderer imports them, and zod's schemas probe `new Function`, which the
// page's Trusted Types policy reports as a violation.

/** Largest picture a person may choose: what main will fetch back to show (catalog/images). */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
/** Most characters of a serial number (scanned labels are short; a longer one is a misread). */
export const MAX_SERIAL_LENGTH = 100;
/** A bundle sku is read back through GetBundles' keyword, which needs at least 3 characters. */
export const MIN_BUNDLE_SKU_LENGTH = 3;
export const MAX_BUNDLE_ITEMS = 100;
