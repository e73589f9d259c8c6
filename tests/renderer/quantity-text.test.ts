// The quantity prompt's reading of what a person typed: digits whatever the keyboard layout (the Thai
// Kedmanee number row, Thai digits), one decimal point, and a clear problem for anything not above 0.
import { describe, expect, it } from 'vitest';
import {
  MAX_SCAN_QUANTITY,
  normaliseQuantityText,
  readQuantity,
  secondsText,
} from '../../src-renderer/features/counting/quantity-text.js';

describe('normaliseQuantityText', () => {
  it('keeps ASCII digits and one point', () => {
    expect(normaliseQuantityText('12')).toBe('12');
    expect(normaliseQuantityText('2.5.1')).toBe('2.51');
  });

  it('reads the Thai layout number row as the digits printed on the keys', () => {
    // ๅ / - ภ ถ ุ ึ ค ต จ are 1 2 3 4 5 6 7 8 9 0; ใ is '.'.
    expect(normaliseQuantityText('ๅ/-ภถุึคตจ')).toBe('1234567890');
    expect(normaliseQuantityText('/ใถ')).toBe('2.5');
  });

  it('reads Thai digits', () => {
    expect(normaliseQuantityText('๑๒')).toBe('12');
  });

  it('drops letters, spaces and signs it cannot read as a digit', () => {
    expect(normaliseQuantityText(' 1a2+b ')).toBe('12');
  });
});

describe('readQuantity', () => {
  it('answers the number for a quantity above 0', () => {
    expect(readQuantity('1')).toEqual({ ok: true, quantity: 1 });
    expect(readQuantity('ๅ/')).toEqual({ ok: true, quantity: 12 });
    expect(readQuantity('0.25')).toEqual({ ok: true, quantity: 0.25 });
  });

  it('names the problem otherwise', () => {
    expect(readQuantity('')).toEqual({ ok: false, problem: 'empty' });
    expect(readQuantity('.')).toEqual({ ok: false, problem: 'empty' });
    expect(readQuantity('abc')).toEqual({ ok: false, problem: 'empty' });
    expect(readQuantity('0')).toEqual({ ok: false, problem: 'notAboveZero' });
    expect(readQuantity('0.0')).toEqual({ ok: false, problem: 'notAboveZero' });
    expect(readQuantity(String(MAX_SCAN_QUANTITY))).toEqual({ ok: true, quantity: MAX_SCAN_QUANTITY });
    expect(readQuantity(String(MAX_SCAN_QUANTITY + 1))).toEqual({ ok: false, problem: 'tooLarge' });
  });
});

describe('secondsText', () => {
  it('gives the repeat window in seconds, to a tenth', () => {
    expect(secondsText(1500)).toBe('1.5');
    expect(secondsText(2000)).toBe('2');
    expect(secondsText(60_000)).toBe('60');
  });
});
