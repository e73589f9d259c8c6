import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromSatang, moneyMatches, roundMoney, toSatang } from '../../../src-shared/money/index.js';

describe('roundMoney', () => {
  it('rounds half away from zero, whatever the binary form of the decimal', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(0.285)).toBe(0.29);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(1.255)).toBe(1.26);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(-0.285)).toBe(-0.29);
    expect(roundMoney(1.0049)).toBe(1);
    expect(roundMoney(1.00500001)).toBe(1.01);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(12)).toBe(12);
  });

  it('never answers negative zero', () => {
    expect(Object.is(roundMoney(-0.004), 0)).toBe(true);
    expect(Object.is(roundMoney(-0), 0)).toBe(true);
  });

  it('is idempotent and moves a value by at most half a satang', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (value) => {
        const rounded = roundMoney(value);
        expect(roundMoney(rounded)).toBe(rounded);
        expect(Math.abs(rounded - value)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves every whole-satang value as it is', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (satang) => {
        expect(roundMoney(fromSatang(satang))).toBe(fromSatang(satang));
        expect(toSatang(fromSatang(satang))).toBe(satang);
      }),
    );
  });

  it('recovers the exact sum of two satang values added as floats (no drift)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), fc.integer({ min: -1e10, max: 1e10 }), (a, b) => {
        expect(roundMoney(fromSatang(a) + fromSatang(b))).toBe(fromSatang(a + b));
      }),
    );
  });

  it('keeps a long running total exact when it is summed in satang', () => {
    let satang = 0;
    for (let step = 0; step < 10_000; step += 1) satang += toSatang(0.1);
    expect(fromSatang(satang)).toBe(1000);
  });
});

describe('moneyMatches', () => {
  it('accepts a difference of one satang and refuses more', () => {
    expect(moneyMatches(270.01, 270)).toBe(true);
    expect(moneyMatches(269.99, 270)).toBe(true);
    expect(moneyMatches(270.02, 270)).toBe(false);
    expect(moneyMatches(0.1 + 0.2, 0.3)).toBe(true);
  });
});
