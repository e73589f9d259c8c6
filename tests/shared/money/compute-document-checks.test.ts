// Worked examples of the document rules in docs/decisions/0002-money-rounding-and-vat.md; every
// expected figure is worked out by hand; this file: vattype derivation, consistency, priceDocument.
import { describe, expect, it } from 'vitest';
import { computeDocument, priceDocument, type DocumentInput } from '../../../src-shared/money/index.js';
import { computed, excludeVatLine, refused } from './support/document-cases.js';

describe('computeDocument: vattype derived from vatamount', () => {
  const oneLine = [{ number: 1, pricepernumber: 1000, totalprice: 1000 }];

  it('is No Vat when vatamount is absent or 0', () => {
    expect(computed({ amount: 1000, lines: oneLine }).document.vattype).toBe(1);
    expect(computed({ amount: 1000, vatamount: 0, lines: oneLine }).document.vattype).toBe(1);
  });

  it('is Include Vat when its figures match, tried first', () => {
    // Include: 1000 → pretax 934.58, vat 65.42, amount 1000.
    const result = computed({ amount: 1000, vatamount: 65.42, lines: oneLine });
    expect(result.document).toMatchObject({ vattype: 3, vatamount: 65.42, amount_pretax: 934.58 });
    expect(computed({ amount: 1000, vatamount: 65.41, lines: oneLine }).document.vattype).toBe(3);
  });

  it('is Exclude Vat when Include does not match and Exclude does', () => {
    // Exclude: vat 70, amount 1070.
    expect(computed({ amount: 1070, vatamount: 70, lines: oneLine }).document).toMatchObject({
      vattype: 2,
      vatamount: 70,
      amount: 1070,
    });
  });

  it('without lines, compares vatamount only (Include and Exclude then agree, Include wins)', () => {
    expect(computed({ amount: 1070, vatamount: 70, lines: [] }).document).toMatchObject({
      vattype: 3,
      amount_pretax: 1000,
    });
  });

  it('refuses a vatamount that matches neither, naming both candidates', () => {
    expect(refused({ amount: 1000, vatamount: 50, lines: oneLine })).toEqual({
      field: 'vatamount',
      message:
        'vatamount 50 matches neither Include Vat (vatamount 65.42, amount 1000.00) ' +
        'nor Exclude Vat (vatamount 70.00, amount 1070.00): send vattype explicitly',
    });
    // The vat of Exclude matches but its amount does not.
    expect(refused({ amount: 1000, vatamount: 70, lines: oneLine }).field).toBe('vatamount');
  });

  it('ignores vatamount when vattype is given', () => {
    expect(computed({ ...excludeVatLine, vatamount: 999 }).document.vatamount).toBe(18.9);
  });
});

describe('computeDocument: consistency of sent figures', () => {
  it('accepts a line total and an amount within one satang of the computed ones', () => {
    const result = computed({
      ...excludeVatLine,
      amount: 288.89,
      lines: [{ number: 3, pricepernumber: 100, discount: '10%', totalprice: 270.01 }],
    });
    expect(result.lines[0]?.totalprice).toBe(270);
    expect(result.document.amount).toBe(288.9);
  });

  it('refuses a line total that does not match, naming the line', () => {
    const good = { number: 1, pricepernumber: 10, totalprice: 10 };
    expect(
      refused({
        vattype: 2,
        amount: 290,
        lines: [good, good, { number: 3, pricepernumber: 100, discount: '10%', totalprice: 271 }],
      }),
    ).toEqual({
      field: 'list[2].totalprice',
      message:
        'list[2].totalprice 271 does not match the computed 270.00 (3 × 100.00 − discountamount 30.00)',
    });
  });

  it('refuses an amount that does not match', () => {
    expect(refused({ ...excludeVatLine, amount: 288.8 })).toEqual({
      field: 'amount',
      message: 'amount 288.8 does not match the computed 288.90 (vattype 2 Exclude Vat, vatamount 18.90)',
    });
    // Exclude Vat adds VAT on top: sending the pretax total is a mistake.
    expect(refused({ ...excludeVatLine, amount: 270 }).field).toBe('amount');
  });

  it('refuses unreadable discounts and discounts larger than what they discount', () => {
    const line = { number: 1, pricepernumber: 100, totalprice: 100 };
    expect(refused({ vattype: 1, amount: 200, lines: [line, { ...line, discount: 'abc' }] })).toEqual({
      field: 'list[1].discount',
      message: 'list[1].discount "abc" must be an amount (e.g. 50) or a percentage (e.g. 10%)',
    });
    expect(refused({ vattype: 1, amount: 100, discount: '5%%', lines: [line] }).field).toBe('discount');
    expect(
      refused({ vattype: 1, amount: 0, lines: [{ ...line, discount: '150', totalprice: -50 }] }),
    ).toEqual({
      field: 'list[0].discount',
      message: 'list[0].discount 150 is more than pricepernumber 100.00',
    });
    expect(refused({ vattype: 1, amount: 0, discount: '500', lines: [line] })).toEqual({
      field: 'discount',
      message: 'discount 500 is more than the subtotal 100.00',
    });
  });

  it('refuses a vattype outside 1, 2 and 3', () => {
    const input = { ...excludeVatLine, vattype: 4 } as unknown as DocumentInput;
    expect(refused(input)).toEqual({ field: 'vattype', message: 'vattype 4 must be 1, 2 or 3' });
  });
});

describe('priceDocument', () => {
  it('computes the figures a request needs from what the app knows', () => {
    const { amount: _amount, lines, ...rest } = excludeVatLine;
    const draft = {
      ...rest,
      vattype: 2 as const,
      lines: lines.map(({ totalprice: _total, ...line }) => line),
    };
    expect(priceDocument(draft)).toEqual(computeDocument(excludeVatLine));
  });

  it('needs a totalprice on items and an amount when there are no lines', () => {
    expect(priceDocument({ vattype: 1, lines: [{}] })).toMatchObject({
      ok: false,
      field: 'list[0].totalprice',
    });
    expect(priceDocument({ vattype: 1, lines: [] })).toMatchObject({ ok: false, field: 'amount' });
  });
});
