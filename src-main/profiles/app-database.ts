// The app-level SQLite file: the profiles and which one is active. It holds no secret (those are in
// the keychain) and no store data (each store has its own database, src-main/db/database.ts). Same
// durability pragmas as every database here; its own migration list.
import Database from 'better-sqlite3';
import { applyPragmas } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { appDatabaseMigrations } from './migrations/index.js';

/** Opens (creating when missing) and migrates the app database; refuses one written by a newer app. */
export function openAppDatabase(file: string): Database.Database {
  const db = new Database(file);
  try {
    applyPragmas(db);
    migrate(db, appDatabaseMigrations, file);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
