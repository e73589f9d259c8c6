// Stock moves made on this PC (src-main/stock-moves) and warehouses added here before the back office
// has them. v4 has no field for why stock moved, so the reason and note live only here (and in the
// moves export). Each move names the outbox operations that carry it: one for an increase, a decrease or
// an available-stock figure, two for a transfer (its decrease and its increase, independent keys).
import type { Migration } from './migration.js';

export const stockMovesMigration: Migration = {
  version: 11,
  name: '0011-stock-moves',
  up(db) {
    db.exec(`
      CREATE TABLE stock_moves (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('increase', 'decrease', 'transfer', 'setAvailable')),
        product_id INTEGER NOT NULL,
        sku TEXT NOT NULL,
        product_name TEXT NOT NULL,
        -- the warehouse of an increase, decrease or available figure; a transfer's source
        warehouse_code TEXT NOT NULL,
        -- a transfer's destination (NULL otherwise)
        to_warehouse_code TEXT,
        quantity REAL NOT NULL CHECK (quantity >= 0),
        reason TEXT CHECK (reason IN ('damaged', 'expired', 'lost', 'found', 'sample', 'other')),
        note TEXT NOT NULL DEFAULT '',
        made_by TEXT NOT NULL,
        made_at INTEGER NOT NULL,
        -- the local view's stock in warehouse_code when the move was made (what a person saw)
        expected_before REAL,
        decrease_operation_id INTEGER REFERENCES outbox_operations (id),
        increase_operation_id INTEGER REFERENCES outbox_operations (id),
        set_operation_id INTEGER REFERENCES outbox_operations (id),
        CHECK ((kind = 'transfer') = (to_warehouse_code IS NOT NULL))
      );
      CREATE INDEX stock_moves_by_time ON stock_moves (made_at DESC, id DESC);

      -- A warehouse added on this PC: shown in pickers at once (waiting to send) until a pull of the
      -- back office's warehouses holds its code.
      CREATE TABLE local_warehouses (
        code TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        address TEXT NOT NULL DEFAULT '',
        operation_id INTEGER NOT NULL REFERENCES outbox_operations (id),
        created_at INTEGER NOT NULL
      );
    `);
  },
};
