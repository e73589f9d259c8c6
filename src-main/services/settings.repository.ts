// App settings in the app database (one row of JSON). The table is created here until the app
// database's migration list takes it over (the profiles module owns that list), as the request budget
// does. A stored value that no longer fits the contract (an older or hand-edited file) falls back field
// by field to the defaults rather than failing the app. `settings_version` records the one-time changes
// made to stored settings (below), so each runs once and never undoes a person's later choice.
// This PC's name is stored only once a person saved one: until then it is the OS host name, read each
// time (a renamed PC is followed), and saving other settings never turns the host name into a choice.
import { hostname } from 'node:os';
import type { Database, Statement } from 'better-sqlite3';
import {
  DEFAULT_SETTINGS,
  callContract,
  type AppSettings,
  type ParsedCallArgs,
} from '../../src-shared/ipc/index.js';
import { checkPcName, pcNameProblem } from './pc-name.js';

const CREATE_TABLE = `
  CREATE TABLE IF NOT EXISTS app_settings (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    settings_json TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    settings_version INTEGER NOT NULL DEFAULT 0
  ) STRICT`;

/**
 * 1: the scanner's repeat window default went from 1500 ms (which warned on a person counting identical
 * items at a normal pace, issue 13) to 400 ms. Every save wrote the whole set, so a stored 1500 is the
 * old default, not a choice: it becomes 400 once. Any other value is a person's and stays.
 */
const SETTINGS_VERSION = 1;
const OLD_DEFAULT_REPEAT_WARNING_MS = 1500;

const settingsSchema = callContract['settings.get'].result;
/** What the row's JSON holds besides the PC name (kept apart: stored only once a person saved one). */
const storedSchema = settingsSchema.omit({ pcName: true });
type StoredSettings = Omit<AppSettings, 'pcName'>;

export class SettingsRepository {
  readonly #read: Statement<[], { settings_json: string }>;
  readonly #write: Statement<[string, number]>;
  readonly #now: () => number;
  readonly #hostName: () => string;

  /** `hostName`: this PC's OS host name, the name until one is saved (tests pass another). */
  constructor(db: Database, now: () => number = Date.now, hostName: () => string = hostname) {
    db.exec(CREATE_TABLE);
    const columns = db.prepare("SELECT name FROM pragma_table_info('app_settings')").pluck().all();
    if (!columns.includes('settings_version')) {
      db.exec('ALTER TABLE app_settings ADD COLUMN settings_version INTEGER NOT NULL DEFAULT 0');
    }
    this.#read = db.prepare('SELECT settings_json FROM app_settings WHERE singleton = 1');
    this.#write = db.prepare(
      `INSERT INTO app_settings (singleton, settings_json, updated_at, settings_version) VALUES (1, ?, ?, ${SETTINGS_VERSION})
       ON CONFLICT (singleton) DO UPDATE SET settings_json = excluded.settings_json, updated_at = excluded.updated_at,
         settings_version = excluded.settings_version`,
    );
    this.#now = now;
    this.#hostName = hostName;
    migrateStored(db, now);
  }

  get(): AppSettings {
    const stored = this.#storedJson();
    return { ...mergeValid(stored), pcName: savedPcName(stored) ?? this.#hostName() };
  }

  /** How other PCs see this one in a live count: the saved name, else the host name (read at each attach). */
  pcName(): string {
    return savedPcName(this.#storedJson()) ?? this.#hostName();
  }

  /** Applies the changes given and returns the whole new set; a PC name the rule refuses saves nothing. */
  set(changes: ParsedCallArgs<'settings.set'>): AppSettings {
    if (changes.pcName !== undefined) checkPcName(changes.pcName);
    const stored = this.#storedJson();
    const current = mergeValid(stored);
    const checked = storedSchema.parse({
      scanner: { ...current.scanner, ...definedOnly(changes.scanner ?? {}) },
      sounds: changes.sounds ?? current.sounds,
      language: changes.language ?? current.language,
      quantityMode: changes.quantityMode ?? current.quantityMode,
      labelLayout: changes.labelLayout ?? current.labelLayout,
    });
    const pcName = changes.pcName ?? savedPcName(stored);
    this.#write.run(JSON.stringify(pcName === undefined ? checked : { ...checked, pcName }), this.#now());
    return { ...checked, pcName: pcName ?? this.#hostName() };
  }

  /** The row's JSON as stored; undefined when there is none or it is unreadable (the defaults then). */
  #storedJson(): unknown {
    const row = this.#read.get();
    if (row === undefined) return undefined;
    try {
      return JSON.parse(row.settings_json);
    } catch {
      return undefined;
    }
  }
}

/** The PC name a person saved; a hand-edited one the rule refuses is not (the host name stands in). */
function savedPcName(stored: unknown): string | undefined {
  const pcName = isRecord(stored) ? stored['pcName'] : undefined;
  return typeof pcName === 'string' && pcNameProblem(pcName) === null ? pcName : undefined;
}

/** Brings a row written by an older version up to SETTINGS_VERSION, in one transaction. */
function migrateStored(db: Database, now: () => number): void {
  db.transaction(() => {
    const row = db
      .prepare<[], { settings_json: string; settings_version: number }>(
        'SELECT settings_json, settings_version FROM app_settings WHERE singleton = 1',
      )
      .get();
    if (row === undefined || row.settings_version >= SETTINGS_VERSION) return;
    let json = row.settings_json;
    try {
      const stored: unknown = JSON.parse(row.settings_json);
      const scanner = isRecord(stored) ? stored['scanner'] : undefined;
      if (isRecord(scanner) && scanner['repeatWarningMs'] === OLD_DEFAULT_REPEAT_WARNING_MS) {
        scanner['repeatWarningMs'] = DEFAULT_SETTINGS.scanner.repeatWarningMs;
        json = JSON.stringify(stored);
      }
    } catch {
      // Unreadable JSON stays as it is: get() falls back to the defaults for it.
    }
    db.prepare<[string, number, number]>(
      'UPDATE app_settings SET settings_json = ?, updated_at = ?, settings_version = ? WHERE singleton = 1',
    ).run(json, now(), SETTINGS_VERSION);
  }).immediate();
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

/** Each stored field that is valid on its own; the default for the rest. */
function mergeValid(stored: unknown): StoredSettings {
  const whole = storedSchema.safeParse(stored);
  if (whole.success) return whole.data;
  const source = isRecord(stored) ? stored : {};
  const scannerSource = isRecord(source['scanner']) ? source['scanner'] : {};
  const scanner = Object.fromEntries(
    Object.entries(DEFAULT_SETTINGS.scanner).map(([key, fallback]) => {
      const candidate = {
        ...DEFAULT_SETTINGS,
        scanner: { ...DEFAULT_SETTINGS.scanner, [key]: scannerSource[key] },
      };
      return [key, storedSchema.safeParse(candidate).success ? scannerSource[key] : fallback];
    }),
  );
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS, scanner };
  for (const key of ['sounds', 'language', 'quantityMode', 'labelLayout'] as const) {
    const candidate = { ...DEFAULT_SETTINGS, [key]: source[key] };
    if (storedSchema.safeParse(candidate).success) merged[key] = source[key];
  }
  return storedSchema.parse(merged);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
