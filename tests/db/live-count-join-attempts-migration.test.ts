// Migration 0030 on a store database made before it: a host's members keep their rows (no attempt:
// they joined before attempts were named, and a retry can never take them), and afterwards one join
// attempt names at most one member of a count.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src-main/db/migrate.js';
import { migrations } from '../../src-main/db/migrations/index.js';

const BEFORE_0030 = migrations.findIndex((migration) => migration.name === '0030-live-count-join-attempts');

describe('migration 0030-live-count-join-attempts', () => {
  let folder: string;
  let db: Database.Database;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'stockroom-live-attempts-migration-'));
    db = new Database(join(folder, 'store.sqlite'));
  });
  afterEach(() => {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps members without an attempt, then allows one member per attempt and count', () => {
    expect(BEFORE_0030).toBeGreaterThan(0);
    migrate(db, migrations.slice(0, BEFORE_0030));
    db.exec(`
      INSERT INTO count_sessions (id, name, warehouse_code, blind, drift_policy, created_at)
        VALUES ('h1', 'host count', 'W0001', 0, 'ask', 1), ('h2', 'other count', 'W0001', 0, 'ask', 1);
      INSERT INTO live_count_hosts (session_id, server_setup, opened_at) VALUES ('h1', 'setup', 1), ('h2', 'setup', 1);
      INSERT INTO live_count_members (host_session_id, member_id, label, registration_record, joined_at, last_seen_at)
        VALUES ('h1', 'old1', 'ONE', 'record', 1, 1), ('h1', 'old2', 'TWO', 'record', 1, 1);
    `);
    expect(migrate(db, migrations.slice(0, BEFORE_0030 + 1)).applied).toEqual([
      '0030-live-count-join-attempts',
    ]);
    expect(schemaVersion(db)).toBe(BEFORE_0030 + 1);
    expect(
      db.prepare('SELECT member_id, label, join_attempt FROM live_count_members ORDER BY member_id').all(),
    ).toEqual([
      { member_id: 'old1', label: 'ONE', join_attempt: null },
      { member_id: 'old2', label: 'TWO', join_attempt: null },
    ]);
    const insert = db.prepare(
      `INSERT INTO live_count_members
         (host_session_id, member_id, label, registration_record, join_attempt, joined_at, last_seen_at)
       VALUES (?, ?, 'PC', 'record', ?, 2, 2)`,
    );
    insert.run('h1', 'new1', 'attempt-a');
    expect(() => insert.run('h1', 'new2', 'attempt-a')).toThrow(/UNIQUE/);
    insert.run('h2', 'new3', 'attempt-a'); // another count: its own attempts
    insert.run('h1', 'new4', 'attempt-b');
  });
});
