// Opens a store profile's local database. Every open sets and then checks the pragmas the outbox's
// durability rests on: WAL, and synchronous=FULL (better-sqlite3 leaves WAL connections at NORMAL,
// where a power cut can lose the last committed transactions — i.e. a queued write).
import Database from 'better-sqlite3';
import { migrate } from './migrate.js';
import type { Migration } from './migrations/migration.js';
import { migrations as appMigrations } from './migrations/index.js';

export type { Database } from 'better-sqlite3';

const SYNCHRONOUS_FULL = 2;
const BUSY_TIMEOUT_MS = 5_000;

export class DatabaseSettingsError extends Error {
  constructor(file: string, setting: string, found: unknown, wanted: unknown) {
    super(`The local database ${file} refused ${setting} = ${String(wanted)} (it reports ${String(found)})`);
    this.name = 'DatabaseSettingsError';
  }
}

export interface OpenDatabaseOptions {
  /** Defaults to the app's migrations; tests pass their own lists. */
  readonly migrations?: readonly Migration[];
}

/** Applies and verifies the durability pragmas; throws DatabaseSettingsError when one did not take. */
export function applyPragmas(db: Database.Database): void {
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const journal = db.pragma('journal_mode = WAL', { simple: true });
  if (String(journal).toLowerCase() !== 'wal')
    throw new DatabaseSettingsError(db.name, 'journal_mode', journal, 'wal');
  db.pragma('synchronous = FULL');
  const synchronous = Number(db.pragma('synchronous', { simple: true }));
  if (synchronous !== SYNCHRONOUS_FULL) {
    throw new DatabaseSettingsError(db.name, 'synchronous', synchronous, 'FULL (2)');
  }
  db.pragma('foreign_keys = ON');
}

/** Opens (creating when missing) and migrates the database file; refuses one newer than this app. */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Database.Database {
  const db = new Database(file);
  try {
    applyPragmas(db);
    migrate(db, options.migrations ?? appMigrations, file);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
