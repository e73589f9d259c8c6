// Worked examples of the document rules in docs/decisions/0002-money-rounding-and-vat.md; every
// expected figure is worked out by hand in the comments.
import { describe, expect, it } from 'vitest';
import { computed, excludeVatLine, noDiscountOrShipping } from './support/document-cases.js';

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
