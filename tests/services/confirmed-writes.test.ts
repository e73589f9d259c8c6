// The store session follows its own done writes into the catalogue (the outbox's onApplied hook, wired
// in store-session.ts), seen through the app's calls on the demo store: once a count and a barcode
// assignment are drained, the product's stock is the counted figure and the code finds the product,
// before any sync ran; a later sync keeps both.
import { describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '../../src-shared/barcode/index.js';
import { waitForDrained, waitForFirstSync, waitForValue } from './support/app-fixture.js';
import { useAppInTempFolder } from './support/app-in-folder.js';

const running = useAppInTempFolder('stockroom-confirmed-');

describe('done writes in the catalogue of the demo store', () => {
  it('a drained count shows the counted figure and a drained barcode finds its product, with no sync in between, and after one', async () => {
    const { app } = running;
    await app.ok('demo.start', {});
    const synced = await waitForFirstSync(app);
    const warehouseCode = (await app.ok('catalogue.warehouses', {}))[0]?.code ?? '';
    const [counted, given] = (await app.ok('catalogue.search', { text: 'a', limit: 20 })).filter(
      (product) => product.active,
    );
    if (!counted || !given) throw new Error('The demo store has too few products');
    const stockIn = async (productId: number) =>
      (await app.ok('catalogue.product', { productId })).stockByWarehouse.find(
        (line) => line.warehouseCode === warehouseCode,
      );
    const before = (await stockIn(counted.id))?.stock ?? 0;
    const figure = before + 5;

    const session = await app.ok('counting.createSession', { warehouseCode, driftPolicy: 'keepCounted' });
    await app.ok('counting.scan', { sessionId: session.id, code: counted.sku, quantity: figure });
    await app.ok('counting.commit', { sessionId: session.id });
    const barcode = `885777${String(given.id).padStart(6, '0')}`;
    const code = `${barcode}${String(gtinCheckDigit(barcode))}`;
    await app.ok('catalogue.assignBarcode', { productId: given.id, barcode: code, replace: true });
    await waitForDrained(app);

    expect((await app.ok('sync.status', {})).lastSyncedAt).toBe(synced.lastSyncedAt);
    expect(await stockIn(counted.id)).toMatchObject({ stock: figure, expected: figure });
    expect(await app.ok('catalogue.lookup', { code })).toMatchObject({ id: given.id });
    expect(await app.ok('catalogue.product', { productId: given.id })).toMatchObject({ barcode: code });

    await app.ok('sync.syncNow', {});
    await waitForValue(
      app,
      'sync.status',
      {},
      (status) => (status.lastSyncedAt ?? 0) > (synced.lastSyncedAt ?? 0),
    );
    expect(await stockIn(counted.id)).toMatchObject({ stock: figure, expected: figure });
    expect(await app.ok('catalogue.lookup', { code })).toMatchObject({ id: given.id });
  });
});
