// The request budget in the app's SQLite. It creates its own table until the app's migration system
// takes it over; all SQL of the budget lives in this file.
import type { Database, Statement } from 'better-sqlite3';
import type { RequestBudgetStore } from './request-budget.js';

const CREATE_TABLE = `
  CREATE TABLE IF NOT EXISTS backoffice_request_budget (
    store_key TEXT NOT NULL,
    day_key   TEXT NOT NULL,
    used      INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0),
    PRIMARY KEY (store_key, day_key)
  ) STRICT`;

const LOAD = `SELECT used FROM backoffice_request_budget WHERE store_key = ? AND day_key = ?`;

// One statement, so two writers (two windows, a crash in between) never lose a count.
const ADD = `
  INSERT INTO backoffice_request_budget (store_key, day_key, used) VALUES (?, ?, ?)
  ON CONFLICT (store_key, day_key) DO UPDATE SET used = used + excluded.used
  RETURNING used`;

const FORGET_BEFORE = `DELETE FROM backoffice_request_budget WHERE day_key < ?`;

interface UsedRow {
  readonly used: number;
}

export class SqliteRequestBudgetStore implements RequestBudgetStore {
  readonly #load: Statement<[string, string], UsedRow>;
  readonly #add: Statement<[string, string, number], UsedRow>;
  readonly #forgetBefore: Statement<[string]>;

  /** Takes an open database; creates the table when it is missing. */
  constructor(db: Database) {
    db.exec(CREATE_TABLE);
    this.#load = db.prepare<[string, string], UsedRow>(LOAD);
    this.#add = db.prepare<[string, string, number], UsedRow>(ADD);
    this.#forgetBefore = db.prepare<[string]>(FORGET_BEFORE);
  }

  load(storeKey: string, dayKey: string): number {
    return this.#load.get(storeKey, dayKey)?.used ?? 0;
  }

  add(storeKey: string, dayKey: string, n: number): number {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Cannot add ${n} requests`);
    const row = this.#add.get(storeKey, dayKey, n);
    if (!row) throw new Error('The request budget row was not written');
    return row.used;
  }

  /** Drops the counts of days before `dayKey` (yyyy-MM-dd sorts as text); returns how many went. */
  forgetBefore(dayKey: string): number {
    return this.#forgetBefore.run(dayKey).changes;
  }
}
