// Migration 0024: the paper_settings table the app used to make on first use is now a numbered
// migration. A store database that already made it keeps its row; one that never did gets the table,
// and the repository no longer makes it itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src-main/db/migrate.js';
import { migrations } from '../../src-main/db/migrations/index.js';
import { PaperSettingsRepository } from '../../src-main/printing/index.js';

const BEFORE_0024 = migrations.findIndex((migration) => migration.name === '0024-paper-settings');

describe('migration 0024-paper-settings', () => {
  let folder: string;
  let db: Database.Database;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'stockroom-paper-migration-'));
    db = new Database(join(folder, 'store.sqlite'));
  });
  afterEach(() => {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps the settings a database saved when the table was made on first use', () => {
    expect(BEFORE_0024).toBeGreaterThan(0);
    migrate(db, migrations.slice(0, BEFORE_0024));
    // What the first-use code made and wrote before this migration existed.
    db.exec(`CREATE TABLE IF NOT EXISTS paper_settings (
      singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
      settings_json TEXT NOT NULL,
      updated_at INTEGER NOT NULL
    ) STRICT`);
    db.prepare('INSERT INTO paper_settings (singleton, settings_json, updated_at) VALUES (1, ?, 5)').run(
      JSON.stringify({ promptPayId: '0812345678', quotationValidDays: 14 }),
    );

    expect(migrate(db, migrations).applied).toContain('0024-paper-settings');
    expect(schemaVersion(db)).toBe(migrations.length);
    expect(new PaperSettingsRepository(db, () => 9).get()).toEqual({
      promptPayId: '0812345678',
      quotationValidDays: 14,
    });
  });

  it('makes the table on a database that never printed, so the repository needs no DDL', () => {
    migrate(db, migrations.slice(0, BEFORE_0024));
    const tables = (): string[] =>
      db
        .prepare<[], { name: string }>(
          `SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'paper_settings'`,
        )
        .all()
        .map((row) => row.name);
    new PaperSettingsRepository(db, () => 1);
    expect(tables()).toEqual([]);

    migrate(db, migrations);
    expect(tables()).toEqual(['paper_settings']);
    const papers = new PaperSettingsRepository(db, () => 7);
    expect(papers.get()).toEqual({ promptPayId: null, quotationValidDays: 30 });
    papers.save({ quotationValidDays: 45 });
    expect(new PaperSettingsRepository(db, () => 8).get().quotationValidDays).toBe(45);
  });
});
