// The product form, the paged products list and a product's changes (features/products), against a
// fake bridge: a bad form sends nothing and names each field in the page's words; main's refusals land
// next to their fields; an edit sends the editable fields only; "25 of 57" with more on demand; the
// delete question says what is still queued and which open counts hold the product; an unknown code's
// new product moves the code's units to it.
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The page's language lives in lib/i18n, which remembers it in localStorage and on <html lang>: the
// little of both it touches, in Node.
vi.hoisted(() => {
  const stored = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
    document: { documentElement: { lang: '' } },
  });
});
import { ipcFail, type CallValue } from '../../src-shared/ipc/index.js';
import { NewProductFromCode } from '../../src-renderer/features/counting/new-product-from-code.svelte.js';
import type { CountingSession } from '../../src-renderer/features/counting/counting.svelte.js';
import { ProductChangesState } from '../../src-renderer/features/products/product-changes.svelte.js';
import { ProductFormState } from '../../src-renderer/features/products/product-form.svelte.js';
import { ProductSearch } from '../../src-renderer/features/products/product-search.svelte.js';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';
import { FakeBridge, ok, settled } from './support/fake-bridge.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

let bridge: FakeBridge;

beforeEach(() => {
  locale.set('en');
  bridge = new FakeBridge()
    .answer('catalogue.proposeSku', ok({ sku: 'WH01-N0001' }))
    .answer('catalogue.categories', ok([{ id: 3, name: 'Rice' }]));
});

function fieldsOf(overrides: Partial<CallValue<'catalogue.productFields'>> = {}) {
  return {
    productId: 7,
    name: 'Rice',
    sku: 'R-1',
    barcode: '',
    sellprice: 10,
    purchaseprice: null,
    unittext: 'bag',
    categoryId: 3,
    categoryName: 'Rice',
    sellVatStatus: null,
    purchaseVatStatus: null,
    weight: null,
    width: null,
    length: null,
    height: null,
    properties: [{ name: 'Origin', value: 'Surin' }],
    tags: ['a', 'b'],
    active: true,
    madeHere: false,
    sendState: null,
    deleting: false,
    changes: [],
    ...overrides,
  } satisfies CallValue<'catalogue.productFields'>;
}

describe('the product form', () => {
  it('proposes a sku and takes a scanned code as the barcode', async () => {
    const form = new ProductFormState(bridge);
    await form.openNew('8851234500170');
    expect(form.open).toBe(true);
    expect(form.form).toMatchObject({ sku: 'WH01-N0001', barcode: '8851234500170' });
    expect(form.categories).toEqual([{ id: 3, name: 'Rice' }]);
  });

  it('sends nothing from a bad form and names each field, in Thai too', async () => {
    const form = new ProductFormState(bridge);
    await form.openNew();
    form.set('sku', '');
    form.set('sellprice', '12,5x');
    form.set('barcode', '8851234500170');
    form.addProperty();
    form.setProperty(0, 'value', 'Red');
    locale.set('th');
    expect(await form.save()).toBeNull();
    expect(bridge.argsOf('catalogue.createProduct')).toEqual([]);
    expect(form.issue('name')).toBe('ต้องกรอก');
    expect(form.issue('sku')).toBe('ต้องกรอก');
    expect(form.issue('sellprice')).toBe('กรอกตัวเลข เช่น 12.50');
    expect(form.issue('barcode')).toMatch(/หลักตรวจสอบผิด/);
    expect(form.issue('properties.0.name')).toBe('ต้องกรอก');
    // Typing in a field clears its own problem only.
    form.set('name', 'Rice');
    expect(form.issue('name')).toBeNull();
    expect(form.issue('sku')).not.toBeNull();
  });

  it('saves a good form with figures read as numbers; main’s refusal shows next to its field', async () => {
    bridge.answer(
      'catalogue.createProduct',
      ipcFail('conflict', 'taken', { issues: [{ path: 'fields.sku', message: 'skuTaken' }] }),
      ok({ productId: -12, operationId: 12 }),
    );
    const form = new ProductFormState(bridge);
    await form.openNew('8851234500178');
    form.set('name', ' Rice 5 kg ');
    form.set('sellprice', '1,250.50');
    form.set('tags', 'new, rice, new');
    form.choose('categoryId', 3);
    expect(await form.save()).toBeNull();
    expect(bridge.argsOf('catalogue.createProduct')).toEqual([
      {
        fields: expect.objectContaining({
          name: 'Rice 5 kg',
          sku: 'WH01-N0001',
          barcode: '8851234500178',
          sellprice: 1250.5,
          purchaseprice: null,
          categoryId: 3,
          tags: ['new', 'rice'],
        }),
      },
    ]);
    expect(form.issue('sku')).toBe('Another product already has this SKU.');
    expect(form.open).toBe(true);

    form.set('sku', 'OWN-1');
    expect(await form.save()).toBe(-12);
    expect(form.open).toBe(false);
  });

  it('edits the fields UpdateProduct takes, never the sku or the properties', async () => {
    bridge
      .answer('catalogue.productFields', ok(fieldsOf()))
      .answer('catalogue.updateProduct', ok({ operationId: 5 }));
    const form = new ProductFormState(bridge);
    await form.openEdit(7);
    expect(form.form).toMatchObject({ name: 'Rice', sellprice: '10', tags: 'a, b' });
    form.set('sellprice', '11');
    expect(await form.save()).toBe(7);
    const [sent] = bridge.argsOf('catalogue.updateProduct') as Array<{ productId: number; fields: object }>;
    expect(sent?.productId).toBe(7);
    expect(sent?.fields).toMatchObject({ sellprice: 11, tags: ['a', 'b'] });
    expect(sent?.fields).not.toHaveProperty('sku');
    expect(sent?.fields).not.toHaveProperty('properties');
  });
});

describe('the paged products list', () => {
  const item = (id: number) => ({
    id,
    sku: `S${id}`,
    barcode: '',
    name: `P${id}`,
    unittext: '',
    sellprice: 0,
    purchaseprice: 0,
    active: true,
    imagepath: '',
    madeHere: id < 0,
    sendState: id < 0 ? ('waitingToSend' as const) : null,
  });

  it('shows 25 of 57 and adds the next page on demand', async () => {
    bridge.answer('catalogue.searchPage', (args) =>
      ok({
        products: Array.from({ length: Math.min(args.limit ?? 25, 57 - (args.offset ?? 0)) }, (_, index) =>
          item((args.offset ?? 0) + index + 1),
        ),
        total: 57,
        totalIsAtLeast: false,
      }),
    );
    const search = new ProductSearch({ paged: true, withStock: false }, bridge);
    search.type('rice');
    await search.search();
    expect([search.results.length, search.total, search.hasMore]).toEqual([25, 57, true]);
    await search.more();
    await search.more();
    expect([search.results.length, search.hasMore]).toEqual([57, false]);
    expect(bridge.argsOf('catalogue.searchPage').map((args) => (args as { offset: number }).offset)).toEqual([
      0, 25, 50,
    ]);
  });
});

describe("a product's changes", () => {
  it('asks before deleting, naming the queued stock writes and the open counts', async () => {
    bridge
      .answer('catalogue.productFields', ok(fieldsOf()))
      .answer(
        'catalogue.productUsage',
        ok({ queuedStockWrites: 2, openCounts: [{ sessionId: 's', name: 'Aisle 3', counted: 4 }] }),
      )
      .answer('catalogue.deleteProduct', ok({ operationId: 9 }));
    const changes = new ProductChangesState(7, bridge);
    await changes.load();
    await changes.askDelete();
    expect(changes.question).toContain('2 stock change(s)');
    expect(changes.question).toContain('Aisle 3 (4)');
    expect(bridge.argsOf('catalogue.deleteProduct')).toEqual([]);
    changes.cancelQuestion();
    expect(changes.question).toBeNull();
    await changes.askDelete();
    await changes.confirm();
    expect(bridge.argsOf('catalogue.deleteProduct')).toEqual([{ productId: 7 }]);
    expect(changes.question).toBeNull();
  });
});

describe('a new product from an unknown code', () => {
  it('moves the code’s units to the new product once it is saved', async () => {
    bridge.answer('catalogue.createProduct', ok({ productId: -4, operationId: 4 }));
    const resolved: Array<[number, number]> = [];
    const counting = {
      resolveUnknown: (lineId: number, productId: number) => {
        resolved.push([lineId, productId]);
        return Promise.resolve(null);
      },
    } as unknown as CountingSession;
    let back = 0;
    const flow = new NewProductFromCode(
      () => counting,
      () => (back += 1),
      new ProductFormState(bridge),
    );
    flow.start({ kind: 'unknown', lineId: 31, code: '8851234500178', counted: 5 } as never);
    await settled();
    expect(flow.active).toBe(true);
    expect(flow.form.form.barcode).toBe('8851234500178');
    flow.form.set('name', 'Found on the shelf');
    const productId = await flow.form.save();
    await flow.saved(productId ?? 0);
    expect(resolved).toEqual([[31, -4]]);
    expect([flow.active, back]).toEqual([false, 1]);
  });
});
