// Money on AddIncome/AddExpense over real HTTP: the three vattypes, the derived vattype, discounts and
// the refusals naming the field at fault. Every figure below is worked out by hand in its comment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../../support/sandbox-harness.js';
import type { TestSandbox } from '../../support/sandbox-harness.js';
import { financeCalls, financeKinds, type FinanceRecord } from './finance-calls.js';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

type Figures = Pick<FinanceRecord, 'amount' | 'amount_pretax' | 'vatamount' | 'vattype'>;

describe.each(financeKinds)('$add money', (names) => {
  const calls = () => financeCalls(sandbox, names);

  async function created(body: Record<string, unknown>): Promise<FinanceRecord> {
    return calls().detail(await calls().add(body));
  }

  function figures(record: FinanceRecord): Figures {
    const { amount, amount_pretax, vatamount, vattype } = record;
    return { amount, amount_pretax, vatamount, vattype };
  }

  function itemFigures(record: FinanceRecord): [number, number, number][] {
    return record.list.map((item) => [item.totalprice, item.totalprice_pretax, item.totalprice_vat]);
  }

  it('vattype 1 (No Vat): the amount is the sum of the items and has no VAT', async () => {
    // 100 + 50.50 = 150.50, nothing taxed.
    const record = await created({
      amount: 150.5,
      vattype: 1,
      list: [
        { name: 'ค่าบริการ', totalprice: 100, categoryname: 'บริการ' },
        { name: 'ค่าขนส่ง', totalprice: 50.5 },
      ],
    });
    expect(figures(record)).toEqual({ amount: 150.5, amount_pretax: 150.5, vatamount: 0, vattype: 1 });
    expect(itemFigures(record)).toEqual([
      [100, 100, 0],
      [50.5, 50.5, 0],
    ]);
    expect(record.list.map((item) => [item.name, item.categoryname])).toEqual([
      ['ค่าบริการ', 'บริการ'],
      ['ค่าขนส่ง', ''],
    ]);
  });

  it('vattype 2 (Exclude Vat): 7% is added on top of the items', async () => {
    // Items 100 + 50 = 150 pretax; VAT 150 × 7% = 10.50; amount 160.50.
    const record = await created({
      amount: 160.5,
      vattype: 2,
      list: [
        { name: 'a', totalprice: 100 },
        { name: 'b', totalprice: 50 },
      ],
    });
    expect(figures(record)).toEqual({ amount: 160.5, amount_pretax: 150, vatamount: 10.5, vattype: 2 });
    expect(itemFigures(record)).toEqual([
      [100, 100, 7],
      [50, 50, 3.5],
    ]);
  });

  it('vattype 3 (Include Vat): the items already include 7%', async () => {
    // 107 + 53.50 = 160.50 with VAT; pretax 160.50 / 1.07 = 150, VAT 10.50.
    const record = await created({
      amount: 160.5,
      vattype: 3,
      list: [
        { name: 'a', totalprice: 107 },
        { name: 'b', totalprice: 53.5 },
      ],
    });
    expect(figures(record)).toEqual({ amount: 160.5, amount_pretax: 150, vatamount: 10.5, vattype: 3 });
    expect(itemFigures(record)).toEqual([
      [107, 100, 7],
      [53.5, 50, 3.5],
    ]);
  });

  it('vattype 3 rounds the pretax to the satang and leaves the rest as VAT', async () => {
    // 100 / 1.07 = 93.4579… → 93.46; VAT 100 − 93.46 = 6.54.
    const record = await created({ amount: 100, vattype: 3, list: [{ name: 'a', totalprice: 100 }] });
    expect(figures(record)).toEqual({ amount: 100, amount_pretax: 93.46, vatamount: 6.54, vattype: 3 });
  });

  it('a given vattype wins: a stray vatamount is ignored and computed', async () => {
    // 107 with VAT included: VAT 7, whatever vatamount says.
    const record = await created({
      amount: 107,
      vattype: 3,
      vatamount: 999,
      list: [{ name: 'a', totalprice: 107 }],
    });
    expect(figures(record)).toEqual({ amount: 107, amount_pretax: 100, vatamount: 7, vattype: 3 });
  });

  describe('vattype derived from vatamount when omitted', () => {
    it('is Include Vat when vatamount is the VAT inside the items', async () => {
      // 107 + 53.50 = 160.50 including 10.50 VAT.
      const record = await created({
        amount: 160.5,
        vatamount: 10.5,
        list: [
          { name: 'a', totalprice: 107 },
          { name: 'b', totalprice: 53.5 },
        ],
      });
      expect(figures(record)).toEqual({ amount: 160.5, amount_pretax: 150, vatamount: 10.5, vattype: 3 });
    });

    it('is Exclude Vat when vatamount is 7% on top of the items', async () => {
      // Include would give 150 − 150/1.07 (140.19) = 9.81 ≠ 10.50; Exclude gives 150 × 7% = 10.50.
      const record = await created({
        amount: 160.5,
        vatamount: 10.5,
        list: [
          { name: 'a', totalprice: 100 },
          { name: 'b', totalprice: 50 },
        ],
      });
      expect(figures(record)).toEqual({ amount: 160.5, amount_pretax: 150, vatamount: 10.5, vattype: 2 });
    });

    it('is No Vat without vatamount, or with vatamount 0', async () => {
      for (const extra of [{}, { vatamount: 0 }]) {
        const record = await created({ amount: 100, ...extra, list: [{ name: 'a', totalprice: 100 }] });
        expect(figures(record)).toEqual({ amount: 100, amount_pretax: 100, vatamount: 0, vattype: 1 });
      }
    });

    it('is Include Vat for an amount without items whose VAT matches', async () => {
      // 1070 / 1.07 = 1000; VAT 70.
      const record = await created({ amount: 1070, vatamount: 70 });
      expect(figures(record)).toEqual({ amount: 1070, amount_pretax: 1000, vatamount: 70, vattype: 3 });
    });
  });

  describe('without items the amount is taken as given', () => {
    it('vattype 3 splits it into pretax and VAT', async () => {
      const record = await created({ amount: 1070, vattype: 3 });
      expect(figures(record)).toEqual({ amount: 1070, amount_pretax: 1000, vatamount: 70, vattype: 3 });
      expect(record.list).toEqual([]);
    });

    it('vattype 1 leaves it untaxed', async () => {
      const record = await created({ amount: 1070, vattype: 1 });
      expect(figures(record)).toEqual({ amount: 1070, amount_pretax: 1070, vatamount: 0, vattype: 1 });
    });

    it('a discount does not reduce it (it is already net) but is kept', async () => {
      const record = await created({ amount: 500, discount: '10%' });
      expect(record.amount).toBe(500);
      expect(record.discount).toBe('10%');
    });
  });

  describe('discount on the items', () => {
    it('a percentage comes off before VAT is split out (vattype 3)', async () => {
      // 200 + 100 = 300; 10% off = 270 with VAT; pretax 270 / 1.07 = 252.336… → 252.34; VAT 17.66.
      // Items keep their own split: 200 → 186.92 + 13.08; 100 → 93.46 + 6.54.
      const record = await created({
        amount: 270,
        vattype: 3,
        discount: '10%',
        list: [
          { name: 'a', totalprice: 200 },
          { name: 'b', totalprice: 100 },
        ],
      });
      expect(figures(record)).toEqual({ amount: 270, amount_pretax: 252.34, vatamount: 17.66, vattype: 3 });
      expect(record.discount).toBe('10%');
      expect(itemFigures(record)).toEqual([
        [200, 186.92, 13.08],
        [100, 93.46, 6.54],
      ]);
    });

    it('an amount comes off the subtotal (vattype 1)', async () => {
      // 300 − 50 = 250.
      const record = await created({
        amount: 250,
        vattype: 1,
        discount: '50',
        list: [{ name: 'a', totalprice: 300 }],
      });
      expect(figures(record)).toEqual({ amount: 250, amount_pretax: 250, vatamount: 0, vattype: 1 });
    });

    it('is stored normalised, as every sandbox document stores it', async () => {
      const texts = [' 50.0 ', '12.50%', '0', ''];
      const stored = [];
      for (const discount of texts) stored.push((await created({ amount: 100, discount })).discount);
      expect(stored).toEqual(['50', '12.5%', '', '']);
    });

    it('with Exclude Vat, VAT is charged on the discounted subtotal', async () => {
      // 1000 − 100 = 900 pretax; VAT 63; amount 963.
      const record = await created({
        amount: 963,
        vattype: 2,
        discount: '100',
        list: [{ name: 'a', totalprice: 1000 }],
      });
      expect(figures(record)).toEqual({ amount: 963, amount_pretax: 900, vatamount: 63, vattype: 2 });
    });
  });

  it('accepts an amount within one satang of the computed one and stores the computed one', async () => {
    const record = await created({
      amount: 150.01,
      vattype: 1,
      list: [
        { name: 'a', totalprice: 100 },
        { name: 'b', totalprice: 50 },
      ],
    });
    expect(record.amount).toBe(150);
  });

  describe('refusals name the field at fault and create nothing', () => {
    const twoItems = [
      { name: 'a', totalprice: 100 },
      { name: 'b', totalprice: 50 },
    ];
    const cases: [string, unknown, RegExp][] = [
      ['amount missing', { vattype: 1 }, /^amount /],
      ['amount not a number', { amount: '150' }, /^amount /],
      ['amount negative', { amount: -1 }, /^amount must not be negative$/],
      [
        'amount inconsistent with the items',
        { amount: 160, vattype: 1, list: twoItems },
        /^amount 160 does not match the computed 150\.00 \(vattype 1 No Vat/,
      ],
      [
        'amount inconsistent after a discount',
        { amount: 300, vattype: 1, discount: '50', list: [{ name: 'a', totalprice: 300 }] },
        /^amount 300 does not match the computed 250\.00/,
      ],
      [
        'an item without name',
        { amount: 100, list: [{ name: 'a', totalprice: 50 }, { totalprice: 50 }] },
        /^list\[1\]\.name /,
      ],
      [
        'an item with a blank name',
        { amount: 100, list: [{ name: '  ', totalprice: 100 }] },
        /^list\[0\]\.name is required$/,
      ],
      [
        'an item with a text totalprice',
        { amount: 100, list: [{ name: 'a', totalprice: '100' }] },
        /^list\[0\]\.totalprice /,
      ],
      [
        'an item with a negative totalprice',
        { amount: 0, list: [{ name: 'a', totalprice: -5 }] },
        /^list\[0\]\.totalprice must not be negative$/,
      ],
      ['vattype out of range', { amount: 100, vattype: 4 }, /^vattype /],
      [
        'vatamount matching no vattype',
        { amount: 150, vatamount: 5, list: twoItems },
        /^vatamount 5 matches neither Include Vat .* nor Exclude Vat .*: send vattype explicitly$/,
      ],
      [
        'discount not an amount or percentage',
        { amount: 100, discount: 'abc' },
        /^discount "abc" must be an amount/,
      ],
      ['discount negative', { amount: 100, discount: '-5' }, /^discount "-5" must not be negative$/],
      [
        'discount over the subtotal',
        { amount: 0, vattype: 1, discount: '150', list: [{ name: 'a', totalprice: 100 }] },
        /^discount 150 is more than the subtotal 100\.00$/,
      ],
      ['tag not a list', { amount: 100, tag: 'x' }, /^tag /],
      ['a body that is not an object', [1, 2], /^body /],
    ];

    it.each(cases)('%s', async (_label, body, expected) => {
      const before = (await financeCalls(sandbox, names).list()).count;
      const refusal = await calls().refuse(body);
      expect(refusal.code).toBe('100');
      expect(refusal.description).toMatch(expected);
      expect((await financeCalls(sandbox, names).list()).count).toBe(before);
    });

    it(`${names.dateField} that is not a real yyyy-MM-dd day`, async () => {
      for (const date of ['2026-02-30', '10/03/2026', '2026-03-10 10:00']) {
        const refusal = await calls().refuse({ amount: 100, [names.dateField]: date });
        expect(refusal.description).toMatch(new RegExp(`^${names.dateField} `));
      }
    });
  });
});
