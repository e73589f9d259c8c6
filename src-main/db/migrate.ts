// Numbered, forward-only migrations. Each runs in its own transaction and bumps user_version with it,
// so a crash mid-migration leaves the database at the previous version, never half-way.
import type { Database } from 'better-sqlite3';
import type { Migration } from './migrations/migration.js';

/** The local database was written by a newer Stockroom: opening it could corrupt what it added. */
export class DatabaseTooNewError extends Error {
  constructor(
    readonly file: string,
    readonly found: number,
    readonly supported: number,
  ) {
    super(
      `The local database ${file} was written by a newer version of Stockroom (schema ${found}; this version knows up to ${supported}). ` +
        'Install the newer version again, or move the file aside to start with a fresh copy (pending changes in it would be lost).',
    );
    this.name = 'DatabaseTooNewError';
  }
}

export interface MigrationReport {
  readonly from: number;
  readonly to: number;
  readonly applied: readonly string[];
}

export function schemaVersion(db: Database): number {
  return Number(db.pragma('user_version', { simple: true }));
}

/** Checks the list is 1..n in order; a mistake here is a programming error caught by every test. */
export function assertMigrationsInOrder(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration ${migration.name} has version ${migration.version}, expected ${index + 1}`);
    }
  });
}

export function migrate(db: Database, migrations: readonly Migration[], file = db.name): MigrationReport {
  assertMigrationsInOrder(migrations);
  const from = schemaVersion(db);
  if (from > migrations.length) throw new DatabaseTooNewError(file, from, migrations.length);
  const applied: string[] = [];
  for (const migration of migrations.slice(from)) {
    // The version is read again under the write lock: another process opening the same file at the
    // same moment may have applied this migration already, and must not be applied twice.
    const ran = db
      .transaction(() => {
        if (schemaVersion(db) >= migration.version) return false;
        migration.up(db);
        db.pragma(`user_version = ${migration.version}`);
        return true;
      })
      .immediate();
    if (ran) applied.push(migration.name);
  }
  return { from, to: schemaVersion(db), applied };
}
