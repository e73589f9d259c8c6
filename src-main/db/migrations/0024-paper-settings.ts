// The store's paper settings (issue 25, decision 0019): one JSON row. Before this migration the table was
// made on first use with this very schema, so a database that has it keeps it and its row as they are.
import type { Migration } from './migration.js';

export const paperSettingsMigration: Migration = {
  version: 24,
  name: '0024-paper-settings',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS paper_settings (
        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
        settings_json TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT`);
  },
};
