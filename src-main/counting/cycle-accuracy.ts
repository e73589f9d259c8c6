// How accurate the committed counts were (issue 24): per period (Thai calendar week from Monday, or
// month) and value class of one warehouse, the counted lines, those within the tolerance, and the
// variance's value. Read from the sums per day that migration 0026's triggers keep beside
// `count_history` (migration 0021), written in each commit's transaction, so the figures hold after a
// restart and count a merged session's lines once, where it was committed; `read: 'history'` computes
// them from the history line by line, as the tests compare.
// A line is within a tolerance in units when |counted − counted against| ≤ it; in % when that
// difference is ≤ it % of the figure counted against (counted against 0: only a count of 0 is within).
import type { Database } from 'better-sqlite3';
import type { AccuracyReportValue } from '../../src-shared/ipc/schemas/cycle-counting.js';
import { fromSatang } from '../../src-shared/money/index.js';
import { DAY_MS, THAI_OFFSET_MS, formatThaiDate } from '../../src-shared/time/index.js';
import { csvText } from '../csv/csv-text.js';
import { preparedFor } from '../db/statements.js';
import { VALUE_CLASSES, type ValueClass } from './cycle-classes.js';

export type AccuracyPeriod = AccuracyReportValue['period'];
export type Tolerance = AccuracyReportValue['tolerance'];
type AccuracyRow = AccuracyReportValue['rows'][number];

/** Slack for figures kept to 6 decimals: a difference of exactly the tolerance is within it. */
const EPSILON = 1e-9;

export interface DayRow {
  /** The Thai day number (days since 1 Jan 1970, Thai time). */
  readonly day: number;
  readonly value_class: string;
  readonly lines: number;
  readonly within: number;
  readonly variance_satang: number;
  readonly absolute_satang: number;
}

const WITHIN_UNITS = `abs(counted - counted_against) <= @tolerance + ${EPSILON}`;
const WITHIN_PERCENT = `CASE WHEN counted_against = 0 THEN abs(counted) <= ${EPSILON}
  ELSE abs(counted - counted_against) * 100 <= @tolerance * abs(counted_against) + ${EPSILON} END`;

// Grouped by Thai day in SQL (integer arithmetic per line; a date function per line measured ten times
// slower), folded into weeks or months here: two years are ~730 days × 3 classes.
function byDay(db: Database, within: string) {
  return db.prepare<{ warehouse: string; from: number; tolerance: number }, DayRow>(
    `SELECT (counted_at + ${THAI_OFFSET_MS}) / ${DAY_MS} AS day, value_class, count(*) AS lines,
            sum(CASE WHEN ${within} THEN 1 ELSE 0 END) AS within,
            sum(round((counted - counted_against) * purchase_price * 100)) AS variance_satang,
            sum(round(abs(counted - counted_against) * purchase_price * 100)) AS absolute_satang
       FROM count_history
      WHERE warehouse_code = @warehouse AND counted_at >= @from
      GROUP BY day, value_class`,
  );
}

function prepare(db: Database) {
  return {
    units: byDay(db, WITHIN_UNITS),
    percent: byDay(db, WITHIN_PERCENT),
    // The sums per day that migration 0026's triggers keep, and the tolerance they were made for.
    summaryTolerance: db.prepare<[], { kind: string; value: number }>(
      'SELECT kind, value FROM count_accuracy_tolerance WHERE id = 1',
    ),
    summary: db.prepare<{ warehouse: string; fromDay: number }, DayRow>(
      `SELECT day, value_class, lines, within, variance_satang, absolute_satang
         FROM count_accuracy_days
        WHERE warehouse_code = @warehouse AND day >= @fromDay AND lines > 0`,
    ),
  };
}

/**
 * The lines per Thai day and class from `from` on: the kept sums when they were made for this tolerance
 * and `from` is a Thai midnight (it always is for a period's start), else the history itself.
 */
function dayRows(db: Database, query: AccuracyQuery, from: number): DayRow[] {
  const statements = preparedFor(db, prepare);
  const kept = statements.summaryTolerance.get();
  const fromDay = (from + THAI_OFFSET_MS) / DAY_MS;
  if (
    kept?.kind === query.tolerance.kind &&
    kept.value === query.tolerance.value &&
    Number.isInteger(fromDay)
  ) {
    return statements.summary.all({ warehouse: query.warehouseCode, fromDay });
  }
  return historyDayRows(db, query, from);
}

/** The same rows computed from `count_history` line by line (what the kept sums must equal). */
export function historyDayRows(db: Database, query: AccuracyQuery, from: number): DayRow[] {
  return preparedFor(db, prepare)[query.tolerance.kind].all({
    warehouse: query.warehouseCode,
    from,
    tolerance: query.tolerance.value,
  });
}

export interface AccuracyQuery {
  readonly warehouseCode: string;
  readonly period: AccuracyPeriod;
  /** Periods back from now, this one included. */
  readonly periods: number;
  readonly tolerance: Tolerance;
  readonly now: number;
}

export function accuracyReport(
  db: Database,
  query: AccuracyQuery,
  read: 'kept' | 'history' = 'kept',
): AccuracyReportValue {
  const from = firstPeriodStart(query.period, query.periods, query.now);
  const days = read === 'kept' ? dayRows(db, query, from) : historyDayRows(db, query, from);
  const periods = new Map<string, { lines: number; within: number; variance: number; absolute: number }>();
  for (const row of days) {
    const key = `${periodOfDay(query.period, row.day)}|${classOf(row.value_class)}`;
    const sums = periods.get(key) ?? { lines: 0, within: 0, variance: 0, absolute: 0 };
    sums.lines += row.lines;
    sums.within += row.within;
    sums.variance += row.variance_satang;
    sums.absolute += row.absolute_satang;
    periods.set(key, sums);
  }
  const rows = [...periods.entries()]
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .map(([key, sums]): AccuracyRow => {
      const [period = '', letter = 'C'] = key.split('|');
      return {
        period,
        valueClass: classOf(letter),
        lines: sums.lines,
        withinTolerance: sums.within,
        share: sums.lines === 0 ? 0 : sums.within / sums.lines,
        varianceValue: fromSatang(sums.variance),
        absoluteVarianceValue: fromSatang(sums.absolute),
      };
    });
  return { warehouseCode: query.warehouseCode, period: query.period, tolerance: query.tolerance, rows };
}

/** 'yyyy-MM-dd' of the first day of the week (from Monday) or month holding a Thai day number. */
function periodOfDay(period: AccuracyPeriod, day: number): string {
  // Day 0, 1 Jan 1970, was a Thursday: (day + 3) mod 7 is the days since Monday.
  const first = period === 'week' ? day - ((((day + 3) % 7) + 7) % 7) : day;
  const text = new Date(first * DAY_MS).toISOString().slice(0, 10);
  return period === 'week' ? text : `${text.slice(0, 7)}-01`;
}

/** Epoch ms of the start (Thai midnight) of the period `periods − 1` before the one holding `now`. */
export function firstPeriodStart(period: AccuracyPeriod, periods: number, now: number): number {
  const day = Math.floor((now + THAI_OFFSET_MS) / DAY_MS);
  if (period === 'week') {
    const monday = day - ((((day + 3) % 7) + 7) % 7);
    return (monday - 7 * (periods - 1)) * DAY_MS - THAI_OFFSET_MS;
  }
  const [year, month] = formatThaiDate(now).split('-').map(Number);
  const first = new Date(0);
  first.setUTCFullYear(year ?? 1970, (month ?? 1) - 1 - (periods - 1), 1);
  return first.getTime() - THAI_OFFSET_MS;
}

export const ACCURACY_CSV_COLUMNS = [
  'period',
  'warehouse',
  'class',
  'lines',
  'within_tolerance',
  'share_percent',
  'tolerance',
  'tolerance_kind',
  'variance_value',
  'absolute_variance_value',
] as const;

/** The report as CSV (src-main/csv's format): one row per period and class. */
export function accuracyCsv(report: AccuracyReportValue): string {
  return csvText(
    ACCURACY_CSV_COLUMNS,
    report.rows.map((row) => [
      { text: row.period },
      { text: report.warehouseCode },
      { text: row.valueClass },
      { number: row.lines },
      { number: row.withinTolerance },
      { number: Math.round(row.share * 1000) / 10 },
      { number: report.tolerance.value },
      { text: report.tolerance.kind },
      { money: row.varianceValue },
      { money: row.absoluteVarianceValue },
    ]),
  );
}

function classOf(text: string): ValueClass {
  const found = VALUE_CLASSES.find((letter) => letter === text);
  if (found === undefined) throw new Error(`count_history.value_class holds an unexpected value: ${text}`);
  return found;
}
