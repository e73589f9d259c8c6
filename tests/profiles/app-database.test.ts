// The app-level database: its own migrations, the durability pragmas, no place for a secret, and the
// active choice tied to its profile by a foreign key.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseTooNewError, schemaVersion } from '../../src-main/db/migrate.js';
import { openAppDatabase } from '../../src-main/profiles/index.js';
import { appDatabaseMigrations } from '../../src-main/profiles/migrations/index.js';

describe('the app database', () => {
  let folder: string;
  let file: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'stockroom-app-db-'));
    file = join(folder, 'app.sqlite');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('is created with its own migrations, WAL and synchronous=FULL, on every open', () => {
    for (let open = 0; open < 2; open++) {
      const db = openAppDatabase(file);
      expect(schemaVersion(db)).toBe(appDatabaseMigrations.length);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      db.close();
    }
  });

  it('has tables for profiles and the active choice only, and no column for a key or secret', () => {
    const db = openAppDatabase(file);
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => row.name);
    expect(tables).toEqual(['active_profile', 'profiles']);
    const columns = tables.flatMap((table) =>
      db
        .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
        .all()
        .map((row) => row.name),
    );
    expect(columns.filter((name) => /key|secret|password|token/i.test(name))).toEqual([]);
    db.close();
  });

  it('clears the active choice when its profile row is deleted (foreign key cascade)', () => {
    const db = openAppDatabase(file);
    db.prepare(
      `INSERT INTO profiles VALUES ('00000000-0000-4000-8000-000000000001', 'A', 'https://a.example', 's', NULL, 'store', '2026-01-01T00:00:00.000Z')`,
    ).run();
    db.prepare(`INSERT INTO active_profile VALUES (1, '00000000-0000-4000-8000-000000000001')`).run();
    db.prepare('DELETE FROM profiles').run();
    expect(db.prepare('SELECT count(*) AS n FROM active_profile').get()).toEqual({ n: 0 });
    db.close();
  });

  it('refuses an active choice naming no profile, and a second active row', () => {
    const db = openAppDatabase(file);
    expect(() => db.prepare(`INSERT INTO active_profile VALUES (1, 'nobody')`).run()).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare(`INSERT INTO active_profile VALUES (2, 'x')`).run()).toThrow(/CHECK/);
    db.close();
  });

  it('refuses a file written by a newer Stockroom, saying so', () => {
    const newer = new Database(file);
    newer.pragma(`user_version = ${appDatabaseMigrations.length + 1}`);
    newer.close();
    expect(() => openAppDatabase(file)).toThrow(DatabaseTooNewError);
  });
});
