// GetBundleDetail, GetBundles and bundle stock (the minimum over items of whole bundles), over HTTP.
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleFigures, setBundleActive } from '../../../src-main/sandbox/resources/bundles/index.js';
import { START, addProduct, callVerdict, freshSku } from '../products/products-harness.js';
import { addBundle, bundleDetail, bundleSandboxForFile, listBundles } from './bundles-harness.js';

const bundles = bundleSandboxForFile();
const { sandbox, p1, p2 } = bundles;

describe('AddBundle and GetBundleDetail', () => {
  it('creates a bundle of items by id and by sku, with the items in the detail', async () => {
    const sku = freshSku('GIFT');
    const id = await addBundle(sandbox, {
      name: 'ชุดแก้วและจาน',
      sku,
      sellprice: '250.00',
      sell_vat_status: 4,
      list: [
        { id: p1.id, quantity: 2 },
        { sku: p2.sku, quantity: 3 },
      ],
    });
    expect(await bundleDetail(sandbox, id)).toEqual({
      id,
      name: 'ชุดแก้วและจาน',
      sku,
      sellprice: '250.00',
      sell_vat_status: 4,
      // p1: 13 in stock (7 available), p2: 16 → min(13/2, 16/3) = 5, available min(7/2, 16/3) = 3.
      stock: '5',
      availablestock: '3',
      imagepath: '',
      active: true,
      list: [
        { id: p1.id, name: 'แก้วน้ำ', sku: p1.sku, sell_vat_status: 2, quantity: 2 },
        { id: p2.id, name: 'จานรอง', sku: p2.sku, sell_vat_status: 0, quantity: 3 },
      ],
      imageList: [],
    });
  });

  it("gives one warehouse's figures with warehousecode", async () => {
    const id = await addBundle(sandbox, {
      list: [
        { id: p1.id, quantity: 2 },
        { id: p2.id, quantity: 3 },
      ],
    });
    // W0001: p1 10 (4 available) → 5 (2), p2 7 → 2 → stock 2, available 2.
    expect(await bundleDetail(sandbox, id, 'W0001')).toMatchObject({ stock: '2', availablestock: '2' });
    // W0002: p1 3 → 1, p2 9 → 3 → 1.
    expect(await bundleDetail(sandbox, id, 'W0002')).toMatchObject({ stock: '1', availablestock: '1' });
    const denied = await sandbox.call('GetBundleDetail', { query: { id, warehousecode: 'W77' } });
    expect(denied.body).toEqual({ res: { resCode: '100', resDesc: 'Access Denied.' } });
  });

  it('counts fractional quantities and items without stock', async () => {
    const half = await addBundle(sandbox, { list: [{ id: p1.id, quantity: 0.5 }] });
    expect(await bundleDetail(sandbox, half, 'W0002')).toMatchObject({ stock: '6', availablestock: '6' });
    const empty = await addProduct(sandbox);
    const none = await addBundle(sandbox, {
      list: [
        { id: p1.id, quantity: 1 },
        { id: empty, quantity: 1 },
      ],
    });
    expect(await bundleDetail(sandbox, none)).toMatchObject({ stock: '0', availablestock: '0' });
  });
});

describe('GetBundles', () => {
  const ids: number[] = [];

  beforeAll(async () => {
    const names = ['ชุดปิกนิก', 'ชุดอาบน้ำ', 'ชุดปิกนิกใหญ่'];
    for (const [index, name] of names.entries()) {
      sandbox.clock.set(START + (index + 1) * 60_000);
      ids.push(
        await addBundle(sandbox, { name, sku: `PICNIC-${index}`, list: [{ id: p2.id, quantity: 2 }] }),
      );
    }
    sandbox.clock.set(START);
  });

  it('lists newest first with count and paging; a page past the end is empty', async () => {
    const all = await listBundles(sandbox, { limit: 500 });
    expect(all.list.slice(0, 3).map((bundle) => bundle.id)).toEqual([...ids].reverse());
    const page = await listBundles(sandbox, { limit: 2, page: Math.ceil(all.count / 2) + 1 });
    expect(page).toEqual({ res: { resCode: '200', resDesc: 'Success' }, list: [], count: all.count });
  });

  it('filters by keyword (name or sku, at least 3 characters), bundleidlist and activestatus', async () => {
    const picnic = await listBundles(sandbox, { keyword: 'ปิกนิก' });
    expect(picnic.list.map((bundle) => bundle.id)).toEqual([ids[2], ids[0]]);
    expect((await listBundles(sandbox, { keyword: 'PICNIC-1' })).list.map((bundle) => bundle.id)).toEqual([
      ids[1],
    ]);
    expect((await callVerdict(sandbox, 'GetBundles', { query: { keyword: 'ชุ' } })).description).toContain(
      'keyword',
    );
    const listed = await listBundles(sandbox, {}, { bundleidlist: `${ids[0]},${ids[1]}` });
    expect(listed.list.map((bundle) => bundle.id)).toEqual([ids[1], ids[0]]);
    setBundleActive(sandbox.handle.db, bundles.storeId, ids[1] ?? 0, false, START);
    const active = await listBundles(sandbox, { activestatus: 1, keyword: 'PICNIC' });
    expect(active.list.map((bundle) => bundle.id)).toEqual([ids[2], ids[0]]);
    expect((await listBundles(sandbox, { keyword: 'PICNIC' })).count).toBe(3);
  });

  it('answers figures per warehouse with warehousecode, Access Denied. for an unknown one', async () => {
    const list = await listBundles(sandbox, { warehousecode: 'W0002' }, { bundleidlist: String(ids[0]) });
    // p2 in W0002: 9 → 4 whole bundles of 2.
    expect(list.list[0]).toMatchObject({ stock: '4', availablestock: '4' });
    const sum = await listBundles(sandbox, {}, { bundleidlist: String(ids[0]) });
    expect(sum.list[0]).toMatchObject({ stock: '8', availablestock: '8' });
    expect((await sandbox.call('GetBundles', { query: { warehousecode: 'X' } })).body).toEqual({
      res: { resCode: '100', resDesc: 'Access Denied.' },
    });
  });
});

describe('bundleFigures', () => {
  const stock = (entries: [number, number, number][]) =>
    new Map(entries.map(([id, s, a]) => [id, { stock: s, availablestock: a }]));

  it('is the minimum over items of floor(figure / quantity), never below 0', () => {
    const items = [
      { productId: 1, quantity: 2 },
      { productId: 2, quantity: 3 },
    ];
    expect(
      bundleFigures(
        items,
        stock([
          [1, 13, 7],
          [2, 16, 16],
        ]),
      ),
    ).toEqual({ stock: 5, availablestock: 3 });
    expect(
      bundleFigures(
        items,
        stock([
          [1, 13, -4],
          [2, 16, 16],
        ]),
      ),
    ).toEqual({ stock: 5, availablestock: 0 });
    expect(bundleFigures(items, stock([[1, 13, 7]]))).toEqual({ stock: 0, availablestock: 0 });
    expect(bundleFigures([{ productId: 1, quantity: 0.1 }], stock([[1, 0.3, 0.3]]))).toEqual({
      stock: 3,
      availablestock: 3,
    });
    expect(bundleFigures([], stock([]))).toEqual({ stock: 0, availablestock: 0 });
  });
});
