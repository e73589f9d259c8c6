// SQL of the codes this PC knows for products besides their barcodes (migration 0006, `code_aliases`).
// Prepared once per connection; the scan path reads one row by primary key.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';

export interface CodeAliasRow {
  readonly code_key: string;
  readonly code: string;
  readonly product_id: number;
  readonly units: number;
  readonly created_at: number;
  /** From the catalogue: '' when it no longer has the product. */
  readonly sku: string;
  readonly name: string;
}

const SELECT = `SELECT a.code_key, a.code, a.product_id, a.units, a.created_at,
    coalesce(p.sku, '') AS sku, coalesce(p.name, '') AS name
  FROM code_aliases a LEFT JOIN products p ON p.id = a.product_id`;

function prepare(db: Database) {
  return {
    byKey: db.prepare<[string], CodeAliasRow>(`${SELECT} WHERE a.code_key = ?`),
    all: db.prepare<[], CodeAliasRow>(`${SELECT} ORDER BY a.code_key`),
    ofProduct: db.prepare<[number], CodeAliasRow>(`${SELECT} WHERE a.product_id = ? ORDER BY a.code_key`),
    upsert: db.prepare<{ key: string; code: string; productId: number; units: number; at: number }>(
      `INSERT INTO code_aliases (code_key, code, product_id, units, created_at)
       VALUES (@key, @code, @productId, @units, @at)
       ON CONFLICT (code_key) DO UPDATE SET units = excluded.units WHERE product_id = excluded.product_id`,
    ),
    remove: db.prepare<[string]>('DELETE FROM code_aliases WHERE code_key = ?'),
  };
}

export class CodeAliasRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  get #statements() {
    return preparedFor(this.#db, prepare);
  }

  byKey(key: string): CodeAliasRow | undefined {
    return this.#statements.byKey.get(key);
  }

  all(): CodeAliasRow[] {
    return this.#statements.all.all();
  }

  ofProduct(productId: number): CodeAliasRow[] {
    return this.#statements.ofProduct.all(productId);
  }

  /** Adds the alias, or sets the units of the same code's alias of the same product. */
  upsert(alias: { key: string; code: string; productId: number; units: number; at: number }): void {
    this.#statements.upsert.run(alias);
  }

  remove(key: string): boolean {
    return this.#statements.remove.run(key).changes === 1;
  }
}
