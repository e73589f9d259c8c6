// Drift end to end: a count made on a PC whose catalogue came from the sandbox over v4, stock sold on
// the sandbox (DecreaseProductStockList) after counting and before the outbox drains, the commit
// drained by the real outbox, and the sandbox's figure read back over v4 — per drift policy.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackofficeClient } from '../../src-main/backoffice/index.js';
import { CatalogueRepository } from '../../src-main/catalog/catalogue.repository.js';
import { CountingService, type DriftPolicy } from '../../src-main/counting/index.js';
import { openDatabase, type Database } from '../../src-main/db/database.js';
import { listParked, Outbox, retryParked } from '../../src-main/outbox/index.js';
import { startTestSandbox, verdict, type TestSandbox } from '../support/sandbox-harness.js';

const WAREHOUSE = 'W0001';

interface ListedProduct {
  readonly id: number;
  readonly sku: string;
  readonly stock: string;
}

describe('count drift against the sandbox', () => {
  let sandbox: TestSandbox;
  let folder: string;
  let db: Database;
  let client: BackofficeClient;
  let service: CountingService;
  let outbox: Outbox;
  let products: ListedProduct[];

  /** What the catalogue sync does for one warehouse: v4 reads into the catalogue store. */
  async function pullCatalogue(): Promise<void> {
    const catalogue = new CatalogueRepository(db);
    catalogue.replaceWarehouses((await client.call('GetWarehouses', { query: { limit: 500 } })).list);
    const answer = await client.call('GetProducts', { query: { warehousecode: WAREHOUSE, limit: 500 } });
    catalogue.upsertProducts(answer.list, { warehouseCode: WAREHOUSE, syncedAt: Date.now() });
  }

  async function sandboxStock(productId: number): Promise<number> {
    const answer = await sandbox.call('GetProducts', {
      query: { warehousecode: WAREHOUSE, limit: 500 },
      headers: { productidlist: String(productId) },
    });
    const [product] = (answer.body as { list: ListedProduct[] }).list;
    if (!product) throw new Error(`The sandbox has no product ${productId}`);
    return Number(product.stock);
  }

  async function sell(productId: number, quantity: number): Promise<void> {
    const answer = await sandbox.call('DecreaseProductStockList', {
      query: { warehousecode: WAREHOUSE },
      body: { stocks: [{ productid: productId, stock: quantity }] },
    });
    expect(verdict(answer.body)?.code).toBe('200');
  }

  /** Counts `counted` units of each product by sku (one scan with the quantity) in a new session. */
  function count(policy: DriftPolicy, lines: ReadonlyArray<{ sku: string; counted: number }>): string {
    const sessionId = service.createSession({ warehouseCode: WAREHOUSE, driftPolicy: policy }).id;
    for (const line of lines)
      service.scan({ sessionId, code: line.sku, counter: 'Somchai', quantity: line.counted });
    return sessionId;
  }

  beforeEach(async () => {
    sandbox = await startTestSandbox();
    folder = mkdtempSync(join(tmpdir(), 'stockroom-drift-'));
    db = openDatabase(join(folder, 'store.sqlite'));
    client = new BackofficeClient({
      baseUrl: sandbox.url,
      credentials: { storename: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' },
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 },
    });
    service = new CountingService(db);
    outbox = new Outbox({ db, client });
    await pullCatalogue();
    const listed = await sandbox.call('GetProducts', { query: { warehousecode: WAREHOUSE, limit: 500 } });
    products = (listed.body as { list: ListedProduct[] }).list.filter(
      (product) => Number(product.stock) >= 5,
    );
    expect(products.length).toBeGreaterThanOrEqual(2);
  });

  afterEach(async () => {
    await outbox.stop();
    await client.close();
    db.close();
    rmSync(folder, { recursive: true, force: true });
    await sandbox.close();
  });

  const productAt = (index: number): ListedProduct => {
    const product = products[index];
    if (!product) throw new Error(`No product ${index} with stock`);
    return product;
  };

  it('keepDifference: counted + the movements since counting; a line without drift gets its count', async () => {
    const sold = productAt(0);
    const still = productAt(1);
    const sessionId = count('keepDifference', [
      { sku: sold.sku, counted: Number(sold.stock) + 2 },
      { sku: still.sku, counted: Number(still.stock) - 1 },
    ]);
    await sell(sold.id, 3);
    await pullCatalogue(); // the PC syncs before committing: the review shows what moved
    expect(service.review(sessionId, 'drifted').rows).toEqual([
      expect.objectContaining({ productId: sold.id, countedAgainst: Number(sold.stock), drift: -3 }),
    ]);

    service.commit({ sessionId });
    await outbox.drain();

    expect(await sandboxStock(sold.id)).toBe(Number(sold.stock) + 2 - 3);
    expect(await sandboxStock(still.id)).toBe(Number(still.stock) - 1);
    expect(listParked(db)).toEqual([]);
  });

  it('keepCounted: the counted figure, whatever was sold since', async () => {
    const sold = productAt(0);
    const sessionId = count('keepCounted', [{ sku: sold.sku, counted: Number(sold.stock) + 2 }]);
    service.commit({ sessionId });
    await sell(sold.id, 3); // after the commit, before the drain: still drift
    await outbox.drain();

    expect(await sandboxStock(sold.id)).toBe(Number(sold.stock) + 2);
  });

  it('ask: nothing is sent for a drifted line until a person decides; then their choice applies', async () => {
    const sold = productAt(0);
    const still = productAt(1);
    const sessionId = count('ask', [
      { sku: sold.sku, counted: Number(sold.stock) + 2 },
      { sku: still.sku, counted: Number(still.stock) + 4 },
    ]);
    await sell(sold.id, 3);
    service.commit({ sessionId });
    await outbox.drain();

    expect(await sandboxStock(sold.id)).toBe(Number(sold.stock) - 3);
    expect(await sandboxStock(still.id)).toBe(Number(still.stock) + 4);
    const parked = listParked(db);
    expect(parked).toEqual([
      expect.objectContaining({
        productId: sold.id,
        value: Number(sold.stock) + 2,
        countedAgainst: Number(sold.stock),
        policy: 'ask',
      }),
    ]);

    retryParked(db, parked[0]?.id ?? 0, { policy: 'keepDifference' });
    await outbox.drain();
    expect(await sandboxStock(sold.id)).toBe(Number(sold.stock) + 2 - 3);
  });
});
