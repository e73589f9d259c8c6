// Migration 0029 on a store database made before it: a member's queued changes (products and codes)
// keep their sequence; afterwards a shelf visit and a change of a line's events alone (a set of the
// same figure on another shelf) are queued after them; a host's member code parts keep their figure,
// on the code's unknown line (no line recorded) at one unit each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src-main/db/migrate.js';
import { migrations } from '../../src-main/db/migrations/index.js';

const BEFORE_0029 = migrations.findIndex((migration) => migration.name === '0029-live-count-shelves');

describe('migration 0029-live-count-shelves', () => {
  let folder: string;
  let db: Database.Database;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'stockroom-live-shelves-migration-'));
    db = new Database(join(folder, 'store.sqlite'));
  });
  afterEach(() => {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps queued changes and member parts, then queues visits and moves between shelves', () => {
    expect(BEFORE_0029).toBeGreaterThan(0);
    migrate(db, migrations.slice(0, BEFORE_0029));
    db.exec(`
      INSERT INTO count_sessions (id, name, warehouse_code, blind, drift_policy, created_at)
        VALUES ('m1', 'member count', 'W0001', 0, 'ask', 1), ('h1', 'host count', 'W0001', 0, 'ask', 1);
      INSERT INTO live_count_memberships
        (session_id, host_address, host_session_id, host_label, member_id, member_secret, joined_at)
        VALUES ('m1', '127.0.0.1:47613', 'h1', 'HOST', 'id1', 'secret', 1);
      INSERT INTO count_lines (id, session_id, kind, product_id, sku, counted_against, counted, scans, live_events, first_at, last_at)
        VALUES (1, 'm1', 'product', 7, 'SKU-7', 3, 2, 2, 2, 1, 1);
      INSERT INTO count_lines (id, session_id, kind, code, unknown_state, first_at, last_at)
        VALUES (2, 'm1', 'unknown', 'OLD-1', 'open', 1, 1);
      UPDATE count_lines SET counted = 1 WHERE id = 2;
      INSERT INTO live_count_member_codes (session_id, source_session, source_label, code, counted, merged_at)
        VALUES ('h1', 'm9', 'NINE', 'OLD-9', 4, 1);`);
    const before = () =>
      db.prepare('SELECT seq, product_id, code, counted FROM live_count_changes ORDER BY seq').all();
    const changes = () =>
      db
        .prepare(
          'SELECT seq, product_id, code, counted, shelf_code, visit FROM live_count_changes ORDER BY seq',
        )
        .all();
    const queued = [
      { seq: 1, product_id: 7, code: null, counted: 2, shelf_code: null, visit: null },
      { seq: 2, product_id: null, code: 'OLD-1', counted: 1, shelf_code: null, visit: null },
    ];
    const queuedBefore = queued.map(({ seq, product_id, code, counted }) => ({
      seq,
      product_id,
      code,
      counted,
    }));
    expect(before()).toEqual(queuedBefore);
    // Before 0029 a change of the events alone, and a shelf visit, wrote nothing.
    db.exec(`UPDATE count_lines SET live_events = 3 WHERE id = 1;
      INSERT INTO count_shelf_visits (session_id, counter, shelf_code, kind, at) VALUES ('m1', 'Anan', 'SHELF-Z', 'enter', 1);`);
    expect(before()).toEqual(queuedBefore);

    expect(migrate(db, migrations.slice(0, BEFORE_0029 + 1)).applied).toEqual(['0029-live-count-shelves']);
    expect(schemaVersion(db)).toBe(BEFORE_0029 + 1);
    expect(changes()).toEqual(queued);
    db.exec(`
      INSERT INTO count_shelf_visits (session_id, counter, shelf_code, kind, at) VALUES ('m1', 'Anan', 'SHELF-A', 'enter', 2);
      UPDATE count_lines SET live_events = 4 WHERE id = 1;
      UPDATE count_lines SET live_events = 1 WHERE id = 2;
      INSERT INTO count_shelf_visits (session_id, counter, shelf_code, kind, at) VALUES ('h1', 'Host', 'SHELF-B', 'empty', 2);`);
    expect(changes()).toEqual([
      ...queued,
      { seq: 3, product_id: null, code: null, counted: null, shelf_code: 'SHELF-A', visit: 'enter' },
      { seq: 4, product_id: 7, code: null, counted: 2, shelf_code: null, visit: null },
      { seq: 5, product_id: null, code: 'OLD-1', counted: 1, shelf_code: null, visit: null },
    ]);
    expect(() =>
      db.exec(`INSERT INTO live_count_changes (session_id, seq, line_id, counted, shelf_code, visit)
               VALUES ('m1', 9, 1, 1, 'SHELF-A', 'enter')`),
    ).toThrow(/CHECK/);
    expect(db.prepare('SELECT code, counted, line_id, units FROM live_count_member_codes').all()).toEqual([
      { code: 'OLD-9', counted: 4, line_id: null, units: 1 },
    ]);
  });
});
