// A person may take back a write only while it certainly never reached the back office (issue 20).
// `state` alone cannot tell: a keyed create that ended unclear goes back to pending to be resent with
// its key, yet it may already be applied. So every row that ever ended unclear (or was left sending by
// a crash) carries `maybe_delivered = 1` for good. Rows written before this migration that were ever
// attempted are taken as possibly delivered: their history was not kept, and doubt must not be lost.
import type { Migration } from './migration.js';

export const outboxDeliveryDoubtMigration: Migration = {
  version: 19,
  name: '0019-outbox-delivery-doubt',
  up(db) {
    db.exec(`
      ALTER TABLE outbox_operations
        ADD COLUMN maybe_delivered INTEGER NOT NULL DEFAULT 0 CHECK (maybe_delivered IN (0, 1));
      UPDATE outbox_operations SET maybe_delivered = 1 WHERE attempts > 0;
    `);
  },
};
