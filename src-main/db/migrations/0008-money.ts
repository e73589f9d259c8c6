// The store's money (src-main/money): a local copy of incomes, expenses and money transfers (a recent
// window plus every record not fully paid), the records and payments made on this PC with the outbox
// operation that sends each, and the money sync's markers and daily request counts.
// One row per record whatever its origin: a record made here is the row its pulled server copy later
// lands on (matched by its uniquenumber), so a list never shows it twice.
import type { Migration } from './migration.js';

const MONEY_SCHEMA = `
  CREATE TABLE money_records (
    id             INTEGER PRIMARY KEY,
    kind           TEXT    NOT NULL CHECK (kind IN ('income', 'expense')),
    -- NULL until the create is sent and the record pulled.
    server_id      INTEGER,
    unique_number  TEXT    NOT NULL DEFAULT '',
    -- The create queued on this PC (NULL for records that only came from the back office).
    operation_id   INTEGER,
    doc_date       TEXT    NOT NULL,
    contact_name   TEXT    NOT NULL DEFAULT '',
    reference      TEXT    NOT NULL DEFAULT '',
    description    TEXT    NOT NULL DEFAULT '',
    vattype        INTEGER NOT NULL CHECK (vattype IN (1, 2, 3)),
    amount         REAL    NOT NULL,
    amount_pretax  REAL    NOT NULL,
    vatamount      REAL    NOT NULL,
    -- What the back office holds as paid (0 before the first pull) and the payments made here on top.
    server_paid    REAL    NOT NULL DEFAULT 0,
    local_paid     REAL    NOT NULL DEFAULT 0,
    -- The local view's status (server_paid + local_paid), kept so the list filters on an index.
    payment_status TEXT    NOT NULL
      CHECK (payment_status IN ('Pending', 'Partial Payment', 'Paid', 'Excess Payment')),
    -- Lower-cased contact, reference, description, line names and ids: the keyword's haystack.
    search_text    TEXT    NOT NULL DEFAULT '',
    -- Contact, lines, discount, server payments, tags: shown in the detail, never queried.
    record_json    TEXT    NOT NULL,
    pulled_at      INTEGER,
    created_at     INTEGER NOT NULL
  ) STRICT;
  CREATE UNIQUE INDEX money_records_by_server ON money_records (kind, server_id) WHERE server_id IS NOT NULL;
  CREATE UNIQUE INDEX money_records_by_unique ON money_records (kind, unique_number) WHERE unique_number <> '';
  -- Covers every column the list filters and totals read, so they scan this index and never the wide
  -- rows (record_json); only the page's rows are read from the table.
  CREATE INDEX money_records_list ON money_records
    (kind, doc_date DESC, id DESC, payment_status, amount, server_paid, local_paid, search_text);
  CREATE INDEX money_records_unpaid ON money_records (kind, payment_status)
    WHERE payment_status IN ('Pending', 'Partial Payment');

  -- Payments recorded on this PC. Shown on top of the server's payments until a pull made after the
  -- operation was applied carries them (in_server_copy = 1).
  CREATE TABLE money_local_payments (
    id             INTEGER PRIMARY KEY,
    record_id      INTEGER NOT NULL REFERENCES money_records (id) ON DELETE CASCADE,
    operation_id   INTEGER NOT NULL,
    method_name    TEXT    NOT NULL,
    amount         REAL    NOT NULL CHECK (amount > 0),
    paid_at        TEXT    NOT NULL,
    created_at     INTEGER NOT NULL,
    in_server_copy INTEGER NOT NULL DEFAULT 0 CHECK (in_server_copy IN (0, 1))
  ) STRICT;
  CREATE INDEX money_local_payments_by_record ON money_local_payments (record_id);

  CREATE TABLE money_transfers (
    id               INTEGER PRIMARY KEY,
    server_id        INTEGER UNIQUE,
    unique_number    TEXT    NOT NULL DEFAULT '',
    operation_id     INTEGER,
    action_date      TEXT    NOT NULL,
    amount           REAL    NOT NULL,
    from_method_id   INTEGER NOT NULL,
    from_method_name TEXT    NOT NULL,
    to_method_id     INTEGER NOT NULL,
    to_method_name   TEXT    NOT NULL,
    status           TEXT    NOT NULL,
    reference        TEXT    NOT NULL DEFAULT '',
    description      TEXT    NOT NULL DEFAULT '',
    search_text      TEXT    NOT NULL DEFAULT '',
    pulled_at        INTEGER,
    created_at       INTEGER NOT NULL
  ) STRICT;
  CREATE UNIQUE INDEX money_transfers_by_unique ON money_transfers (unique_number) WHERE unique_number <> '';
  CREATE INDEX money_transfers_by_date ON money_transfers (action_date DESC, id DESC);

  -- 'pull' (the incremental pull; its start is the next watermark), 'full' (the listing that seeds the
  -- copy and repeats rarely) and 'prune' (daily: drops paid records that left the window).
  CREATE TABLE money_sync_marker (
    job              TEXT    PRIMARY KEY CHECK (job IN ('pull', 'full', 'prune')),
    last_started_at  INTEGER NOT NULL,
    last_finished_at INTEGER NOT NULL,
    last_requests    INTEGER NOT NULL CHECK (last_requests >= 0)
  ) STRICT, WITHOUT ROWID;

  -- Requests the money sync spent per Thai day (also counted in sync_daily_requests, the PC's allowance).
  CREATE TABLE money_daily_requests (
    day_key  TEXT    PRIMARY KEY,
    requests INTEGER NOT NULL CHECK (requests >= 0)
  ) STRICT, WITHOUT ROWID;
`;

export const moneyMigration: Migration = {
  version: 8,
  name: '0008-money',
  up(db) {
    db.exec(MONEY_SCHEMA);
  },
};
