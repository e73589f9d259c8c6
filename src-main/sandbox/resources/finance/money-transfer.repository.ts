// Money transfers between two payment methods of a store. The payment methods' names are copied at
// creation, as documents copy contact data, so a renamed method does not rewrite history.
import type { Database } from 'better-sqlite3';
import type { TimeRange } from '../../core/list-helpers.js';
import { SqlWhere } from '../shared/sql-where.js';

export const moneyTransferSchemaSql = `
CREATE TABLE IF NOT EXISTS money_transfers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  store_id INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Success', 'Voided')),
  amount REAL NOT NULL,
  action_date INTEGER NOT NULL,
  from_method_id INTEGER NOT NULL,
  from_method_name TEXT NOT NULL,
  to_method_id INTEGER NOT NULL,
  to_method_name TEXT NOT NULL,
  reference TEXT NOT NULL,
  description TEXT NOT NULL,
  uniquenumber TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS money_transfers_by_store ON money_transfers (store_id, created_at, id);`;

export interface MoneyTransferRow {
  readonly id: number;
  readonly status: string;
  readonly amount: number;
  /** Epoch ms of the Thai midnight starting the action date. */
  readonly action_date: number;
  readonly from_method_id: number;
  readonly from_method_name: string;
  readonly to_method_id: number;
  readonly to_method_name: string;
  readonly reference: string;
  readonly description: string;
  readonly uniquenumber: string;
  readonly created_at: number;
}

export type NewMoneyTransfer = Omit<MoneyTransferRow, 'id'>;

export interface MoneyTransferFilter {
  readonly actionDate: TimeRange;
  readonly created: TimeRange;
  /** Over reference, description and both payment method names. */
  readonly keyword: string | undefined;
  readonly ids: readonly number[] | undefined;
}

const columns = `id, status, amount, action_date, from_method_id, from_method_name, to_method_id,
  to_method_name, reference, description, uniquenumber, created_at`;

export function insertMoneyTransfer(db: Database, storeId: number, transfer: NewMoneyTransfer): number {
  const result = db
    .prepare(
      `INSERT INTO money_transfers (store_id, status, amount, action_date, from_method_id, from_method_name,
         to_method_id, to_method_name, reference, description, uniquenumber, created_at)
       VALUES (@storeId, @status, @amount, @action_date, @from_method_id, @from_method_name, @to_method_id,
         @to_method_name, @reference, @description, @uniquenumber, @created_at)`,
    )
    .run({ storeId, ...transfer });
  return Number(result.lastInsertRowid);
}

export function findMoneyTransfer(db: Database, storeId: number, id: number): MoneyTransferRow | undefined {
  return db
    .prepare<[number, number], MoneyTransferRow>(
      `SELECT ${columns} FROM money_transfers WHERE store_id = ? AND id = ?`,
    )
    .get(storeId, id);
}

function filterWhere(storeId: number, filter: MoneyTransferFilter): SqlWhere {
  return new SqlWhere()
    .add('store_id = ?', storeId)
    .range('action_date', filter.actionDate)
    .range('created_at', filter.created)
    .keyword(['reference', 'description', 'from_method_name', 'to_method_name'], filter.keyword)
    .oneOf('id', filter.ids);
}

/** One page of matching transfers, newest first (by creation). */
export function listMoneyTransfers(
  db: Database,
  storeId: number,
  filter: MoneyTransferFilter,
  limit: number,
  offset: number,
): MoneyTransferRow[] {
  const where = filterWhere(storeId, filter);
  return db
    .prepare<unknown[], MoneyTransferRow>(
      `SELECT ${columns} FROM money_transfers WHERE ${where.sql}
       ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    )
    .all(...where.params, limit, offset);
}

export function countMoneyTransfers(db: Database, storeId: number, filter: MoneyTransferFilter): number {
  const where = filterWhere(storeId, filter);
  const row = db
    .prepare<unknown[], { total: number }>(`SELECT COUNT(*) AS total FROM money_transfers WHERE ${where.sql}`)
    .get(...where.params);
  return row?.total ?? 0;
}
