// The settings form as data, apart from the page: what a person changed (only those fields, so a
// setting changed elsewhere meanwhile, e.g. the frame's language button, is followed, not overwritten),
// the numbers kept as the text typed (nothing typed is lost when a save is refused), and the
// `settings.set` changes built from it. Main validates; here only "is it a whole number" is checked,
// since a non-number cannot be sent as one.
import type { AppSettings, CallArgs, IpcIssue } from '../../../src-shared/ipc/index.js';

type ScannerSettings = AppSettings['scanner'];

/** What the form shows, one entry per field; the scanner's numbers as text. */
export interface SettingsForm {
  maxKeyIntervalMs: string;
  minLength: string;
  prefix: string;
  suffix: string;
  terminator: ScannerSettings['terminator'];
  repeatWarningMs: string;
  sounds: boolean;
  language: AppSettings['language'];
  quantityMode: AppSettings['quantityMode'];
  /** This PC's name in a live count, exactly as typed (main refuses what it cannot take). */
  pcName: string;
}

export type FieldName = keyof SettingsForm;
export type SettingsEdits = Partial<SettingsForm>;

/** The fields in the order the page shows them (the first one with a problem gets the focus). */
export const FIELD_ORDER: readonly FieldName[] = [
  'maxKeyIntervalMs',
  'minLength',
  'prefix',
  'suffix',
  'terminator',
  'repeatWarningMs',
  'sounds',
  'language',
  'quantityMode',
  'pcName',
];

const NUMBER_FIELDS = ['maxKeyIntervalMs', 'minLength', 'repeatWarningMs'] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];
const SCANNER_FIELDS = new Set<FieldName>([
  'maxKeyIntervalMs',
  'minLength',
  'prefix',
  'suffix',
  'terminator',
  'repeatWarningMs',
]);

export function formFrom(settings: AppSettings): SettingsForm {
  const { scanner } = settings;
  return {
    maxKeyIntervalMs: String(scanner.maxKeyIntervalMs),
    minLength: String(scanner.minLength),
    prefix: scanner.prefix,
    suffix: scanner.suffix,
    terminator: scanner.terminator,
    repeatWarningMs: String(scanner.repeatWarningMs),
    sounds: settings.sounds,
    language: settings.language,
    quantityMode: settings.quantityMode,
    pcName: settings.pcName,
  };
}

/** The form as shown: the saved settings with the person's edits over them. */
export function viewOf(saved: AppSettings, edits: SettingsEdits): SettingsForm {
  return { ...formFrom(saved), ...edits };
}

/** The fields whose edit differs from what is saved, in page order. */
export function changedFields(saved: AppSettings, edits: SettingsEdits): FieldName[] {
  const current = formFrom(saved);
  return FIELD_ORDER.filter((field) => field in edits && edits[field] !== current[field]);
}

/** A whole number written with digits only (spaces around allowed), else null. */
export function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  // eslint-disable-next-line no-restricted-syntax -- a setting's whole number, digits only (checked just before)
  return Number(trimmed);
}

export interface DraftChanges {
  /** What to send to settings.set (the changed fields only). */
  readonly changes: CallArgs<'settings.set'>;
  /** Changed number fields that are not whole numbers: nothing may be sent until they are. */
  readonly notNumbers: readonly FieldName[];
}

/** The settings.set arguments for the changed fields. */
export function changesFrom(saved: AppSettings, edits: SettingsEdits): DraftChanges {
  const view = viewOf(saved, edits);
  const changed = changedFields(saved, edits);
  const scanner: Partial<ScannerSettings> = {};
  const changes: { -readonly [K in keyof CallArgs<'settings.set'>]: CallArgs<'settings.set'>[K] } = {};
  const notNumbers: FieldName[] = [];
  for (const field of changed) {
    if (isNumberField(field)) {
      const value = parseWholeNumber(view[field]);
      if (value === null) notNumbers.push(field);
      else scanner[field] = value;
    } else if (field === 'prefix' || field === 'suffix') scanner[field] = view[field];
    else if (field === 'terminator') scanner.terminator = view.terminator;
    else if (field === 'sounds') changes.sounds = view.sounds;
    else if (field === 'language') changes.language = view.language;
    else if (field === 'pcName') changes.pcName = view.pcName;
    else changes.quantityMode = view.quantityMode;
  }
  if (Object.keys(scanner).length > 0) changes.scanner = scanner;
  return { changes, notNumbers };
}

/**
 * The scanner settings the test pad runs with: the form's, before saving. A number that is not a whole
 * number yet falls back to the saved value (`fellBack` says so, for the page to tell).
 */
export function scannerForTest(
  saved: AppSettings,
  edits: SettingsEdits,
): { scanner: ScannerSettings; fellBack: boolean } {
  const view = viewOf(saved, edits);
  const scanner: ScannerSettings = {
    ...saved.scanner,
    prefix: view.prefix,
    suffix: view.suffix,
    terminator: view.terminator,
  };
  let fellBack = false;
  for (const field of NUMBER_FIELDS) {
    const value = parseWholeNumber(view[field]);
    if (value === null) fellBack = true;
    else scanner[field] = value;
  }
  return { scanner, fellBack };
}

/** The form field an issue of main's names (`scanner.maxKeyIntervalMs` → maxKeyIntervalMs), or null. */
export function fieldOfIssue(issue: IpcIssue): FieldName | null {
  const parts = issue.path.split('.');
  const [first, second] = parts;
  if (first === 'scanner' && second !== undefined) {
    return SCANNER_FIELDS.has(second as FieldName) ? (second as FieldName) : null;
  }
  if (
    parts.length === 1 &&
    first !== undefined &&
    FIELD_ORDER.includes(first as FieldName) &&
    !SCANNER_FIELDS.has(first as FieldName)
  ) {
    return first as FieldName;
  }
  return null;
}

function isNumberField(field: FieldName): field is NumberField {
  return (NUMBER_FIELDS as readonly string[]).includes(field);
}
