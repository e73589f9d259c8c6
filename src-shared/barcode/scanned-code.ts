// What a scanner typed, cleaned to the code itself.

/** ASCII control characters: scanners add prefixes and suffixes (STX, ETX, CR, LF, TAB, GS) around codes. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ASCII_CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * Removes ASCII control characters anywhere in the text and whitespace around it. Letters keep their
 * case, since SKUs may differ by case alone.
 */
export function normaliseScannedCode(raw: string): string {
  return raw.replace(ASCII_CONTROL, '').trim();
}
