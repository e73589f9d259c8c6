// The SQL of shelves (migration 0025).
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';

export interface ShelfRow {
  readonly warehouse_code: string;
  readonly code: string;
  readonly name: string;
  readonly created_at: number;
  readonly updated_at: number;
}

function prepare(db: Database) {
  return {
    ofWarehouse: db.prepare<[string], ShelfRow>(
      'SELECT * FROM shelves WHERE warehouse_code = ? ORDER BY code',
    ),
    byCode: db.prepare<[string, string], ShelfRow>(
      'SELECT * FROM shelves WHERE warehouse_code = ? AND code = ?',
    ),
    upsert: db.prepare<[string, string, string, number, number]>(`
      INSERT INTO shelves (warehouse_code, code, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (warehouse_code, code) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at
      WHERE name <> excluded.name`),
    remove: db.prepare<[string, string]>('DELETE FROM shelves WHERE warehouse_code = ? AND code = ?'),
  };
}

export class ShelfRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  get #statements() {
    return preparedFor(this.#db, prepare);
  }

  ofWarehouse(warehouseCode: string): ShelfRow[] {
    return this.#statements.ofWarehouse.all(warehouseCode);
  }

  byCode(warehouseCode: string, code: string): ShelfRow | undefined {
    return this.#statements.byCode.get(warehouseCode, code);
  }

  upsert(warehouseCode: string, code: string, name: string, at: number): void {
    this.#statements.upsert.run(warehouseCode, code, name, at, at);
  }

  remove(warehouseCode: string, code: string): boolean {
    return this.#statements.remove.run(warehouseCode, code).changes > 0;
  }
}
