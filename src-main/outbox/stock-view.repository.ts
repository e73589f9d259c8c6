// Reads the stock lines not yet done (every state but done and discarded) for the local view, with the
// stock effects of document writes not yet done.
import type { Database, Statement } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import type { DriftPolicy } from './core/drift.js';
import type { StockLineChange } from './core/operation.repository.js';

export interface OpenStockLineRow {
  readonly product_id: number;
  readonly change: StockLineChange;
  readonly value: number;
  readonly counted_against: number | null;
  readonly policy: DriftPolicy | null;
  readonly sent_target: number | null;
}

/**
 * The stock effects of queued document writes (outbox_stock_effects: a return purchase order set to
 * Success) read as stock lines: a delta while their operation is not done, in the operation's order.
 */
const OPEN_EFFECTS = `SELECT e.operation_id AS op_id, e.product_id,
              CASE WHEN e.delta < 0 THEN 'decrease' ELSE 'increase' END AS change, abs(e.delta) AS value,
              NULL AS counted_against, NULL AS policy, NULL AS sent_target
         FROM outbox_stock_effects e JOIN outbox_operations o ON o.id = e.operation_id
        WHERE e.warehouse_code = @warehouse AND o.state NOT IN ('done', 'discarded')`;

function prepare(db: Database): {
  some: Statement<{ warehouse: string; ids: string }, OpenStockLineRow>;
  all: Statement<{ warehouse: string }, OpenStockLineRow>;
} {
  return {
    some: db.prepare<{ warehouse: string; ids: string }, OpenStockLineRow>(
      `SELECT id AS op_id, product_id, change, value, counted_against, policy, sent_target
         FROM outbox_operations
        WHERE warehouse_code = @warehouse
          AND product_id IN (SELECT value FROM json_each(@ids))
          AND state NOT IN ('done', 'discarded')
       UNION ALL
       ${OPEN_EFFECTS} AND e.product_id IN (SELECT value FROM json_each(@ids))
        ORDER BY op_id`,
    ),
    // The partial index outbox_open_stock holds exactly these rows.
    all: db.prepare<{ warehouse: string }, OpenStockLineRow>(
      `SELECT id AS op_id, product_id, change, value, counted_against, policy, sent_target
         FROM outbox_operations
        WHERE warehouse_code = @warehouse AND product_id IS NOT NULL
          AND state NOT IN ('done', 'discarded')
       UNION ALL
       ${OPEN_EFFECTS}
        ORDER BY op_id`,
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
  return statement(db).some.all({ warehouse: warehouseCode, ids: JSON.stringify(productIds) });
}

/** Every open stock line of the warehouse, oldest first (for a whole warehouse: no id list to pass). */
export function openStockLinesOfWarehouse(db: Database, warehouseCode: string): OpenStockLineRow[] {
  return statement(db).all.all({ warehouse: warehouseCode });
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

function prepareWarehouses(db: Database): Statement<[number, number], string> {
  return db
    .prepare<[number, number], string>(
      `SELECT warehouse_code FROM outbox_operations
        WHERE product_id = ? AND warehouse_code IS NOT NULL AND change IS NOT NULL AND change != 'setAvailable'
          AND state NOT IN ('done', 'discarded')
       UNION
       SELECT e.warehouse_code FROM outbox_stock_effects e JOIN outbox_operations o ON o.id = e.operation_id
        WHERE e.product_id = ? AND o.state NOT IN ('done', 'discarded')
       ORDER BY 1`,
    )
    .pluck();
}

/** The warehouses where writes not yet done change this product's stock, by code. */
export function warehousesWithOpenStock(db: Database, productId: number): string[] {
  return preparedFor(db, prepareWarehouses).all(productId, productId);
}
