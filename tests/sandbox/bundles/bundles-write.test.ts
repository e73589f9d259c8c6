// AddBundle refusals, UpdateBundle, ActiveBundle and DeleteBundle over HTTP.
import { describe, expect, it } from 'vitest';
import { setBundleActive } from '../../../src-main/sandbox/resources/bundles/index.js';
import { START, addProduct, callVerdict, freshSku } from '../products/products-harness.js';
import { addBundle, bundleDetail, bundleSandboxForFile, listBundles } from './bundles-harness.js';

const bundles = bundleSandboxForFile();
const { sandbox, p1, p2 } = bundles;

describe('AddBundle refusals', () => {
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
    const before = (await listBundles(sandbox)).count;
    const result = await callVerdict(sandbox, 'AddBundle', {
      body: { name: 'x', sku: freshSku('BAD'), sellprice: '1', ...makeBody({ a: p1.id }) },
    });
    expect(result.code).toBe('100');
    expect(result.description).toContain(field);
    expect((await listBundles(sandbox)).count).toBe(before);
  });

  it("refuses another bundle's sku, and a product may not take a bundle's sku either", async () => {
    const sku = freshSku('TAKEN');
    const id = await addBundle(sandbox, { sku, list: [{ id: p1.id, quantity: 1 }] });
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

describe('UpdateBundle, ActiveBundle, DeleteBundle', () => {
  it('UpdateBundle changes only the fields given and refuses bad values', async () => {
    const id = await addBundle(sandbox, {
      name: 'เดิม',
      sellprice: '100',
      list: [{ id: p1.id, quantity: 1 }],
    });
    const before = await bundleDetail(sandbox, id);
    expect(await callVerdict(sandbox, 'UpdateBundle', { query: { id }, body: { sellprice: '120' } })).toEqual(
      {
        code: '200',
        description: 'Success',
      },
    );
    expect(await bundleDetail(sandbox, id)).toEqual({ ...before, sellprice: '120' });
    await callVerdict(sandbox, 'UpdateBundle', { query: { id }, body: { name: 'ใหม่', sell_vat_status: 1 } });
    expect(await bundleDetail(sandbox, id)).toEqual({
      ...before,
      sellprice: '120',
      name: 'ใหม่',
      sell_vat_status: 1,
    });
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
    const id = await addBundle(sandbox, { list: [{ id: p1.id, quantity: 1 }] });
    setBundleActive(sandbox.handle.db, bundles.storeId, id, false, START);
    expect((await bundleDetail(sandbox, id)).active).toBe(false);
    expect(await callVerdict(sandbox, 'ActiveBundle', { query: { id } })).toEqual({
      code: '200',
      description: 'Success',
    });
    expect((await bundleDetail(sandbox, id)).active).toBe(true);
    expect(await callVerdict(sandbox, 'ActiveBundle', { query: { id } })).toEqual({
      code: '200',
      description: 'Success (nothing changed: the bundle is already active)',
    });
    expect((await callVerdict(sandbox, 'ActiveBundle')).description).toBe('Invalid ID. id is required');
  });

  it('DeleteBundle removes the bundle, after which its products may be deleted', async () => {
    const product = await addProduct(sandbox);
    const id = await addBundle(sandbox, { list: [{ id: product, quantity: 1 }] });
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
