// catalogue.assignBarcode through the app's API (as the page calls it, arguments checked by the
// contract): refused arguments answer 'invalid-arguments' and queue nothing; a good call answers the
// operation id, the outbox drains it to the demo back office and GetProductDetail there shows the code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackofficeClient } from '../../src-main/backoffice/index.js';
import { InMemoryCredentialStore } from '../../src-main/credentials/in-memory-credential-store.js';
import { DEMO_STORE } from '../../src-main/services/index.js';
import { gtinCheckDigit } from '../../src-shared/barcode/index.js';
import {
  startTestApp,
  tempFolder,
  waitForDrained,
  waitForFirstSync,
  type TestApp,
} from '../services/support/app-fixture.js';

const folder = tempFolder('stockroom-assign-barcode-');
let app: TestApp;
let baseUrl = '';

beforeAll(async () => {
  app = await startTestApp({ userData: folder.path, credentialStore: new InMemoryCredentialStore() });
  baseUrl = (await app.ok('demo.start', {})).baseUrl;
  await waitForFirstSync(app);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  folder.remove();
});

async function serverBarcode(productId: number): Promise<string> {
  const client = new BackofficeClient({
    baseUrl,
    credentials: { storename: DEMO_STORE.name, apikey: DEMO_STORE.apikey, apisecret: DEMO_STORE.apisecret },
  });
  try {
    return (await client.call('GetProductDetail', { id: productId })).barcode ?? '';
  } finally {
    await client.close();
  }
}

async function openRows(): Promise<number> {
  const summary = await app.ok('outbox.summary', {});
  return summary.pending + summary.sending + summary.retry + summary.unclear + summary.parked;
}

describe('catalogue.assignBarcode', () => {
  it('refuses bad arguments with invalid-arguments and queues nothing', async () => {
    const [product] = await app.ok('catalogue.search', { text: 'a', limit: 1 });
    if (product === undefined) throw new Error('the demo catalogue is empty');
    const before = await openRows();
    const cases: unknown[] = [
      {},
      { productId: product.id },
      { barcode: 'X-1' },
      { productId: 0, barcode: 'X-1' },
      { productId: -3, barcode: 'X-1' },
      { productId: 1.5, barcode: 'X-1' },
      { productId: '1', barcode: 'X-1' },
      { productId: product.id, barcode: '' },
      { productId: product.id, barcode: '   ' },
      { productId: product.id, barcode: 'X'.repeat(201) },
      { productId: product.id, barcode: 'X-1', extra: true },
    ];
    for (const args of cases) {
      // Deliberately outside the typed arguments: the page may send anything.
      const answer = await app.call(
        'catalogue.assignBarcode',
        args as { productId: number; barcode: string },
      );
      expect(answer, JSON.stringify(args)).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    }
    // Past the schema, the barcode checks: too long after cleaning, a GTIN with a wrong check digit.
    const wrongCheck = `885000000009${String(((gtinCheckDigit('885000000009') ?? 0) + 1) % 10)}`;
    for (const barcode of ['X'.repeat(65), wrongCheck]) {
      expect(await app.call('catalogue.assignBarcode', { productId: product.id, barcode })).toMatchObject({
        ok: false,
        error: { code: 'invalid-arguments' },
      });
    }
    const checkDigit = await app.call('catalogue.assignBarcode', {
      productId: product.id,
      barcode: wrongCheck,
    });
    expect(checkDigit.ok ? '' : checkDigit.error.message).toMatch(/check digit/);
    expect(
      await app.call('catalogue.assignBarcode', { productId: 99_999_999, barcode: 'X-1' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    expect(await openRows()).toBe(before);
  });

  it('never replaces a product’s barcode without replace: true (v4 keeps one per product)', async () => {
    const [product] = await app.ok('catalogue.search', { text: 'a', limit: 1 });
    if (product === undefined || product.barcode === '')
      throw new Error('expected a demo product with a barcode');
    const before = await openRows();
    const answer = await app.call('catalogue.assignBarcode', { productId: product.id, barcode: 'ZZ-SECOND' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'conflict', reason: 'replaces-barcode' } });
    expect(answer.ok ? '' : answer.error.message).toContain(product.barcode);
    expect(await openRows()).toBe(before);
    // The safe choice: an alias on this PC, nothing queued, both codes find the product.
    await app.ok('catalogue.addAlias', { productId: product.id, code: 'ZZ-SECOND' });
    expect(await openRows()).toBe(before);
    expect(await app.ok('catalogue.lookup', { code: 'ZZ-SECOND' })).toMatchObject({ id: product.id });
    expect(await app.ok('catalogue.lookup', { code: product.barcode })).toMatchObject({ id: product.id });
    expect(await app.ok('catalogue.aliases', { productId: product.id })).toMatchObject([
      { code: 'ZZ-SECOND', productId: product.id, units: 1 },
    ]);
    expect(await app.ok('catalogue.removeAlias', { code: 'ZZ-SECOND' })).toEqual({ removed: true });
  });

  it('answers the operation id; the outbox drains it and the back office has the barcode', async () => {
    const [product] = await app.ok('catalogue.search', { text: 'a', limit: 1 });
    if (product === undefined) throw new Error('the demo catalogue is empty');
    const barcode = `ZZ-ASSIGN-${product.id}`;
    const { operationId } = await app.ok('catalogue.assignBarcode', {
      productId: product.id,
      barcode: ` ${barcode}\r`,
      replace: true,
    });
    expect(Number.isInteger(operationId) && operationId > 0).toBe(true);
    await waitForDrained(app);
    const done = await app.ok('outbox.list', { state: 'done' });
    expect(done.items.map((item) => item.id)).toContain(operationId);
    expect(await serverBarcode(product.id)).toBe(barcode);
  });
});
