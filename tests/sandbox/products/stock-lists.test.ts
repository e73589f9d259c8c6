// The four stock-list operations over HTTP: per-line lists, mixed batches, per-warehouse figures,
// unknown warehouses and refused requests (the movement log: stock-movements.test.ts).
import { describe, expect, it } from 'vitest';
import {
  figures,
  productSandboxForFile,
  productWithStock,
  sendStockList,
  verdictOf,
} from './products-harness.js';

const sandbox = productSandboxForFile();

describe('UpdateProductStockList', () => {
  it('sets stock absolutely and moves available by the same delta (reservations kept)', async () => {
    const { id, sku } = await productWithStock(sandbox, 10, 7);
    const result = await sendStockList(sandbox, 'UpdateProductStockList', 'W0001', [{ sku, stock: 25 }]);
    expect(result).toEqual({
      success: 1,
      fail: 0,
      notupdate: 0,
      successlist: [{ productid: id, sku, stock: 25 }],
      faillist: [],
      notupdatelist: [],
    });
    expect(await figures(sandbox, id, 'W0001')).toEqual({ stock: 25, available: 22 });
    expect(await figures(sandbox, id, 'W0002')).toEqual({ stock: 0, available: 0 });
  });

  it('lists an unchanged value under notupdatelist, a negative one and an unknown product under faillist', async () => {
    const { id, sku } = await productWithStock(sandbox, 4);
    const result = await sendStockList(sandbox, 'UpdateProductStockList', 'W0001', [
      { productid: id, stock: 4 },
      { productid: id, stock: -1 },
      { sku: 'NO-SUCH-SKU', stock: 3 },
      { productid: 99999999, stock: 3 },
    ]);
    expect(result).toEqual({
      success: 0,
      fail: 3,
      notupdate: 1,
      successlist: [],
      faillist: [
        { productid: id, sku, stock: -1 },
        { productid: 0, sku: 'NO-SUCH-SKU', stock: 3 },
        { productid: 99999999, sku: '', stock: 3 },
      ],
      notupdatelist: [{ productid: id, sku, stock: 4 }],
    });
    expect(await figures(sandbox, id)).toEqual({ stock: 4, available: 4 });
  });

  it('lets available go below zero when stock is set under the reserved quantity', async () => {
    const { id } = await productWithStock(sandbox, 10, 4);
    await sendStockList(sandbox, 'UpdateProductStockList', 'W0001', [{ productid: id, stock: 2 }]);
    expect(await figures(sandbox, id)).toEqual({ stock: 2, available: -4 });
  });
});

describe('IncreaseProductStockList / DecreaseProductStockList', () => {
  it('apply deltas to both figures; the success line shows the resulting stock', async () => {
    const { id, sku } = await productWithStock(sandbox, 10, 8);
    const up = await sendStockList(sandbox, 'IncreaseProductStockList', 'W0001', [
      { productid: id, stock: 2.5 },
    ]);
    expect(up.successlist).toEqual([{ productid: id, sku, stock: 12.5 }]);
    const down = await sendStockList(sandbox, 'DecreaseProductStockList', 'W0001', [{ sku, stock: 0.5 }]);
    expect(down.successlist).toEqual([{ productid: id, sku, stock: 12 }]);
    expect(await figures(sandbox, id)).toEqual({ stock: 12, available: 10 });
  });

  it('refuse a decrease below zero (faillist) and leave the figures alone; to exactly zero is fine', async () => {
    const { id, sku } = await productWithStock(sandbox, 3);
    const refused = await sendStockList(sandbox, 'DecreaseProductStockList', 'W0001', [
      { productid: id, stock: 4 },
    ]);
    expect(refused).toMatchObject({ success: 0, fail: 1, faillist: [{ productid: id, sku, stock: 4 }] });
    expect(await figures(sandbox, id)).toEqual({ stock: 3, available: 3 });
    const emptied = await sendStockList(sandbox, 'DecreaseProductStockList', 'W0001', [
      { productid: id, stock: 3 },
    ]);
    expect(emptied.successlist).toEqual([{ productid: id, sku, stock: 0 }]);
  });

  it('list a zero delta under notupdatelist and a negative one under faillist', async () => {
    const { id } = await productWithStock(sandbox, 3);
    for (const name of ['IncreaseProductStockList', 'DecreaseProductStockList'] as const) {
      const result = await sendStockList(sandbox, name, 'W0001', [
        { productid: id, stock: 0 },
        { productid: id, stock: -2 },
      ]);
      expect(result).toMatchObject({ success: 0, fail: 1, notupdate: 1 });
    }
    expect(await figures(sandbox, id)).toEqual({ stock: 3, available: 3 });
  });

  it('keep decimals exact to 6 places (0.1 + 0.2 is 0.3)', async () => {
    const { id } = await productWithStock(sandbox, 0);
    await sendStockList(sandbox, 'IncreaseProductStockList', 'W0001', [
      { productid: id, stock: 0.1 },
      { productid: id, stock: 0.2 },
    ]);
    expect(await figures(sandbox, id)).toEqual({ stock: 0.3, available: 0.3 });
  });
});

describe('UpdateProductAvailableStockList', () => {
  it('sets available stock only; equal → notupdatelist; negative → faillist', async () => {
    const { id, sku } = await productWithStock(sandbox, 10);
    const result = await sendStockList(sandbox, 'UpdateProductAvailableStockList', 'W0001', [
      { productid: id, stock: 6 },
      { productid: id, stock: 6 },
      { productid: id, stock: -1 },
    ]);
    expect(result).toEqual({
      success: 1,
      fail: 1,
      notupdate: 1,
      successlist: [{ productid: id, sku, stock: 6 }],
      faillist: [{ productid: id, sku, stock: -1 }],
      notupdatelist: [{ productid: id, sku, stock: 6 }],
    });
    expect(await figures(sandbox, id)).toEqual({ stock: 10, available: 6 });
  });
});

describe('every stock list', () => {
  it('applies a mixed batch line by line, in order, several lines for one product included', async () => {
    const a = await productWithStock(sandbox, 5);
    const b = await productWithStock(sandbox, 1);
    const result = await sendStockList(sandbox, 'IncreaseProductStockList', 'W0002', [
      { productid: a.id, stock: 2 },
      { sku: 'UNKNOWN', stock: 1 },
      { sku: b.sku, stock: 0 },
      { productid: a.id, stock: 3 },
      { productid: 0, sku: b.sku, stock: 4 },
    ]);
    expect(result).toEqual({
      success: 3,
      fail: 1,
      notupdate: 1,
      successlist: [
        { productid: a.id, sku: a.sku, stock: 2 },
        { productid: a.id, sku: a.sku, stock: 5 },
        { productid: b.id, sku: b.sku, stock: 4 },
      ],
      faillist: [{ productid: 0, sku: 'UNKNOWN', stock: 1 }],
      notupdatelist: [{ productid: b.id, sku: b.sku, stock: 0 }],
    });
    expect(await figures(sandbox, a.id, 'W0002')).toEqual({ stock: 5, available: 5 });
    expect(await figures(sandbox, a.id)).toEqual({ stock: 10, available: 10 });
  });

  it('takes productid over sku when both are given', async () => {
    const a = await productWithStock(sandbox, 0);
    const b = await productWithStock(sandbox, 0);
    const result = await sendStockList(sandbox, 'UpdateProductStockList', 'W0001', [
      { productid: a.id, sku: b.sku, stock: 9 },
    ]);
    expect(result.successlist).toEqual([{ productid: a.id, sku: a.sku, stock: 9 }]);
    expect((await figures(sandbox, b.id)).stock).toBe(0);
  });

  it.each([
    'UpdateProductStockList',
    'IncreaseProductStockList',
    'DecreaseProductStockList',
    'UpdateProductAvailableStockList',
  ] as const)('%s: an unknown warehouse answers Access Denied. and changes nothing', async (name) => {
    const { id } = await productWithStock(sandbox, 2);
    const answer = await sandbox.call(name, {
      query: { warehousecode: 'W404' },
      body: { stocks: [{ productid: id, stock: 1 }] },
    });
    expect(answer.body).toEqual({ resCode: '100', resDesc: 'Access Denied.' });
    expect(await figures(sandbox, id)).toEqual({ stock: 2, available: 2 });
  });

  // Each refused body holds a good line first: it must not be applied either.
  const good = (id: number) => ({ productid: id, stock: 50 });
  it.each([
    [
      'a line without productid or sku',
      (id: number) => ({ stocks: [good(id), { productid: 0, stock: 1 }] }),
      'stocks[1].sku',
    ],
    ['a line without stock', (id: number) => ({ stocks: [good(id), { sku: 'X' }] }), 'stocks[1].stock'],
    ['stock as text', (id: number) => ({ stocks: [good(id), { sku: 'X', stock: '3' }] }), 'stocks[1].stock'],
    ['no lines', () => ({ stocks: [] }), 'stocks'],
    ['no body', () => undefined, 'body is required'],
  ] as const)('refuses %s naming the field, and changes nothing', async (_label, makeBody, field) => {
    const { id } = await productWithStock(sandbox, 2);
    const body = makeBody(id);
    const answer = await sandbox.call('UpdateProductStockList', {
      query: { warehousecode: 'W0001' },
      ...(body === undefined ? {} : { body }),
    });
    const result = verdictOf(answer.body);
    expect(result.code).toBe('100');
    expect(result.description).toContain(field);
    expect(await figures(sandbox, id)).toEqual({ stock: 2, available: 2 });
  });

  it('refuses a missing warehousecode naming it', async () => {
    const answer = await sandbox.call('UpdateProductStockList', {
      body: { stocks: [{ sku: 'X', stock: 1 }] },
    });
    expect(verdictOf(answer.body).description).toContain('warehousecode');
  });
});
