// Products made and changed on this PC (issue 12), through the app's calls on a real store database and
// a real sandbox: while the back office refuses us, a new product is searchable, scannable and
// countable at once, a change shows at once and waits; bad forms queue nothing; once the back office is
// back, v4 reads show each write applied once and the product made here lands on one row.
import { describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '../../src-shared/barcode/index.js';
import { openSandboxStore, waitForDrained, waitForValue } from './support/app-fixture.js';
import { useAppWithStoreSandbox } from './support/app-in-folder.js';

const STORE = { name: 'edits', apikey: 'edits-key-4410', apisecret: 'edits-secret-9921' };
const running = useAppWithStoreSandbox('stockroom-product-edits-', { store: STORE, products: 40 });

function ean13(twelve: string): string {
  return `${twelve}${String(gtinCheckDigit(twelve))}`;
}

/** A v4 read straight from the back office, as another PC would see it. */
async function v4(path: string, headers: Record<string, string> = {}): Promise<unknown> {
  const answer = await fetch(`${running.sandbox.url}/v4/Product/${path}`, {
    headers: { storename: STORE.name, apikey: STORE.apikey, apisecret: STORE.apisecret, ...headers },
  });
  return answer.json();
}

interface V4Product {
  id: number;
  sku: string;
  name: string;
  barcode: string;
  sellprice: string;
  stock: string;
  active: boolean;
}

const editable = {
  barcode: '',
  sellprice: null,
  purchaseprice: null,
  unittext: '',
  categoryId: null,
  sellVatStatus: null,
  purchaseVatStatus: null,
  weight: null,
  width: null,
  length: null,
  height: null,
  tags: [],
};
const emptyFields = { ...editable, properties: [] };

describe('products made and changed on this PC', () => {
  it('works offline at once, then lands on the back office once and on one local row', async () => {
    const { app } = running;
    const warehouseCode = await openSandboxStore(app, {
      displayName: 'Edits shop',
      baseUrl: running.sandbox.url,
      store: STORE,
    });
    const [category] = await app.ok('catalogue.categories', {});
    const seeded = (await app.ok('catalogue.searchPage', { text: 'a', limit: 10 })).products.find(
      (product) => product.active && product.id > 0,
    );
    if (!category || !seeded) throw new Error('The store has no categories or active products');
    running.sandbox.revokeStore(STORE.name);

    const { sku } = await app.ok('catalogue.proposeSku', {});
    expect(sku).toMatch(/^[A-Z0-9]{1,6}-N0001$/);
    const barcode = ean13('885123450017');
    const made = await app.ok('catalogue.createProduct', {
      fields: {
        ...emptyFields,
        name: 'Jasmine rice 5 kg',
        sku,
        barcode,
        sellprice: 12.5,
        unittext: 'bag',
        categoryId: category.id,
        properties: [{ name: 'Origin', value: 'Surin' }],
        tags: ['new'],
      },
    });
    expect(made.productId).toBeLessThan(0);
    // At once: scanned by its barcode, found by the last digits of it, marked as waiting.
    expect(await app.ok('catalogue.lookup', { code: barcode })).toMatchObject({ id: made.productId, sku });
    const byEnd = await app.ok('catalogue.searchPage', { text: barcode.slice(-6) });
    expect(byEnd.products[0]).toMatchObject({
      id: made.productId,
      madeHere: true,
      sendState: 'waitingToSend',
    });

    // Counted at once: the code scans into the new product's line.
    const session = await app.ok('counting.createSession', { warehouseCode, driftPolicy: 'keepCounted' });
    for (let scan = 0; scan < 3; scan++)
      await app.ok('counting.scan', { sessionId: session.id, code: barcode });
    expect(await app.ok('catalogue.productUsage', { productId: made.productId })).toMatchObject({
      openCounts: [{ sessionId: session.id, counted: 3 }],
    });
    await app.ok('counting.commit', { sessionId: session.id });

    // A change on it waits for its create; the local view shows it at once.
    const price = await app.ok('catalogue.updateProduct', {
      productId: made.productId,
      fields: {
        ...editable,
        name: 'Jasmine rice 5 kg',
        barcode,
        sellprice: 15,
        unittext: 'bag',
        categoryId: category.id,
        tags: ['new'],
      },
    });
    expect(price.operationId).not.toBeNull();
    const shown = await app.ok('catalogue.productFields', { productId: made.productId });
    expect(shown).toMatchObject({ sellprice: 15, madeHere: true, sendState: 'waitingToSend' });
    expect(shown.changes.map((change) => change.change)).toEqual(['update', 'create']);
    const disabled = await app.ok('catalogue.setProductActive', { productId: seeded.id, active: false });
    expect(disabled.operationId).not.toBeNull();

    // Bad forms queue nothing and say which field.
    const queued = await app.ok('outbox.summary', {});
    const takenSku = await app.call('catalogue.createProduct', {
      fields: { ...emptyFields, name: 'Twin', sku },
    });
    expect(takenSku).toMatchObject({
      ok: false,
      error: { code: 'conflict', issues: [{ path: 'fields.sku', message: 'skuTaken' }] },
    });
    const badCode = await app.call('catalogue.createProduct', {
      fields: { ...emptyFields, name: 'Misread', sku: `${sku}-X`, barcode: '8851234500170' },
    });
    expect(badCode).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments', issues: [{ path: 'fields.barcode', message: 'checkDigit' }] },
    });
    expect(await app.ok('outbox.summary', {})).toEqual(queued);

    // The back office is back: everything goes, once.
    running.sandbox.restoreStore(STORE.name);
    await app.ok('outbox.resume', {});
    await waitForDrained(app);
    const onServer = (await v4(`GetProducts?warehousecode=${warehouseCode}`, { skulist: sku })) as {
      list: V4Product[];
    };
    expect(onServer.list).toHaveLength(1);
    const server = onServer.list[0] as V4Product;
    expect(server).toMatchObject({ name: 'Jasmine rice 5 kg', barcode, active: true });
    expect(Number(server.sellprice)).toBe(15);
    expect(Number(server.stock)).toBe(3);
    expect(await v4(`GetProductDetail?id=${seeded.id}`)).toMatchObject({ active: false });

    // The product made here now has its server id, on the same row: scanning, searching, the old id.
    expect(await app.ok('catalogue.lookup', { code: barcode })).toMatchObject({ id: server.id });
    expect(await app.ok('catalogue.product', { productId: made.productId })).toMatchObject({ id: server.id });
    await app.ok('sync.syncNow', {});
    await waitForValue(app, 'sync.status', {}, (status) => status.state !== 'running');
    const bySku = await app.ok('catalogue.searchPage', { text: sku });
    expect(bySku.products.filter((product) => product.sku === sku)).toHaveLength(1);
    expect(bySku.products[0]).toMatchObject({ id: server.id, sendState: null, sellprice: 15 });

    // Deleted: asked with nothing left behind, sent, and gone here and there.
    expect(await app.ok('catalogue.productUsage', { productId: server.id })).toEqual({
      queuedStockWrites: 0,
      openCounts: [],
    });
    await app.ok('catalogue.deleteProduct', { productId: server.id });
    expect(await app.ok('catalogue.productFields', { productId: server.id })).toMatchObject({
      deleting: true,
    });
    await waitForDrained(app);
    expect(await v4(`GetProductDetail?id=${server.id}`)).toMatchObject({
      res: { resDesc: expect.stringMatching(/^Invalid ID\./) },
    });
    expect(await app.ok('catalogue.lookup', { code: barcode })).toBeNull();
  });
});
