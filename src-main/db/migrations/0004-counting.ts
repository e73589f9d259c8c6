// Count sessions: sessions, lines, scan events.
import type { Migration } from '../migrate.js';

export const countingMigration: Migration = {
  version: 4,
  name: '0004-counting',
  up(db) {
    // Filled in by the owner of this migration; every statement here runs in one transaction.
    db.exec('SELECT 1');
  },
};
