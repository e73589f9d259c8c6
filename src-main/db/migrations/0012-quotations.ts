// Quotations (src-main/documents): a local copy of the store's quotations (a recent window plus every
// Pending one), the quotations made or changed on this PC with the outbox operations that send them,
// and the quotation sync's markers. One row per quotation whatever its origin: a quotation made here is
// the row its pulled server copy later lands on (matched by its uniquenumber), so a list never shows it
// twice; a pulled copy replaces the local view only once every write made here on it was settled before
// that pull started.
import type { Migration } from './migration.js';

const QUOTATIONS_SCHEMA = `
  CREATE TABLE quotations (
    id              INTEGER PRIMARY KEY,
    -- NULL until the create is sent and the quotation pulled.
    server_id       INTEGER,
    unique_number   TEXT    NOT NULL DEFAULT '',
    -- The create queued on this PC (NULL for quotations that only came from the back office).
    operation_id    INTEGER,
    -- Every write queued here on this quotation (create first), as a JSON array of operation ids, until
    -- a pull that started after they settled brings the back office's copy.
    local_ops       TEXT    NOT NULL DEFAULT '[]',
    number          TEXT    NOT NULL,
    doc_date        TEXT    NOT NULL,
    status          TEXT    NOT NULL CHECK (status IN ('Pending', 'Success', 'Voided')),
    customer_name   TEXT    NOT NULL DEFAULT '',
    create_username TEXT    NOT NULL DEFAULT '',
    amount          REAL    NOT NULL,
    vatamount       REAL    NOT NULL,
    -- Lower-cased number, customer, reference, description, sales channel, tags, line skus and names.
    search_text     TEXT    NOT NULL DEFAULT '',
    -- Customer, lines with figures, money settings, tags, dates: shown in the detail, never queried.
    record_json     TEXT    NOT NULL,
    pulled_at       INTEGER,
    created_at      INTEGER NOT NULL
  ) STRICT;
  CREATE UNIQUE INDEX quotations_by_server ON quotations (server_id) WHERE server_id IS NOT NULL;
  CREATE UNIQUE INDEX quotations_by_unique ON quotations (unique_number) WHERE unique_number <> '';
  -- Covers every column the list filters and totals read, so they scan this index and never the wide
  -- rows (record_json); only the page's rows are read from the table.
  CREATE INDEX quotations_list ON quotations
    (doc_date DESC, id DESC, status, amount, create_username, search_text);
  CREATE INDEX quotations_pending ON quotations (status) WHERE status = 'Pending';

  -- The quotation numbers this PC proposed (its short name + a sequence), so two proposals never repeat.
  CREATE TABLE quotation_number_sequence (
    prefix TEXT    PRIMARY KEY,
    last   INTEGER NOT NULL CHECK (last >= 0)
  ) STRICT, WITHOUT ROWID;

  -- 'pull' (incremental; its start is the next watermark) and 'prune' (daily, no requests).
  CREATE TABLE quotation_sync_marker (
    job              TEXT    PRIMARY KEY CHECK (job IN ('pull', 'prune')),
    last_started_at  INTEGER NOT NULL,
    last_finished_at INTEGER NOT NULL,
    last_requests    INTEGER NOT NULL CHECK (last_requests >= 0)
  ) STRICT, WITHOUT ROWID;
`;

export const quotationsMigration: Migration = {
  version: 12,
  name: '0012-quotations',
  up(db) {
    db.exec(QUOTATIONS_SCHEMA);
  },
};
