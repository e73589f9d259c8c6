// Count sessions: sessions, lines, scan events.
//
// A line's figure is derived from its events (the last non-undone "set", plus the non-undone deltas and
// merged unknown-code lines after it), and `counted`/`scans`/`live_events` on the line are that
// derivation kept up to date in the same transaction as each event, so the scan path reads one row
// instead of replaying a log. Events are never
// deleted: undo marks them (`undone_at`). Nothing here references the catalogue's tables: a product
// deleted by a sync must never take a count with it, so a product line carries the sku, name and price
// it was counted under.
import type { Migration } from './migration.js';

const SCHEMA = `
  CREATE TABLE count_sessions (
    id                   TEXT PRIMARY KEY,                 -- crypto.randomUUID()
    name                 TEXT NOT NULL,
    warehouse_code       TEXT NOT NULL,
    blind                INTEGER NOT NULL CHECK (blind IN (0, 1)),
    drift_policy         TEXT NOT NULL CHECK (drift_policy IN ('keepDifference', 'keepCounted', 'ask')),
    state                TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'committed', 'discarded')),
    created_at           INTEGER NOT NULL,
    closed_at            INTEGER,
    -- What the commit did with products nobody counted, and the outbox operations it wrote (JSON array).
    not_counted          TEXT CHECK (not_counted IN ('leave', 'zero')),
    outbox_operation_ids TEXT,
    CHECK ((state = 'open') = (closed_at IS NULL))
  ) STRICT;

  CREATE INDEX count_sessions_by_state ON count_sessions (state, created_at);

  CREATE TABLE count_lines (
    id                  INTEGER PRIMARY KEY,
    session_id          TEXT NOT NULL REFERENCES count_sessions (id),
    kind                TEXT NOT NULL CHECK (kind IN ('product', 'unknown')),
    -- product lines
    product_id          INTEGER,
    sku                 TEXT,
    barcode             TEXT,
    name                TEXT,
    unittext            TEXT,
    purchase_price      REAL,
    counted_against     REAL,                              -- expected stock (local view) at the first scan
    counted_against_at  INTEGER,
    origin              TEXT NOT NULL DEFAULT 'counter' CHECK (origin IN ('counter', 'notCountedAsZero')),
    -- unknown-code lines
    code                TEXT,
    unknown_state       TEXT CHECK (unknown_state IN ('open', 'resolved', 'discarded')),
    resolved_product_id INTEGER,
    -- derived from the line's events
    counted             REAL NOT NULL DEFAULT 0,
    scans               INTEGER NOT NULL DEFAULT 0 CHECK (scans >= 0),
    live_events         INTEGER NOT NULL DEFAULT 0 CHECK (live_events >= 0),
    first_at            INTEGER NOT NULL,
    last_at             INTEGER NOT NULL,
    CHECK (
      (kind = 'product' AND product_id IS NOT NULL AND sku IS NOT NULL AND counted_against IS NOT NULL
        AND code IS NULL AND unknown_state IS NULL)
      OR
      (kind = 'unknown' AND code IS NOT NULL AND unknown_state IS NOT NULL AND product_id IS NULL)
    )
  ) STRICT;

  CREATE UNIQUE INDEX count_lines_product ON count_lines (session_id, product_id) WHERE kind = 'product';
  CREATE UNIQUE INDEX count_lines_code ON count_lines (session_id, code) WHERE kind = 'unknown';

  CREATE TABLE count_events (
    id         INTEGER PRIMARY KEY,                        -- order of events within a database
    session_id TEXT NOT NULL REFERENCES count_sessions (id),
    line_id    INTEGER NOT NULL REFERENCES count_lines (id),
    counter    TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('scan', 'adjust', 'set', 'merge')),
    quantity   REAL NOT NULL,                              -- a delta for scan/adjust, the figure for set
    code       TEXT,                                       -- what was scanned (scan events)
    -- merge: a resolved unknown-code line whose current figure adds to this line from here on
    merged_line_id INTEGER REFERENCES count_lines (id),
    at         INTEGER NOT NULL,
    undone_at  INTEGER,
    CHECK ((kind = 'merge') = (merged_line_id IS NOT NULL))
  ) STRICT;

  -- A counter's undo stack: their latest live event in the session.
  CREATE INDEX count_events_undo ON count_events (session_id, counter, id) WHERE undone_at IS NULL;
  CREATE INDEX count_events_by_line ON count_events (line_id, id);
`;

export const countingMigration: Migration = {
  version: 4,
  name: '0004-counting',
  up(db) {
    db.exec(SCHEMA);
  },
};
