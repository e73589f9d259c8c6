// The six bundle endpoints over HTTP, and bundle stock: the minimum over items of whole bundles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFigures, setBundleActive } from '../../../src-main/sandbox/resources/bundles/index.js';
import {
  START,
  addProduct,
  callVerdict,
  freshSku,
  sendStockList,
  startProductSandbox,
  type ProductSandbox,
} from '../products/products-harness.js';

let sandbox: ProductSandbox;
let storeId: number;
const p1 = { id: 0, sku: freshSku('ITEM') };
const p2 = { id: 0, sku: freshSku('ITEM') };

interface BundleAnswer {
  id: number;
  name: string;
  sku: string;
  sellprice: string;
  sell_vat_status: number;
  stock: string;
  availablestock: string;
  imagepath: string;
  active: boolean;
  list?: { id: number; name: string; sku: string; sell_vat_status: number; quantity: number }[];
  imageList?: string[];
}

async function addBundle(body: Record<string, unknown>): Promise<number> {
  const answer = await sandbox.call('AddBundle', {
    body: { name: 'ชุดของขวัญ', sku: freshSku('BDL'), sellprice: '199', ...body },
  });
  const result = answer.body as { resCode: string; resDesc: string; detail?: { id: number } };
  expect(result.resDesc).toBe('Success');
  return result.detail?.id ?? 0;
}

async function bundleDetail(id: number, warehousecode?: string): Promise<BundleAnswer> {
  return (await sandbox.call('GetBundleDetail', { query: { id, warehousecode } })).body as BundleAnswer;
}

async function listBundles(
  query: Record<string, string | number> = {},
  headers?: Record<string, string>,
): Promise<{ list: BundleAnswer[]; count: number }> {
  const answer = await sandbox.call('GetBundles', { query, ...(headers ? { headers } : {}) });
  return answer.body as { list: BundleAnswer[]; count: number };
}

beforeAll(async () => {
  sandbox = await startProductSandbox();
  storeId = sandbox.handle.stores[0]?.id ?? 0;
  p1.id = await addProduct(sandbox, { sku: p1.sku, name: 'แก้วน้ำ', sell_vat_status: 2 });
  p2.id = await addProduct(sandbox, { sku: p2.sku, name: 'จานรอง' });
  await sendStockList(sandbox, 'UpdateProductStockList', 'W0001', [
    { productid: p1.id, stock: 10 },
    { productid: p2.id, stock: 7 },
  ]);
  await sendStockList(sandbox, 'UpdateProductStockList', 'W0002', [
    { productid: p1.id, stock: 3 },
    { productid: p2.id, stock: 9 },
  ]);
  await sendStockList(sandbox, 'UpdateProductAvailableStockList', 'W0001', [{ productid: p1.id, stock: 4 }]);
});
afterAll(async () => {
  await sandbox.close();
});

describe('AddBundle and GetBundleDetail', () => {
  it('creates a bundle of items by id and by sku, with the items in the detail', async () => {
    const sku = freshSku('GIFT');
    const id = await addBundle({
      name: 'ชุดแก้วและจาน',
      sku,
      sellprice: '250.00',
      sell_vat_status: 4,
      list: [
        { id: p1.id, quantity: 2 },
        { sku: p2.sku, quantity: 3 },
      ],
    });
    expect(await bundleDetail(id)).toEqual({
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
    const id = await addBundle({
      list: [
        { id: p1.id, quantity: 2 },
        { id: p2.id, quantity: 3 },
      ],
    });
    // W0001: p1 10 (4 available) → 5 (2), p2 7 → 2 → stock 2, available 2.
    expect(await bundleDetail(id, 'W0001')).toMatchObject({ stock: '2', availablestock: '2' });
    // W0002: p1 3 → 1, p2 9 → 3 → 1.
    expect(await bundleDetail(id, 'W0002')).toMatchObject({ stock: '1', availablestock: '1' });
    const denied = await sandbox.call('GetBundleDetail', { query: { id, warehousecode: 'W77' } });
    expect(denied.body).toEqual({ res: { resCode: '100', resDesc: 'Access Denied.' } });
  });

  it('counts fractional quantities and items without stock', async () => {
    const half = await addBundle({ list: [{ id: p1.id, quantity: 0.5 }] });
    expect(await bundleDetail(half, 'W0002')).toMatchObject({ stock: '6', availablestock: '6' });
    const empty = await addProduct(sandbox);
    const none = await addBundle({
      list: [
        { id: p1.id, quantity: 1 },
        { id: empty, quantity: 1 },
      ],
    });
    expect(await bundleDetail(none)).toMatchObject({ stock: '0', availablestock: '0' });
  });

  const refusals: [string, (ids: { a: number }) => Record<string, unknown>, string][] = [
    [
      'an unknown item id',
      ({ a }) => ({
        list: [
          { id: a, quantity: 1 },
          { id: 999999, quantity: 1 },
        ],
      }),
      'list[1]',
    ],
    ['an unknown item sku', () => ({ list: [{ sku: 'NOPE', quantity: 1 }] }), 'list[0]'],
    ['an item without id or sku', () => ({ list: [{ quantity: 1 }] }), 'list[0].sku'],
    [
      'a repeated item',
      ({ a }) => ({
        list: [
          { id: a, quantity: 1 },
          { sku: p1.sku, quantity: 2 },
        ],
      }),
      'list[1]',
    ],
    ['a zero quantity', ({ a }) => ({ list: [{ id: a, quantity: 0 }] }), 'list[0].quantity'],
    ['no items', () => ({ list: [] }), 'list'],
    ['no name', ({ a }) => ({ name: ' ', list: [{ id: a, quantity: 1 }] }), 'name'],
    ['no sellprice', ({ a }) => ({ sellprice: undefined, list: [{ id: a, quantity: 1 }] }), 'sellprice'],
    [
      'a sellprice that is not a number',
      ({ a }) => ({ sellprice: 'free', list: [{ id: a, quantity: 1 }] }),
      'sellprice',
    ],
    [
      'sell_vat_status 5',
      ({ a }) => ({ sell_vat_status: 5, list: [{ id: a, quantity: 1 }] }),
      'sell_vat_status',
    ],
    [
      "a product's sku",
      ({ a }) => ({ sku: p2.sku, list: [{ id: a, quantity: 1 }] }),
      'sku is already used by product',
    ],
  ];

  it.each(refusals)('refuses %s naming it, and creates nothing', async (_label, makeBody, field) => {
    const before = (await listBundles()).count;
    const result = await callVerdict(sandbox, 'AddBundle', {
      body: { name: 'x', sku: freshSku('BAD'), sellprice: '1', ...makeBody({ a: p1.id }) },
    });
    expect(result.code).toBe('100');
    expect(result.description).toContain(field);
    expect((await listBundles()).count).toBe(before);
  });

  it("refuses another bundle's sku, and a product may not take a bundle's sku either", async () => {
    const sku = freshSku('TAKEN');
    const id = await addBundle({ sku, list: [{ id: p1.id, quantity: 1 }] });
    const again = await callVerdict(sandbox, 'AddBundle', {
      body: { name: 'x', sku, sellprice: '1', list: [{ id: p1.id, quantity: 1 }] },
    });
    expect(again.description).toBe(`sku is already used by bundle ${id} (${sku})`);
    const product = await callVerdict(sandbox, 'AddProduct', { body: { name: 'x', sku } });
    expect(product.description).toBe(`sku is already used by bundle ${id} (${sku})`);
  });

  it('answers Invalid ID. for an unknown bundle and Invalid API without credentials', async () => {
    expect((await sandbox.call('GetBundleDetail', { query: { id: 999999 } })).body).toEqual({
      res: { resCode: '100', resDesc: 'Invalid ID. bundle 999999 not found' },
    });
    expect((await sandbox.call('GetBundles', { as: false })).body).toEqual({
      res: { resCode: '100', resDesc: 'Invalid API' },
    });
    expect((await sandbox.call('AddBundle', { as: false, body: {} })).body).toEqual({
      resCode: '100',
      resDesc: 'Invalid API',
    });
  });
});

describe('GetBundles', () => {
  const ids: number[] = [];

  beforeAll(async () => {
    const names = ['ชุดปิกนิก', 'ชุดอาบน้ำ', 'ชุดปิกนิกใหญ่'];
    for (const [index, name] of names.entries()) {
      sandbox.clock.set(START + (index + 1) * 60_000);
      ids.push(await addBundle({ name, sku: `PICNIC-${index}`, list: [{ id: p2.id, quantity: 2 }] }));
    }
    sandbox.clock.set(START);
  });

  it('lists newest first with count and paging; a page past the end is empty', async () => {
    const all = await listBundles({ limit: 500 });
    expect(all.list.slice(0, 3).map((bundle) => bundle.id)).toEqual([...ids].reverse());
    const page = await listBundles({ limit: 2, page: Math.ceil(all.count / 2) + 1 });
    expect(page).toEqual({ res: { resCode: '200', resDesc: 'Success' }, list: [], count: all.count });
  });

  it('filters by keyword (name or sku, at least 3 characters), bundleidlist and activestatus', async () => {
    const picnic = await listBundles({ keyword: 'ปิกนิก' });
    expect(picnic.list.map((bundle) => bundle.id)).toEqual([ids[2], ids[0]]);
    expect((await listBundles({ keyword: 'PICNIC-1' })).list.map((bundle) => bundle.id)).toEqual([ids[1]]);
    expect((await callVerdict(sandbox, 'GetBundles', { query: { keyword: 'ชุ' } })).description).toContain(
      'keyword',
    );
    const listed = await listBundles({}, { bundleidlist: `${ids[0]},${ids[1]}` });
    expect(listed.list.map((bundle) => bundle.id)).toEqual([ids[1], ids[0]]);
    setBundleActive(sandbox.handle.db, storeId, ids[1] ?? 0, false, START);
    const active = await listBundles({ activestatus: 1, keyword: 'PICNIC' });
    expect(active.list.map((bundle) => bundle.id)).toEqual([ids[2], ids[0]]);
    expect((await listBundles({ keyword: 'PICNIC' })).count).toBe(3);
  });

  it('answers figures per warehouse with warehousecode, Access Denied. for an unknown one', async () => {
    const list = await listBundles({ warehousecode: 'W0002' }, { bundleidlist: String(ids[0]) });
    // p2 in W0002: 9 → 4 whole bundles of 2.
    expect(list.list[0]).toMatchObject({ stock: '4', availablestock: '4' });
    const sum = await listBundles({}, { bundleidlist: String(ids[0]) });
    expect(sum.list[0]).toMatchObject({ stock: '8', availablestock: '8' });
    expect((await sandbox.call('GetBundles', { query: { warehousecode: 'X' } })).body).toEqual({
      res: { resCode: '100', resDesc: 'Access Denied.' },
    });
  });
});

describe('UpdateBundle, ActiveBundle, DeleteBundle', () => {
  it('UpdateBundle changes only the fields given and refuses bad values', async () => {
    const id = await addBundle({ name: 'เดิม', sellprice: '100', list: [{ id: p1.id, quantity: 1 }] });
    const before = await bundleDetail(id);
    expect(await callVerdict(sandbox, 'UpdateBundle', { query: { id }, body: { sellprice: '120' } })).toEqual(
      {
        code: '200',
        description: 'Success',
      },
    );
    expect(await bundleDetail(id)).toEqual({ ...before, sellprice: '120' });
    await callVerdict(sandbox, 'UpdateBundle', { query: { id }, body: { name: 'ใหม่', sell_vat_status: 1 } });
    expect(await bundleDetail(id)).toEqual({ ...before, sellprice: '120', name: 'ใหม่', sell_vat_status: 1 });
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ sellprice: 'x' }, 'sellprice'],
      [{ sell_vat_status: 7 }, 'sell_vat_status'],
    ] as const) {
      const result = await callVerdict(sandbox, 'UpdateBundle', { query: { id }, body });
      expect(result.code).toBe('100');
      expect(result.description).toContain(field);
    }
    expect(
      (await callVerdict(sandbox, 'UpdateBundle', { query: { id: 999999 }, body: {} })).description,
    ).toBe('Invalid ID. bundle 999999 not found');
  });

  it('ActiveBundle activates an inactive bundle; a repeat succeeds and changes nothing', async () => {
    const id = await addBundle({ list: [{ id: p1.id, quantity: 1 }] });
    setBundleActive(sandbox.handle.db, storeId, id, false, START);
    expect((await bundleDetail(id)).active).toBe(false);
    expect(await callVerdict(sandbox, 'ActiveBundle', { query: { id } })).toEqual({
      code: '200',
      description: 'Success',
    });
    expect((await bundleDetail(id)).active).toBe(true);
    expect(await callVerdict(sandbox, 'ActiveBundle', { query: { id } })).toEqual({
      code: '200',
      description: 'Success (the bundle was already active)',
    });
    expect((await callVerdict(sandbox, 'ActiveBundle')).description).toBe('Invalid ID. id is required');
  });

  it('DeleteBundle removes the bundle, after which its products may be deleted', async () => {
    const product = await addProduct(sandbox);
    const id = await addBundle({ list: [{ id: product, quantity: 1 }] });
    expect((await callVerdict(sandbox, 'DeleteProduct', { query: { id: product } })).code).toBe('100');
    expect(await callVerdict(sandbox, 'DeleteBundle', { query: { id } })).toEqual({
      code: '200',
      description: 'Success',
    });
    expect((await sandbox.call('GetBundleDetail', { query: { id } })).body).toMatchObject({
      res: { resCode: '100' },
    });
    expect(await callVerdict(sandbox, 'DeleteProduct', { query: { id: product } })).toEqual({
      code: '200',
      description: 'Success',
    });
    expect((await callVerdict(sandbox, 'DeleteBundle', { query: { id } })).description).toBe(
      `Invalid ID. bundle ${id} not found`,
    );
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
