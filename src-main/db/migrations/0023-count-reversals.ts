// Issue 24, undoing an applied count (decision 0020): `count_reversals` keeps one row per reversed line
// of a committed count, beside its `count_history` row (the history keeps both the count and its
// reversal). `figure_counted` is what the count set on the back office, `figure_back` what the reversal
// sets it back to (the figure the drainer read just before sending the count); `operation_id` is the
// queued reversal, NULL when the count changed nothing and there was nothing to send. The index by product
// finds a product's newest count not reversed, which becomes its last count again.
import type { Migration } from './migration.js';

const SCHEMA = `
  CREATE TABLE count_reversals (
    session_id     TEXT NOT NULL,
    product_id     INTEGER NOT NULL,
    warehouse_code TEXT NOT NULL,
    reversed_at    INTEGER NOT NULL,
    figure_counted REAL NOT NULL,
    figure_back    REAL NOT NULL,
    operation_id   INTEGER,
    PRIMARY KEY (session_id, product_id)
  ) STRICT, WITHOUT ROWID;

  CREATE INDEX count_history_by_product ON count_history (warehouse_code, product_id, counted_at);
`;

export const countReversalsMigration: Migration = {
  version: 23,
  name: '0023-count-reversals',
  up(db) {
    db.exec(SCHEMA);
  },
};
