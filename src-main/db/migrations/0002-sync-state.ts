// Catalogue sync: resumable first-sync cursors, incremental watermarks, sweep times.
// What each table is for is said in docs/decisions/0004-catalogue-sync-and-request-budget.md; the SQL
// that reads and writes them is src-main/catalog/sync/sync-state.repository.ts.
import type { Migration } from './migration.js';

const SYNC_STATE_SCHEMA = `
  -- A full pull of every product in some warehouses: the first sync, or a warehouse that appeared later.
  CREATE TABLE sync_run (
    id                INTEGER PRIMARY KEY,
    kind              TEXT    NOT NULL CHECK (kind IN ('first', 'warehouses')),
    started_at        INTEGER NOT NULL,
    reference_done_at INTEGER,
    completed_at      INTEGER
  ) STRICT;

  -- One warehouse's pass of a run; created with page 1, whose answer gives the count.
  CREATE TABLE sync_pass (
    run_id         INTEGER NOT NULL REFERENCES sync_run (id) ON DELETE CASCADE,
    warehouse_code TEXT    NOT NULL,
    product_count  INTEGER NOT NULL CHECK (product_count >= 0),
    page_size      INTEGER NOT NULL CHECK (page_size BETWEEN 1 AND 500),
    page_count     INTEGER NOT NULL CHECK (page_count >= 1),
    completed_at   INTEGER,
    PRIMARY KEY (run_id, warehouse_code)
  ) STRICT, WITHOUT ROWID;

  -- Pages stored, each written in the transaction that stored its products: a page is here exactly when
  -- its products are in the catalogue, so a restart fetches only the missing ones.
  CREATE TABLE sync_page (
    run_id         INTEGER NOT NULL,
    warehouse_code TEXT    NOT NULL,
    page           INTEGER NOT NULL CHECK (page >= 1),
    records        INTEGER NOT NULL CHECK (records >= 0),
    fetched_at     INTEGER NOT NULL,
    PRIMARY KEY (run_id, warehouse_code, page),
    FOREIGN KEY (run_id, warehouse_code) REFERENCES sync_pass (run_id, warehouse_code) ON DELETE CASCADE
  ) STRICT, WITHOUT ROWID;

  -- When each recurring job last succeeded: 'incremental' (its start is the next watermark),
  -- 'reference' and 'sweep'; with the requests it spent, which sets the next interval.
  CREATE TABLE sync_job_marker (
    job             TEXT    PRIMARY KEY CHECK (job IN ('incremental', 'reference', 'sweep')),
    last_started_at INTEGER NOT NULL,
    last_finished_at INTEGER NOT NULL,
    last_requests   INTEGER NOT NULL CHECK (last_requests >= 0)
  ) STRICT, WITHOUT ROWID;

  -- What a bundle's or contact's list item looked like when its detail was last read: a detail call is
  -- spent only on records that are new or whose list item changed.
  CREATE TABLE sync_detail_fingerprint (
    kind        TEXT    NOT NULL CHECK (kind IN ('bundle', 'contact')),
    record_id   INTEGER NOT NULL,
    fingerprint TEXT    NOT NULL,
    fetched_at  INTEGER NOT NULL,
    PRIMARY KEY (kind, record_id)
  ) STRICT, WITHOUT ROWID;

  -- Requests the background sync spent per Thai day on this PC, against its daily allowance.
  CREATE TABLE sync_daily_requests (
    day_key  TEXT    PRIMARY KEY,
    requests INTEGER NOT NULL CHECK (requests >= 0)
  ) STRICT, WITHOUT ROWID;
`;

export const syncStateMigration: Migration = {
  version: 2,
  name: '0002-sync-state',
  up(db) {
    db.exec(SYNC_STATE_SCHEMA);
  },
};
