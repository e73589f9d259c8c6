// A real store database in a temp folder (every app migration), a catalogue seeded through the real
// CatalogueRepository (records parsed by the spec's schema, as the sync stores them), the real outbox,
// and a CountingService on a clock the test moves.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueLookup } from '../../../src-main/catalog/catalogue-lookup.js';
import { CatalogueRepository } from '../../../src-main/catalog/catalogue.repository.js';
import { CountingService } from '../../../src-main/counting/index.js';
import { openDatabase, type Database } from '../../../src-main/db/database.js';
import { enqueueStockChange } from '../../../src-main/outbox/enqueue.js';
import { Product, Warehouse, type ProductRecord } from '../../../src-shared/api/records.js';

export const WAREHOUSE = 'W0001';
export const OTHER_WAREHOUSE = 'W0002';

export interface SeedProduct {
  readonly id: number;
  readonly sku?: string;
  readonly barcode?: string;
  readonly name?: string;
  readonly purchaseprice?: string;
  /** Server stock in WAREHOUSE; no stock row when absent. */
  readonly stock?: number;
  readonly active?: boolean;
  /** The product's category (id; named "Category <id>"). */
  readonly categoryId?: number;
}

export interface CountingFixture {
  readonly db: Database;
  readonly file: string;
  readonly service: CountingService;
  readonly catalogue: CatalogueRepository;
  readonly lookup: CatalogueLookup;
  /** The clock the service reads; `tick()` moves it one second. */
  now: number;
  tick(): number;
  seed(products: readonly SeedProduct[], warehouseCode?: string): void;
  /** A sync pulled a new server figure for the product. */
  serverStock(productId: number, stock: number, warehouseCode?: string): void;
  /** A local write queued in the outbox (not yet sent): part of the local view. */
  queueStockChange(productId: number, change: 'set' | 'increase' | 'decrease', value: number): void;
  /** Another connection to the same file (an app restart reads what the first one wrote). */
  reopen(): Database;
  close(): void;
}

export function productRecord(seed: SeedProduct): ProductRecord {
  return Product.parse({
    id: seed.id,
    name: seed.name ?? `Product ${seed.id}`,
    sku: seed.sku ?? `SKU-${seed.id}`,
    barcode: seed.barcode ?? '',
    sellprice: '10.00',
    purchaseprice: seed.purchaseprice ?? '6.00',
    unittext: 'ชิ้น',
    active: seed.active ?? true,
    ...(seed.categoryId === undefined
      ? {}
      : { categoryid: seed.categoryId, category: `Category ${seed.categoryId}` }),
    ...(seed.stock === undefined ? {} : { stock: String(seed.stock), availablestock: String(seed.stock) }),
  });
}

export function openCountingFixture(): CountingFixture {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-counting-'));
  const file = join(folder, 'store.sqlite');
  const db = openDatabase(file);
  const catalogue = new CatalogueRepository(db);
  catalogue.replaceWarehouses([
    Warehouse.parse({ id: 1, code: WAREHOUSE, name: 'คลังหลัก', address: '' }),
    Warehouse.parse({ id: 2, code: OTHER_WAREHOUSE, name: 'หน้าร้าน', address: '' }),
  ]);
  const extra: Database[] = [];
  const fixture: CountingFixture = {
    db,
    file,
    catalogue,
    lookup: new CatalogueLookup(db),
    now: Date.UTC(2025, 0, 6, 3, 0, 0),
    service: new CountingService(db, { now: () => fixture.now }),
    tick: () => (fixture.now += 1_000),
    seed(products, warehouseCode = WAREHOUSE) {
      const withStock = products.filter((seed) => seed.stock !== undefined).map(productRecord);
      const withoutStock = products.filter((seed) => seed.stock === undefined).map(productRecord);
      catalogue.upsertProducts(withStock, { warehouseCode, syncedAt: fixture.now });
      catalogue.upsertProducts(withoutStock, { syncedAt: fixture.now });
    },
    serverStock(productId, stock, warehouseCode = WAREHOUSE) {
      const known = fixture.lookup.product(productId);
      if (!known) throw new Error(`No product ${productId} to give stock to`);
      catalogue.upsertProducts(
        [
          productRecord({
            id: productId,
            sku: known.sku,
            barcode: known.barcode,
            name: known.name,
            purchaseprice: String(known.purchaseprice),
            stock,
          }),
        ],
        { warehouseCode, syncedAt: fixture.now },
      );
    },
    queueStockChange(productId, change, value) {
      const sku = fixture.lookup.product(productId)?.sku ?? '';
      enqueueStockChange(db, { warehouseCode: WAREHOUSE, change, lines: [{ productId, sku, value }] });
    },
    reopen() {
      const another = openDatabase(file);
      extra.push(another);
      return another;
    },
    close() {
      for (const connection of [db, ...extra]) if (connection.open) connection.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
  return fixture;
}
