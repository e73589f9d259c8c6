// GetProducts filters and paging, per-warehouse figures, GetVariations and GetCategorys over HTTP.
import { beforeAll, describe, expect, it } from 'vitest';
import { assignVariation, insertVariation } from '../../../src-main/sandbox/resources/products/index.js';
import {
  DAY,
  START,
  addProduct,
  callVerdict,
  listProducts,
  productSandboxForFile,
  sendStockList,
} from './products-harness.js';

const sandbox = productSandboxForFile();
/** Ids in creation order: [0] oldest. */
const ids: number[] = [];
const skus = ['LIST-A01', 'LIST-B02', 'LIST-C03', 'LIST-D04', 'LIST-E05', 'LIST_100%'];

// Thai days: START is 2026-03-10 10:00 (+07:00). Product i is created at START - (5 - i) days, except
// product 2, created at 00:30 Thai on 2026-03-08, which is still 2026-03-07 in UTC: day filters must
// cut days in Thai time.
function createdAt(index: number): number {
  if (index === 2) return Date.parse('2026-03-07T17:30:00Z');
  return START - (5 - index) * DAY;
}

beforeAll(async () => {
  const bodies: Record<string, unknown>[] = [
    { name: 'ข้าวหอมมะลิ 5 กก.', category: 'ข้าว', barcode: '8851111000011' },
    { name: 'น้ำตาลทราย 1 กก.', category: 'ของแห้ง' },
    { name: 'ผงซักฟอก 900 ก.', category: 'ของใช้', barcode: '8852222000022' },
    { name: 'สบู่ก้อน 4 ก้อน', category: 'ของใช้' },
    { name: 'ข้าวเหนียว 1 กก.', category: 'ข้าว' },
    { name: 'ลดราคา 100% จริง' },
  ];
  for (const [index, body] of bodies.entries()) {
    sandbox.clock.set(createdAt(index));
    ids.push(await addProduct(sandbox, { sku: skus[index], ...body }));
  }
  sandbox.clock.set(START);
});

const idsOf = (list: readonly { id: number }[]) => list.map((product) => product.id);
const newestFirst = () => [...ids].reverse();

describe('GetProducts paging', () => {
  it('lists newest first with count = all matching', async () => {
    const page = await listProducts(sandbox);
    expect(page.res).toEqual({ resCode: '200', resDesc: 'Success' });
    expect(page.count).toBe(6);
    expect(idsOf(page.list)).toEqual(newestFirst());
  });

  it('pages with limit and page; a page past the end is empty with the same count', async () => {
    const first = await listProducts(sandbox, { limit: 4, page: 1 });
    const second = await listProducts(sandbox, { limit: 4, page: 2 });
    const past = await listProducts(sandbox, { limit: 4, page: 3 });
    expect(idsOf([...first.list, ...second.list])).toEqual(newestFirst());
    expect([first.count, second.count, past.count]).toEqual([6, 6, 6]);
    expect(past.list).toEqual([]);
  });

  it('refuses limit or page below 1, naming the parameter', async () => {
    expect((await callVerdict(sandbox, 'GetProducts', { query: { limit: 0 } })).description).toContain(
      'limit',
    );
    expect((await callVerdict(sandbox, 'GetProducts', { query: { page: 0 } })).description).toContain('page');
  });
});

describe('GetProducts filters', () => {
  it('keyword matches name, sku or barcode (at least 3 characters)', async () => {
    expect(idsOf((await listProducts(sandbox, { keyword: 'ข้าว' })).list)).toEqual([ids[4], ids[0]]);
    expect(idsOf((await listProducts(sandbox, { keyword: 'b02' })).list)).toEqual([ids[1]]);
    expect(idsOf((await listProducts(sandbox, { keyword: '2222000' })).list)).toEqual([ids[2]]);
    expect((await listProducts(sandbox, { keyword: '100%' })).count).toBe(1);
    const short = await callVerdict(sandbox, 'GetProducts', { query: { keyword: 'ab' } });
    expect(short).toEqual({ code: '100', description: 'keyword must be at least 3 characters' });
  });

  it('searchsku matches part of the sku, LIKE characters taken literally', async () => {
    expect(idsOf((await listProducts(sandbox, { searchsku: 'C0' })).list)).toEqual([ids[2]]);
    expect(idsOf((await listProducts(sandbox, { searchsku: '_1' })).list)).toEqual([ids[5]]);
    expect((await listProducts(sandbox, { searchsku: 'LIST-' })).count).toBe(5);
  });

  it('categoryid narrows to one category', async () => {
    const rice = (await listProducts(sandbox, { keyword: 'ข้าวหอม' })).list[0]?.categoryid;
    expect(idsOf((await listProducts(sandbox, { categoryid: rice })).list)).toEqual([ids[4], ids[0]]);
    expect((await listProducts(sandbox, { categoryid: 999999 })).count).toBe(0);
  });

  it('variationid narrows to the products of a variation', async () => {
    const db = sandbox.handle.db;
    const storeId = sandbox.handle.stores[0]?.id ?? 0;
    const variation = insertVariation(db, storeId, {
      sku: 'RICE',
      name: 'ข้าว',
      variants: [
        { variantname: '1 กก.', name: 'ขนาด' },
        { variantname: '5 กก.', name: 'ขนาด' },
      ],
    });
    const [small, large] = variation.variantIds;
    assignVariation(db, storeId, ids[0] ?? 0, variation.id, [
      { variantid: large ?? 0, variantname: '5 กก.', name: 'ขนาด' },
    ]);
    assignVariation(db, storeId, ids[4] ?? 0, variation.id, [
      { variantid: small ?? 0, variantname: '1 กก.', name: 'ขนาด' },
    ]);
    const page = await listProducts(sandbox, { variationid: variation.id });
    expect(idsOf(page.list)).toEqual([ids[4], ids[0]]);
    expect(page.list[1]).toMatchObject({
      variationid: variation.id,
      variant: [{ variantid: large, variantname: '5 กก.', name: 'ขนาด' }],
    });
  });

  it('activestatus=1 lists active products only; absent or 0 lists all; other values are refused', async () => {
    await callVerdict(sandbox, 'DisableProduct', { query: { id: ids[3] } });
    try {
      expect((await listProducts(sandbox, { activestatus: 1 })).count).toBe(5);
      expect(idsOf((await listProducts(sandbox, { activestatus: 1 })).list)).not.toContain(ids[3]);
      expect((await listProducts(sandbox, { activestatus: 0 })).count).toBe(6);
      expect((await listProducts(sandbox)).count).toBe(6);
      expect(
        (await callVerdict(sandbox, 'GetProducts', { query: { activestatus: 2 } })).description,
      ).toContain('activestatus');
    } finally {
      await callVerdict(sandbox, 'ActiveProduct', { query: { id: ids[3] } });
    }
  });

  it('createdafter/createdbefore include whole Thai days', async () => {
    const day = await listProducts(sandbox, { createdafter: '2026-03-08', createdbefore: '2026-03-08' });
    expect(idsOf(day.list)).toEqual([ids[3], ids[2]]);
    const after = await listProducts(sandbox, { createdafter: '2026-03-08' });
    expect(idsOf(after.list)).toEqual([ids[5], ids[4], ids[3], ids[2]]);
    expect(idsOf((await listProducts(sandbox, { createdbefore: '2026-03-07' })).list)).toEqual([
      ids[1],
      ids[0],
    ]);
    const bad = await callVerdict(sandbox, 'GetProducts', { query: { createdafter: '2026-02-30' } });
    expect(bad.code).toBe('100');
    expect(bad.description).toContain('createdafter');
  });

  it('updatedafter sees a stock change (updated_at moves with stock)', async () => {
    sandbox.clock.set(START + 2 * DAY);
    try {
      const before = await listProducts(sandbox, { updatedafter: '2026-03-12' });
      expect(before.count).toBe(0);
      await sendStockList(sandbox, 'IncreaseProductStockList', 'W0001', [{ productid: ids[0], stock: 1 }]);
      const after = await listProducts(sandbox, { updatedafter: '2026-03-12', updatedbefore: '2026-03-12' });
      expect(idsOf(after.list)).toEqual([ids[0]]);
      expect((await listProducts(sandbox, { updatedbefore: '2026-03-11' })).count).toBe(5);
    } finally {
      sandbox.clock.set(START);
    }
  });

  it('skulist and productidlist headers narrow to the listed products', async () => {
    const bySku = await listProducts(sandbox, {}, { skulist: `${skus[0]}, ${skus[2]},NOPE` });
    expect(idsOf(bySku.list)).toEqual([ids[2], ids[0]]);
    const byId = await listProducts(sandbox, {}, { productidlist: `${ids[1]},${ids[3]}` });
    expect(idsOf(byId.list)).toEqual([ids[3], ids[1]]);
    const bad = await callVerdict(sandbox, 'GetProducts', { headers: { productidlist: '1,x' } });
    expect(bad.description).toContain('productidlist');
  });

  it('combines filters (AND)', async () => {
    const page = await listProducts(sandbox, { keyword: 'ข้าว', createdafter: '2026-03-08' });
    expect(idsOf(page.list)).toEqual([ids[4]]);
    expect(page.count).toBe(1);
  });
});

describe('GetProducts stock figures', () => {
  it('sums warehouses without warehousecode; gives one warehouse with it', async () => {
    const id = await addProduct(sandbox, { sku: 'FIG-1' });
    await sendStockList(sandbox, 'UpdateProductStockList', 'W0001', [{ sku: 'FIG-1', stock: 7 }]);
    await sendStockList(sandbox, 'UpdateProductStockList', 'W0002', [{ sku: 'FIG-1', stock: 2.5 }]);
    await sendStockList(sandbox, 'UpdateProductAvailableStockList', 'W0002', [{ sku: 'FIG-1', stock: 1 }]);
    const headers = { skulist: 'FIG-1' };
    const sum = (await listProducts(sandbox, {}, headers)).list[0];
    const first = (await listProducts(sandbox, { warehousecode: 'W0001' }, headers)).list[0];
    const second = (await listProducts(sandbox, { warehousecode: 'W0002' }, headers)).list[0];
    expect([sum?.stock, sum?.availablestock]).toEqual(['9.5', '8']);
    expect([first?.stock, first?.availablestock]).toEqual(['7', '7']);
    expect([second?.stock, second?.availablestock]).toEqual(['2.5', '1']);
    expect(sum?.id).toBe(id);
  });

  it('answers Access Denied. for an unknown warehouse code', async () => {
    const answer = await sandbox.call('GetProducts', { query: { warehousecode: 'W9999' } });
    expect(answer.body).toEqual({ res: { resCode: '100', resDesc: 'Access Denied.' } });
  });
});

describe('GetCategorys and GetVariations', () => {
  it('lists categories newest first with paging', async () => {
    const all = await sandbox.call('GetCategorys');
    const body = all.body as { list: { id: number; name: string }[]; count: number };
    expect(body.count).toBe(3);
    expect(body.list.map((category) => category.name)).toEqual(['ของใช้', 'ของแห้ง', 'ข้าว']);
    const past = await sandbox.call('GetCategorys', { query: { page: 2, limit: 3 } });
    expect(past.body).toMatchObject({ count: 3, list: [] });
  });

  it('lists variations with their variants', async () => {
    const answer = await sandbox.call('GetVariations', { query: { limit: 10 } });
    const body = answer.body as {
      list: { id: number; sku: string; name: string; variants: unknown[] }[];
      count: number;
    };
    expect(body.count).toBe(1);
    expect(body.list[0]).toMatchObject({
      sku: 'RICE',
      name: 'ข้าว',
      variants: [{ variantname: '1 กก.' }, { variantname: '5 กก.' }],
    });
  });
});
