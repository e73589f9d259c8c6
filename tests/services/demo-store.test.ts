// "Try the demo store" with no profile: the embedded sandbox starts on loopback with its data in the
// user-data folder, the catalogue syncs from it, search finds products, and a count session scans,
// commits and is drained to the demo back office. Then a restart: same data, new port, same profile.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryCredentialStore } from '../../src-main/credentials/in-memory-credential-store.js';
import { DEMO_STORE } from '../../src-main/services/index.js';
import {
  startTestApp,
  tempFolder,
  waitForDrained,
  waitForFirstSync,
  waitForValue,
  type TestApp,
} from './support/app-fixture.js';
import { serverStock } from './support/server-stock.js';

const folder = tempFolder('stockroom-demo-');
// The demo never touches the keychain: an empty store that refuses every write proves it.
const keychain = new InMemoryCredentialStore();
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ userData: folder.path, credentialStore: keychain });
});

afterAll(async () => {
  await app?.stop();
  folder.remove();
});

describe('the demo store', () => {
  let demoUrl = '';
  let productId = 0;
  let warehouseCode = '';
  let sessionId = '';

  it('starts with no profile: calls that need a store say so', async () => {
    expect(await app.ok('profiles.active', {})).toBeNull();
    expect(await app.ok('sync.status', {})).toMatchObject({ state: 'no-profile' });
    expect(await app.ok('connectivity.status', {})).toMatchObject({
      state: 'offline',
      reason: { code: 'no-profile' },
    });
    expect(await app.ok('budget.get', {})).toBeNull();
    expect(await app.call('catalogue.search', { text: 'a' })).toMatchObject({
      ok: false,
      error: { code: 'no-profile' },
    });
  });

  it('"Try the demo store" starts the sandbox on loopback and makes the demo profile active', async () => {
    const profile = await app.ok('demo.start', {});
    expect(profile).toMatchObject({ kind: 'demo', storename: DEMO_STORE.name });
    expect(profile.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    demoUrl = profile.baseUrl;
    expect(await app.ok('profiles.active', {})).toEqual(profile);
    expect(existsSync(join(folder.path, 'sandbox', 'demo.sqlite'))).toBe(true);
    expect(existsSync(join(folder.path, 'stores', `${profile.id}.sqlite`))).toBe(true);
    // Public credentials: nothing went to the keychain.
    expect(await keychain.get(profile.id)).toBeUndefined();
    expect(app.events.some((event) => event.name === 'profile.changed')).toBe(true);
  });

  it('the catalogue syncs from it, with progress events, and search finds products', async () => {
    const status = await waitForFirstSync(app);
    expect(status).toMatchObject({ state: 'idle', firstSyncComplete: true, lastError: null });
    const progress = app.events.filter((event) => event.name === 'sync.progress');
    expect(progress.some((event) => (event.payload as { progress: unknown }).progress !== null)).toBe(true);

    const warehouses = await app.ok('catalogue.warehouses', {});
    expect(warehouses.length).toBeGreaterThan(0);
    warehouseCode = warehouses[0]?.code ?? '';

    const found = await app.ok('catalogue.search', { text: 'a', limit: 20 });
    expect(found.length).toBeGreaterThan(0);
    const withBarcode = found.find((product) => product.barcode !== '' && product.active);
    if (withBarcode === undefined) throw new Error('no product with a barcode');
    productId = withBarcode.id;
    expect(await app.ok('catalogue.lookup', { code: withBarcode.barcode })).toMatchObject({ id: productId });
    // Many codes in one call: one answer per code, in order, null for a code no product has.
    expect(
      await app.ok('catalogue.lookupMany', { codes: ['NO-SUCH-CODE', withBarcode.barcode, withBarcode.sku] }),
    ).toMatchObject([null, { id: productId }, { id: productId }]);
    const detail = await app.ok('catalogue.product', { productId });
    expect(detail.stockByWarehouse.length).toBeGreaterThan(0);
    expect(await app.ok('budget.get', {})).toMatchObject({ exhausted: false });
    expect((await app.ok('budget.get', {}))?.used).toBeGreaterThan(0);
    expect(await app.ok('connectivity.status', {})).toMatchObject({ state: 'online', reason: null });
  });

  it('the money copy fills after the catalogue, and money.changed reaches the page', async () => {
    const changes = () =>
      app.events
        .filter((event) => event.name === 'money.changed')
        .map((event) => event.payload as { source: string; records: number; transfers: number });
    for (let waited = 0; !changes().some((change) => change.source === 'sync') && waited < 20_000;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      waited += 50;
    }
    const filled = changes().find((change) => change.source === 'sync');
    expect(filled?.records).toBeGreaterThan(0);
    const [from, to] = await app.ok('money.paymentMethods', {});
    if (!from || !to) throw new Error('the demo store needs two payment methods');
    const before = changes().length;
    await app.ok('money.createTransfer', { fromMethodId: from.id, toMethodId: to.id, amount: 12 });
    expect(changes().slice(before)).toMatchObject([{ source: 'local', records: 0, transfers: 1 }]);
  });

  it('a count session scans, commits and the outbox drains it to the demo back office', async () => {
    const session = await app.ok('counting.createSession', { warehouseCode, driftPolicy: 'keepCounted' });
    sessionId = session.id;
    const barcode = (await app.ok('catalogue.product', { productId })).barcode;
    for (let scan = 0; scan < 3; scan += 1) await app.ok('counting.scan', { sessionId, code: barcode });
    const unknown = await app.ok('counting.scan', { sessionId, code: '0000000000000' });
    expect(unknown.kind).toBe('unknown');
    const lines = await app.ok('counting.lines', { sessionId });
    expect(lines.find((line) => line.kind === 'product')).toMatchObject({ counted: 3, scans: 3 });

    const refused = await app.call('counting.commit', { sessionId });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'conflict', reason: 'unresolved-unknown-codes' },
    });

    const review = await app.ok('counting.review', { sessionId, filter: 'unknown' });
    expect(review.rows).toHaveLength(1);
    const csv = await app.ok('counting.exportCsv', { sessionId });
    expect(csv.fileName).toMatch(/\.csv$/);
    expect(csv.csv.split('\n').length).toBeGreaterThan(1);

    const committed = await app.ok('counting.commit', { sessionId, discardUnknownCodes: true });
    expect(committed.session.state).toBe('committed');
    expect(committed.operationIds.length).toBe(1);

    await waitForDrained(app);
    const done = await app.ok('outbox.list', { state: 'done' });
    expect(done.items.map((item) => item.id)).toEqual(expect.arrayContaining(committed.operationIds));
    expect(app.events.some((event) => event.name === 'outbox.changed')).toBe(true);
    expect(
      await serverStock(
        { baseUrl: demoUrl, storename: DEMO_STORE.name, ...DEMO_STORE },
        warehouseCode,
        productId,
      ),
    ).toBe(3);
  });

  it('"Sync now" pulls the change back into the catalogue', async () => {
    const before = (await app.ok('sync.status', {})).lastSyncedAt ?? 0;
    await app.ok('sync.syncNow', {});
    await waitForValue(app, 'sync.status', {}, (status) => (status.lastSyncedAt ?? 0) > before);
    const detail = await app.ok('catalogue.product', { productId });
    expect(detail.stockByWarehouse.find((line) => line.warehouseCode === warehouseCode)).toMatchObject({
      stock: 3,
      expected: 3,
    });
  });

  it('settings are kept in the app database', async () => {
    expect(await app.ok('settings.get', {})).toMatchObject({ language: 'th', quantityMode: 'add-one' });
    const changed = await app.ok('settings.set', { language: 'en', scanner: { prefix: ']C1' } });
    expect(changed).toMatchObject({ language: 'en', scanner: { prefix: ']C1', minLength: 4 } });
  });

  it('after a restart: same data, a new port, the profile follows it', async () => {
    await app.stop();
    // The old port is closed with the app.
    await expect(fetch(`${demoUrl}/openapi.json`)).rejects.toThrow();
    app = await startTestApp({ userData: folder.path, credentialStore: keychain });
    const profile = await waitForValue(app, 'profiles.active', {}, (active) => active !== null);
    expect(profile?.kind).toBe('demo');
    const status = await app.ok('sync.status', {});
    expect(status.firstSyncComplete).toBe(true);
    const active = await app.ok('profiles.active', {});
    expect(active?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const answer = await fetch(`${active?.baseUrl}/openapi.json`);
    expect(answer.status).toBe(200);
    expect((await app.ok('counting.session', { sessionId })).state).toBe('committed');
    expect(await app.ok('settings.get', {})).toMatchObject({ language: 'en' });
    expect(
      await serverStock(
        { baseUrl: active?.baseUrl ?? '', storename: DEMO_STORE.name, ...DEMO_STORE },
        warehouseCode,
        productId,
      ),
    ).toBe(3);
  });
});
