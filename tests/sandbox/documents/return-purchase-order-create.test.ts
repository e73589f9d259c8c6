// AddReturnPurchaseOrder and GetReturnPurchaseOrderDetail over real HTTP: computed money for every
// vattype, validation naming the field (nothing created), the id-or-number rule, Thai dates.
import { beforeAll, describe, expect, it } from 'vitest';
import { MONEY_SKUS, moneyCases, moneyRefusals } from './support/money-cases.js';
import { createdId, documentsSandboxForFile, line } from './support/documents-sandbox.js';

const s = documentsSandboxForFile();

beforeAll(async () => {
  for (const sku of MONEY_SKUS) await s.addProduct(sku, 1000);
  await s.addProduct('RC-1', 50);
});

async function orderCount(): Promise<number> {
  return (await s.ok('GetReturnPurchaseOrders', { query: { limit: 1 } }))['count'] as number;
}

async function detail(query: Record<string, string | number>): Promise<Record<string, unknown>> {
  return s.ok('GetReturnPurchaseOrderDetail', { query });
}

describe('AddReturnPurchaseOrder', () => {
  it('creates a Pending order with the copied fields, Thai dates and the API user', async () => {
    s.setNow(Date.parse('2026-03-10T17:30:00Z')); // 2026-03-11 00:30 Thai time
    const id = createdId(
      await s.ok('AddReturnPurchaseOrder', {
        body: {
          number: 'RPO-CREATE-1',
          amount: 300,
          customercode: 'SUP-01',
          customername: 'บริษัท ซัพพลาย จำกัด',
          customeridnumber: '0105551234567',
          customerphone: '021234567',
          customeremail: 'supply@example.com',
          customeraddress: 'กรุงเทพฯ',
          customerbranchname: 'สำนักงานใหญ่',
          customerbranchno: '00000',
          reference: 'PO-778',
          description: 'ชำรุด',
          referenceid: 77,
          referencenumber: 'PO-0077',
          warehousecode: 'W0002',
          list: [line('RC-1', 3, 100, 300)],
        },
      }),
    );
    const order = await detail({ id });
    expect(order).toMatchObject({
      id,
      number: 'RPO-CREATE-1',
      status: 'Pending',
      paymentstatus: 'Pending',
      paymentamount: 0,
      customerid: 0,
      customercode: 'SUP-01',
      customername: 'บริษัท ซัพพลาย จำกัด',
      customerbranchno: '00000',
      reference: 'PO-778',
      description: 'ชำรุด',
      referenceid: 77,
      referencenumber: 'PO-0077',
      warehousecode: 'W0002',
      returnpurchaseorderdate: '2026-03-11T00:00:00',
      returnpurchaseorderdateString: '2026-03-11',
      createdatetime: '2026-03-11T00:30:00',
      createdatetimeString: '2026-03-11 00:30',
      updatedatetimeString: '2026-03-11 00:30',
      createuserid: 1,
      createusername: 'api',
      createdby: 'API',
      currency: 'THB',
      payments: [],
      tag: [],
    });
    expect(order['list']).toEqual([
      expect.objectContaining({ sku: 'RC-1', name: 'Line RC-1', number: 3, unittext: 'ชิ้น', totalprice: 300 }),
    ]);
    expect((order['list'] as { productid: number }[])[0]?.productid).toBeGreaterThan(0);
    // Pending moves no stock.
    expect(await s.stockOf('RC-1', 'W0002')).toEqual({ stock: 0, availablestock: 0 });
    expect(await s.stockOf('RC-1', 'W0001')).toEqual({ stock: 50, availablestock: 50 });
  });

  it('takes returnpurchaseorderdate as a Thai day and defaults the warehouse to W0001', async () => {
    const id = createdId(
      await s.ok('AddReturnPurchaseOrder', {
        body: { number: 'RPO-CREATE-2', amount: 0, returnpurchaseorderdate: '2026-02-28' },
      }),
    );
    expect(await detail({ id })).toMatchObject({
      returnpurchaseorderdate: '2026-02-28T00:00:00',
      returnpurchaseorderdateString: '2026-02-28',
      warehousecode: 'W0001',
      list: [],
    });
  });

  it.each(moneyCases)('money: $name', async ({ body, document, lines }) => {
    const id = createdId(await s.ok('AddReturnPurchaseOrder', { body: { number: 'RPO-MONEY', ...body } }));
    const order = await detail({ id });
    expect(order).toMatchObject(document);
    const stored = order['list'] as Record<string, unknown>[];
    expect(stored).toHaveLength(lines.length);
    lines.forEach((expected, index) => expect(stored[index]).toMatchObject(expected));
  });

  it.each(moneyRefusals)('refuses %s, naming the field, and creates nothing', async (_label, body, field) => {
    const before = await orderCount();
    await s.refusedField('AddReturnPurchaseOrder', { body: { number: 'RPO-BAD', ...body } }, field);
    expect(await orderCount()).toBe(before);
  });

  it.each([
    ['a blank number', { number: '  ', amount: 1 }, 'number'],
    ['number missing', { amount: 1 }, 'number'],
    ['status Waiting (only Pending or Success)', { number: 'X', amount: 1, status: 'Waiting' }, 'status'],
    [
      'a malformed returnpurchaseorderdate',
      { number: 'X', amount: 1, returnpurchaseorderdate: '2026-2-3' },
      'returnpurchaseorderdate',
    ],
    ['paymentamount without paymentmethod', { number: 'X', amount: 100, paymentamount: 50 }, 'paymentmethod'],
    [
      'an unknown paymentmethod',
      { number: 'X', amount: 100, paymentamount: 50, paymentmethod: 'Bitcoin' },
      'paymentmethod',
    ],
    [
      'a negative paymentamount',
      { number: 'X', amount: 100, paymentamount: -5, paymentmethod: 'เงินสด' },
      'paymentamount',
    ],
  ])('refuses %s, naming the field, and creates nothing', async (_label, body, field) => {
    const before = await orderCount();
    await s.refusedField('AddReturnPurchaseOrder', { body }, field);
    expect(await orderCount()).toBe(before);
  });

  it('answers an unknown warehousecode with 100 Access Denied. and creates nothing', async () => {
    const before = await orderCount();
    const text = await s.refused(
      'AddReturnPurchaseOrder',
      { body: { number: 'X', amount: 0, warehousecode: 'W9999' } },
      '100',
    );
    expect(text).toBe('Access Denied.');
    expect(await orderCount()).toBe(before);
  });

  it('records a payment given at creation (paymentamount with paymentmethod)', async () => {
    s.setNow(Date.parse('2026-03-12T05:15:00Z'));
    const id = createdId(
      await s.ok('AddReturnPurchaseOrder', {
        body: {
          number: 'RPO-PAID',
          amount: 300,
          paymentamount: 120.5,
          paymentmethod: 'เงินสด',
          list: [line('RC-1', 3, 100, 300)],
        },
      }),
    );
    const order = await detail({ id });
    expect(order).toMatchObject({ paymentstatus: 'Partial Payment', paymentamount: 120.5 });
    expect(order['payments']).toEqual([
      {
        id: expect.any(Number),
        name: 'เงินสด',
        amount: 120.5,
        paymentdatetime: '2026-03-12T12:15:00',
        paymentdatetimeString: '2026-03-12 12:15',
      },
    ]);
  });
});

describe('GetReturnPurchaseOrderDetail and the id-or-number rule', () => {
  it('finds by id, and by number the newest of orders sharing it', async () => {
    const first = createdId(
      await s.ok('AddReturnPurchaseOrder', { body: { number: 'RPO-SHARED', amount: 1 } }),
    );
    const second = createdId(
      await s.ok('AddReturnPurchaseOrder', { body: { number: 'RPO-SHARED', amount: 2 } }),
    );
    expect(second).toBeGreaterThan(first);
    expect(await detail({ id: first })).toMatchObject({ id: first, amount: 1 });
    expect(await detail({ number: 'RPO-SHARED' })).toMatchObject({ id: second, amount: 2 });
    // id wins over number when both are given; id 0 means "use the number".
    expect(await detail({ id: first, number: 'RPO-SHARED' })).toMatchObject({ id: first });
    expect(await detail({ id: 0, number: 'RPO-SHARED' })).toMatchObject({ id: second });
  });

  it.each([
    ['an unknown id', { id: 987654 }, 'Invalid ID.'],
    ['an unknown number', { number: 'NO-SUCH' }, 'Invalid ID.'],
    ['neither id nor number', {}, 'Invalid ID.'],
  ])('answers %s with 100 Invalid ID. inside res', async (_label, query, text) => {
    const body = await s.call('GetReturnPurchaseOrderDetail', { query });
    expect(body['res']).toMatchObject({ resCode: '100', resDesc: expect.stringContaining(text) });
  });
});
