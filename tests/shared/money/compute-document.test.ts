// Worked examples of the document rules in docs/decisions/0002-money-rounding-and-vat.md; every
// expected figure is worked out by hand in the comments.
import { describe, expect, it } from 'vitest';
import {
  computeDocument,
  priceDocument,
  type DocumentInput,
  type DocumentResult,
} from '../../../src-shared/money/index.js';

function computed(input: DocumentInput): Extract<DocumentResult, { ok: true }> {
  const result = computeDocument(input);
  if (!result.ok) throw new Error(`expected a computed document, got ${result.field}: ${result.message}`);
  return result;
}

function refused(input: DocumentInput): { field: string; message: string } {
  const result = computeDocument(input);
  if (result.ok) throw new Error('expected a refusal');
  return { field: result.field, message: result.message };
}

const noDiscountOrShipping = {
  discountamount: 0,
  discountamount_pretax: 0,
  discountamount_vat: 0,
  shippingvat: 0,
  shippingamount: 0,
  shippingamount_pretax: 0,
  shippingamount_vat: 0,
} as const;

// vattype 2, one line of 3 × 100 with 10% off each unit:
// unit discount 10; discountamount 3 × 10 = 30; totalprice 300 − 30 = 270; VAT 7% of 270 = 18.90.
const excludeVatLine: DocumentInput = {
  vattype: 2,
  amount: 288.9,
  lines: [{ number: 3, pricepernumber: 100, discount: '10%', totalprice: 270 }],
};

describe('computeDocument: product lines', () => {
  it('vattype 2: 3 × 100 with 10% unit discount', () => {
    expect(computed(excludeVatLine)).toEqual({
      ok: true,
      document: { vattype: 2, amount: 288.9, amount_pretax: 270, vatamount: 18.9, ...noDiscountOrShipping },
      lines: [
        {
          number: 3,
          pricepernumber: 100,
          pricepernumber_pretax: 100,
          pricepernumber_vat: 7,
          discountamount: 30,
          discountamount_pretax: 30,
          discountamount_vat: 2.1,
          totalprice: 270,
          totalprice_pretax: 270,
          totalprice_vat: 18.9,
        },
      ],
    });
  });

  it('vattype 3 with an amount unit discount, a 10% document discount and shipping with vat', () => {
    // Lines: 2 × 53.50 = 107.00; 1 × (10 − 1) = 9.00. Subtotal 116.00, document discount 10% = 11.60,
    // net 104.40 → pretax 104.40 / 1.07 = 97.570 → 97.57, vat 6.83.
    // Shipping 50 in the Include basis → pretax 46.728 → 46.73, vat 3.27.
    // vatamount 6.83 + 3.27 = 10.10; amount_pretax 97.57 + 46.73 = 144.30; amount 104.40 + 50 = 154.40.
    const result = computed({
      vattype: 3,
      amount: 154.4,
      discount: '10%',
      shippingamount: 50,
      shippingvat: 1,
      lines: [
        { number: 2, pricepernumber: 53.5, totalprice: 107 },
        { number: 1, pricepernumber: 10, discount: '1', totalprice: 9 },
      ],
    });
    expect(result.document).toEqual({
      vattype: 3,
      amount: 154.4,
      amount_pretax: 144.3,
      vatamount: 10.1,
      discountamount: 11.6,
      discountamount_pretax: 10.84, // 11.60 / 1.07 = 10.841
      discountamount_vat: 0.76,
      shippingvat: 1,
      shippingamount: 50,
      shippingamount_pretax: 46.73,
      shippingamount_vat: 3.27,
    });
    expect(result.lines).toEqual([
      {
        number: 2,
        pricepernumber: 53.5,
        pricepernumber_pretax: 50, // 53.50 / 1.07 = 50 exactly
        pricepernumber_vat: 3.5,
        discountamount: 0,
        discountamount_pretax: 0,
        discountamount_vat: 0,
        totalprice: 107,
        totalprice_pretax: 100,
        totalprice_vat: 7,
      },
      {
        number: 1,
        pricepernumber: 10,
        pricepernumber_pretax: 9.35, // 9.3457
        pricepernumber_vat: 0.65,
        discountamount: 1,
        discountamount_pretax: 0.93, // 0.9346
        discountamount_vat: 0.07,
        totalprice: 9,
        totalprice_pretax: 8.41, // 8.4112
        totalprice_vat: 0.59,
      },
    ]);
  });

  it('vattype 1: no VAT anywhere, shipping vat or not', () => {
    const result = computed({
      vattype: 1,
      amount: 140,
      shippingamount: 40,
      shippingvat: 1,
      lines: [{ number: 1, pricepernumber: 100, totalprice: 100 }],
    });
    expect(result.document).toMatchObject({
      amount: 140,
      amount_pretax: 140,
      vatamount: 0,
      shippingamount_pretax: 40,
      shippingamount_vat: 0,
    });
    expect(result.lines[0]).toMatchObject({ totalprice_pretax: 100, totalprice_vat: 0 });
  });

  it('vattype 2: shipping carries VAT only when shippingvat is 1', () => {
    const base = {
      vattype: 2,
      shippingamount: 100,
      lines: [{ number: 1, pricepernumber: 1000, totalprice: 1000 }],
    } as const;
    // 1000 + 70 VAT, shipping 100 + 7 VAT.
    expect(computed({ ...base, shippingvat: 1, amount: 1177 }).document).toMatchObject({
      amount: 1177,
      amount_pretax: 1100,
      vatamount: 77,
      shippingamount_pretax: 100,
      shippingamount_vat: 7,
    });
    // 1000 + 70 VAT, shipping 100 outside VAT.
    expect(computed({ ...base, shippingvat: 0, amount: 1170 }).document).toMatchObject({
      amount: 1170,
      amount_pretax: 1100,
      vatamount: 70,
      shippingamount_pretax: 100,
      shippingamount_vat: 0,
    });
  });

  it('vattype 3: shipping without shipping vat is all pretax', () => {
    // Net 1070 → 1000 + 70; shipping 100 pretax; amount 1070 + 100.
    expect(
      computed({
        vattype: 3,
        amount: 1170,
        shippingamount: 100,
        shippingvat: 0,
        lines: [{ number: 1, pricepernumber: 1070, totalprice: 1070 }],
      }).document,
    ).toMatchObject({ amount: 1170, amount_pretax: 1100, vatamount: 70, shippingamount_vat: 0 });
  });

  it('computes VAT on the net, not as the sum of the lines’ VAT', () => {
    // Each 0.10 line has VAT 0.007 → 0.01 (0.03 together); the net 0.30 has VAT 0.021 → 0.02.
    const line = { number: 1, pricepernumber: 0.1, totalprice: 0.1 };
    const result = computed({ vattype: 2, amount: 0.32, lines: [line, line, line] });
    expect(result.lines.map((each) => each.totalprice_vat)).toEqual([0.01, 0.01, 0.01]);
    expect(result.document).toMatchObject({ vatamount: 0.02, amount_pretax: 0.3, amount: 0.32 });
  });

  it('rounds a percentage unit discount to satang before multiplying by the quantity', () => {
    // 12.5% of 33.33 = 4.16625 → 4.17; × 3 = 12.51; 99.99 − 12.51 = 87.48.
    const result = computed({
      vattype: 1,
      amount: 87.48,
      lines: [{ number: 3, pricepernumber: 33.33, discount: '12.5%', totalprice: 87.48 }],
    });
    expect(result.lines[0]).toMatchObject({ discountamount: 12.51, totalprice: 87.48 });
  });

  it('rounds fractional quantities half away from zero, robust to float error', () => {
    // 1.5 × 0.99 = 1.485 → 1.49; 2.5 × 19.99 = 49.975 → 49.98.
    const result = computed({
      vattype: 1,
      amount: 51.47,
      lines: [
        { number: 1.5, pricepernumber: 0.99, totalprice: 1.49 },
        { number: 2.5, pricepernumber: 19.99, totalprice: 49.98 },
      ],
    });
    expect(result.lines.map((line) => line.totalprice)).toEqual([1.49, 49.98]);
  });

  it('takes an amount document discount off the subtotal, with its twins in the basis', () => {
    // vattype 2: subtotal 1000, discount 100, net 900 → VAT 63; discount twins 100 / 7.
    expect(
      computed({
        vattype: 2,
        amount: 963,
        discount: '100',
        lines: [{ number: 10, pricepernumber: 100, totalprice: 1000 }],
      }).document,
    ).toMatchObject({
      amount: 963,
      amount_pretax: 900,
      vatamount: 63,
      discountamount: 100,
      discountamount_pretax: 100,
      discountamount_vat: 7,
    });
  });
});

describe('computeDocument: income and expense items (totalprice only)', () => {
  it('vattype 3: items keep their totalprice and get its twins', () => {
    // 535 → 500 + 35; 107 → 100 + 7; net 642 → 600 + 42.
    const result = computed({ vattype: 3, amount: 642, lines: [{ totalprice: 535 }, { totalprice: 107 }] });
    expect(result.lines).toEqual([
      { totalprice: 535, totalprice_pretax: 500, totalprice_vat: 35 },
      { totalprice: 107, totalprice_pretax: 100, totalprice_vat: 7 },
    ]);
    expect(result.document).toMatchObject({ amount: 642, amount_pretax: 600, vatamount: 42 });
  });

  it('vattype 2: items are pretax and VAT is added to the amount', () => {
    expect(computed({ vattype: 2, amount: 1070, lines: [{ totalprice: 1000 }] }).document).toMatchObject({
      amount: 1070,
      amount_pretax: 1000,
      vatamount: 70,
    });
  });
});

describe('computeDocument: no lines', () => {
  it('takes the amount as the net amount, VAT included for types 2 and 3', () => {
    for (const vattype of [2, 3] as const) {
      expect(computed({ vattype, amount: 1070, lines: [] }).document).toMatchObject({
        vattype,
        amount: 1070,
        amount_pretax: 1000,
        vatamount: 70,
      });
    }
    expect(computed({ vattype: 1, amount: 500, lines: [] }).document).toMatchObject({
      amount: 500,
      amount_pretax: 500,
      vatamount: 0,
    });
  });

  it('has no subtotal to discount, and reports shipping by the shipping rule', () => {
    expect(
      computed({ vattype: 2, amount: 1070, discount: '10%', shippingamount: 50, shippingvat: 1, lines: [] })
        .document,
    ).toEqual({
      vattype: 2,
      amount: 1070,
      amount_pretax: 1000,
      vatamount: 70,
      discountamount: 0,
      discountamount_pretax: 0,
      discountamount_vat: 0,
      shippingvat: 1,
      shippingamount: 50,
      shippingamount_pretax: 50,
      shippingamount_vat: 3.5,
    });
  });
});

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
