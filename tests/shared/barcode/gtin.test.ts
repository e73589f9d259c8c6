import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ean13FromPrefix,
  gtinCheckDigit,
  isValidGtin,
  upcAToEan13,
} from '../../../src-shared/barcode/index.js';

describe('gtinCheckDigit', () => {
  it('weights digits 3, 1, 3... from the right and completes the sum to a multiple of 10', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(gtinCheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gtinCheckDigit('9638507')).toBe(4); // EAN-8 96385074
    // 8·1 + 8·3 + 5·1 + 1·3 + 2·1 + 3·3 + 4·1 + 5·3 + 6·1 + 7·3 + 8·1 + 9·3 = 132 → 8
    expect(gtinCheckDigit('885123456789')).toBe(8);
    // From the right: 1·3 + 6·3 + 5 + 4·3 + 3 + 2·3 + 1 + 1·3 = 51 → 9
    expect(gtinCheckDigit('1001234560001')).toBe(9);
  });

  it('answers undefined for anything but digits', () => {
    for (const text of ['', 'abc', '12a4', ' 123', '-123', '１２３', '1.5']) {
      expect(gtinCheckDigit(text)).toBeUndefined();
    }
  });
});

describe('isValidGtin', () => {
  it('accepts EAN-8, UPC-A, EAN-13 and GTIN-14 with the right check digit', () => {
    for (const code of ['96385074', '036000291452', '4006381333931', '8851234567898', '10012345600019']) {
      expect(isValidGtin(code)).toBe(true);
    }
  });

  it('refuses a wrong check digit, other lengths and non-digits', () => {
    for (const code of [
      '4006381333932',
      '96385075',
      '1234567',
      '123456789',
      '',
      'ABC',
      '4006381333931 ',
      '0',
    ]) {
      expect(isValidGtin(code)).toBe(false);
    }
  });
});

describe('ean13FromPrefix and upcAToEan13', () => {
  it('appends the check digit to twelve digits', () => {
    expect(ean13FromPrefix('885123456789')).toBe('8851234567898');
    expect(ean13FromPrefix('88512345678')).toBeUndefined();
    expect(ean13FromPrefix('88512345678x')).toBeUndefined();
  });

  it('writes a UPC-A as an EAN-13 with a leading 0, refusing invalid UPC-A codes', () => {
    expect(upcAToEan13('036000291452')).toBe('0036000291452');
    expect(isValidGtin('0036000291452')).toBe(true);
    expect(upcAToEan13('036000291453')).toBeUndefined();
    expect(upcAToEan13('4006381333931')).toBeUndefined();
    expect(upcAToEan13('abc')).toBeUndefined();
  });
});

describe('GTIN properties', () => {
  const body = fc
    .constantFrom(7, 11, 12, 13)
    .chain((length) => fc.stringMatching(new RegExp(`^\\d{${length}}$`)));

  it('a generated code is valid, and changing any one digit makes it invalid', () => {
    fc.assert(
      fc.property(body, fc.nat(), fc.integer({ min: 1, max: 9 }), (digits, position, shift) => {
        const code = `${digits}${gtinCheckDigit(digits)}`;
        expect(isValidGtin(code)).toBe(true);
        const index = position % code.length;
        const changed = String((Number(code[index]) + shift) % 10);
        const altered = `${code.slice(0, index)}${changed}${code.slice(index + 1)}`;
        expect(isValidGtin(altered)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(typeof isValidGtin(text)).toBe('boolean');
        gtinCheckDigit(text);
        ean13FromPrefix(text);
        upcAToEan13(text);
      }),
    );
  });
});
