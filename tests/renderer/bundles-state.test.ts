// The Bundles page's state (features/bundles) against a fake bridge: the list's search, "N of M" and
// "more", the chosen bundle's detail, activate and delete; the bundle form's checks (a bad form sends
// nothing), what a new bundle and an edit send, main's refusal of a SKU named at its field; and the
// product picker: search as typed (a late answer never wins), Enter picks the chosen one or looks the
// text up, a scan is looked up and an unknown code is named.
import { MONEY_RULE, QUANTITY_RULE } from '../../src-shared/domain/typed-number.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcResult, ProductSummary } from '../../src-shared/ipc/index.js';
import type { BundleDetail, BundleSummary } from '../../src-shared/ipc/schemas/bundles.js';
import { BundleForm, FORM_PATH } from '../../src-renderer/features/bundles/bundle-form.svelte.js';
import { BundlesState, PAGE_SIZE } from '../../src-renderer/features/bundles/bundles.svelte.js';
import { ProductPickerState } from '../../src-renderer/features/bundles/product-picker.svelte.js';
import { FakeBridge, held, ok, settled } from './support/fake-bridge.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

function summary(id: number, active = true): BundleSummary {
  return {
    id,
    serverId: id + 100,
    sku: `BDL-${id}`,
    name: `Bundle ${id}`,
    sellprice: 99.5,
    sellVatStatus: 0,
    active,
    stock: '3',
    availablestock: '3',
    sendState: null,
    problem: null,
  };
}

function detail(id: number, active = true): BundleDetail {
  return { ...summary(id, active), items: [{ productId: 7, sku: 'SKU-7', name: 'Rice', quantity: 2 }] };
}

function product(id: number): ProductSummary {
  return {
    id,
    sku: `SKU-${id}`,
    barcode: `885000000${id}`,
    name: `Product ${id}`,
    unittext: 'pcs',
    sellprice: 10,
    purchaseprice: 5,
    active: true,
    imagepath: '',
  };
}

function page(
  ids: number[],
  total: number,
  all = total,
): IpcResult<{ rows: BundleSummary[]; total: number; all: number }, never> {
  return ok({ rows: ids.map((id) => summary(id)), total, all });
}

const ids = (from: number, count: number): number[] =>
  Array.from({ length: count }, (_, index) => from + index);

describe('BundlesState', () => {
  let bridge: FakeBridge;
  beforeEach(() => {
    bridge = new FakeBridge().answer('bundles.detail', ({ bundleId }) => ok(detail(bundleId)));
  });

  it('lists a page, says N of M, reads more, and shows the first bundle chosen', async () => {
    bridge.answer('bundles.list', page(ids(1, PAGE_SIZE), 70, 80), page(ids(PAGE_SIZE + 1, 20), 70, 80));
    const bundles = new BundlesState(bridge);
    await bundles.search('pair');
    expect(bridge.argsOf('bundles.list')[0]).toEqual({ text: 'pair', offset: 0, limit: PAGE_SIZE });
    expect([bundles.rows.length, bundles.total, bundles.all, bundles.hasMore]).toEqual([
      PAGE_SIZE,
      70,
      80,
      true,
    ]);
    expect(bundles.detail?.id).toBe(1);
    await bundles.more();
    expect(bridge.argsOf('bundles.list')[1]).toEqual({ text: 'pair', offset: PAGE_SIZE, limit: PAGE_SIZE });
    expect([bundles.rows.length, bundles.hasMore]).toEqual([70, false]);
    await bundles.more();
    expect(bridge.argsOf('bundles.list')).toHaveLength(2);
  });

  it('a late answer of an older search never replaces a newer one', async () => {
    const slow = held<ReturnType<typeof page>>();
    bridge.answer('bundles.list', () => slow.promise, page([9], 1));
    const bundles = new BundlesState(bridge);
    const first = bundles.search('p');
    await bundles.search('pair');
    slow.release(page([1, 2], 2));
    await first;
    expect(bundles.rows.map((row) => row.id)).toEqual([9]);
  });

  it('Up/Down choose a bundle and read its detail; activate and delete go through main', async () => {
    bridge
      .answer('bundles.list', page([1, 2, 3], 3), page([1, 2, 3], 3), page([1, 3], 2))
      .answer('bundles.activate', ok(detail(2, true)))
      .answer('bundles.delete', ok({ operationId: 12 }));
    const bundles = new BundlesState(bridge);
    await bundles.reload();
    bundles.move(1);
    await settled();
    expect(bundles.detail?.id).toBe(2);
    expect(await bundles.activate()).toBe(true);
    expect(bridge.argsOf('bundles.activate')).toEqual([{ bundleId: 2 }]);
    expect(await bundles.remove()).toBe(true);
    expect(bridge.argsOf('bundles.delete')).toEqual([{ bundleId: 2 }]);
    expect(bundles.rows.map((row) => row.id)).toEqual([1, 3]);
  });
});

describe('BundleForm', () => {
  let bridge: FakeBridge;
  beforeEach(() => {
    bridge = new FakeBridge();
  });

  it('sends nothing while a field is wrong, and names each one', async () => {
    const form = new BundleForm(null, bridge);
    form.sku = 'AB';
    form.price = '12.345';
    expect(await form.save()).toBeNull();
    expect(Object.fromEntries(form.problems)).toEqual({
      sku: { kind: 'skuShort' },
      name: { kind: 'nameEmpty' },
      sellprice: {
        kind: 'price',
        text: '12.345',
        refusal: { reason: 'too-many-decimals', rule: MONEY_RULE },
      },
      items: { kind: 'noItems' },
    });
    form.addProduct(product(7));
    form.setQuantity(0, '0');
    form.sku = 'PAIR-1';
    form.edited('sku');
    expect(form.problems.has('sku')).toBe(false);
    form.name = 'Pair';
    form.price = '1,250.50';
    expect(await form.save()).toBeNull();
    expect(Object.fromEntries(form.problems)).toEqual({
      'items.0.quantity': { kind: 'quantity', text: '0', refusal: { reason: 'zero', rule: QUANTITY_RULE } },
    });
    form.setQuantity(0, '1');
    form.price = ' ';
    expect(await form.save()).toBeNull();
    expect(Object.fromEntries(form.problems)).toEqual({ sellprice: { kind: 'priceEmpty' } });
    expect(bridge.calls).toEqual([]);
  });

  it('creates a bundle with its products (a second pick adds 1) and the VAT chosen', async () => {
    const created = detail(5);
    bridge.answer('bundles.create', ok(created));
    const form = new BundleForm(null, bridge);
    form.sku = ' PAIR-1 ';
    form.name = 'Rice and oil';
    form.price = '1,250.50';
    form.vat = 2;
    expect(form.addProduct(product(7))).toBe('1');
    expect(form.addProduct(product(8))).toBe('1');
    expect(form.addProduct(product(7))).toBe('2');
    expect(await form.save()).toEqual(created);
    expect(bridge.argsOf('bundles.create')).toEqual([
      {
        sku: 'PAIR-1',
        name: 'Rice and oil',
        sellprice: 1250.5,
        sellVatStatus: 2,
        items: [
          { productId: 7, quantity: 2 },
          { productId: 8, quantity: 1 },
        ],
      },
    ]);
  });

  it("names main's refusal of the SKU at its field", async () => {
    bridge.answer('bundles.create', {
      ok: false,
      error: {
        code: 'invalid-arguments',
        message: 'The sku PAIR-1 is already used by a product or a bundle.',
        issues: [{ path: 'sku', message: 'The sku PAIR-1 is already used by a product or a bundle.' }],
      },
    });
    const form = new BundleForm(null, bridge);
    form.sku = 'PAIR-1';
    form.name = 'Pair';
    form.price = '10';
    form.addProduct(product(7));
    expect(await form.save()).toBeNull();
    expect(Object.fromEntries(form.problems)).toEqual({ sku: { kind: 'skuTaken', sku: 'PAIR-1' } });
  });

  it('an edit sends only what changed, and nothing when nothing did', async () => {
    bridge.answer('bundles.update', ok(detail(5)));
    const form = new BundleForm(detail(5), bridge);
    expect(form.price).toBe('99.50');
    expect(await form.save()).toBeNull();
    expect(form.problems.get(FORM_PATH)).toEqual({ kind: 'nothingChanged' });
    form.price = '89';
    form.vat = 4;
    expect(await form.save()).not.toBeNull();
    expect(bridge.argsOf('bundles.update')).toEqual([{ bundleId: 5, sellprice: 89, sellVatStatus: 4 }]);
  });
});

describe('ProductPickerState', () => {
  let bridge: FakeBridge;
  beforeEach(() => {
    bridge = new FakeBridge();
  });

  it('searches as typed; Enter picks the chosen result; a late answer never wins', async () => {
    const slow = held<IpcResult<ProductSummary[], never>>();
    bridge.answer('catalogue.search', () => slow.promise, ok([product(1), product(2)]));
    const picker = new ProductPickerState(bridge);
    const first = picker.type('r');
    await picker.type('ri');
    slow.release(ok([product(9)]));
    await first;
    expect(picker.results.map((found) => found.id)).toEqual([1, 2]);
    picker.move(1);
    expect((await picker.pick())?.id).toBe(2);
    expect([picker.text, picker.results.length]).toEqual(['', 0]);
    expect(bridge.argsOf('catalogue.lookup')).toEqual([]);
  });

  it('a scan is looked up; an unknown code is named; Enter with no result looks the text up', async () => {
    bridge.answer('catalogue.lookup', ok(product(3)), ok(null), ok(null)).answer('catalogue.search', ok([]));
    const picker = new ProductPickerState(bridge);
    expect((await picker.scan('8850000003'))?.id).toBe(3);
    expect(await picker.scan('999')).toBeNull();
    expect(picker.problem).toEqual({ kind: 'unknownCode', code: '999' });
    await picker.type('nothing');
    expect(await picker.pick()).toBeNull();
    expect(picker.problem).toEqual({ kind: 'noMatch', text: 'nothing' });
    expect(bridge.argsOf('catalogue.lookup')).toEqual([
      { code: '8850000003' },
      { code: '999' },
      { code: 'nothing' },
    ]);
  });
});
