// GTIN check digits (GS1 mod 10): EAN-8, UPC-A, EAN-13 and GTIN-14. Bad input is answered with
// undefined or false, never with a throw: it comes straight from a scanner or a person.

/** Lengths of a complete GTIN, check digit included. */
export const GTIN_LENGTHS: readonly number[] = [8, 12, 13, 14];

const DIGITS = /^\d+$/;

/**
 * The check digit for a GTIN without its check digit, or undefined when the text is not all digits.
 * From the right, digits are weighted 3, 1, 3, 1...; the check digit brings the sum to a multiple of 10.
 */
export function gtinCheckDigit(digitsWithoutCheck: string): number | undefined {
  if (!isDigits(digitsWithoutCheck)) return undefined;
  let sum = 0;
  for (let fromRight = 0; fromRight < digitsWithoutCheck.length; fromRight += 1) {
    const digit = Number(digitsWithoutCheck[digitsWithoutCheck.length - 1 - fromRight]);
    sum += fromRight % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for an EAN-8, UPC-A (12), EAN-13 or GTIN-14 whose check digit is right. */
export function isValidGtin(code: string): boolean {
  if (!isDigits(code) || !GTIN_LENGTHS.includes(code.length)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.slice(-1));
}

/** The EAN-13 made of twelve digits and their check digit, or undefined for anything but twelve digits. */
export function ean13FromPrefix(twelveDigits: string): string | undefined {
  if (!isDigits(twelveDigits) || twelveDigits.length !== 12) return undefined;
  return `${twelveDigits}${gtinCheckDigit(twelveDigits)}`;
}

/**
 * The EAN-13 form of a UPC-A (a leading 0; the check digit stays valid), or undefined when the code
 * is not a valid UPC-A.
 */
export function upcAToEan13(upc: string): string | undefined {
  if (upc.length !== 12 || !isValidGtin(upc)) return undefined;
  return `0${upc}`;
}

function isDigits(text: string): boolean {
  return typeof text === 'string' && DIGITS.test(text);
}
