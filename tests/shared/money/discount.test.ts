import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  discountValue,
  formatDiscount,
  parseDiscount,
  type Discount,
} from '../../../src-shared/money/index.js';

function parsed(text: string | undefined): Discount | string {
  const result = parseDiscount(text);
  return result.ok ? result.discount : result.message;
}

describe('parseDiscount', () => {
  it('reads empty, missing and zero discounts as none', () => {
    for (const text of [undefined, '', '   ', '0', '0.00', '0%', '-0']) {
      expect(parsed(text)).toEqual({ kind: 'none' });
    }
  });

  it('reads amounts and percentages, ignoring surrounding spaces', () => {
    expect(parsed('50')).toEqual({ kind: 'amount', value: 50 });
    expect(parsed('12.5')).toEqual({ kind: 'amount', value: 12.5 });
    expect(parsed(' 12.5 ')).toEqual({ kind: 'amount', value: 12.5 });
    expect(parsed('10%')).toEqual({ kind: 'percent', value: 10 });
    expect(parsed('10.5%')).toEqual({ kind: 'percent', value: 10.5 });
    expect(parsed(' 100% ')).toEqual({ kind: 'percent', value: 100 });
    expect(parsed('.5')).toEqual({ kind: 'amount', value: 0.5 });
  });

  it('refuses negatives, non-numbers, a bare %, and percentages over 100', () => {
    expect(parsed('-5')).toBe('"-5" must not be negative');
    expect(parsed('-5%')).toBe('"-5%" must not be negative');
    expect(parsed('abc')).toBe('"abc" must be an amount (e.g. 50) or a percentage (e.g. 10%)');
    expect(parsed('%')).toBe('"%" must be an amount (e.g. 50) or a percentage (e.g. 10%)');
    expect(parsed('10 %')).toMatch(/must be an amount/);
    expect(parsed('1,000')).toMatch(/must be an amount/);
    expect(parsed('1e3')).toMatch(/must be an amount/);
    expect(parsed('10%%')).toMatch(/must be an amount/);
    expect(parsed('100.01%')).toBe('"100.01%" is more than 100%');
  });

  it('never throws, and anything it accepts is a finite, non-negative discount', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseDiscount(text);
        if (result.ok && result.discount.kind !== 'none') {
          expect(Number.isFinite(result.discount.value)).toBe(true);
          expect(result.discount.value).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('reads back what formatDiscount writes', () => {
    const discount: fc.Arbitrary<Discount> = fc.oneof(
      fc.constant<Discount>({ kind: 'none' }),
      fc
        .integer({ min: 1, max: 100_000_000 })
        .map((satang): Discount => ({ kind: 'amount', value: satang / 100 })),
      fc
        .integer({ min: 1, max: 10_000 })
        .map((hundredths): Discount => ({ kind: 'percent', value: hundredths / 100 })),
    );
    fc.assert(
      fc.property(discount, (original) => {
        expect(parseDiscount(formatDiscount(original))).toEqual({ ok: true, discount: original });
      }),
    );
  });
});

describe('discountValue', () => {
  it('is the amount itself, or the percentage of the base rounded to satang', () => {
    expect(discountValue({ kind: 'none' }, 100)).toBe(0);
    expect(discountValue({ kind: 'amount', value: 50 }, 100)).toBe(50);
    expect(discountValue({ kind: 'amount', value: 12.345 }, 100)).toBe(12.35);
    expect(discountValue({ kind: 'percent', value: 10 }, 100)).toBe(10);
    expect(discountValue({ kind: 'percent', value: 10 }, 33.33)).toBe(3.33); // 3.333
    expect(discountValue({ kind: 'percent', value: 12.5 }, 33.33)).toBe(4.17); // 4.16625
    expect(discountValue({ kind: 'percent', value: 100 }, 19.99)).toBe(19.99);
  });
});
