// A picture and serial numbers on a product made OFFLINE on this PC (issue 12), through the app's calls
// on a real store database and a real sandbox over loopback: while the back office refuses us they are
// taken on the product's local id and shown at once; once it is back they wait for the product's create,
// go to the server id it answered, and land once — also when the create's answer is lost (the
// connection reset after the back office committed it). The page's reads then show them on the server id.
import { describe, expect, it } from 'vitest';
import { listSerialNumbers } from '../../src-main/sandbox/resources/products/index.js';
import { bandedPng } from '../support/png.js';
import { openSandboxStore, waitForDrained, waitForValue } from './support/app-fixture.js';
import { useAppWithStoreSandbox } from './support/app-in-folder.js';

const STORE = { name: 'extras', apikey: 'extras-key-5520', apisecret: 'extras-secret-7731' };
const running = useAppWithStoreSandbox('stockroom-offline-extras-', { store: STORE, products: 30 });

interface V4Product {
  readonly id: number;
  readonly sku: string;
  readonly imagepath?: string;
  readonly imageList?: readonly string[];
}

/** A v4 read straight from the back office, as another PC would see it. */
async function v4(path: string, headers: Record<string, string> = {}): Promise<unknown> {
  const answer = await fetch(`${running.sandbox.url}/v4/Product/${path}`, {
    headers: { storename: STORE.name, apikey: STORE.apikey, apisecret: STORE.apisecret, ...headers },
  });
  return answer.json();
}

const emptyFields = {
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
  properties: [],
};

let opened: Promise<string> | undefined;
/** The store added once for the file's cases; answers a warehouse code. */
function openStore(): Promise<string> {
  opened ??= openSandboxStore(running.app, {
    displayName: 'Extras shop',
    baseUrl: running.sandbox.url,
    store: STORE,
  });
  return opened;
}

/**
 * Offline: a product made here, its picture replaced, three serials added and one removed; the page's
 * reads show them on the local id at once. Answers what the checks need.
 */
async function madeOfflineWithExtras(label: string, warehouseCode: string) {
  const { app } = running;
  const sku = `XTR-${label}`;
  const made = await app.ok('catalogue.createProduct', {
    fields: { ...emptyFields, name: `Extras ${label}`, sku },
  });
  expect(made.productId).toBeLessThan(0);
  const png = bandedPng(8, 8, [
    [200, 30, 30],
    [30, 30, 200],
  ]);
  const picture = await app.ok('catalogue.replaceImage', {
    productId: made.productId,
    fileName: `${label}.png`,
    type: 'image/png',
    dataBase64: png.toString('base64'),
  });
  expect(picture.sendState).toBe('waitingToSend');
  expect(await app.ok('catalogue.pictureUpload', { productId: made.productId })).toMatchObject({
    operationId: picture.operationId,
    sendState: 'waitingToSend',
  });
  // Its page lists its other codes on this PC: none yet (codes are kept for server ids only).
  expect(await app.ok('catalogue.aliases', { productId: made.productId })).toEqual([]);
  const shown = await app.ok('catalogue.productImage', { productId: made.productId });
  expect(shown?.dataUrl).toBe(`data:image/png;base64,${png.toString('base64')}`);

  const serial = (n: number) => `SN-${label}-${n}`;
  await app.ok('serials.add', {
    productId: made.productId,
    warehouseCode,
    names: [serial(1), serial(2), serial(3)],
  });
  const listed = await app.ok('serials.remove', { productId: made.productId, name: serial(3) });
  expect(listed.map((entry) => [entry.name, entry.action, entry.result])).toEqual([
    [serial(3), 'remove', 'waiting'],
    [serial(2), 'add', 'waiting'],
    [serial(1), 'add', 'waiting'],
  ]);
  // A serial already added here is refused before anything is queued, on the local id too.
  expect(
    await app.call('serials.add', { productId: made.productId, warehouseCode, names: [serial(1)] }),
  ).toMatchObject({ ok: false, error: { code: 'invalid-arguments', issues: [{ path: 'names.0' }] } });
  return { sku, localId: made.productId, createId: made.operationId, serial, pictureId: picture.operationId };
}

type Case = Awaited<ReturnType<typeof madeOfflineWithExtras>>;

/** v4 and the page's reads after the drain: one product, one picture upload, its serials, once. */
async function expectLandedOnce(made: Case, warehouseCode: string): Promise<void> {
  const { app } = running;
  const listed = (await v4(`GetProducts?warehousecode=${warehouseCode}`, { skulist: made.sku })) as {
    list: V4Product[];
  };
  expect(listed.list).toHaveLength(1);
  const serverId = listed.list[0]?.id ?? 0;
  const detail = (await v4(`GetProductDetail?id=${serverId}`)) as V4Product;
  expect(detail.imagepath).toMatch(/^\/images\//);
  expect(detail.imageList).toHaveLength(1);
  // v4 has no read of a product's serials: the sandbox's own table shows what it holds.
  const storeId = running.sandbox.stores[0]?.id ?? 0;
  expect(
    listSerialNumbers(running.sandbox.db, storeId, serverId)
      .map((entry) => entry.name)
      .sort(),
  ).toEqual([made.serial(1), made.serial(2)]);

  // The outbox: each write done, none sent twice (a second serial add would answer "duplicate").
  const history = await app.ok('outbox.list', { state: 'all', limit: 200 });
  const ours = history.items.filter(
    (item) =>
      item.id === made.pictureId ||
      ((item.kind === 'addSerialNo' || item.kind === 'deleteSerialNo') &&
        (item.description ?? '').includes(made.sku)),
  );
  expect(ours).toHaveLength(5);
  for (const item of ours) expect(item).toMatchObject({ state: 'done', outcome: 'applied' });

  // The page's reads, by the server id and by the local id the page may still hold.
  for (const productId of [serverId, made.localId]) {
    const serials = await app.ok('serials.list', { productId });
    expect(serials.map((entry) => [entry.name, entry.result])).toEqual([
      [made.serial(3), 'removed'],
      [made.serial(2), 'added'],
      [made.serial(1), 'added'],
    ]);
    expect(await app.ok('catalogue.product', { productId })).toMatchObject({ id: serverId });
    const upload = await app.ok('catalogue.pictureUpload', { productId });
    expect(upload).toMatchObject({ operationId: made.pictureId, sendState: 'sent' });
  }
  const local = await app.ok('catalogue.productImage', { productId: serverId });
  expect(local?.dataUrl).toMatch(/^data:image\/png;base64,/);

  // A pull brings the server's picture: the local copy steps aside.
  await app.ok('sync.syncNow', {});
  await waitForValue(app, 'catalogue.pictureUpload', { productId: serverId }, (value) => value === null);
  const served = await app.ok('catalogue.productImage', { productId: made.localId });
  expect(served?.dataUrl).toMatch(/^data:image\//);
}

describe('a picture and serial numbers on a product made offline', () => {
  it('are taken and shown on its local id, then wait for its create and land once', async () => {
    const warehouseCode = await openStore();
    running.sandbox.revokeStore(STORE.name);
    const made = await madeOfflineWithExtras('A', warehouseCode);
    // A product reference is a server id or a local one, never 0.
    for (const call of ['serials.list', 'catalogue.pictureUpload'] as const) {
      expect(await running.app.call(call, { productId: 0 })).toMatchObject({
        ok: false,
        error: { code: 'invalid-arguments' },
      });
    }
    running.sandbox.restoreStore(STORE.name);
    await running.app.ok('outbox.resume', {});
    await waitForDrained(running.app);
    await expectLandedOnce(made, warehouseCode);
  });

  it('shows the stock counted offline in its detail, in the warehouse counted, before and after the drain', async () => {
    const warehouseCode = await openStore();
    running.sandbox.revokeStore(STORE.name);
    const { app } = running;
    const sku = 'XTR-COUNTED';
    const made = await app.ok('catalogue.createProduct', {
      fields: { ...emptyFields, name: 'Extras counted', sku },
    });
    const session = await app.ok('counting.createSession', { warehouseCode, driftPolicy: 'keepCounted' });
    for (let scan = 0; scan < 3; scan += 1)
      await app.ok('counting.scan', { sessionId: session.id, code: sku });
    await app.ok('counting.commit', { sessionId: session.id });
    const offline = await app.ok('catalogue.product', { productId: made.productId });
    // No stock row yet (the back office has never heard of it): the count on its way is the figure.
    expect(offline.stockByWarehouse).toEqual([{ warehouseCode, stock: 0, availablestock: 0, expected: 3 }]);
    running.sandbox.restoreStore(STORE.name);
    await app.ok('outbox.resume', {});
    await waitForDrained(app);
    const sent = await app.ok('catalogue.product', { productId: made.productId });
    expect(sent.id).toBeGreaterThan(0);
    expect(sent.stockByWarehouse.find((line) => line.warehouseCode === warehouseCode)).toMatchObject({
      stock: 3,
      expected: 3,
    });
  });

  it('land once when the answer to the create is lost after the back office committed it', async () => {
    const warehouseCode = await openStore();
    running.sandbox.revokeStore(STORE.name);
    const made = await madeOfflineWithExtras('B', warehouseCode);
    running.sandbox.scheduleFault({ endpoint: 'AddProduct', mode: 'reset', timing: 'after' });
    running.sandbox.restoreStore(STORE.name);
    await running.app.ok('outbox.resume', {});
    await waitForDrained(running.app);
    const history = await running.app.ok('outbox.list', { state: 'all', limit: 200 });
    // The create's answer was lost: its read-back found the product, so it was not sent again.
    expect(history.items.find((item) => item.id === made.createId)).toMatchObject({
      state: 'done',
      outcome: 'reconciled',
    });
    await expectLandedOnce(made, warehouseCode);
  });
});
