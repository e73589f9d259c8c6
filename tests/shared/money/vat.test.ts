import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromSatang, toSatang, VAT_RATE, vatTwins } from '../../../src-shared/money/index.js';

describe('vatTwins', () => {
  it('uses Thai VAT of 7%', () => {
    expect(VAT_RATE).toBe(0.07);
  });

  it('type 1 (No Vat): all pretax', () => {
    expect(vatTwins(50, 1)).toEqual({ pretax: 50, vat: 0 });
  });

  it('type 2 (Exclude Vat): the amount is pretax and VAT is 7% of it, rounded half away from zero', () => {
    expect(vatTwins(100, 2)).toEqual({ pretax: 100, vat: 7 });
    expect(vatTwins(0.15, 2)).toEqual({ pretax: 0.15, vat: 0.01 }); // 1.05 satang
    expect(vatTwins(0.5, 2)).toEqual({ pretax: 0.5, vat: 0.04 }); // 3.5 satang
    expect(vatTwins(-0.5, 2)).toEqual({ pretax: -0.5, vat: -0.04 });
  });

  it('type 3 (Include Vat): pretax is amount / 1.07 rounded, VAT is the rest', () => {
    expect(vatTwins(107, 3)).toEqual({ pretax: 100, vat: 7 });
    expect(vatTwins(100, 3)).toEqual({ pretax: 93.46, vat: 6.54 }); // 93.457...
    expect(vatTwins(0.01, 3)).toEqual({ pretax: 0.01, vat: 0 }); // 0.93 satang
    expect(vatTwins(-107, 3)).toEqual({ pretax: -100, vat: -7 });
  });

  it('type 3: pretax + vat is exactly the amount in satang', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (satang) => {
        const { pretax, vat } = vatTwins(fromSatang(satang), 3);
        expect(toSatang(pretax) + toSatang(vat)).toBe(satang);
        expect(Math.abs(toSatang(vat) - (satang * 7) / 107)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
      { numRuns: 2000 },
    );
  });
});
