// Outbox: operations, per-line results, drainer lease.
import type { Migration } from '../migrate.js';

export const outboxMigration: Migration = {
  version: 3,
  name: '0003-outbox',
  up(db) {
    // Filled in by the owner of this migration; every statement here runs in one transaction.
    db.exec('SELECT 1');
  },
};
