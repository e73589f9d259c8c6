// Document bodies with figures worked out by hand, shared by the return purchase order and quotation
// tests. Products MC-A and MC-B must exist in the store.
import { line } from './documents-sandbox.js';

export interface MoneyCase {
  readonly name: string;
  /** Money fields and lines of the body (number and the rest are added by each test). */
  readonly body: Record<string, unknown>;
  /** Expected document figures. */
  readonly document: Record<string, unknown>;
  /** Expected figures of each line, in order. */
  readonly lines: readonly Record<string, unknown>[];
}

export const MONEY_SKUS = ['MC-A', 'MC-B'] as const;

/*
 * Lines 2 × 100 with 5 off per unit (discountamount 10, totalprice 190) and 1 × 60 (60): subtotal 250.
 * Document discount 10% = 25, net 225. Shipping 50.
 */
const plainLines = [line('MC-A', 2, 100, 190, '5'), line('MC-B', 1, 60, 60)];

export const moneyCases: readonly MoneyCase[] = [
  {
    // No Vat: amount = 225 + 50 = 275, all of it pretax.
    name: 'vattype 1 (No Vat), per-unit and 10% document discount, shipping without vat',
    body: { vattype: 1, amount: 275, discount: '10%', shippingamount: 50, shippingvat: 0, list: plainLines },
    document: {
      vattype: 1,
      amount: 275,
      amount_pretax: 275,
      vatamount: 0,
      discount: '10%',
      discountamount: 25,
      discountamount_pretax: 25,
      discountamount_vat: 0,
      shippingvat: 0,
      shippingamount: 50,
      shippingamount_pretax: 50,
      shippingamount_vat: 0,
    },
    lines: [
      {
        number: 2,
        pricepernumber: 100,
        pricepernumber_pretax: 100,
        pricepernumber_vat: 0,
        discount: '5',
        discountamount: 10,
        discountamount_pretax: 10,
        discountamount_vat: 0,
        totalprice: 190,
        totalprice_pretax: 190,
        totalprice_vat: 0,
      },
      { number: 1, pricepernumber: 60, discount: '', discountamount: 0, totalprice: 60, totalprice_vat: 0 },
    ],
  },
  {
    // Exclude Vat: prices are pretax. Net 225 → vat 15.75; shipping 50 with vat → 3.50.
    // amount_pretax 275, vatamount 19.25, amount 294.25. Discount 25 → vat 1.75.
    name: 'vattype 2 (Exclude Vat), discounts, shipping with vat',
    body: {
      vattype: 2,
      amount: 294.25,
      discount: '10%',
      shippingamount: 50,
      shippingvat: 1,
      list: plainLines,
    },
    document: {
      vattype: 2,
      amount: 294.25,
      amount_pretax: 275,
      vatamount: 19.25,
      discountamount: 25,
      discountamount_pretax: 25,
      discountamount_vat: 1.75,
      shippingvat: 1,
      shippingamount: 50,
      shippingamount_pretax: 50,
      shippingamount_vat: 3.5,
    },
    lines: [
      {
        pricepernumber: 100,
        pricepernumber_pretax: 100,
        pricepernumber_vat: 7,
        discountamount: 10,
        discountamount_pretax: 10,
        discountamount_vat: 0.7,
        totalprice: 190,
        totalprice_pretax: 190,
        totalprice_vat: 13.3,
      },
      { totalprice: 60, totalprice_pretax: 60, totalprice_vat: 4.2 },
    ],
  },
  {
    // Include Vat: 2 × 107 with 10% off per unit (10.70 each, 21.40 in all) = 192.60; 1 × 53.50.
    // Subtotal 246.10, document discount 6.10 → net 240.00 → pretax 224.30, vat 15.70.
    // Shipping 32.10 with vat → pretax 30.00, vat 2.10. amount 272.10 = pretax 254.30 + vat 17.80.
    name: 'vattype 3 (Include Vat), percentage per unit, amount document discount, shipping with vat',
    body: {
      vattype: 3,
      amount: 272.1,
      discount: '6.1',
      shippingamount: 32.1,
      shippingvat: 1,
      list: [line('MC-A', 2, 107, 192.6, '10%'), line('MC-B', 1, 53.5, 53.5)],
    },
    document: {
      vattype: 3,
      amount: 272.1,
      amount_pretax: 254.3,
      vatamount: 17.8,
      discount: '6.1',
      discountamount: 6.1,
      discountamount_pretax: 5.7,
      discountamount_vat: 0.4,
      shippingamount: 32.1,
      shippingamount_pretax: 30,
      shippingamount_vat: 2.1,
    },
    lines: [
      {
        pricepernumber: 107,
        pricepernumber_pretax: 100,
        pricepernumber_vat: 7,
        discount: '10%',
        discountamount: 21.4,
        discountamount_pretax: 20,
        discountamount_vat: 1.4,
        totalprice: 192.6,
        totalprice_pretax: 180,
        totalprice_vat: 12.6,
      },
      { pricepernumber_pretax: 50, pricepernumber_vat: 3.5, totalprice_pretax: 50, totalprice_vat: 3.5 },
    ],
  },
  {
    // Include Vat with shipping outside vat: pretax 224.30 + 32.10 = 256.40, vat 15.70, amount 272.10.
    name: 'vattype 3 (Include Vat), shipping without vat',
    body: {
      vattype: 3,
      amount: 272.1,
      discount: '6.1',
      shippingamount: 32.1,
      shippingvat: 0,
      list: [line('MC-A', 2, 107, 192.6, '10%'), line('MC-B', 1, 53.5, 53.5)],
    },
    document: {
      vattype: 3,
      amount: 272.1,
      amount_pretax: 256.4,
      vatamount: 15.7,
      shippingamount_pretax: 32.1,
      shippingamount_vat: 0,
    },
    lines: [{ totalprice_pretax: 180 }, { totalprice_pretax: 50 }],
  },
  {
    // vattype omitted, vatamount 17.80 matches Include Vat (the case above with shipping vat): derived 3.
    name: 'vattype omitted: derived Include Vat from vatamount',
    body: {
      vatamount: 17.8,
      amount: 272.1,
      discount: '6.1',
      shippingamount: 32.1,
      shippingvat: 1,
      list: [line('MC-A', 2, 107, 192.6, '10%'), line('MC-B', 1, 53.5, 53.5)],
    },
    document: { vattype: 3, amount: 272.1, amount_pretax: 254.3, vatamount: 17.8 },
    lines: [{ totalprice_vat: 12.6 }, { totalprice_vat: 3.5 }],
  },
  {
    // vattype omitted, vatamount 19.25 and amount 294.25 match Exclude Vat only: derived 2.
    name: 'vattype omitted: derived Exclude Vat from vatamount',
    body: {
      vatamount: 19.25,
      amount: 294.25,
      discount: '10%',
      shippingamount: 50,
      shippingvat: 1,
      list: plainLines,
    },
    document: { vattype: 2, amount: 294.25, amount_pretax: 275, vatamount: 19.25 },
    lines: [{ totalprice_vat: 13.3 }, { totalprice_vat: 4.2 }],
  },
  {
    // vattype and vatamount omitted: No Vat.
    name: 'vattype and vatamount omitted: No Vat',
    body: { amount: 250, list: plainLines },
    document: { vattype: 1, amount: 250, amount_pretax: 250, vatamount: 0, discount: '', discountamount: 0 },
    lines: [{ totalprice: 190 }, { totalprice: 60 }],
  },
  {
    // Without lines the amount is the net amount: 107 with vatamount 7 is Include Vat (pretax 100).
    name: 'no lines: amount taken as sent, vattype derived Include Vat',
    body: { amount: 107, vatamount: 7 },
    document: { vattype: 3, amount: 107, amount_pretax: 100, vatamount: 7 },
    lines: [],
  },
  {
    // A given vattype wins: vatamount 999 is ignored and computed (No Vat: 0).
    name: 'vattype given: vatamount ignored and computed',
    body: { vattype: 1, vatamount: 999, amount: 250, list: plainLines },
    document: { vattype: 1, vatamount: 0, amount: 250 },
    lines: [{}, {}],
  },
];

/** Bodies whose money is refused, with the field the refusal must name. */
export const moneyRefusals: readonly (readonly [string, Record<string, unknown>, string])[] = [
  [
    'a line total that does not match',
    { amount: 250, list: [line('MC-A', 2, 100, 199, '5'), line('MC-B', 1, 60, 60)] },
    'list[0].totalprice',
  ],
  [
    'an amount that does not match',
    { vattype: 2, amount: 275, list: plainLines, discount: '10%', shippingamount: 50, shippingvat: 1 },
    'amount',
  ],
  ['a vatamount that fits no vattype', { amount: 250, vatamount: 3, list: plainLines }, 'vatamount'],
  ['a malformed document discount', { amount: 250, discount: 'ten', list: plainLines }, 'discount'],
  ['a discount over 100%', { amount: 250, discount: '150%', list: plainLines }, 'discount'],
  [
    'a per-unit discount over the price',
    { amount: 0, list: [line('MC-A', 1, 10, 0, '20')] },
    'list[0].discount',
  ],
  ['a quantity of 0', { amount: 0, list: [line('MC-A', 0, 10, 0)] }, 'list[0].number'],
  ['a negative price', { amount: 0, list: [line('MC-A', 1, -10, -10)] }, 'list[0].pricepernumber'],
  ['a negative amount', { amount: -5 }, 'amount'],
  ['a negative shipping amount', { amount: 10, shippingamount: -1 }, 'shippingamount'],
  ['vattype 4', { amount: 10, vattype: 4 }, 'vattype'],
  ['shippingvat 2', { amount: 10, shippingvat: 2 }, 'shippingvat'],
  ['amount missing', { list: plainLines }, 'amount'],
  [
    'an unknown sku',
    { amount: 250, list: [line('MC-A', 2, 100, 190, '5'), line('NO-SUCH-SKU', 1, 60, 60)] },
    'list[1].sku',
  ],
  [
    'a line without sku',
    { amount: 10, list: [{ name: 'x', number: 1, pricepernumber: 10, totalprice: 10 }] },
    'list[0].sku',
  ],
];
