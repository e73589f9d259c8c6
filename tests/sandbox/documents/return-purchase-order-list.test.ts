// GetReturnPurchaseOrders over real HTTP: every filter of the spec, count and totals over all matching
// orders (not the page), newest first, paging, list headers, and stores that never mix.
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoreCredentials } from '../../../src-main/sandbox/index.js';
import { DEFAULT_STORE } from '../../support/sandbox-harness.js';
import { createdId, documentsSandboxForFile } from './support/documents-sandbox.js';
import { expectDifference, snapshot, type ListCase, type ListSnapshot } from './support/list-cases.js';

const BRANCH: StoreCredentials = { name: 'branch', apikey: 'branch-key', apisecret: 'branch-secret' };
const s = documentsSandboxForFile({ stores: [DEFAULT_STORE, BRANCH] });
const records = new Map<string, { id: number; amount: number; paymentamount: number }>();

/** Thai wall-clock time as epoch ms. */
const thai = (text: string) => Date.parse(`${text}:00+07:00`);

/*
 * O1 created 07-01 10:00, dated 07-01, 100, Alpha Supplies, W0001, paid 100 on 07-02 (at 07-04 12:00)
 * O2 created 07-02 10:00, dated 07-02, 250, Beta Trading, W0002, paid 50 on 07-03 (at 07-04 12:00)
 * O3 created 07-03 10:30, dated 07-05, 500, Gamma, reference alpha-ref, W0001
 * O4 created 07-03 10:31, dated 07-05, 40, number LST-SPECIAL, W0002
 */
const cases = (ids: () => Map<string, { id: number }>): ListCase[] => [
  { name: 'no filter', expected: ['O4', 'O3', 'O2', 'O1'] },
  {
    name: 'order date range',
    query: { returnpurchaseorderdateafter: '2026-07-02', returnpurchaseorderdatebefore: '2026-07-05' },
    expected: ['O4', 'O3', 'O2'],
  },
  {
    name: 'order date before (inclusive)',
    query: { returnpurchaseorderdatebefore: '2026-07-01' },
    expected: ['O1'],
  },
  { name: 'createdafter', query: { createdafter: '2026-07-03' }, expected: ['O4', 'O3'] },
  { name: 'createdbefore', query: { createdbefore: '2026-07-02' }, expected: ['O2', 'O1'] },
  {
    name: 'createdatetimeafter (minute)',
    query: { createdatetimeafter: '2026-07-03 10:31' },
    expected: ['O4'],
  },
  {
    name: 'createdatetimebefore (inclusive minute)',
    query: { createdatetimebefore: '2026-07-03 10:30' },
    expected: ['O3', 'O2', 'O1'],
  },
  { name: 'updatedafter', query: { updatedafter: '2026-07-04' }, expected: ['O2', 'O1'] },
  { name: 'updatedbefore', query: { updatedbefore: '2026-07-03' }, expected: ['O4', 'O3'] },
  {
    name: 'updatedatetime range',
    query: { updatedatetimeafter: '2026-07-03 10:30', updatedatetimebefore: '2026-07-03 10:30' },
    expected: ['O3'],
  },
  { name: 'amount range', query: { fromamount: 100, toamount: 250 }, expected: ['O2', 'O1'] },
  { name: 'frompaymentamount', query: { frompaymentamount: 50 }, expected: ['O2', 'O1'] },
  { name: 'topaymentamount 0', query: { topaymentamount: 0 }, expected: ['O4', 'O3'] },
  { name: 'payment amount range', query: { frompaymentamount: 60, topaymentamount: 100 }, expected: ['O1'] },
  { name: 'paymentafter', query: { paymentafter: '2026-07-03' }, expected: ['O2'] },
  { name: 'paymentbefore', query: { paymentbefore: '2026-07-02' }, expected: ['O1'] },
  {
    name: 'payment day range',
    query: { paymentafter: '2026-07-02', paymentbefore: '2026-07-03' },
    expected: ['O2', 'O1'],
  },
  { name: 'keyword on customer and reference', query: { keyword: 'ALPHA' }, expected: ['O3', 'O1'] },
  { name: 'keyword on number', query: { keyword: 'st-spec' }, expected: ['O4'] },
  { name: 'keyword on customer', query: { keyword: 'Beta' }, expected: ['O2'] },
  { name: 'createusername api', query: { createusername: 'api' }, expected: ['O4', 'O3', 'O2', 'O1'] },
  { name: 'createusername nobody', query: { createusername: 'nobody' }, expected: [] },
  { name: 'warehousecode', query: { warehousecode: 'W0002' }, expected: ['O4', 'O2'] },
  {
    name: 'warehouse and amount together',
    query: { warehousecode: 'W0001', fromamount: 200 },
    expected: ['O3'],
  },
  { name: 'numberlist header', headers: { numberlist: 'LST-1, LST-SPECIAL' }, expected: ['O4', 'O1'] },
  {
    name: 'returnpurchaseorderidlist header',
    get headers() {
      return { returnpurchaseorderidlist: `${ids().get('O1')?.id},${ids().get('O3')?.id}` };
    },
    expected: ['O3', 'O1'],
  },
];

const before = new Map<string, ListSnapshot>();

beforeAll(async () => {
  for (const listCase of cases(() => records)) {
    if (listCase.name !== 'returnpurchaseorderidlist header') {
      before.set(listCase.name, await snapshot(s, 'GetReturnPurchaseOrders', listCase));
    }
  }
  const add = async (key: string, at: string, body: Record<string, unknown>) => {
    s.setNow(thai(at));
    const id = createdId(await s.ok('AddReturnPurchaseOrder', { body }));
    records.set(key, { id, amount: body['amount'] as number, paymentamount: 0 });
    return id;
  };
  const o1 = await add('O1', '2026-07-01 10:00', {
    number: 'LST-1',
    amount: 100,
    customername: 'Alpha Supplies',
    returnpurchaseorderdate: '2026-07-01',
  });
  const o2 = await add('O2', '2026-07-02 10:00', {
    number: 'LST-2',
    amount: 250,
    customername: 'Beta Trading',
    returnpurchaseorderdate: '2026-07-02',
    warehousecode: 'W0002',
  });
  await add('O3', '2026-07-03 10:30', {
    number: 'LST-3',
    amount: 500,
    customername: 'Gamma',
    reference: 'alpha-ref',
    returnpurchaseorderdate: '2026-07-05',
  });
  await add('O4', '2026-07-03 10:31', {
    number: 'LST-SPECIAL',
    amount: 40,
    returnpurchaseorderdate: '2026-07-05',
    warehousecode: 'W0002',
  });
  s.setNow(thai('2026-07-04 12:00'));
  await s.ok('UpdateReturnPurchaseOrderPayment', {
    query: { id: o1, paymentamount: 100, paymentmethod: 'เงินสด', paymentdate: '2026-07-02 09:00' },
  });
  await s.ok('UpdateReturnPurchaseOrderPayment', {
    query: { id: o2, paymentamount: 50, paymentmethod: 'เงินสด', paymentdate: '2026-07-03 08:00' },
  });
  records.set('O1', { id: o1, amount: 100, paymentamount: 100 });
  records.set('O2', { id: o2, amount: 250, paymentamount: 50 });
});

describe('GetReturnPurchaseOrders filters, count and totals', () => {
  it.each(cases(() => records).map((listCase) => [listCase.name, listCase] as const))(
    '%s',
    async (_name, listCase) => {
      const after = await snapshot(s, 'GetReturnPurchaseOrders', listCase);
      const baseline = before.get(listCase.name) ?? {
        count: 0,
        ids: [],
        totals: { totalAmount: 0, totalPaymentAmount: 0 },
      };
      expectDifference(listCase, baseline, after, records);
    },
  );
});

describe('GetReturnPurchaseOrders paging and refusals', () => {
  it('pages newest first; count and totals stay those of all matching orders; past the end is empty', async () => {
    const all = await s.ok('GetReturnPurchaseOrders', { query: { limit: 500 } });
    const page1 = await s.ok('GetReturnPurchaseOrders', { query: { limit: 2, page: 1 } });
    const page2 = await s.ok('GetReturnPurchaseOrders', { query: { limit: 2, page: 2 } });
    expect((page1['list'] as { id: number }[]).map((item) => item.id)).toEqual([
      records.get('O4')?.id,
      records.get('O3')?.id,
    ]);
    expect((page2['list'] as { id: number }[]).map((item) => item.id)).toEqual(
      (all['list'] as { id: number }[]).slice(2, 4).map((item) => item.id),
    );
    for (const page of [page1, page2]) {
      expect(page).toMatchObject({
        count: all['count'],
        totalAmount: all['totalAmount'],
        totalPaymentAmount: all['totalPaymentAmount'],
      });
    }
    const past = await s.ok('GetReturnPurchaseOrders', { query: { limit: 2, page: 1000 } });
    expect(past).toMatchObject({ list: [], count: all['count'] });
  });

  it('gives list items the full record: lines, payments and tags', async () => {
    const body = await s.ok('GetReturnPurchaseOrders', { headers: { numberlist: 'LST-1' } });
    expect(body['list']).toEqual([
      expect.objectContaining({
        number: 'LST-1',
        paymentstatus: 'Paid',
        payments: [expect.objectContaining({ amount: 100 })],
        tag: [],
        list: [],
      }),
    ]);
  });

  it('refuses a short keyword, a bad id list and an unknown warehouse', async () => {
    await s.refusedField('GetReturnPurchaseOrders', { query: { keyword: 'ab' } }, 'keyword');
    await s.refusedField(
      'GetReturnPurchaseOrders',
      { headers: { returnpurchaseorderidlist: '1,x' } },
      'returnpurchaseorderidlist',
    );
    await s.refusedField('GetReturnPurchaseOrders', { query: { fromamount: 'lots' } }, 'fromamount');
    await s.refusedField(
      'GetReturnPurchaseOrders',
      { query: { createdatetimeafter: '2026-07-01' } },
      'createdatetimeafter',
    );
    expect(await s.refused('GetReturnPurchaseOrders', { query: { warehousecode: 'W404' } }, '100')).toBe(
      'Access Denied.',
    );
  });
});

describe('stores never mix', () => {
  it("keeps each store's orders, skus and movements to itself", async () => {
    s.setNow(thai('2026-07-05 09:00'));
    await s.addProduct('BR-ONLY', 10, 'W0001', BRANCH);
    const branchOrder = createdId(
      await s.ok('AddReturnPurchaseOrder', {
        as: BRANCH,
        body: {
          number: 'LST-1',
          amount: 10,
          status: 'Success',
          list: [{ sku: 'BR-ONLY', name: 'x', number: 1, pricepernumber: 10, totalprice: 10 }],
        },
      }),
    );
    // The demo store neither sees the branch's order by id nor by its (shared) number.
    await s.refused('GetReturnPurchaseOrderDetail', { query: { id: branchOrder } }, '100', 'Invalid ID.');
    expect(await s.ok('GetReturnPurchaseOrderDetail', { query: { number: 'LST-1' } })).toMatchObject({
      id: records.get('O1')?.id,
    });
    expect(
      (
        await s.ok('GetReturnPurchaseOrders', { headers: { returnpurchaseorderidlist: String(branchOrder) } })
      )['count'],
    ).toBe(0);
    await s.refused(
      'UpdateReturnPurchaseOrderStatus',
      { query: { id: branchOrder, statu: 3 } },
      '100',
      'Invalid ID.',
    );
    await s.refused(
      'GetMovementReturnPurchaseOrderDetail',
      { query: { id: branchOrder } },
      '100',
      'Invalid ID.',
    );
    const demoMoves = await s.ok('GetMovementReturnPurchaseOrders', {
      query: { dateafter: '2026-07-05', datebefore: '2026-07-05' },
    });
    expect((demoMoves['list'] as { id: number }[]).map((item) => item.id)).not.toContain(branchOrder);
    // The branch's sku is unknown to the demo store.
    await s.refusedField(
      'AddReturnPurchaseOrder',
      {
        body: {
          number: 'X',
          amount: 10,
          list: [{ sku: 'BR-ONLY', name: 'x', number: 1, pricepernumber: 10, totalprice: 10 }],
        },
      },
      'list[0].sku',
    );
    // And the branch sees its own order and none of the demo store's.
    const branchList = await s.ok('GetReturnPurchaseOrders', { as: BRANCH, query: { limit: 500 } });
    const branchIds = (branchList['list'] as { id: number }[]).map((item) => item.id);
    expect(branchIds).toContain(branchOrder);
    for (const record of records.values()) expect(branchIds).not.toContain(record.id);
    expect(
      await s.ok('GetMovementReturnPurchaseOrderDetail', { as: BRANCH, query: { id: branchOrder } }),
    ).toMatchObject({ actionDateString: ['2026-07-05'] });
  });
});
