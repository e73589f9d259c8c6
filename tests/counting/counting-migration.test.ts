import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src-main/db/migrate.js';
import { migrations } from '../../src-main/db/migrations/index.js';

describe('migration 0004-counting', () => {
  let folder: string;
  let db: Database.Database;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'stockroom-counting-migration-'));
    db = new Database(join(folder, 'store.sqlite'));
    db.pragma('foreign_keys = ON');
  });
  afterEach(() => {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('brings a version-3 database to 4 with the session, line and event tables', () => {
    migrate(db, migrations.slice(0, 3));
    expect(migrate(db, migrations.slice(0, 4)).applied).toEqual(['0004-counting']);
    expect(schemaVersion(db)).toBe(4);
    const tables = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'count_%' ORDER BY name")
      .pluck()
      .all();
    expect(tables).toEqual(['count_events', 'count_lines', 'count_sessions']);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('0005 adds the expected figure at commit to count lines, NULL on lines already there', () => {
    migrate(db, migrations.slice(0, 4));
    db.prepare(
      `INSERT INTO count_sessions (id, name, warehouse_code, blind, drift_policy, created_at)
       VALUES ('s', 'n', 'W0001', 0, 'ask', 1)`,
    ).run();
    db.prepare(
      `INSERT INTO count_lines (session_id, kind, product_id, sku, counted_against, first_at, last_at)
       VALUES ('s', 'product', 1, 'A', 5, 1, 1)`,
    ).run();
    expect(migrate(db, migrations.slice(0, 5)).applied).toEqual(['0005-count-frozen-expected']);
    expect(db.prepare('SELECT expected_at_commit FROM count_lines').pluck().get()).toBeNull();
  });

  it('refuses rows that break the rules the service relies on', () => {
    migrate(db, migrations);
    db.prepare(
      `INSERT INTO count_sessions (id, name, warehouse_code, blind, drift_policy, created_at)
       VALUES ('s', 'n', 'W0001', 0, 'ask', 1)`,
    ).run();
    const line = (columns: string, values: string) =>
      db
        .prepare(
          `INSERT INTO count_lines (session_id, first_at, last_at, ${columns}) VALUES ('s', 1, 1, ${values})`,
        )
        .run();
    expect(() => line('kind, product_id, sku', "'product', 1, 'A'")).toThrow(/CHECK/); // no snapshot
    expect(() => line('kind, code', "'unknown', 'X'")).toThrow(/CHECK/); // no resolution state
    expect(() =>
      db
        .prepare(
          `INSERT INTO count_lines (session_id, kind, code, unknown_state, first_at, last_at)
           VALUES ('no such session', 'unknown', 'X', 'open', 1, 1)`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
    line('kind, product_id, sku, counted_against', "'product', 1, 'A', 5");
    expect(() => line('kind, product_id, sku, counted_against', "'product', 1, 'A', 5")).toThrow(/UNIQUE/);
    expect(() => db.prepare("UPDATE count_sessions SET drift_policy = 'guess' WHERE id = 's'").run()).toThrow(
      /CHECK/,
    );
    expect(() => db.prepare("UPDATE count_sessions SET state = 'committed' WHERE id = 's'").run()).toThrow(
      /CHECK/, // a closed session says when it was closed
    );
  });
});
