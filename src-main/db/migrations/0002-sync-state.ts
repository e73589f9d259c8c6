// Catalogue sync: resumable first-sync cursors, incremental watermarks, sweep times.
import type { Migration } from '../migrate.js';

export const syncStateMigration: Migration = {
  version: 2,
  name: '0002-sync-state',
  up(db) {
    // Filled in by the owner of this migration; every statement here runs in one transaction.
    db.exec('SELECT 1');
  },
};
