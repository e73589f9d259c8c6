// Migration 0025 on a store database made before it: its counts keep their events (now on no shelf),
// and shelves and shelf visits can be written and read afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src-main/db/migrate.js';
import { migrations } from '../../src-main/db/migrations/index.js';

const BEFORE_0025 = migrations.findIndex((migration) => migration.name === '0025-shelves');

describe('migration 0025-shelves', () => {
  let folder: string;
  let db: Database.Database;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'stockroom-shelves-migration-'));
    db = new Database(join(folder, 'store.sqlite'));
  });
  afterEach(() => {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('applies on a database holding a count, which keeps its events on no shelf', () => {
    expect(BEFORE_0025).toBeGreaterThan(0);
    migrate(db, migrations.slice(0, BEFORE_0025));
    db.exec(`
      INSERT INTO count_sessions (id, name, warehouse_code, blind, drift_policy, created_at)
        VALUES ('s1', 'old count', 'W0001', 0, 'ask', 1);
      INSERT INTO count_lines (id, session_id, kind, product_id, sku, counted_against, counted, scans, live_events, first_at, last_at)
        VALUES (1, 's1', 'product', 7, 'SKU-7', 3, 2, 2, 2, 1, 1);
      INSERT INTO count_events (session_id, line_id, counter, kind, quantity, code, at)
        VALUES ('s1', 1, 'a', 'scan', 1, 'X', 1), ('s1', 1, 'a', 'scan', 1, 'X', 2);`);

    expect(migrate(db, migrations.slice(0, BEFORE_0025 + 1)).applied).toEqual(['0025-shelves']);
    expect(schemaVersion(db)).toBe(BEFORE_0025 + 1);
    expect(db.prepare('SELECT count(*) AS n, count(shelf_code) AS shelved FROM count_events').get()).toEqual({
      n: 2,
      shelved: 0,
    });
    db.exec(`
      INSERT INTO shelves (warehouse_code, code, name, created_at, updated_at) VALUES ('W0001', 'SHELF-A', 'A', 1, 1);
      INSERT INTO count_shelf_visits (session_id, counter, shelf_code, kind, at) VALUES ('s1', 'a', 'SHELF-A', 'enter', 3);`);
    expect(() =>
      db.exec(
        `INSERT INTO shelves (warehouse_code, code, name, created_at, updated_at) VALUES ('W0001', 'A-1', 'x', 1, 1)`,
      ),
    ).toThrow(/CHECK/);
    expect(() =>
      db.exec(
        `INSERT INTO count_shelf_visits (session_id, counter, shelf_code, kind, at) VALUES ('s1', 'a', 'SHELF-A', 'left', 3)`,
      ),
    ).toThrow(/CHECK/);
  });
});
