// The app database's first schema: profiles (without secrets) and the active choice.
//
// The active profile is a one-row table with a foreign key ON DELETE CASCADE, so removing the active
// profile clears the choice in the same statement: no code path can leave it pointing at nothing.
import type { Migration } from '../../db/migrations/migration.js';

export const profilesMigration: Migration = {
  version: 1,
  name: '0001-profiles',
  up(db) {
    db.exec(`
      CREATE TABLE profiles (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
        display_name TEXT NOT NULL CHECK (length(trim(display_name)) > 0),
        base_url TEXT NOT NULL CHECK (base_url LIKE 'http://%' OR base_url LIKE 'https://%'),
        storename TEXT NOT NULL CHECK (length(storename) > 0),
        default_warehouse_code TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('store', 'demo')),
        created_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE active_profile (
        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
        profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE
      ) STRICT;
    `);
  },
};
