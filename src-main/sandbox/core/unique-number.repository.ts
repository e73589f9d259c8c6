// The only idempotency key the v4 interface has: `uniquenumber` on AddIncome, AddExpense,
// AddMoneyTransfer and AddQuotation. A repeat answers code 900 and creates nothing (notes: "Writes").
// Keys are scoped per store and per endpoint, so an income and an expense may share one.
import type { Database } from 'better-sqlite3';
import { duplicate } from './sandbox-error.js';

/** Include in the schemaSql of every resource module with an idempotent create. */
export const uniqueNumberSchemaSql = `
CREATE TABLE IF NOT EXISTS unique_numbers (
  store_id INTEGER NOT NULL,
  endpoint TEXT NOT NULL,
  uniquenumber TEXT NOT NULL,
  record_id INTEGER NOT NULL,
  PRIMARY KEY (store_id, endpoint, uniquenumber)
) WITHOUT ROWID;`;

interface UniqueNumberRow {
  readonly record_id: number;
}

/** Throws the 900 answer when this store already used `uniquenumber` on `endpoint`. */
export function assertUniqueNumberUnused(
  db: Database,
  storeId: number,
  endpoint: string,
  uniquenumber: string | undefined,
): void {
  if (uniquenumber === undefined) return;
  const row = db
    .prepare<[number, string, string], UniqueNumberRow>(
      'SELECT record_id FROM unique_numbers WHERE store_id = ? AND endpoint = ? AND uniquenumber = ?',
    )
    .get(storeId, endpoint, uniquenumber);
  if (row) throw duplicate(`${uniquenumber} was already used (record ${row.record_id})`);
}

/** Records `uniquenumber` for the record just created, in the same transaction as the create. */
export function recordUniqueNumber(
  db: Database,
  storeId: number,
  endpoint: string,
  uniquenumber: string | undefined,
  recordId: number,
): void {
  if (uniquenumber === undefined) return;
  db.prepare(
    'INSERT INTO unique_numbers (store_id, endpoint, uniquenumber, record_id) VALUES (?, ?, ?, ?)',
  ).run(storeId, endpoint, uniquenumber, recordId);
}
