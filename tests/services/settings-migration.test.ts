// The app settings' one-time migration (src-main/services/settings.repository.ts) on a real SQLite file:
// a stored scanner repeat window of 1500 ms — the old default, written by every save before — becomes
// the new default 400 ms once; any other stored value is a person's choice and stays, and a 1500 chosen
// after the migration stays too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsRepository } from '../../src-main/services/settings.repository.js';
import { DEFAULT_SETTINGS } from '../../src-shared/ipc/index.js';

let folder: string;
let path: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'stockroom-settings-'));
  path = join(folder, 'app.db');
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** The settings row as an install from before the migration left it (the table without its version). */
function storeOldSettings(repeatWarningMs: number): void {
  const db = new Database(path);
  db.exec(`CREATE TABLE app_settings (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    settings_json TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  ) STRICT`);
  const stored = {
    ...DEFAULT_SETTINGS,
    scanner: { ...DEFAULT_SETTINGS.scanner, repeatWarningMs, maxKeyIntervalMs: 50 },
    language: 'en',
  };
  db.prepare('INSERT INTO app_settings VALUES (1, ?, 1)').run(JSON.stringify(stored));
  db.close();
}

/** Opens the file as the app does at start, reads the settings, closes it. */
function withRepository<T>(use: (settings: SettingsRepository) => T): T {
  const db = new Database(path);
  try {
    return use(new SettingsRepository(db, () => 2));
  } finally {
    db.close();
  }
}

describe('the scanner repeat window migration', () => {
  it('turns a stored 1500 ms (the old default) into 400 ms and keeps the other settings', () => {
    storeOldSettings(1500);

    const settings = withRepository((repository) => repository.get());

    expect(settings.scanner.repeatWarningMs).toBe(400);
    expect(settings.scanner.maxKeyIntervalMs).toBe(50);
    expect(settings.language).toBe('en');
    // Written back: the file itself holds 400 now.
    const db = new Database(path, { readonly: true });
    const row = db.prepare('SELECT settings_json FROM app_settings').get() as { settings_json: string };
    db.close();
    expect(JSON.parse(row.settings_json)).toMatchObject({ scanner: { repeatWarningMs: 400 } });
  });

  it('keeps any other stored value: a person chose it', () => {
    storeOldSettings(800);

    expect(withRepository((repository) => repository.get()).scanner.repeatWarningMs).toBe(800);
  });

  it('runs once: 1500 chosen after the migration stays across restarts', () => {
    storeOldSettings(1500);
    withRepository((repository) => repository.get());

    withRepository((repository) => repository.set({ scanner: { repeatWarningMs: 1500 } }));

    expect(withRepository((repository) => repository.get()).scanner.repeatWarningMs).toBe(1500);
    expect(withRepository((repository) => repository.get()).scanner.repeatWarningMs).toBe(1500);
  });

  it('a new install starts at 400 ms, and its 1500 ms chosen later stays', () => {
    expect(withRepository((repository) => repository.get()).scanner.repeatWarningMs).toBe(400);

    withRepository((repository) => repository.set({ scanner: { repeatWarningMs: 1500 } }));

    expect(withRepository((repository) => repository.get()).scanner.repeatWarningMs).toBe(1500);
  });
});
