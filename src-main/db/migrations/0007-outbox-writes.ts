// The outbox learns every shape of v4 write (docs/decisions, "write-kind table"):
// - description: how the row reads to a person ("Payment ฿1,250.00 on income IN-… by Cash");
// - depends_on: the create a write on a record made offline waits for (an outbox operation id);
// - target_id: the server id of the record the write acts on, known at enqueue or written in the
//   transaction that marks its create done;
// - server_id: the id the back office gave a create (from its answer or a read-back);
// - readback_before: what a delta's record held just before sending (JSON), the evidence its
//   reconciliation compares with.
// The income kind is renamed after its request kind (addIncome), with the id it stored as a figure.
import type { Migration } from './migration.js';

export const outboxWritesMigration: Migration = {
  version: 7,
  name: '0007-outbox-writes',
  up(db) {
    db.exec(`
      ALTER TABLE outbox_operations ADD COLUMN description TEXT;
      ALTER TABLE outbox_operations ADD COLUMN depends_on INTEGER REFERENCES outbox_operations (id);
      ALTER TABLE outbox_operations ADD COLUMN target_id INTEGER;
      ALTER TABLE outbox_operations ADD COLUMN server_id INTEGER;
      ALTER TABLE outbox_operations ADD COLUMN readback_before TEXT;
      CREATE INDEX outbox_open_dependents ON outbox_operations (depends_on)
        WHERE depends_on IS NOT NULL AND state NOT IN ('done', 'discarded');
      UPDATE outbox_operations
         SET kind = 'addIncome',
             server_id = CASE WHEN state = 'done' THEN CAST(result_figure AS INTEGER) END
       WHERE kind = 'income';
    `);
  },
};
