// Outbox: operations (one row per stock line or document), the audit trail of person actions, the
// queue's pause/hold switch and the drainer lease. See docs/decisions/0003-outbox.md.
import type { Migration } from './migration.js';

export const outboxMigration: Migration = {
  version: 3,
  name: '0003-outbox',
  up(db) {
    db.exec(`
      CREATE TABLE outbox_operations (
        id INTEGER PRIMARY KEY,
        -- the OperationKind that sends it: 'stockChange' | 'stockCount' | 'income'
        kind TEXT NOT NULL,
        -- per-key order: a later row of a key is never sent before an earlier one is done
        order_key TEXT NOT NULL,
        -- rows with the same batch key may share one request
        batch_key TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending'
          CHECK (state IN ('pending', 'sending', 'done', 'retry', 'unclear', 'parked', 'discarded')),
        -- stock lines (NULL for documents); columns rather than JSON so the local view is one indexed query
        warehouse_code TEXT,
        product_id INTEGER,
        sku TEXT,
        change TEXT CHECK (change IN ('set', 'increase', 'decrease', 'setAvailable', 'count')),
        value REAL,
        counted_against REAL,
        policy TEXT CHECK (policy IN ('keepDifference', 'keepCounted', 'ask')),
        session_id TEXT,
        -- documents: the request body as JSON; its idempotency key, fixed at enqueue
        payload TEXT,
        unique_number TEXT UNIQUE,
        -- drain bookkeeping
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER,
        server_before REAL,
        sent_target REAL,
        reason_code TEXT,
        reason_text TEXT,
        outcome TEXT,
        result_figure REAL,
        superseded_by INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        finished_at INTEGER
      );
      CREATE INDEX outbox_open_by_key ON outbox_operations (order_key, id)
        WHERE state NOT IN ('done', 'discarded');
      CREATE INDEX outbox_open_by_batch ON outbox_operations (batch_key, id)
        WHERE state NOT IN ('done', 'discarded');
      CREATE INDEX outbox_open_by_state ON outbox_operations (state, id)
        WHERE state NOT IN ('done', 'discarded');
      CREATE INDEX outbox_open_stock ON outbox_operations (warehouse_code, product_id, id)
        WHERE state NOT IN ('done', 'discarded') AND product_id IS NOT NULL;
      CREATE INDEX outbox_by_session ON outbox_operations (session_id) WHERE session_id IS NOT NULL;

      -- what people did to parked rows (and what they were parked for), so nothing changes silently
      CREATE TABLE outbox_actions (
        id INTEGER PRIMARY KEY,
        operation_id INTEGER NOT NULL REFERENCES outbox_operations (id),
        action TEXT NOT NULL,
        detail TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX outbox_actions_by_operation ON outbox_actions (operation_id, id);

      -- one row: the whole queue paused for a person (auth), or held until a time (quota)
      CREATE TABLE outbox_control (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        paused INTEGER NOT NULL DEFAULT 0,
        pause_code TEXT,
        pause_text TEXT,
        paused_at INTEGER,
        hold_until INTEGER NOT NULL DEFAULT 0,
        hold_reason TEXT
      );
      INSERT INTO outbox_control (id) VALUES (1);

      -- one row: which app instance may drain, until when
      CREATE TABLE outbox_lease (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        holder TEXT,
        holder_pid INTEGER,
        holder_host TEXT,
        expires_at INTEGER NOT NULL DEFAULT 0
      );
      INSERT INTO outbox_lease (id) VALUES (1);
    `);
  },
};
