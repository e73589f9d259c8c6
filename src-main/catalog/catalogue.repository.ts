// The catalogue store's writes: server state as the sync pulls it, and as the outbox's done writes left
// it (applyConfirmedWrites, catalogue-confirmed-writes.ts). Each call is one transaction with
// cached statements (200,000 products load in seconds); called inside a caller's transaction it nests
// as a savepoint. The search index is written here, beside the products row it mirrors
// (catalogue-search-index.repository.ts says why not by trigger).
import type { Database, Statement } from 'better-sqlite3';
import type {
  BundleDetailRecord,
  CategoryRecord,
  ContactDetailRecord,
  MerchantProfileRecord,
  NamedReferenceRecord,
  ProductRecord,
  VariationRecord,
  WarehouseRecord,
} from '../../src-shared/api/records.js';
import { localProductId, type AppliedWrite } from '../outbox/index.js';
import { ConfirmedWrites } from './catalogue-confirmed-writes.js';
import { CatalogueReferenceRepository } from './catalogue-reference.repository.js';
import {
  PRODUCT_COLUMNS,
  productRow,
  stockValues,
  type ProductRow,
  type ProductRowValues,
} from './catalogue-product-rows.js';
import {
  ProductSearchIndex,
  sameIndexedValues,
  type IndexedProductRow,
} from './catalogue-search-index.repository.js';
import type { NamedView, WarehouseView } from './catalogue-views.js';
import { ProductIdentity } from './product-identity.js';
import { ProductLocalWrites } from './product-local-writes.repository.js';

export interface UpsertProductsOptions {
  /** With a code, the records' stock and availablestock are that warehouse's figures and are stored for it. */
  readonly warehouseCode?: string;
  /** Epoch ms of the pull the records come from. */
  readonly syncedAt: number;
}

interface StockParameters {
  productId: number;
  warehouseCode: string;
  stock: number | null;
  availablestock: number | null;
  syncedAt: number;
}

interface StoredProductRow extends IndexedProductRow {
  record_json: string;
}

/** The columns an update sets: all but id, which comes last as the WHERE parameter. */
const UPDATED_COLUMNS = PRODUCT_COLUMNS.slice(1);
type UpdateValues = [...Tail<ProductRowValues>, id: number];
type Tail<T extends readonly unknown[]> = T extends readonly [unknown, ...infer Rest] ? Rest : never;

function updateValues(values: ProductRowValues): UpdateValues {
  const [id, ...rest] = values;
  return [...rest, id];
}

export class CatalogueRepository {
  private readonly storedProduct: Statement<[number], StoredProductRow>;
  private readonly insertProduct: Statement<ProductRowValues>;
  private readonly updateProduct: Statement<UpdateValues>;
  private readonly searchIndex: ProductSearchIndex;
  private readonly upsertStock: Statement<StockParameters>;
  private readonly deleteStockOf: Statement<[number]>;
  private readonly deleteProduct: Statement<[number]>;
  private readonly listProductIds: Statement<[], number>;
  private readonly reference: CatalogueReferenceRepository;
  private readonly confirmed: ConfirmedWrites;
  private readonly localSkus: Statement<[], { id: number; sku: string }>;
  private readonly identity: ProductIdentity;
  /** This PC's product writes (migration 0010). */
  readonly localWrites: ProductLocalWrites;

  constructor(private readonly db: Database) {
    this.storedProduct = db.prepare(
      'SELECT name, sku, barcode, search_words, record_json FROM products WHERE id = ?',
    );
    this.insertProduct = db.prepare(
      `INSERT INTO products (${PRODUCT_COLUMNS.join(', ')}) VALUES (${PRODUCT_COLUMNS.map(() => '?').join(', ')})`,
    );
    // Never INSERT OR REPLACE: a replace deletes the row first, which would cascade to its stock.
    this.updateProduct = db.prepare(
      `UPDATE products SET ${UPDATED_COLUMNS.map((column) => `${column} = ?`).join(', ')} WHERE id = ?`,
    );
    this.searchIndex = new ProductSearchIndex(db);
    // A figure the record lacks keeps the stored one (a new row starts from 0, or from stock for available).
    this.upsertStock = db.prepare(
      `INSERT INTO product_stock (product_id, warehouse_code, stock, availablestock, synced_at)
       VALUES (@productId, @warehouseCode, coalesce(@stock, 0), coalesce(@availablestock, @stock, 0), @syncedAt)
       ON CONFLICT (warehouse_code, product_id) DO UPDATE SET
         stock = coalesce(@stock, stock), availablestock = coalesce(@availablestock, availablestock),
         synced_at = excluded.synced_at`,
    );
    this.deleteStockOf = db.prepare('DELETE FROM product_stock WHERE product_id = ?');
    this.deleteProduct = db.prepare('DELETE FROM products WHERE id = ?');
    // Server products only: a product made on this PC (id ≤ −1) is not the deletion sweep's to judge.
    this.listProductIds = db.prepare<[], number>('SELECT id FROM products WHERE id > 0 ORDER BY id').pluck();
    this.localSkus = db.prepare('SELECT id, sku FROM products WHERE id < 0');
    this.localWrites = new ProductLocalWrites(db);
    this.reference = new CatalogueReferenceRepository(db);
    this.confirmed = new ConfirmedWrites(db, this.searchIndex);
    this.identity = new ProductIdentity(db, this.searchIndex, this.localWrites);
  }

  /**
   * Upserts by id; the newest call's product fields win, except on a product with a change of this PC
   * still on its way (its local view stays until the change is done and pulled). A product made on
   * this PC lands on its own row: a record with its sku takes that row over (product-identity.ts).
   */
  upsertProducts(records: readonly ProductRecord[], options: UpsertProductsOptions): void {
    const { warehouseCode, syncedAt } = options;
    this.db.transaction(() => {
      const madeHere = new Map(this.localSkus.all().map((row) => [row.sku, row.id]));
      const held = this.localWrites.openProductIds();
      for (const record of records) {
        const localId = madeHere.get(record.sku ?? '');
        if (localId !== undefined && this.identity.move(localId, record.id)) {
          madeHere.delete(record.sku ?? '');
          if (held.delete(localId)) held.add(record.id);
        }
        if (!held.has(record.id)) this.writeProduct(productRow(record, syncedAt));
        if (warehouseCode === undefined) continue;
        const figures = stockValues(record);
        if (figures === undefined) continue;
        this.upsertStock.run({
          productId: record.id,
          warehouseCode,
          stock: figures.stock ?? null,
          availablestock: figures.availablestock ?? null,
          syncedAt,
        });
      }
    })();
  }

  /** A product as this PC means it now (made or changed here): the row and its search entry. */
  putProduct(record: ProductRecord, at: number): void {
    this.db.transaction(() => this.writeProduct(productRow(record, at)))();
  }

  /** The product's record as held (the server's, with this PC's changes laid on it). */
  storedRecord(id: number): ProductRecord | undefined {
    const stored = this.storedProduct.get(id);
    return stored === undefined ? undefined : (JSON.parse(stored.record_json) as ProductRecord);
  }

  /**
   * One product row and its index entry. An unchanged record (the same JSON) writes nothing, so
   * re-pulling a whole warehouse costs reads only; the index is touched only when an indexed column changed.
   */
  private writeProduct({ id, values, indexed, recordJson }: ProductRow): void {
    const stored = this.storedProduct.get(id);
    if (stored === undefined) {
      this.insertProduct.run(...values);
      this.searchIndex.add(id, indexed);
      return;
    }
    if (stored.record_json === recordJson) return;
    this.updateProduct.run(...updateValues(values));
    if (!sameIndexedValues(stored, indexed)) {
      this.searchIndex.drop(id, stored);
      this.searchIndex.add(id, indexed);
    }
  }

  /**
   * What the back office holds after outbox writes it confirmed (stock figures, barcodes), stamped `at`:
   * the local view then stays on the written figure instead of the last pull's older one.
   */
  applyConfirmedWrites(writes: readonly AppliedWrite[], at: number): void {
    this.db.transaction(() => {
      for (const write of writes) {
        if (write.kind === 'productCreated')
          this.identity.move(localProductId(write.operationId), write.serverId);
        else if (write.kind === 'productDeleted') this.deleteProducts([write.productId]);
      }
      this.confirmed.apply(writes, at);
    })();
  }

  /** Removes products with their stock rows and search entries; unknown ids are ignored. */
  deleteProducts(ids: readonly number[]): void {
    this.db.transaction(() => {
      for (const id of ids) {
        const stored = this.storedProduct.get(id);
        if (stored === undefined) continue;
        this.searchIndex.drop(id, stored);
        // Explicit, not only ON DELETE CASCADE: the delete must not depend on the connection's foreign_keys.
        this.deleteStockOf.run(id);
        this.deleteProduct.run(id);
      }
    })();
  }

  /** Rebuilds the search index from the products table: the repair if a write ever bypassed this class. */
  rebuildSearchIndex(): void {
    this.searchIndex.rebuild();
  }

  /** Throws when the search index does not say exactly what the products table says. */
  checkSearchIndex(): void {
    this.searchIndex.check();
  }

  /** Every product id held, ascending: what the deletion sweep compares with the server's list. */
  productIds(): number[] {
    return this.listProductIds.all();
  }

  replaceWarehouses(records: readonly WarehouseRecord[]): void {
    this.db.transaction(() => this.reference.replaceWarehouses(records))();
  }

  warehouses(): WarehouseView[] {
    return this.reference.warehouses();
  }

  replaceCategories(records: readonly CategoryRecord[]): void {
    this.db.transaction(() => this.reference.replaceCategories(records))();
  }

  categories(): NamedView[] {
    return this.reference.categories();
  }

  replaceVariations(records: readonly VariationRecord[]): void {
    this.db.transaction(() => this.reference.replaceVariations(records))();
  }

  upsertBundles(records: readonly BundleDetailRecord[]): void {
    this.db.transaction(() => this.reference.upsertBundles(records))();
  }

  upsertContacts(records: readonly ContactDetailRecord[]): void {
    this.db.transaction(() => this.reference.upsertContacts(records))();
  }

  replacePaymentMethods(records: readonly NamedReferenceRecord[]): void {
    this.db.transaction(() => this.reference.replaceNamed('payment_methods', records))();
  }

  paymentMethods(): NamedView[] {
    return this.reference.listNamed('payment_methods');
  }

  replaceSalesChannels(records: readonly NamedReferenceRecord[]): void {
    this.db.transaction(() => this.reference.replaceNamed('sales_channels', records))();
  }

  salesChannels(): NamedView[] {
    return this.reference.listNamed('sales_channels');
  }

  replaceShippingChannels(records: readonly NamedReferenceRecord[]): void {
    this.db.transaction(() => this.reference.replaceNamed('shipping_channels', records))();
  }

  shippingChannels(): NamedView[] {
    return this.reference.listNamed('shipping_channels');
  }

  setMerchantProfile(record: MerchantProfileRecord): void {
    this.reference.setMerchantProfile(record);
  }
}
