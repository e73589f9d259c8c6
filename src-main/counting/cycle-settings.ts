// This store's cycle-counting rules (migration 0021, `cycle_settings`): one row, absent until a person
// changes a rule, the defaults below applying until then.
import type { Database } from 'better-sqlite3';
import type { CallArgs, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import type { CycleSettingsValue } from '../../src-shared/ipc/schemas/cycle-counting.js';
import { preparedFor } from '../db/statements.js';
import { Refusal } from '../refusal/refusal.js';

export type CycleSettings = CycleSettingsValue;
export type CycleSettingsChange = ParsedCallArgs<'cycle.setSettings'>;
/** What a test or the page may pass (figures as numbers or typed text). */
export type CycleSettingsInput = CallArgs<'cycle.setSettings'>;

/** A 80 % / B 15 % / C the rest; A monthly, B quarterly, C yearly; accurate within 5 %. */
export const DEFAULT_CYCLE_SETTINGS: CycleSettings = {
  aShare: 80,
  bShare: 15,
  intervalDays: { A: 30, B: 91, C: 365 },
  dailyShare: null,
  tolerance: { kind: 'percent', value: 5 },
};

interface SettingsRow {
  readonly a_share: number;
  readonly b_share: number;
  readonly a_days: number;
  readonly b_days: number;
  readonly c_days: number;
  readonly daily_share: number | null;
  readonly tolerance_kind: string;
  readonly tolerance: number;
}

function prepare(db: Database) {
  return {
    read: db.prepare<[], SettingsRow>('SELECT * FROM cycle_settings WHERE id = 1'),
    write: db.prepare<SettingsRow>(
      `INSERT INTO cycle_settings (id, a_share, b_share, a_days, b_days, c_days, daily_share, tolerance_kind, tolerance)
       VALUES (1, @a_share, @b_share, @a_days, @b_days, @c_days, @daily_share, @tolerance_kind, @tolerance)
       ON CONFLICT (id) DO UPDATE SET a_share = excluded.a_share, b_share = excluded.b_share,
         a_days = excluded.a_days, b_days = excluded.b_days, c_days = excluded.c_days,
         daily_share = excluded.daily_share, tolerance_kind = excluded.tolerance_kind,
         tolerance = excluded.tolerance`,
    ),
  };
}

export function readCycleSettings(db: Database): CycleSettings {
  const row = preparedFor(db, prepare).read.get();
  if (row === undefined) return DEFAULT_CYCLE_SETTINGS;
  return {
    aShare: row.a_share,
    bShare: row.b_share,
    intervalDays: { A: row.a_days, B: row.b_days, C: row.c_days },
    dailyShare: row.daily_share,
    tolerance: { kind: row.tolerance_kind === 'units' ? 'units' : 'percent', value: row.tolerance },
  };
}

/** Applies the fields given (already read by the contract's number rule) and returns the whole set. */
export function changeCycleSettings(db: Database, change: CycleSettingsChange): CycleSettings {
  return db
    .transaction((): CycleSettings => {
      const before = readCycleSettings(db);
      const next: CycleSettings = {
        aShare: change.aShare ?? before.aShare,
        bShare: change.bShare ?? before.bShare,
        intervalDays: { ...before.intervalDays, ...definedOnly(change.intervalDays ?? {}) },
        dailyShare: change.dailyShare === undefined ? before.dailyShare : change.dailyShare,
        tolerance: change.tolerance ?? before.tolerance,
      };
      if (next.aShare <= 0 || next.aShare >= 100) {
        throw new Refusal(
          'invalid-arguments',
          `Class A's share must be above 0 % and below 100 % (got ${next.aShare} %)`,
          {
            issues: [{ path: 'aShare', message: 'must be above 0 and below 100' }],
          },
        );
      }
      if (next.aShare + next.bShare > 100) {
        throw new Refusal(
          'invalid-arguments',
          `Class A's and class B's shares add up to ${next.aShare + next.bShare} %: at most 100 %`,
          { issues: [{ path: 'bShare', message: 'A + B must be at most 100' }] },
        );
      }
      preparedFor(db, prepare).write.run({
        a_share: next.aShare,
        b_share: next.bShare,
        a_days: next.intervalDays.A,
        b_days: next.intervalDays.B,
        c_days: next.intervalDays.C,
        daily_share: next.dailyShare,
        tolerance_kind: next.tolerance.kind,
        tolerance: next.tolerance.value,
      });
      return next;
    })
    .immediate();
}

function definedOnly<T extends object>(partial: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
