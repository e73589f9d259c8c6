// Product movements of return purchase orders: one row per order whose goods have left a warehouse.
// The moved lines are the order's own lines (orders have no edit endpoint, so they cannot differ).
import type { Database } from 'better-sqlite3';
import type { TimeRange } from '../../core/list-helpers.js';
import { SqlWhere } from '../shared/sql-where.js';

export const movementSchemaSql = `
CREATE TABLE IF NOT EXISTS return_purchase_order_movements (
  store_id INTEGER NOT NULL,
  order_id INTEGER NOT NULL,
  warehousecode TEXT NOT NULL,
  action_date INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (store_id, order_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS return_purchase_order_movements_by_date
  ON return_purchase_order_movements (store_id, action_date);`;

export interface MovementRow {
  readonly order_id: number;
  readonly warehousecode: string;
  /** Epoch ms of Thai midnight of the day the goods left. */
  readonly action_date: number;
}

export function insertMovement(
  db: Database,
  storeId: number,
  movement: MovementRow & { readonly created_at: number },
): void {
  db.prepare(
    `INSERT INTO return_purchase_order_movements (store_id, order_id, warehousecode, action_date, created_at)
     VALUES (@storeId, @order_id, @warehousecode, @action_date, @created_at)`,
  ).run({ storeId, ...movement });
}

export function findMovement(db: Database, storeId: number, orderId: number): MovementRow | undefined {
  return db
    .prepare<[number, number], MovementRow>(
      `SELECT order_id, warehousecode, action_date FROM return_purchase_order_movements
       WHERE store_id = ? AND order_id = ?`,
    )
    .get(storeId, orderId);
}

/** Removes an order's movement (its goods came back when it was voided). */
export function deleteMovement(db: Database, storeId: number, orderId: number): void {
  db.prepare('DELETE FROM return_purchase_order_movements WHERE store_id = ? AND order_id = ?').run(
    storeId,
    orderId,
  );
}

export function listMovements(
  db: Database,
  storeId: number,
  filter: { actionDate: TimeRange; warehousecode?: string | undefined },
  page: { limit: number; offset: number },
): { rows: MovementRow[]; count: number } {
  const where = new SqlWhere()
    .add('store_id = ?', storeId)
    .range('action_date', filter.actionDate)
    .equals('warehousecode', filter.warehousecode);
  const count = db
    .prepare<unknown[], { count: number }>(
      `SELECT COUNT(*) AS count FROM return_purchase_order_movements WHERE ${where.sql}`,
    )
    .get(...where.params);
  const rows = db
    .prepare<unknown[], MovementRow>(
      `SELECT order_id, warehousecode, action_date FROM return_purchase_order_movements WHERE ${where.sql}
       ORDER BY action_date DESC, order_id DESC LIMIT ? OFFSET ?`,
    )
    .all(...where.params, page.limit, page.offset);
  return { rows, count: count?.count ?? 0 };
}
