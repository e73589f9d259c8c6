// Issue 24, shelves in a merged count (decision 0021): a count file of version 2 carries each product's
// units per shelf. `count_merges` keeps a source's figure per product; `count_merge_shelves` keeps that
// figure's parts per shelf ('' for units on no shelf), so merging a newer export of the same session
// moves only the differences, shelf by shelf, and merging the same file twice changes nothing. A
// source merged before this migration has no parts: its figure reads as on no shelf.
import type { Migration } from './migration.js';

const SCHEMA = `
  CREATE TABLE count_merge_shelves (
    session_id     TEXT NOT NULL REFERENCES count_sessions (id),
    source_session TEXT NOT NULL,
    product_id     INTEGER NOT NULL,
    shelf_code     TEXT NOT NULL,
    counted        REAL NOT NULL CHECK (counted >= 0),
    PRIMARY KEY (session_id, source_session, product_id, shelf_code)
  ) STRICT, WITHOUT ROWID;
`;

export const countMergeShelvesMigration: Migration = {
  version: 27,
  name: '0027-count-merge-shelves',
  up(db) {
    db.exec(SCHEMA);
  },
};
