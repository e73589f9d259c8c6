// Quitting mid-drain loses nothing: the store's close waits for the drainer within its bound, then
// closes the client and the database under whatever is still out; the next start picks up what is
// left (a row left 'sending' is reconciled, pending rows are sent). The outbox's own crash tests prove
// its guarantees; this proves the app's wiring of them.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryCredentialStore } from '../../src-main/credentials/in-memory-credential-store.js';
import { startSandbox, type SandboxHandle } from '../../src-main/sandbox/index.js';
import { STOP_BOUNDS_MS } from '../../src-main/services/store-session.js';
import {
  FAST_OUTBOX,
  startTestApp,
  tempFolder,
  waitForDrained,
  waitForFirstSync,
  waitForValue,
  type TestApp,
} from './support/app-fixture.js';
import { serverStock } from './support/server-stock.js';

const STORE = { name: 'resume', apikey: 'resume-key-1234', apisecret: 'resume-secret-5678' };
// Same process for both runs: the first run's lease cannot be seen as a dead process's, so it is short.
const TIMING = { ...FAST_OUTBOX, leaseTtlMs: 1_500 };
const LATENCY_MS = 1_500;
const folder = tempFolder('stockroom-resume-');
const userData = join(folder.path, 'user-data');
const keychain = new InMemoryCredentialStore();
let sandbox: SandboxHandle;
let app: TestApp;

beforeAll(async () => {
  sandbox = await startSandbox({
    dataFile: join(folder.path, 'backoffice.sqlite'),
    seed: 'demo',
    products: 120,
    stores: [STORE],
    log: () => undefined,
  });
  app = await startTestApp({ userData, credentialStore: keychain, outboxTiming: TIMING });
});

afterAll(async () => {
  await app?.stop();
  await sandbox?.close();
  if (process.env['KEEP_TEST_FOLDER'] === undefined) folder.remove();
  else console.log(folder.path);
});

describe('quit mid-drain, start again', () => {
  const counted: Array<{ warehouseCode: string; productId: number; figure: number }> = [];

  it('counts in three warehouses are committed while every request is slow', async () => {
    await app.ok('profiles.add', {
      displayName: 'Resume shop',
      baseUrl: sandbox.url,
      storename: STORE.name,
      apikey: STORE.apikey,
      apisecret: STORE.apisecret,
      activate: true,
    });
    await waitForFirstSync(app);
    const warehouses = (await app.ok('catalogue.warehouses', {})).slice(0, 3);
    expect(warehouses).toHaveLength(3);
    const products = await app.ok('catalogue.search', { text: 'a', limit: 100 });
    const sessions: string[] = [];
    const used = new Set<number>();
    for (const [index, warehouse] of warehouses.entries()) {
      let product: (typeof products)[number] | undefined;
      for (const candidate of products) {
        if (used.has(candidate.id)) continue;
        const detail = await app.ok('catalogue.product', { productId: candidate.id });
        if (detail.stockByWarehouse.some((line) => line.warehouseCode === warehouse.code)) {
          product = candidate;
          break;
        }
      }
      // A product without stock in the warehouse is counted against 0, as on a shelf it should not be on.
      product ??= products.find((candidate) => !used.has(candidate.id));
      if (product === undefined) throw new Error('not enough products');
      used.add(product.id);
      const session = await app.ok('counting.createSession', {
        warehouseCode: warehouse.code,
        driftPolicy: 'keepCounted',
      });
      const line = await app.ok('counting.scan', { sessionId: session.id, code: product.sku });
      const figure = 100 + index;
      await app.ok('counting.setQuantity', { sessionId: session.id, lineId: line.lineId, quantity: figure });
      counted.push({ warehouseCode: warehouse.code, productId: product.id, figure });
      sessions.push(session.id);
    }
    sandbox.setFaults({ latencyMs: LATENCY_MS });
    for (const sessionId of sessions) await app.ok('counting.commit', { sessionId });
  });

  it('quitting while a request is out returns within the bounds', async () => {
    await waitForValue(app, 'outbox.summary', {}, (summary) => summary.sending > 0, 10_000);
    const started = performance.now();
    await app.stop();
    const took = performance.now() - started;
    expect(took).toBeLessThan(
      STOP_BOUNDS_MS.scheduler + STOP_BOUNDS_MS.outbox + STOP_BOUNDS_MS.client + 1_000,
    );
    // Three batches of a read and a write at 1.5 s each do not fit in the outbox's bound.
    expect(took).toBeGreaterThanOrEqual(STOP_BOUNDS_MS.outbox - 100);
  });

  it('the next start sends what was left, and every count reaches the back office', async () => {
    sandbox.clearFaults();
    app = await startTestApp({ userData, credentialStore: keychain, outboxTiming: TIMING });
    const left = await app.ok('outbox.summary', {});
    expect(left.pending + left.sending + left.retry + left.unclear).toBeGreaterThan(0);
    await waitForDrained(app, 30_000);
    const all = await app.ok('outbox.list', { state: 'all' });
    expect(all.items.filter((item) => item.change === 'count').every((item) => item.state === 'done')).toBe(
      true,
    );
    for (const { warehouseCode, productId, figure } of counted) {
      expect(
        await serverStock(
          { baseUrl: sandbox.url, storename: STORE.name, ...STORE },
          warehouseCode,
          productId,
        ),
      ).toBe(figure);
    }
  });
});
