// The catalogue's reads: every statement is prepared once and answered from an index (the scan path
// runs one of them per scan; the search box one per keystroke).
import type { Database, Statement } from 'better-sqlite3';
import type { ProductDetailRow, ProductViewRow, StockRow } from './catalogue-views.js';

const VIEW_COLUMNS = 'id, sku, barcode, name, unittext, sellprice, purchaseprice, active, imagepath';
const PRODUCT_VIEW_COLUMNS = VIEW_COLUMNS.split(', ')
  .map((column) => `products.${column}`)
  .join(', ');

export interface MatchNameRow {
  id: number;
  name: string;
}

export interface ServerStockRow {
  stock: number;
  availablestock: number;
  synced_at: number;
}

export interface WarehouseStockRow {
  product_id: number;
  stock: number;
}

export class CatalogueLookupRepository {
  private readonly byBarcodeKey: Statement<[string], ProductViewRow>;
  private readonly bySku: Statement<[string], ProductViewRow>;
  private readonly byExactCode: Statement<
    { code: string; key: string | null; limit: number },
    ProductViewRow
  >;
  private readonly byBarcodeEnd: Statement<{ end: string; pattern: string; limit: number }, ProductViewRow>;
  private readonly nthNewestMatch: Statement<[string, number], number>;
  private readonly byRank: Statement<[string, number], ProductViewRow>;
  private readonly newestMatchNames: Statement<[string, number], MatchNameRow>;
  private readonly byId: Statement<[number], ProductViewRow>;
  private readonly detail: Statement<[number], ProductDetailRow>;
  private readonly stockOfProduct: Statement<[number], StockRow>;
  private readonly stockInWarehouse: Statement<[string, number], ServerStockRow>;
  private readonly warehouseStock: Statement<[string], WarehouseStockRow>;

  constructor(db: Database) {
    // Equal codes: active first, then the lowest id, read straight from the index's order.
    this.byBarcodeKey = db.prepare(
      `SELECT ${VIEW_COLUMNS} FROM products WHERE barcode_key = ? ORDER BY active DESC, id LIMIT 1`,
    );
    this.bySku = db.prepare(
      `SELECT ${VIEW_COLUMNS} FROM products WHERE sku = ? ORDER BY active DESC, id LIMIT 1`,
    );
    this.byExactCode = db.prepare(
      `SELECT ${VIEW_COLUMNS} FROM products WHERE sku = @code OR barcode_key = @key
       ORDER BY barcode_key IS @key DESC, active DESC, id LIMIT @limit`,
    );
    // The last four characters pick the rows from products_by_barcode_end (migration 0010); LIKE checks
    // the rest of the typed ending. Digits only reach it, so no LIKE wildcard needs escaping.
    this.byBarcodeEnd = db.prepare(
      `SELECT ${VIEW_COLUMNS} FROM products
        WHERE substr(barcode, -4) = @end AND barcode <> '' AND barcode LIKE @pattern
        ORDER BY active DESC, id LIMIT @limit`,
    );
    // Walks the match list from the newest id without ranking: cheap even for 100,000 matches.
    this.nthNewestMatch = db
      .prepare<[string, number], number>(
        'SELECT rowid FROM product_search WHERE product_search MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?',
      )
      .pluck();
    // `rank` is the table's bm25 with column weights (migration 0001); FTS5 sorts by it itself, and only
    // the rows kept are joined to products.
    this.byRank = db.prepare(
      `SELECT ${PRODUCT_VIEW_COLUMNS} FROM (
         SELECT rowid AS id, rank FROM product_search WHERE product_search MATCH ? ORDER BY rank LIMIT ?
       ) AS hits JOIN products ON products.id = hits.id
       ORDER BY hits.rank, hits.id`,
    );
    this.newestMatchNames = db.prepare(
      `SELECT products.id, products.name FROM (
         SELECT rowid AS id FROM product_search WHERE product_search MATCH ? ORDER BY rowid DESC LIMIT ?
       ) AS hits JOIN products ON products.id = hits.id`,
    );
    this.byId = db.prepare(`SELECT ${VIEW_COLUMNS} FROM products WHERE id = ?`);
    this.detail = db.prepare(
      `SELECT ${VIEW_COLUMNS}, category_id, category_name, variants_json, properties_json, tags_json
       FROM products WHERE id = ?`,
    );
    this.stockOfProduct = db.prepare(
      'SELECT warehouse_code, stock, availablestock FROM product_stock WHERE product_id = ? ORDER BY warehouse_code',
    );
    this.stockInWarehouse = db.prepare(
      'SELECT stock, availablestock, synced_at FROM product_stock WHERE warehouse_code = ? AND product_id = ?',
    );
    this.warehouseStock = db.prepare(
      'SELECT product_id, stock FROM product_stock WHERE warehouse_code = ? ORDER BY product_id',
    );
  }

  findByBarcodeKey(key: string): ProductViewRow | undefined {
    return this.byBarcodeKey.get(key);
  }

  findBySku(sku: string): ProductViewRow | undefined {
    return this.bySku.get(sku);
  }

  /** Products whose sku equals the code or whose barcode equals the key: barcode hits first. */
  findExactCodes(code: string, barcodeKey: string | undefined, limit: number): ProductViewRow[] {
    return this.byExactCode.all({ code, key: barcodeKey ?? null, limit });
  }

  /** Products whose barcode ends with `digits` (4 or more digits), active first. */
  findByBarcodeEnd(digits: string, limit: number): ProductViewRow[] {
    return this.byBarcodeEnd.all({ end: digits.slice(-4), pattern: `%${digits}`, limit });
  }

  /** Whether the expression matches more than `count` products (walks at most `count` + 1 ids). */
  matchesMoreThan(expression: string, count: number): boolean {
    return this.nthNewestMatch.get(expression, count) !== undefined;
  }

  /**
   * Products matching an FTS5 expression, best bm25 first. bm25 reads every row each phrase matches
   * (for its IDF), so callers keep it for expressions that match few rows.
   */
  rankedMatches(expression: string, limit: number): ProductViewRow[] {
    return this.byRank.all(expression, limit);
  }

  /** Id and name of the newest `count` matches, unranked: cheap whatever the number of matches. */
  newestMatches(expression: string, count: number): MatchNameRow[] {
    return this.newestMatchNames.all(expression, count);
  }

  findById(id: number): ProductViewRow | undefined {
    return this.byId.get(id);
  }

  product(id: number): { row: ProductDetailRow; stock: StockRow[] } | undefined {
    const row = this.detail.get(id);
    return row === undefined ? undefined : { row, stock: this.stockOfProduct.all(id) };
  }

  serverStock(productId: number, warehouseCode: string): ServerStockRow | undefined {
    return this.stockInWarehouse.get(warehouseCode, productId);
  }

  productsInWarehouse(warehouseCode: string): WarehouseStockRow[] {
    return this.warehouseStock.all(warehouseCode);
  }
}
