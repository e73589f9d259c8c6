// Server state the outbox confirmed (src-main/outbox/applied-writes.ts) written into the catalogue, so
// what a done write left on the back office is shown at once rather than after the next pull: a
// count's figure stays the counted figure, a barcode given to a product keeps finding it.
// Idempotent (absolute figures and values), products the catalogue does not hold are skipped (the
// pull that brings them brings their figures), and the products row is changed with its search entry,
// as CatalogueRepository does for pulls.
import type { Database, Statement } from 'better-sqlite3';
import type { AppliedWrite } from '../outbox/index.js';
import { barcodeKey, normaliseScannedCode } from '../../src-shared/barcode/index.js';
import type { IndexedProductRow, ProductSearchIndex } from './catalogue-search-index.repository.js';

interface StockParameters {
  productId: number;
  warehouseCode: string;
  figure: number;
  at: number;
}

interface StoredProduct extends IndexedProductRow {
  record_json: string;
}

export class ConfirmedWrites {
  readonly #stock: Statement<StockParameters>;
  readonly #available: Statement<StockParameters>;
  readonly #moved: Statement<StockParameters>;
  readonly #product: Statement<[number], StoredProduct>;
  readonly #barcode: Statement<[string, string | null, string, number, number]>;
  readonly #searchIndex: ProductSearchIndex;

  constructor(db: Database, searchIndex: ProductSearchIndex) {
    this.#searchIndex = searchIndex;
    // Available stock moves by the same delta as stock (the back office keeps reservations); a product
    // with no row in the warehouse yet gets one, available = stock until a pull says otherwise.
    this.#stock = db.prepare(
      `INSERT INTO product_stock (product_id, warehouse_code, stock, availablestock, synced_at)
       SELECT id, @warehouseCode, @figure, @figure, @at FROM products WHERE id = @productId
       ON CONFLICT (warehouse_code, product_id) DO UPDATE SET
         stock = excluded.stock, availablestock = availablestock + (excluded.stock - stock),
         synced_at = excluded.synced_at`,
    );
    // Available stock alone says nothing of stock: only a row the catalogue holds is changed.
    this.#available = db.prepare(
      `UPDATE product_stock SET availablestock = @figure, synced_at = @at
       WHERE product_id = @productId AND warehouse_code = @warehouseCode`,
    );
    // A document's move (a return purchase order's Success): stock and available stock move by the
    // delta; a product with no row in the warehouse gets one from 0, as the back office reads it.
    this.#moved = db.prepare(
      `INSERT INTO product_stock (product_id, warehouse_code, stock, availablestock, synced_at)
       SELECT id, @warehouseCode, @figure, @figure, @at FROM products WHERE id = @productId
       ON CONFLICT (warehouse_code, product_id) DO UPDATE SET
         stock = round(stock + excluded.stock, 6), availablestock = round(availablestock + excluded.stock, 6),
         synced_at = excluded.synced_at`,
    );
    this.#product = db.prepare(
      'SELECT name, sku, barcode, search_words, record_json FROM products WHERE id = ?',
    );
    this.#barcode = db.prepare(
      'UPDATE products SET barcode = ?, barcode_key = ?, record_json = ?, synced_at = ? WHERE id = ?',
    );
  }

  /** Call inside a transaction. */
  apply(writes: readonly AppliedWrite[], at: number): void {
    for (const write of writes) {
      switch (write.kind) {
        case 'stock':
          this.#stock.run({
            productId: write.productId,
            warehouseCode: write.warehouseCode,
            figure: write.stock,
            at,
          });
          break;
        case 'availableStock':
          this.#available.run({
            productId: write.productId,
            warehouseCode: write.warehouseCode,
            figure: write.availablestock,
            at,
          });
          break;
        case 'barcode':
          this.#setBarcode(write.productId, write.barcode, at);
          break;
        case 'stockMoved':
          this.#moved.run({
            productId: write.productId,
            warehouseCode: write.warehouseCode,
            figure: write.delta,
            at,
          });
          break;
        case 'productCreated':
        case 'productDeleted':
          break; // the product's identity and row: CatalogueRepository.applyConfirmedWrites
      }
    }
  }

  /** The record keeps its JSON form, so a later pull of the same record finds it unchanged. */
  #setBarcode(productId: number, raw: string, at: number): void {
    const stored = this.#product.get(productId);
    if (stored === undefined) return;
    const barcode = normaliseScannedCode(raw);
    if (stored.barcode === barcode) return;
    const record: unknown = JSON.parse(stored.record_json);
    const recordJson = JSON.stringify({ ...(isObject(record) ? record : {}), barcode });
    this.#barcode.run(barcode, barcodeKey(barcode) ?? null, recordJson, at, productId);
    this.#searchIndex.drop(productId, stored);
    this.#searchIndex.add(productId, { ...stored, barcode });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
