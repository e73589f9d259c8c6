// Migration 0028 on a store database made before it: a member's queued product changes survive the
// rebuild of live_count_changes with their sequence, and afterwards an unknown code's line writes
// changes too (its units while open, 0 once resolved), after the product changes' sequence.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src-main/db/migrate.js';
import { migrations } from '../../src-main/db/migrations/index.js';

const BEFORE_0028 = migrations.findIndex((migration) => migration.name === '0028-live-count-unknown-codes');

describe('migration 0028-live-count-unknown-codes', () => {
  let folder: string;
  let db: Database.Database;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'stockroom-live-codes-migration-'));
    db = new Database(join(folder, 'store.sqlite'));
  });
  afterEach(() => {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps a member’s queued changes and streams unknown codes after them', () => {
    expect(BEFORE_0028).toBeGreaterThan(0);
    migrate(db, migrations.slice(0, BEFORE_0028));
    db.exec(`
      INSERT INTO count_sessions (id, name, warehouse_code, blind, drift_policy, created_at)
        VALUES ('m1', 'member count', 'W0001', 0, 'ask', 1);
      INSERT INTO live_count_memberships
        (session_id, host_address, host_session_id, host_label, member_id, member_secret, joined_at)
        VALUES ('m1', '127.0.0.1:47613', 'h1', 'HOST', 'id1', 'secret', 1);
      INSERT INTO count_lines (id, session_id, kind, product_id, sku, counted_against, counted, scans, live_events, first_at, last_at)
        VALUES (1, 'm1', 'product', 7, 'SKU-7', 3, 2, 2, 2, 1, 1);
      UPDATE count_lines SET counted = 3 WHERE id = 1;
      INSERT INTO count_lines (id, session_id, kind, code, unknown_state, first_at, last_at)
        VALUES (2, 'm1', 'unknown', 'OLD-1', 'open', 1, 1);
      UPDATE count_lines SET counted = 1 WHERE id = 2;`);
    const changes = () =>
      db.prepare('SELECT seq, product_id, code, counted FROM live_count_changes ORDER BY seq').all();
    // Before 0028 the unknown code's line wrote nothing.
    expect(db.prepare('SELECT seq, product_id, counted FROM live_count_changes ORDER BY seq').all()).toEqual([
      { seq: 1, product_id: 7, counted: 2 },
      { seq: 2, product_id: 7, counted: 3 },
    ]);

    expect(migrate(db, migrations.slice(0, BEFORE_0028 + 1)).applied).toEqual([
      '0028-live-count-unknown-codes',
    ]);
    expect(schemaVersion(db)).toBe(BEFORE_0028 + 1);
    db.exec(`
      UPDATE count_lines SET counted = 4 WHERE id = 2;
      UPDATE count_lines SET counted = 4 WHERE id = 1;
      UPDATE count_lines SET unknown_state = 'resolved', resolved_product_id = 7 WHERE id = 2;`);
    expect(changes()).toEqual([
      { seq: 1, product_id: 7, code: null, counted: 2 },
      { seq: 2, product_id: 7, code: null, counted: 3 },
      { seq: 3, product_id: null, code: 'OLD-1', counted: 4 },
      { seq: 4, product_id: 7, code: null, counted: 4 },
      { seq: 5, product_id: null, code: 'OLD-1', counted: 0 },
    ]);
    expect(() =>
      db.exec(`INSERT INTO live_count_changes (session_id, seq, line_id, counted) VALUES ('m1', 9, 1, 1)`),
    ).toThrow(/CHECK/);
  });
});
