// Migration 0002 and the sync's own state on a real SQLite file: runs, passes and pages of full pulls,
// job markers, detail fingerprints and the daily request count.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SyncStateRepository } from '../../../src-main/catalog/sync/sync-state.repository.js';
import { openDatabase } from '../../../src-main/db/database.js';
import { schemaVersion } from '../../../src-main/db/migrate.js';
import { migrations } from '../../../src-main/db/migrations/index.js';

let folder: string;
let db: Database;
let state: SyncStateRepository;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'stockroom-sync-state-'));
  db = openDatabase(join(folder, 'app.sqlite'));
  state = new SyncStateRepository(db);
});
afterEach(async () => {
  if (db.open) db.close();
  await rm(folder, { recursive: true, force: true });
});

describe('migration 0002', () => {
  it('applies on a file that has only the catalogue migration', async () => {
    const file = join(folder, 'older.sqlite');
    openDatabase(file, { migrations: migrations.slice(0, 1) }).close();
    const upgraded = openDatabase(file);
    try {
      expect(schemaVersion(upgraded)).toBe(migrations.length);
      const tables = upgraded
        .prepare<[], string>(
          `SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'sync_%' ORDER BY name`,
        )
        .pluck()
        .all();
      expect(tables).toEqual([
        'sync_daily_requests',
        'sync_detail_fingerprint',
        'sync_job_marker',
        'sync_page',
        'sync_pass',
        'sync_run',
      ]);
    } finally {
      upgraded.close();
    }
  });

  it('refuses values outside the checks', () => {
    expect(() =>
      state.saveMarker('nightly' as never, { lastStartedAt: 1, lastFinishedAt: 1, lastRequests: 0 }),
    ).toThrow(/CHECK constraint/);
    const run = state.openOrStartRun('first', 1);
    expect(() => state.startPass(run.id, 'W0001', 10, 501)).toThrow(/CHECK constraint/);
  });
});

describe('full-pull state', () => {
  it('keeps one open run per kind, with its passes and done pages, until it completes', () => {
    const run = state.openOrStartRun('first', 1_000);
    expect(state.openOrStartRun('first', 2_000)).toEqual(run);
    expect(state.isFirstSyncComplete()).toBe(false);
    state.startPass(run.id, 'W0001', 1_200, 500);
    state.startPass(run.id, 'W0002', 0, 500);
    state.markPageDone(run.id, 'W0001', 1, 500, 1_001);
    state.markPageDone(run.id, 'W0001', 3, 200, 1_002);
    state.markPageDone(run.id, 'W0002', 1, 0, 1_003);
    state.completePass(run.id, 'W0002', 1_004);

    expect(state.passes(run.id)).toEqual([
      {
        warehouseCode: 'W0001',
        productCount: 1_200,
        pageSize: 500,
        pageCount: 3,
        completed: false,
        donePages: new Set([1, 3]),
      },
      {
        warehouseCode: 'W0002',
        productCount: 0,
        pageSize: 500,
        pageCount: 1,
        completed: true,
        donePages: new Set([1]),
      },
    ]);
    // Only complete passes of complete runs are covered by the incremental pull.
    expect(state.coveredWarehouses()).toEqual([]);

    state.completeRun(run.id, 1_005);
    expect(state.isFirstSyncComplete()).toBe(true);
    expect(state.openRun('first')).toBeUndefined();
    expect(state.coveredWarehouses()).toEqual(['W0002']);
    expect(db.prepare('SELECT count(*) FROM sync_page').pluck().get()).toBe(0);
    expect(state.openOrStartRun('first', 3_000).id).not.toBe(run.id);
  });
});

describe('markers, fingerprints and the daily count', () => {
  it('round-trips through the file', () => {
    state.saveMarker('incremental', { lastStartedAt: 10, lastFinishedAt: 20, lastRequests: 3 });
    state.saveMarker('incremental', { lastStartedAt: 30, lastFinishedAt: 40, lastRequests: 6 });
    state.saveFingerprint('contact', 7, 'abc', 50);
    state.saveFingerprint('contact', 8, 'def', 50);
    state.dropFingerprint('contact', 8);
    state.addDailyRequests('2026-11-23', 5);
    state.addDailyRequests('2026-11-23', 4);
    state.addDailyRequests('2026-11-23', 0);

    db.close();
    db = openDatabase(join(folder, 'app.sqlite'));
    state = new SyncStateRepository(db);

    expect(state.marker('incremental')).toEqual({ lastStartedAt: 30, lastFinishedAt: 40, lastRequests: 6 });
    expect(state.marker('sweep')).toBeUndefined();
    expect(state.fingerprints('contact')).toEqual(new Map([[7, 'abc']]));
    expect(state.fingerprints('bundle')).toEqual(new Map());
    expect(state.dailyRequests('2026-11-23')).toBe(9);
    expect(state.dailyRequests('2026-11-24')).toBe(0);
  });
});
