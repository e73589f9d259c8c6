import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-main/db/database.js';
import { DatabaseTooNewError, migrate, schemaVersion } from '../../src-main/db/migrate.js';
import type { Migration } from '../../src-main/db/migrations/migration.js';
import { migrations } from '../../src-main/db/migrations/index.js';

const table = (version: number, name: string): Migration => ({
  version,
  name: `${version}-${name}`,
  up: (db) => db.exec(`CREATE TABLE ${name} (id INTEGER PRIMARY KEY)`),
});

describe('the local database', () => {
  let folder: string;
  let file: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'stockroom-db-'));
    file = join(folder, 'store.sqlite');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('is WAL with synchronous=FULL on every open, including a reopen', () => {
    for (let open = 0; open < 2; open++) {
      const db = openDatabase(file);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      db.close();
    }
  });

  it('runs every app migration once, in order, and a second open applies none', () => {
    const first = new Database(file);
    expect(migrate(first, migrations).applied).toHaveLength(migrations.length);
    expect(migrate(first, migrations).applied).toEqual([]);
    expect(schemaVersion(first)).toBe(migrations.length);
    expect(first.pragma('integrity_check', { simple: true })).toBe('ok');
    first.close();
  });

  it('brings an older database forward, one migration at a time', () => {
    const db = new Database(file);
    migrate(db, [table(1, 'a')]);
    const report = migrate(db, [table(1, 'a'), table(2, 'b'), table(3, 'c')]);
    expect(report).toEqual({ from: 1, to: 3, applied: ['2-b', '3-c'] });
    db.close();
  });

  it('refuses a database written by a newer app, saying what to do, and leaves it untouched', () => {
    const db = new Database(file);
    migrate(db, [table(1, 'a'), table(2, 'b')]);
    db.close();
    expect(() => openDatabase(file, { migrations: [table(1, 'a')] })).toThrow(DatabaseTooNewError);
    expect(() => openDatabase(file, { migrations: [table(1, 'a')] })).toThrow(/newer version of Stockroom/);
    const reopened = new Database(file);
    expect(schemaVersion(reopened)).toBe(2);
    reopened.close();
  });

  it('rolls a failing migration back whole: version and tables stay as before', () => {
    const failing: Migration = {
      version: 2,
      name: '2-broken',
      up: (db) => {
        db.exec('CREATE TABLE half_done (id INTEGER)');
        throw new Error('boom');
      },
    };
    const db = new Database(file);
    expect(() => migrate(db, [table(1, 'a'), failing])).toThrow('boom');
    expect(schemaVersion(db)).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
    db.close();
  });

  it('rejects a migration list with a gap', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, [table(1, 'a'), table(3, 'c')])).toThrow(/expected 2/);
    db.close();
  });
});

describe('two processes opening one fresh file at once', () => {
  it('apply each migration exactly once between them', async () => {
    const { spawn } = await import('node:child_process');
    const folder = mkdtempSync(join(tmpdir(), 'stockroom-db-race-'));
    const file = join(folder, 'store.sqlite');
    const script = `import { openDatabase } from ${JSON.stringify(join(process.cwd(), 'src-main/db/database.ts'))};
      const db = openDatabase(${JSON.stringify(file)}); console.log(db.pragma('user_version', { simple: true })); db.close();`;
    try {
      const runs = Array.from(
        { length: 6 },
        () =>
          new Promise<{ code: number | null; output: string }>((resolve) => {
            const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
              stdio: ['ignore', 'pipe', 'pipe'],
            });
            let output = '';
            child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
            child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
            child.on('close', (code) => resolve({ code, output }));
          }),
      );
      const results = await Promise.all(runs);
      for (const result of results) {
        expect(result.output.trim()).toBe(String(migrations.length));
        expect(result.code).toBe(0);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
