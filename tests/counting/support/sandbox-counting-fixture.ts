// Counting end to end against the sandbox: a real sandbox over loopback, a store database in a temp
// folder, a v4 BackofficeClient, the real CountingService and Outbox, the catalogue pulled as the sync
// does. Registers its own beforeEach/afterEach, so each test starts from a fresh sandbox and file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { BackofficeClient } from '../../../src-main/backoffice/index.js';
import { CatalogueRepository } from '../../../src-main/catalog/catalogue.repository.js';
import { CountingService } from '../../../src-main/counting/index.js';
import { openDatabase, type Database } from '../../../src-main/db/database.js';
import { Outbox } from '../../../src-main/outbox/index.js';
import { startTestSandbox, verdict, type TestSandbox } from '../../support/sandbox-harness.js';
import { WAREHOUSE } from './counting-fixture.js';

/** A product as the sandbox lists it in WAREHOUSE (stock is a decimal string). */
export interface ListedProduct {
  readonly id: number;
  readonly sku: string;
  readonly stock: string;
}

// Helpers are function properties (not methods) so a test can destructure them.
export interface SandboxCounting {
  readonly sandbox: TestSandbox;
  readonly db: Database;
  readonly client: BackofficeClient;
  readonly service: CountingService;
  readonly outbox: Outbox;
  /** What the catalogue sync does for one warehouse: v4 reads into the catalogue store. */
  readonly pullCatalogue: () => Promise<void>;
  /** The sandbox's own stock figure for the product in WAREHOUSE. */
  readonly sandboxStock: (productId: number) => Promise<number>;
  /** Someone sells `quantity` on the back office (DecreaseProductStockList), which accepts it. */
  readonly sell: (productId: number, quantity: number) => Promise<void>;
  /** The index-th sandbox product with a stock of at least 5, as listed before the test. */
  readonly productAt: (index: number) => ListedProduct;
}

const MINIMUM_STOCK = 5;

/**
 * Call at describe level. `needsProducts` is how many products with stock ≥ 5 the tests use; the
 * set-up fails when the sandbox has fewer. Returns the current test's fixture.
 */
export function useSandboxCounting(options: {
  folderPrefix: string;
  needsProducts: number;
}): () => SandboxCounting {
  let current: SandboxCounting | undefined;
  let teardown: (() => Promise<void>) | undefined;

  beforeEach(async () => {
    const sandbox = await startTestSandbox();
    const folder = mkdtempSync(join(tmpdir(), options.folderPrefix));
    const db = openDatabase(join(folder, 'store.sqlite'));
    const client = new BackofficeClient({
      baseUrl: sandbox.url,
      credentials: { storename: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' },
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 },
    });
    const outbox = new Outbox({ db, client });
    teardown = async () => {
      await outbox.stop();
      await client.close();
      db.close();
      rmSync(folder, { recursive: true, force: true });
      await sandbox.close();
    };

    const listProducts = async (headers?: Record<string, string>): Promise<ListedProduct[]> => {
      const answer = await sandbox.call('GetProducts', {
        query: { warehousecode: WAREHOUSE, limit: 500 },
        ...(headers === undefined ? {} : { headers }),
      });
      return (answer.body as { list: ListedProduct[] }).list;
    };

    const stocked: ListedProduct[] = [];
    const fixture: SandboxCounting = {
      sandbox,
      db,
      client,
      service: new CountingService(db),
      outbox,
      async pullCatalogue() {
        const catalogue = new CatalogueRepository(db);
        catalogue.replaceWarehouses((await client.call('GetWarehouses', { query: { limit: 500 } })).list);
        const answer = await client.call('GetProducts', { query: { warehousecode: WAREHOUSE, limit: 500 } });
        catalogue.upsertProducts(answer.list, { warehouseCode: WAREHOUSE, syncedAt: Date.now() });
      },
      async sandboxStock(productId) {
        const [product] = await listProducts({ productidlist: String(productId) });
        if (!product) throw new Error(`The sandbox has no product ${productId}`);
        return Number(product.stock);
      },
      async sell(productId, quantity) {
        const answer = await sandbox.call('DecreaseProductStockList', {
          query: { warehousecode: WAREHOUSE },
          body: { stocks: [{ productid: productId, stock: quantity }] },
        });
        expect(verdict(answer.body)?.code).toBe('200');
      },
      productAt(index) {
        const product = stocked[index];
        if (!product) throw new Error(`No product ${index} with stock`);
        return product;
      },
    };
    await fixture.pullCatalogue();
    stocked.push(...(await listProducts()).filter((product) => Number(product.stock) >= MINIMUM_STOCK));
    expect(stocked.length).toBeGreaterThanOrEqual(options.needsProducts);
    current = fixture;
  });

  afterEach(async () => {
    current = undefined;
    const closing = teardown;
    teardown = undefined;
    await closing?.();
  });

  return () => {
    if (current === undefined) throw new Error('The sandbox counting fixture is used outside a test');
    return current;
  };
}
