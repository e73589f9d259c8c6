// App settings in the app database (one row of JSON). The table is created here until the app
// database's migration list takes it over (the profiles module owns that list), as the request budget
// does. A stored value that no longer fits the contract (an older or hand-edited file) falls back field
// by field to the defaults rather than failing the app.
import type { Database, Statement } from 'better-sqlite3';
import {
  DEFAULT_SETTINGS,
  callContract,
  type AppSettings,
  type ParsedCallArgs,
} from '../../src-shared/ipc/index.js';

const CREATE_TABLE = `
  CREATE TABLE IF NOT EXISTS app_settings (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    settings_json TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  ) STRICT`;

const settingsSchema = callContract['settings.get'].result;

export class SettingsRepository {
  readonly #read: Statement<[], { settings_json: string }>;
  readonly #write: Statement<[string, number]>;
  readonly #now: () => number;

  constructor(db: Database, now: () => number = Date.now) {
    db.exec(CREATE_TABLE);
    this.#read = db.prepare('SELECT settings_json FROM app_settings WHERE singleton = 1');
    this.#write = db.prepare(
      `INSERT INTO app_settings (singleton, settings_json, updated_at) VALUES (1, ?, ?)
       ON CONFLICT (singleton) DO UPDATE SET settings_json = excluded.settings_json, updated_at = excluded.updated_at`,
    );
    this.#now = now;
  }

  get(): AppSettings {
    const row = this.#read.get();
    if (row === undefined) return structuredClone(DEFAULT_SETTINGS);
    let stored: unknown;
    try {
      stored = JSON.parse(row.settings_json);
    } catch {
      return structuredClone(DEFAULT_SETTINGS);
    }
    return mergeValid(stored);
  }

  /** Applies the changes given and returns the whole new set. */
  set(changes: ParsedCallArgs<'settings.set'>): AppSettings {
    const current = this.get();
    const next: AppSettings = {
      scanner: { ...current.scanner, ...definedOnly(changes.scanner ?? {}) },
      sounds: changes.sounds ?? current.sounds,
      language: changes.language ?? current.language,
      quantityMode: changes.quantityMode ?? current.quantityMode,
    };
    const checked = settingsSchema.parse(next);
    this.#write.run(JSON.stringify(checked), this.#now());
    return checked;
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

/** Each stored field that is valid on its own; the default for the rest. */
function mergeValid(stored: unknown): AppSettings {
  const whole = settingsSchema.safeParse(stored);
  if (whole.success) return whole.data;
  const source = isRecord(stored) ? stored : {};
  const scannerSource = isRecord(source['scanner']) ? source['scanner'] : {};
  const scanner = Object.fromEntries(
    Object.entries(DEFAULT_SETTINGS.scanner).map(([key, fallback]) => {
      const candidate = {
        ...DEFAULT_SETTINGS,
        scanner: { ...DEFAULT_SETTINGS.scanner, [key]: scannerSource[key] },
      };
      return [key, settingsSchema.safeParse(candidate).success ? scannerSource[key] : fallback];
    }),
  );
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS, scanner };
  for (const key of ['sounds', 'language', 'quantityMode'] as const) {
    const candidate = { ...DEFAULT_SETTINGS, [key]: source[key] };
    if (settingsSchema.safeParse(candidate).success) merged[key] = source[key];
  }
  return settingsSchema.parse(merged);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
