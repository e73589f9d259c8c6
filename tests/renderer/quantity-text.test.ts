// The quantity prompt's reading of what a person typed: digits whatever the keyboard layout (the Thai
// Kedmanee number row, Thai digits) under the one rule of typed numbers, and its reason for a refusal.
import { describe, expect, it } from 'vitest';
import { MAX_TYPED_QUANTITY } from '../../src-shared/domain/typed-number.js';
import {
  normaliseQuantityText,
  readQuantity,
  secondsText,
} from '../../src-renderer/features/counting/quantity-text.js';

describe('normaliseQuantityText', () => {
  it('reads the Thai layout number row as the digits printed on the keys', () => {
    // ๅ / - ภ ถ ุ ึ ค ต จ are 1 2 3 4 5 6 7 8 9 0; ใ is '.'.
    expect(normaliseQuantityText('ๅ/-ภถุึคตจ')).toBe('1234567890');
    expect(normaliseQuantityText('/ใถ')).toBe('2.5');
  });

  it('keeps every other character, so the rule refuses it rather than it being dropped', () => {
    expect(normaliseQuantityText('1e3')).toBe('1e3');
    expect(normaliseQuantityText(' 1a2+b ')).toBe(' 1a2+b ');
  });
});

describe('readQuantity', () => {
  it('answers the number for whole units above 0, Thai digits and layout keys included', () => {
    expect(readQuantity('1')).toEqual({ ok: true, quantity: 1 });
    expect(readQuantity('ๅ/')).toEqual({ ok: true, quantity: 12 });
    expect(readQuantity('๑๒')).toEqual({ ok: true, quantity: 12 });
    expect(readQuantity('1,000')).toEqual({ ok: true, quantity: 1000 });
    expect(readQuantity(String(MAX_TYPED_QUANTITY))).toEqual({ ok: true, quantity: MAX_TYPED_QUANTITY });
  });

  it('names the rule broken otherwise', () => {
    const reason = (text: string) => {
      const reading = readQuantity(text);
      return reading.ok ? null : reading.refusal.reason;
    };
    expect(reason('')).toBe('empty');
    expect(reason('abc')).toBe('not-a-number');
    expect(reason('1e3')).toBe('exponent');
    expect(reason('0.25')).toBe('too-many-decimals');
    expect(reason('0')).toBe('zero');
    expect(reason(String(MAX_TYPED_QUANTITY + 1))).toBe('too-large');
  });
});

describe('secondsText', () => {
  it('gives the repeat window in seconds, to a tenth', () => {
    expect(secondsText(1500)).toBe('1.5');
    expect(secondsText(2000)).toBe('2');
    expect(secondsText(60_000)).toBe('60');
  });
});
