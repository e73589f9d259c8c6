// The sandbox's own SQLite file: pragmas on every open, the schema version, the core tables (stores,
// quota) and the tables of every resource module. A file written by newer code is refused.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';

/** Bumped whenever a table changes incompatibly; older files are migrated forward, newer refused. */
export const SANDBOX_SCHEMA_VERSION = 1;
/** 'StkS' in PRAGMA application_id marks a file as a Stockroom sandbox file. */
const APPLICATION_ID = 0x53746b53;

const coreSchemaSql = `
CREATE TABLE IF NOT EXISTS stores (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  apikey_sha256 TEXT NOT NULL,
  apisecret_sha256 TEXT NOT NULL,
  seed TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS quota_usage (
  store_id INTEGER NOT NULL REFERENCES stores(id),
  day TEXT NOT NULL,
  requests INTEGER NOT NULL,
  PRIMARY KEY (store_id, day)
) WITHOUT ROWID;
`;

export class SandboxDataFileError extends Error {
  override name = 'SandboxDataFileError';
}

function readPragmaNumber(db: Database, pragma: 'user_version' | 'application_id'): number {
  const value: unknown = db.pragma(pragma, { simple: true });
  return typeof value === 'number' ? value : 0;
}

function countTables(db: Database): number {
  const row = db
    .prepare<[], { total: number }>("SELECT COUNT(*) AS total FROM sqlite_master WHERE type = 'table'")
    .get();
  return row?.total ?? 0;
}

function checkFile(db: Database, file: string): void {
  const version = readPragmaNumber(db, 'user_version');
  const applicationId = readPragmaNumber(db, 'application_id');
  if (applicationId !== APPLICATION_ID && (applicationId !== 0 || countTables(db) > 0)) {
    throw new SandboxDataFileError(
      `${file} is not a Stockroom sandbox data file; give --data a new file or a sandbox file.`,
    );
  }
  if (version > SANDBOX_SCHEMA_VERSION) {
    throw new SandboxDataFileError(
      `${file} was written by a newer sandbox (schema version ${version}; this code knows up to ` +
        `${SANDBOX_SCHEMA_VERSION}). Use a newer Stockroom, or another --data file.`,
    );
  }
}

/**
 * Opens (creating when absent) the data file: WAL, synchronous=FULL (better-sqlite3 would otherwise
 * reopen WAL files with NORMAL), foreign keys on; then creates the core and resource tables.
 */
export function openSandboxDatabase(file: string, resourceSchemaSql: readonly string[]): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new BetterSqlite3(file);
  try {
    db.pragma('busy_timeout = 5000');
    checkFile(db, file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.transaction(() => {
      db.exec(coreSchemaSql);
      for (const sql of resourceSchemaSql) db.exec(sql);
      db.pragma(`application_id = ${APPLICATION_ID}`);
      db.pragma(`user_version = ${SANDBOX_SCHEMA_VERSION}`);
    })();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
