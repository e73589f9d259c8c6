// A product made on this PC (local id ≤ −1, outbox/core/local-products.ts) takes its server id: when its
// create is done (the outbox's applied write) or when a pull brings a product with its sku, whichever
// comes first; the other then finds nothing to move. Everything that names the product moves with it in
// the caller's transaction — its row and search entry, stock rows, aliases, count lines, merges and
// scopes, its stock writes and serial numbers not on the wire yet, its picture and serials chosen here,
// and its local-write marks — so the catalogue never holds
// it twice and an open count keeps counting it. This is the one place that rewrites other modules'
// product ids; none of them references products by foreign key (their own migrations say why).
import type { Database, Statement } from 'better-sqlite3';
import { moveSerialsToServerProduct } from '../outbox/index.js';
import { PRODUCT_COLUMNS } from './catalogue-product-rows.js';
import type { IndexedProductRow, ProductSearchIndex } from './catalogue-search-index.repository.js';
import type { ProductLocalWrites } from './product-local-writes.repository.js';

type Move = { from: number; to: number };

export class ProductIdentity {
  readonly #indexed: Statement<[number], IndexedProductRow>;
  readonly #exists: Statement<[number], number>;
  readonly #copyRow: Statement<Move>;
  readonly #references: Array<Statement<Move>>;
  readonly #deleteRow: Statement<[number]>;
  readonly #searchIndex: ProductSearchIndex;
  readonly #localWrites: ProductLocalWrites;
  readonly #db: Database;

  constructor(db: Database, searchIndex: ProductSearchIndex, localWrites: ProductLocalWrites) {
    this.#searchIndex = searchIndex;
    this.#localWrites = localWrites;
    this.#indexed = db.prepare('SELECT name, sku, barcode, search_words FROM products WHERE id = ?');
    this.#exists = db.prepare<[number], number>('SELECT 1 FROM products WHERE id = ?').pluck();
    const others = PRODUCT_COLUMNS.slice(1).join(', ');
    this.#copyRow = db.prepare(
      `INSERT INTO products (id, ${others}) SELECT @to, ${others} FROM products WHERE id = @from`,
    );
    this.#references = [
      'UPDATE product_stock SET product_id = @to WHERE product_id = @from',
      'UPDATE code_aliases SET product_id = @to WHERE product_id = @from',
      "UPDATE count_lines SET product_id = @to WHERE product_id = @from AND kind = 'product'",
      'UPDATE count_lines SET resolved_product_id = @to WHERE resolved_product_id = @from',
      'UPDATE count_merges SET product_id = @to WHERE product_id = @from',
      "UPDATE count_session_scope SET ref_id = @to WHERE kind = 'product' AND ref_id = @from",
      // Rows on the wire keep the sku they were sent by, so their answer is matched as sent.
      `UPDATE outbox_operations SET product_id = @to
        WHERE product_id = @from AND state IN ('pending', 'retry', 'parked')`,
      // The picture and serial numbers chosen here while it was local keep showing on it.
      'UPDATE product_pictures SET product_id = @to WHERE product_id = @from',
      'UPDATE product_serials SET product_id = @to WHERE product_id = @from',
    ].map((sql) => db.prepare<Move>(sql));
    this.#db = db;
    this.#deleteRow = db.prepare('DELETE FROM products WHERE id = ?');
  }

  /**
   * Moves local product `from` to server id `to`; false (nothing done) when `from` is not held or `to`
   * already is. Call inside a transaction.
   */
  move(from: number, to: number): boolean {
    const indexed = this.#indexed.get(from);
    if (indexed === undefined || this.#exists.get(to) !== undefined) return false;
    this.#copyRow.run({ from, to });
    for (const statement of this.#references) statement.run({ from, to });
    moveSerialsToServerProduct(this.#db, from, to);
    this.#searchIndex.drop(from, indexed);
    this.#deleteRow.run(from);
    this.#searchIndex.add(to, indexed);
    this.#localWrites.move(from, to);
    return true;
  }
}
