// The settings form as data: only the person's edits are kept (a change made elsewhere is followed),
// numbers stay as typed until saved, the settings.set changes hold the changed fields only, the test
// pad runs the edited scanner settings, and main's issue paths find their fields.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type AppSettings } from '../../src-shared/ipc/index.js';
import {
  changedFields,
  changesFrom,
  fieldOfIssue,
  formFrom,
  parseWholeNumber,
  scannerForTest,
  viewOf,
} from '../../src-renderer/features/settings/settings-draft.js';

const saved: AppSettings = structuredClone(DEFAULT_SETTINGS);

describe('settings draft', () => {
  it('shows the saved settings with the edits over them, numbers as text', () => {
    expect(formFrom(saved)).toMatchObject({
      maxKeyIntervalMs: '35',
      minLength: '4',
      repeatWarningMs: '400',
    });
    expect(viewOf(saved, { prefix: ']C1', minLength: '08' })).toMatchObject({
      prefix: ']C1',
      minLength: '08',
    });
  });

  it('counts an edit as a change only while it differs from what is saved, in page order', () => {
    const edits = { language: 'th' as const, quantityMode: 'prompt' as const, minLength: '6', prefix: '' };
    expect(changedFields(saved, edits)).toEqual(['minLength', 'quantityMode']);
    // The frame switched the language meanwhile: an untouched field follows it, an edit equal to it is no change.
    const englishSaved: AppSettings = { ...saved, language: 'en' };
    expect(viewOf(englishSaved, {}).language).toBe('en');
    expect(changedFields(englishSaved, { language: 'en' })).toEqual([]);
  });

  it('builds settings.set changes from the changed fields only', () => {
    const { changes, notNumbers } = changesFrom(saved, {
      maxKeyIntervalMs: ' 50 ',
      minLength: '4',
      suffix: 'X',
      terminator: 'Tab',
      sounds: false,
      language: 'en',
      quantityMode: 'prompt',
    });
    expect(notNumbers).toEqual([]);
    expect(changes).toEqual({
      scanner: { maxKeyIntervalMs: 50, suffix: 'X', terminator: 'Tab' },
      sounds: false,
      language: 'en',
      quantityMode: 'prompt',
    });
    expect(changesFrom(saved, {}).changes).toEqual({});
  });

  it("sends this PC's name exactly as typed (spaces and all) for main to judge, and finds its issue", () => {
    const named: AppSettings = { ...saved, pcName: 'DESKTOP-7F3K2Q' };
    expect(formFrom(named).pcName).toBe('DESKTOP-7F3K2Q');
    expect(changesFrom(named, { pcName: ' Aisle 3 ' }).changes).toEqual({ pcName: ' Aisle 3 ' });
    expect(changesFrom(named, { pcName: 'DESKTOP-7F3K2Q' }).changes).toEqual({});
    expect(fieldOfIssue({ path: 'pcName', message: 'is empty' })).toBe('pcName');
  });

  it('sends out-of-range numbers for main to judge, but holds back text that is not a whole number', () => {
    expect(changesFrom(saved, { maxKeyIntervalMs: '1000' }).changes).toEqual({
      scanner: { maxKeyIntervalMs: 1000 },
    });
    const { changes, notNumbers } = changesFrom(saved, {
      maxKeyIntervalMs: 'fast',
      repeatWarningMs: '-1',
      prefix: 'a',
    });
    expect(notNumbers).toEqual(['maxKeyIntervalMs', 'repeatWarningMs']);
    expect(changes).toEqual({ scanner: { prefix: 'a' } });
  });

  it('reads whole numbers written with digits only', () => {
    expect(parseWholeNumber('0')).toBe(0);
    expect(parseWholeNumber(' 42 ')).toBe(42);
    for (const text of ['', ' ', '4.5', '-3', '1e3', '๕', '0x10', '12a'])
      expect(parseWholeNumber(text)).toBeNull();
  });

  it('gives the test pad the edited scanner settings, the saved value standing in for a number not valid yet', () => {
    expect(scannerForTest(saved, { prefix: 'p', minLength: '9', terminator: 'none' })).toEqual({
      scanner: { ...saved.scanner, prefix: 'p', minLength: 9, terminator: 'none' },
      fellBack: false,
    });
    expect(scannerForTest(saved, { maxKeyIntervalMs: 'x', minLength: '7' })).toEqual({
      scanner: { ...saved.scanner, minLength: 7 },
      fellBack: true,
    });
  });

  it('finds the field an issue of main names', () => {
    expect(fieldOfIssue({ path: 'scanner.maxKeyIntervalMs', message: 'Too big' })).toBe('maxKeyIntervalMs');
    expect(fieldOfIssue({ path: 'scanner.prefix', message: 'Too big' })).toBe('prefix');
    expect(fieldOfIssue({ path: 'language', message: 'Invalid option' })).toBe('language');
    expect(fieldOfIssue({ path: 'scanner', message: 'Unrecognized key' })).toBeNull();
    expect(fieldOfIssue({ path: 'scanner.bogus', message: 'Unrecognized key' })).toBeNull();
    expect(fieldOfIssue({ path: 'prefix', message: 'not at the top level' })).toBeNull();
    expect(fieldOfIssue({ path: '', message: 'Expected object' })).toBeNull();
  });
});
