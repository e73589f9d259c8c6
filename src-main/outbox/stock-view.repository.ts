// Reads the stock lines not yet done (every state but done and discarded) for the local view.
import type { Database, Statement } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import type { DriftPolicy } from './drift.js';
import type { StockLineChange } from './operation.repository.js';

export interface OpenStockLineRow {
  readonly product_id: number;
  readonly change: StockLineChange;
  readonly value: number;
  readonly counted_against: number | null;
  readonly policy: DriftPolicy | null;
  readonly sent_target: number | null;
}

function prepare(db: Database): {
  some: Statement<[string, string], OpenStockLineRow>;
  all: Statement<[string], OpenStockLineRow>;
} {
  return {
    some: db.prepare<[string, string], OpenStockLineRow>(
      `SELECT product_id, change, value, counted_against, policy, sent_target
         FROM outbox_operations
        WHERE warehouse_code = ?
          AND product_id IN (SELECT value FROM json_each(?))
          AND state NOT IN ('done', 'discarded')
        ORDER BY id`,
    ),
    // The partial index outbox_open_stock holds exactly these rows.
    all: db.prepare<[string], OpenStockLineRow>(
      `SELECT product_id, change, value, counted_against, policy, sent_target
         FROM outbox_operations
        WHERE warehouse_code = ? AND product_id IS NOT NULL
          AND state NOT IN ('done', 'discarded')
        ORDER BY id`,
    ),
  };
}

function statement(db: Database) {
  return preparedFor(db, prepare);
}

/** Open stock lines of these products in this warehouse, oldest first. */
export function openStockLines(
  db: Database,
  warehouseCode: string,
  productIds: readonly number[],
): OpenStockLineRow[] {
  return statement(db).some.all(warehouseCode, JSON.stringify(productIds));
}

/** Every open stock line of the warehouse, oldest first (for a whole warehouse: no id list to pass). */
export function openStockLinesOfWarehouse(db: Database, warehouseCode: string): OpenStockLineRow[] {
  return statement(db).all.all(warehouseCode);
}

function prepareCount(db: Database): Statement<[number], number> {
  return db
    .prepare<[number], number>(
      `SELECT count(*) FROM outbox_operations
        WHERE product_id = ? AND state NOT IN ('done', 'discarded')`,
    )
    .pluck();
}

/** How many stock writes of the product (any warehouse) are not done yet: a delete's question says so. */
export function openStockLineCount(db: Database, productId: number): number {
  return preparedFor(db, prepareCount).get(productId) ?? 0;
}
