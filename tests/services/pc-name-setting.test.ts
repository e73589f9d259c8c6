// This PC's name as other PCs see it in a live count (the PC-name setting, issue 23) on a real SQLite
// file: the OS host name until a name is saved, saved and read back after a restart exactly as typed,
// each refusal with its reason on the `pcName` field (nothing saved, no trimming), other settings saved
// meanwhile never turn the host name into a choice, and the name travels through settings.set's edge.
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { SettingsRepository } from '../../src-main/services/settings.repository.js';
import { PC_NAME_MAX_LENGTH } from '../../src-shared/domain/live-join.js';
import type { ParsedCallArgs } from '../../src-shared/ipc/index.js';
import { useAppInTempFolder } from './support/app-in-folder.js';

const started = useAppInTempFolder('stockroom-pc-name-app-');

let folder: string;
let path: string;
const opened: Database.Database[] = [];

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'stockroom-pc-name-'));
  path = join(folder, 'app.db');
});

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The settings as the app opens them at start: a new connection to the same file each time. */
function open(hostName?: () => string): SettingsRepository {
  const db = new Database(path);
  opened.push(db);
  return hostName === undefined
    ? new SettingsRepository(db, () => 1)
    : new SettingsRepository(db, () => 1, hostName);
}

/** The refusal's reason and field, or 'saved' when set() took the change. */
function refusalOf(settings: SettingsRepository, changes: ParsedCallArgs<'settings.set'>) {
  try {
    settings.set(changes);
    return 'saved';
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return { code: error.code, reason: error.reason, fields: error.fields.map((issue) => issue.path) };
  }
}

function storedJson(): Record<string, unknown> {
  const db = new Database(path, { readonly: true });
  try {
    const row = db.prepare<[], { settings_json: string }>('SELECT settings_json FROM app_settings').get();
    return row === undefined ? {} : (JSON.parse(row.settings_json) as Record<string, unknown>);
  } finally {
    db.close();
  }
}

describe("this PC's name", () => {
  it('is the OS host name until one is saved, and stays so when other settings are saved', () => {
    expect(open().get().pcName).toBe(hostname());
    expect(open().pcName()).toBe(hostname());

    open().set({ language: 'en' });
    // Not stored: a renamed PC (here: another host name) is followed.
    expect(storedJson()).not.toHaveProperty('pcName');
    expect(open(() => 'RENAMED-PC').get()).toMatchObject({ pcName: 'RENAMED-PC', language: 'en' });
  });

  it('is saved as typed and read back after a restart; other settings saved later keep it', () => {
    const typed = 'ชั้น 2 – Aisle 3 (front)';
    expect(open().set({ pcName: typed }).pcName).toBe(typed);

    expect(open().get().pcName).toBe(typed);
    expect(open().pcName()).toBe(typed);
    open().set({ sounds: false });
    expect(open(() => 'OTHER-HOST').get()).toMatchObject({ pcName: typed, sounds: false });
    expect(storedJson()['pcName']).toBe(typed);
  });

  it(`takes ${String(PC_NAME_MAX_LENGTH)} characters and refuses one more`, () => {
    const longest = 'ก'.repeat(PC_NAME_MAX_LENGTH);
    expect(refusalOf(open(), { pcName: longest })).toBe('saved');
    expect(refusalOf(open(), { pcName: `${longest}x` })).toEqual({
      code: 'invalid-arguments',
      reason: 'pc-name-too-long',
      fields: ['pcName'],
    });
    expect(open().pcName()).toBe(longest);
  });

  it.each([
    ['', 'pc-name-empty'],
    ['   ', 'pc-name-empty'],
    ['Aisle\t3', 'pc-name-control-character'],
    ['Aisle 3\n', 'pc-name-control-character'],
    ['Aisle\u00853', 'pc-name-control-character'],
    ['Aisle\u20283', 'pc-name-control-character'],
    [' Aisle 3', 'pc-name-spaces-around'],
    ['Aisle 3 ', 'pc-name-spaces-around'],
    ['Aisle 3\u00a0', 'pc-name-spaces-around'],
  ])('refuses %j with its reason and saves nothing, not even the other changes', (typed, reason) => {
    open().set({ pcName: 'Front counter' });

    expect(refusalOf(open(), { pcName: typed, language: 'en' })).toEqual({
      code: 'invalid-arguments',
      reason,
      fields: ['pcName'],
    });
    expect(open().get()).toMatchObject({ pcName: 'Front counter', language: 'th' });
  });

  it('falls back to the host name for a stored name the rule refuses (a hand-edited file)', () => {
    open().set({ pcName: 'Front counter' });
    const db = new Database(path);
    db.prepare('UPDATE app_settings SET settings_json = json_set(settings_json, ?, ?)').run(
      '$.pcName',
      ' spaced ',
    );
    db.close();

    expect(open(() => 'HOST-PC').get()).toMatchObject({ pcName: 'HOST-PC', language: 'th' });
  });
});

describe("this PC's name through settings.set, as the page calls it", () => {
  it('answers a refusal with its reason and field, and a saved name through settings.get', async () => {
    const { app } = started;
    expect((await app.ok('settings.get', {})).pcName).toBe(hostname());

    const refused = await app.call('settings.set', { pcName: 'Aisle 3 ' });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-arguments',
        reason: 'pc-name-spaces-around',
        issues: [{ path: 'pcName' }],
      },
    });

    expect((await app.ok('settings.set', { pcName: 'Aisle 3' })).pcName).toBe('Aisle 3');
    expect((await app.ok('settings.get', {})).pcName).toBe('Aisle 3');
  });
});
