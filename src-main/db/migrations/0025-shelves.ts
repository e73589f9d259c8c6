// Shelves (issue 24, decision 0021): a warehouse's shelves kept on this PC (v4 has no bins), the shelf
// each count event was made on, and the shelves a counter entered or confirmed empty in a session. The
// counter's current shelf is their latest `enter` row, so a restart keeps it; a line's figure is still
// derived from its events alone (count-line-figure.ts), the shelf only says where those units were.
// Owned by src-main/shelves (the shelves) and src-main/counting/count-shelves.ts (the rest).
import type { Migration } from './migration.js';

const SCHEMA = `
  CREATE TABLE shelves (
    warehouse_code TEXT NOT NULL,
    code           TEXT NOT NULL CHECK (code GLOB 'SHELF-?*'),
    name           TEXT NOT NULL CHECK (name <> ''),
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL,
    PRIMARY KEY (warehouse_code, code)
  ) STRICT, WITHOUT ROWID;

  -- NULL: counted before any shelf label was scanned (and every event before this migration).
  ALTER TABLE count_events ADD COLUMN shelf_code TEXT;

  CREATE TABLE count_shelf_visits (
    id         INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES count_sessions (id),
    counter    TEXT NOT NULL,
    shelf_code TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('enter', 'empty')),
    at         INTEGER NOT NULL
  ) STRICT;

  CREATE INDEX count_shelf_visits_by_counter ON count_shelf_visits (session_id, counter, id);
  CREATE INDEX count_shelf_visits_by_shelf ON count_shelf_visits (session_id, shelf_code);
`;

export const shelvesMigration: Migration = {
  version: 25,
  name: '0025-shelves',
  up(db) {
    db.exec(SCHEMA);
  },
};
