// The message a failed start shows (src-main/app/startup-failure.ts), built from real failures: a data
// file from a newer Stockroom, a file that is not a database, a native module that cannot be loaded.
// Each says what failed, what to do and where the log is, in the PC's language.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  classifyStartupFailure,
  startupFailureMessage,
  startupLanguage,
} from '../../src-main/app/startup-failure.js';
import { openAppDatabase } from '../../src-main/profiles/index.js';

const folder = mkdtempSync(join(tmpdir(), 'stockroom-startup-failure-'));
const LOG_FILE = join(folder, 'logs', 'stockroom.log');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

function newerDataFile(): unknown {
  const file = join(folder, 'newer.sqlite');
  const db = new Database(file);
  db.pragma('user_version = 99');
  db.close();
  return thrownBy(() => openAppDatabase(file));
}

function notADatabase(): unknown {
  const file = join(folder, 'garbage.sqlite');
  writeFileSync(file, Buffer.alloc(8192, 0x5a));
  return thrownBy(() => openAppDatabase(file));
}

function brokenNativeModule(): unknown {
  const file = join(folder, 'better_sqlite3.node');
  writeFileSync(file, 'not a shared library');
  return thrownBy(() => process.dlopen({ exports: {} } as NodeJS.Module, file));
}

describe('a failed start', () => {
  it('sorts real failures by what the person can do', () => {
    expect(classifyStartupFailure(newerDataFile())).toBe('newer-data');
    expect(classifyStartupFailure(notADatabase())).toBe('database');
    expect(classifyStartupFailure(brokenNativeModule())).toBe('native-module');
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(classifyStartupFailure(full)).toBe('disk');
    expect(classifyStartupFailure(new Error('Services failed', { cause: newerDataFile() }))).toBe(
      'newer-data',
    );
    expect(classifyStartupFailure(new TypeError('x is not a function'))).toBe('unknown');
    expect(classifyStartupFailure('a string')).toBe('unknown');
  });

  it('speaks the PC’s first preferred language: Thai or English', () => {
    expect(startupLanguage(['th-TH', 'en-US'])).toBe('th');
    expect(startupLanguage(['th'])).toBe('th');
    expect(startupLanguage(['en-GB', 'th-TH'])).toBe('en');
    expect(startupLanguage(['de-DE'])).toBe('en');
    expect(startupLanguage([])).toBe('en');
  });

  it('says what failed, what to do and where the log is, in English', () => {
    const message = startupFailureMessage(newerDataFile(), { language: 'en', logFile: LOG_FILE });
    expect(message.title).toBe('Stockroom could not start');
    const [what, todo, log] = message.body.split('\n\n');
    expect(what).toMatch(/written by a newer version of Stockroom/);
    expect(todo).toMatch(/Install that newer version again\. Do not delete/);
    expect(log).toBe(`The details are in the log: ${LOG_FILE}`);
  });

  it('says the same in Thai, for every kind of failure', () => {
    for (const error of [newerDataFile(), notADatabase(), brokenNativeModule(), new Error('?')]) {
      const english = startupFailureMessage(error, { language: 'en', logFile: LOG_FILE });
      const thai = startupFailureMessage(error, { language: 'th', logFile: LOG_FILE });
      expect(thai.kind).toBe(english.kind);
      expect(thai.title).toBe('Stockroom เริ่มทำงานไม่ได้');
      const parts = thai.body.split('\n\n');
      expect(parts).toHaveLength(3);
      for (const part of parts.slice(0, 2)) expect(part).toMatch(/[\u0e00-\u0e7f]/);
      expect(parts[2]).toBe(`รายละเอียดอยู่ในไฟล์บันทึก (log): ${LOG_FILE}`);
      // The error's own text (a path, an SQLite message) stays in the log.
      expect(thai.body).not.toContain(String((error as Error).message));
    }
  });
});
