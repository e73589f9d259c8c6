// Return purchase order states over real HTTP: every transition and each refused one, stock leaving the
// warehouse at Success (read back through GetProducts), '700' when short with nothing moved, voiding a
// Success order bringing the goods back, and the movement records.
import { beforeAll, describe, expect, it } from 'vitest';
import { createdId, documentsSandboxForFile, line } from './support/documents-sandbox.js';

const s = documentsSandboxForFile();

beforeAll(async () => {
  await s.addProduct('ST-A', 20, 'W0001');
  await s.ok('UpdateProductStockList', {
    query: { warehousecode: 'W0002' },
    body: { stocks: [{ sku: 'ST-A', stock: 30 }] },
  });
  await s.addProduct('ST-B', 5, 'W0001');
});

async function addOrder(
  number: string,
  lines = [line('ST-A', 4, 10, 40)],
  extra: Record<string, unknown> = {},
) {
  const amount = lines.reduce((sum, item) => sum + item.totalprice, 0);
  return createdId(await s.ok('AddReturnPurchaseOrder', { body: { number, amount, list: lines, ...extra } }));
}

async function statusOf(id: number): Promise<Record<string, unknown>> {
  return s.ok('GetReturnPurchaseOrderDetail', { query: { id } });
}

async function movementOf(id: number): Promise<Record<string, unknown>> {
  return s.ok('GetMovementReturnPurchaseOrderDetail', { query: { id } });
}

describe('UpdateReturnPurchaseOrderStatus', () => {
  it('walks Pending → Waiting → Shipping → Success, moving stock out of the query warehouse', async () => {
    s.setNow(Date.parse('2026-04-01T03:00:00Z'));
    const id = await addOrder('RPO-WALK');
    await s.ok('UpdateReturnPurchaseOrderStatus', { query: { id, statu: 3 } });
    expect(await statusOf(id)).toMatchObject({ status: 'Waiting' });
    expect(await movementOf(id)).toEqual({
      id,
      list: [],
      actionDate: [],
      actionDateString: [],
      returnpurchaseorderid: id,
    });
    await s.ok('UpdateReturnPurchaseOrderStatus', { query: { id, statu: 6 } });
    expect(await statusOf(id)).toMatchObject({ status: 'Shipping' });
    s.advance(60_000);
    // statu omitted means 1 (Success); the query's warehousecode overrides the order's W0001.
    await s.ok('UpdateReturnPurchaseOrderStatus', {
      query: { id, warehousecode: 'W0002', actionDate: '2026-03-30' },
    });
    expect(await statusOf(id)).toMatchObject({
      status: 'Success',
      warehousecode: 'W0002',
      updatedatetimeString: '2026-04-01 10:01',
    });
    expect(await s.stockOf('ST-A', 'W0002')).toEqual({ stock: 26, availablestock: 26 });
    expect(await s.stockOf('ST-A', 'W0001')).toEqual({ stock: 20, availablestock: 20 });
    expect(await movementOf(id)).toEqual({
      id,
      returnpurchaseorderid: id,
      actionDate: ['2026-03-30T00:00:00'],
      actionDateString: ['2026-03-30'],
      list: [
        {
          productid: expect.any(Number),
          sku: 'ST-A',
          name: 'Line ST-A',
          number: 4,
          unittext: 'ชิ้น',
          pricepernumber: 10,
          discount: '',
          totalprice: 40,
        },
      ],
    });
  });

  it('takes actionDate as today in Thai time when omitted', async () => {
    s.setNow(Date.parse('2026-04-01T18:00:00Z')); // 2026-04-02 01:00 Thai
    const id = await addOrder('RPO-TODAY', [line('ST-A', 1, 10, 10)]);
    await s.ok('UpdateReturnPurchaseOrderStatus', { query: { id, statu: 1 } });
    expect(await movementOf(id)).toMatchObject({ actionDateString: ['2026-04-02'] });
    expect(await s.stockOf('ST-A', 'W0001')).toEqual({ stock: 19, availablestock: 19 });
  });

  it('moves stock at creation with status Success, on the order date', async () => {
    const id = await addOrder('RPO-BORN-SUCCESS', [line('ST-A', 2, 10, 20)], {
      status: 'Success',
      returnpurchaseorderdate: '2026-03-31',
    });
    expect(await statusOf(id)).toMatchObject({ status: 'Success' });
    expect(await movementOf(id)).toMatchObject({ actionDateString: ['2026-03-31'] });
    expect(await s.stockOf('ST-A', 'W0001')).toEqual({ stock: 17, availablestock: 17 });
  });

  it('accepts a repeat of the current status and changes nothing (no second stock movement)', async () => {
    const id = await addOrder('RPO-REPEAT', [line('ST-A', 1, 10, 10)]);
    await s.ok('UpdateReturnPurchaseOrderStatus', { query: { id, statu: 3 } });
    const waiting = await s.ok('UpdateReturnPurchaseOrderStatus', { query: { id, statu: 3 } });
    expect(waiting['resDesc']).toContain('nothing changed');
    await s.ok('UpdateReturnPurchaseOrderStatus', { query: { id, statu: 1 } });
    const before = await s.stockOf('ST-A', 'W0001');
    s.advance(60_000);
    const again = await s.ok('UpdateReturnPurchaseOrderStatus', {
      query: { id, statu: 1, actionDate: '2026-01-01' },
    });
    expect(again['resDesc']).toContain('already Success');
    expect(await s.stockOf('ST-A', 'W0001')).toEqual(before);
    expect(await movementOf(id)).not.toMatchObject({ actionDateString: ['2026-01-01'] });
  });

  it('refuses Waiting or Shipping after Success, naming the state', async () => {
    const id = await addOrder('RPO-FINAL', [line('ST-A', 1, 10, 10)], { status: 'Success' });
    for (const statu of [3, 6]) {
      await s.refused(
        'UpdateReturnPurchaseOrderStatus',
        { query: { id, statu } },
        '100',
        'RPO-FINAL is Success',
      );
    }
    expect(await statusOf(id)).toMatchObject({ status: 'Success' });
  });

  it("answers '700' naming the sku when stock is short, and moves nothing", async () => {
    const id = await addOrder('RPO-SHORT', [line('ST-A', 1, 10, 10), line('ST-B', 6, 10, 60)]);
    const before = { a: await s.stockOf('ST-A', 'W0001'), b: await s.stockOf('ST-B', 'W0001') };
    await s.refused('UpdateReturnPurchaseOrderStatus', { query: { id, statu: 1 } }, '700', 'ST-B');
    expect(await s.stockOf('ST-A', 'W0001')).toEqual(before.a);
    expect(await s.stockOf('ST-B', 'W0001')).toEqual(before.b);
    expect(await statusOf(id)).toMatchObject({ status: 'Pending' });
    expect(await movementOf(id)).toMatchObject({ list: [], actionDate: [] });
  });

  it("answers '700' when two lines of one sku together exceed the stock", async () => {
    const id = await addOrder('RPO-SUM', [line('ST-B', 3, 10, 30), line('ST-B', 3, 10, 30)]);
    await s.refused('UpdateReturnPurchaseOrderStatus', { query: { id } }, '700', 'ST-B');
    expect(await s.stockOf('ST-B', 'W0001')).toEqual({ stock: 5, availablestock: 5 });
  });

  it("answers '700' when the quantity fits stock but not available stock (reserved units stay)", async () => {
    await s.ok('UpdateProductAvailableStockList', {
      query: { warehousecode: 'W0001' },
      body: { stocks: [{ sku: 'ST-B', stock: 2 }] },
    });
    const id = await addOrder('RPO-RESERVED', [line('ST-B', 3, 10, 30)]);
    await s.refused('UpdateReturnPurchaseOrderStatus', { query: { id } }, '700', 'ST-B', 'availablestock 2');
    expect(await s.stockOf('ST-B', 'W0001')).toEqual({ stock: 5, availablestock: 2 });
  });

  it("answers '700' at creation as Success when short, and creates nothing", async () => {
    const count = (await s.ok('GetReturnPurchaseOrders', { query: { limit: 1 } }))['count'];
    await s.refused(
      'AddReturnPurchaseOrder',
      {
        body: {
          number: 'RPO-BORN-SHORT',
          amount: 1000,
          status: 'Success',
          list: [line('ST-A', 100, 10, 1000)],
        },
      },
      '700',
      'ST-A',
    );
    expect((await s.ok('GetReturnPurchaseOrders', { query: { limit: 1 } }))['count']).toBe(count);
  });

  it('answers an unknown warehousecode with Access Denied. and leaves the order as it was', async () => {
    const id = await addOrder('RPO-NO-WH', [line('ST-A', 1, 10, 10)]);
    const text = await s.refused(
      'UpdateReturnPurchaseOrderStatus',
      { query: { id, warehousecode: 'W404' } },
      '100',
    );
    expect(text).toBe('Access Denied.');
    expect(await statusOf(id)).toMatchObject({ status: 'Pending', warehousecode: 'W0001' });
  });

  it('refuses a statu other than 1, 3 or 6 naming statu, and an unknown order with Invalid ID.', async () => {
    const id = await addOrder('RPO-STATU', [line('ST-A', 1, 10, 10)]);
    await s.refusedField('UpdateReturnPurchaseOrderStatus', { query: { id, statu: 2 } }, 'statu');
    await s.refused('UpdateReturnPurchaseOrderStatus', { query: { id: 999999 } }, '100', 'Invalid ID.');
  });

  it('finds the order by number (the newest of a shared number)', async () => {
    const older = await addOrder('RPO-BY-NUMBER', [line('ST-A', 1, 10, 10)]);
    const newer = await addOrder('RPO-BY-NUMBER', [line('ST-A', 1, 10, 10)]);
    await s.ok('UpdateReturnPurchaseOrderStatus', { query: { number: 'RPO-BY-NUMBER', statu: 3 } });
    expect(await statusOf(newer)).toMatchObject({ status: 'Waiting' });
    expect(await statusOf(older)).toMatchObject({ status: 'Pending' });
  });
});

describe('VoidReturnPurchaseOrder', () => {
  it('voids a Pending order without touching stock', async () => {
    const id = await addOrder('RPO-VOID-PENDING', [line('ST-A', 1, 10, 10)]);
    const before = await s.stockOf('ST-A', 'W0001');
    await s.ok('VoidReturnPurchaseOrder', { query: { id } });
    expect(await statusOf(id)).toMatchObject({ status: 'Voided' });
    expect(await s.stockOf('ST-A', 'W0001')).toEqual(before);
  });

  it('voids Waiting and Shipping orders', async () => {
    for (const statu of [3, 6]) {
      const id = await addOrder(`RPO-VOID-${statu}`, [line('ST-A', 1, 10, 10)]);
      await s.ok('UpdateReturnPurchaseOrderStatus', { query: { id, statu } });
      await s.ok('VoidReturnPurchaseOrder', { query: { id } });
      expect(await statusOf(id)).toMatchObject({ status: 'Voided' });
    }
  });

  it('voids a Success order: the goods come back to the warehouse they left and the movement goes', async () => {
    const id = await addOrder('RPO-VOID-SUCCESS', [line('ST-A', 5, 10, 50)]);
    const before = await s.stockOf('ST-A', 'W0002');
    await s.ok('UpdateReturnPurchaseOrderStatus', { query: { id, warehousecode: 'W0002' } });
    expect(await s.stockOf('ST-A', 'W0002')).toEqual({
      stock: before.stock - 5,
      availablestock: before.availablestock - 5,
    });
    await s.ok('VoidReturnPurchaseOrder', { query: { number: 'RPO-VOID-SUCCESS' } });
    expect(await s.stockOf('ST-A', 'W0002')).toEqual(before);
    expect(await statusOf(id)).toMatchObject({ status: 'Voided', warehousecode: 'W0002' });
    expect(await movementOf(id)).toMatchObject({ list: [], actionDate: [] });
  });

  it('refuses every status change of a Voided order, naming the state; a second void changes nothing', async () => {
    const id = await addOrder('RPO-VOIDED', [line('ST-A', 1, 10, 10)]);
    await s.ok('VoidReturnPurchaseOrder', { query: { id } });
    for (const statu of [1, 3, 6]) {
      await s.refused(
        'UpdateReturnPurchaseOrderStatus',
        { query: { id, statu } },
        '100',
        'RPO-VOIDED is Voided',
      );
    }
    const again = await s.ok('VoidReturnPurchaseOrder', { query: { id } });
    expect(again['resDesc']).toContain('already Voided');
    expect(await statusOf(id)).toMatchObject({ status: 'Voided' });
  });
});
