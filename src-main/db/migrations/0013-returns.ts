// Return purchase orders (src-main/returns) and the stock effect of queued document writes
// (src-main/outbox):
// - return_orders: the local copy (a recent window plus every order not Success or Voided). One row per
//   order whatever its origin: an order made here is the row its pulled server copy later lands on
//   (matched by the server id its create learnt, else by number + amount + date), so a list never
//   shows it twice. The `status`, `paid` and `payment_status` columns are the local view (the server
//   copy with the writes made here on top), kept so the list filters and totals on an index.
// - return_order_writes: every write queued here on an order, shown on top of the server copy until a
//   pull made after it was applied carries it (in_server_copy = 1).
// - outbox_stock_effects: what a queued write will do to a product's stock in a warehouse when it is
//   applied (a return purchase order set to Success takes its goods out). The local view counts them
//   while their operation is not done; the transaction that marks it done moves them into the catalogue.
import type { Migration } from './migration.js';

const RETURNS_SCHEMA = `
  CREATE TABLE return_orders (
    id             INTEGER PRIMARY KEY,
    server_id      INTEGER UNIQUE,
    operation_id   INTEGER,
    number         TEXT    NOT NULL,
    doc_date       TEXT    NOT NULL,
    warehouse_code TEXT    NOT NULL,
    supplier_name  TEXT    NOT NULL DEFAULT '',
    amount         REAL    NOT NULL,
    status         TEXT    NOT NULL,
    paid           REAL    NOT NULL DEFAULT 0,
    payment_status TEXT    NOT NULL
      CHECK (payment_status IN ('Pending', 'Partial Payment', 'Paid', 'Excess Payment')),
    search_text    TEXT    NOT NULL DEFAULT '',
    -- The record as last read (or as sent, before the first read): lines, supplier, figures, payments,
    -- tags, status. The view columns above are computed from it and the writes on top.
    record_json    TEXT    NOT NULL,
    movement_json  TEXT,
    pulled_at      INTEGER,
    created_at     INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX return_orders_list ON return_orders
    (doc_date DESC, id DESC, status, warehouse_code, amount, paid, search_text);
  CREATE INDEX return_orders_open ON return_orders (status) WHERE status NOT IN ('Success', 'Voided');

  CREATE TABLE return_order_writes (
    id             INTEGER PRIMARY KEY,
    order_id       INTEGER NOT NULL REFERENCES return_orders (id) ON DELETE CASCADE,
    operation_id   INTEGER NOT NULL,
    action         TEXT    NOT NULL
      CHECK (action IN ('status', 'payment', 'voidPayment', 'void', 'addTag', 'removeTag')),
    detail_json    TEXT    NOT NULL,
    created_at     INTEGER NOT NULL,
    in_server_copy INTEGER NOT NULL DEFAULT 0 CHECK (in_server_copy IN (0, 1))
  ) STRICT;
  CREATE INDEX return_order_writes_by_order ON return_order_writes (order_id);
  CREATE INDEX return_order_writes_open ON return_order_writes (order_id) WHERE in_server_copy = 0;

  -- The local number sequence of this PC (numbers proposed are <PC>-<sequence>).
  CREATE TABLE return_number_sequence (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    last INTEGER NOT NULL CHECK (last >= 0)
  ) STRICT;

  CREATE TABLE returns_sync_marker (
    job              TEXT    PRIMARY KEY CHECK (job IN ('pull', 'prune')),
    last_started_at  INTEGER NOT NULL,
    last_finished_at INTEGER NOT NULL,
    last_requests    INTEGER NOT NULL CHECK (last_requests >= 0)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE outbox_stock_effects (
    id             INTEGER PRIMARY KEY,
    operation_id   INTEGER NOT NULL REFERENCES outbox_operations (id),
    warehouse_code TEXT    NOT NULL,
    product_id     INTEGER NOT NULL,
    delta          REAL    NOT NULL
  ) STRICT;
  CREATE INDEX outbox_stock_effects_by_product ON outbox_stock_effects (warehouse_code, product_id);
  CREATE INDEX outbox_stock_effects_by_operation ON outbox_stock_effects (operation_id);
`;

export const returnsMigration: Migration = {
  version: 13,
  name: '0013-returns',
  up(db) {
    db.exec(RETURNS_SCHEMA);
  },
};
