// Issue 24, a fast accuracy page (decision 0020): `count_accuracy_days` holds per warehouse, Thai day
// (days since 1 Jan 1970, Thai time) and value class the sums the accuracy page folds into weeks and
// months: lines, lines within the tolerance, the variance's value net and absolute (satang, each line
// rounded as cycle-accuracy.ts rounds it). Two years are ~730 days × 3 classes instead of ~1.4 million
// `count_history` lines. Triggers on `count_history` keep it in the same transaction as every commit
// (a merged session's lines are its commit's; an undo leaves the history, so the figures, as they are).
// `count_history` is written with plain INSERT (a replacement deletes first): REPLACE fires no delete
// trigger while recursive_triggers is off. "Within" depends on the store's tolerance: the one the sums
// were made for is in `count_accuracy_tolerance`, and a change of `cycle_settings`' tolerance rebuilds
// them (in that transaction, a full pass over the history). The reader checks that the tolerance
// matches and otherwise reads the history itself. Backfilled here from the history.
import type { Migration } from './migration.js';

const DAY_MS = 86_400_000;
const THAI_OFFSET_MS = 25_200_000;
/** cycle-accuracy.ts: a difference of exactly the tolerance is within it. */
const EPSILON = '1e-9';

/** Whether line `h` is within tolerance `t` (cycle-accuracy.ts, WITHIN_UNITS / WITHIN_PERCENT). */
function within(h: string): string {
  return `CASE WHEN t.kind = 'units' THEN abs(${h}.counted - ${h}.counted_against) <= t.value + ${EPSILON}
    WHEN ${h}.counted_against = 0 THEN abs(${h}.counted) <= ${EPSILON}
    ELSE abs(${h}.counted - ${h}.counted_against) * 100 <= t.value * abs(${h}.counted_against) + ${EPSILON} END`;
}

const day = (h: string) => `(${h}.counted_at + ${THAI_OFFSET_MS}) / ${DAY_MS}`;
const variance = (h: string) =>
  `CAST(round((${h}.counted - ${h}.counted_against) * ${h}.purchase_price * 100) AS INTEGER)`;
const absolute = (h: string) =>
  `CAST(round(abs(${h}.counted - ${h}.counted_against) * ${h}.purchase_price * 100) AS INTEGER)`;

const COLUMNS = 'warehouse_code, day, value_class, lines, within, variance_satang, absolute_satang';

const REBUILD = `
    DELETE FROM count_accuracy_days;
    INSERT INTO count_accuracy_days (${COLUMNS})
    SELECT h.warehouse_code, ${day('h')} AS d, h.value_class, count(*),
           sum(CASE WHEN ${within('h')} THEN 1 ELSE 0 END), sum(${variance('h')}), sum(${absolute('h')})
      FROM count_history h, count_accuracy_tolerance t
     WHERE t.id = 1
     GROUP BY h.warehouse_code, d, h.value_class;`;

/** Adds (sign 1) or takes away (sign −1) one history line `h` (NEW or OLD). */
function apply(h: 'NEW' | 'OLD', sign: 1 | -1): string {
  return `
    INSERT INTO count_accuracy_days (${COLUMNS})
    SELECT ${h}.warehouse_code, ${day(h)}, ${h}.value_class, ${sign},
           ${sign} * (CASE WHEN ${within(h)} THEN 1 ELSE 0 END), ${sign} * ${variance(h)}, ${sign} * ${absolute(h)}
      FROM count_accuracy_tolerance t WHERE t.id = 1
    ON CONFLICT (warehouse_code, day, value_class) DO UPDATE SET
      lines = lines + excluded.lines, within = within + excluded.within,
      variance_satang = variance_satang + excluded.variance_satang,
      absolute_satang = absolute_satang + excluded.absolute_satang;
    DELETE FROM count_accuracy_days
     WHERE warehouse_code = ${h}.warehouse_code AND day = ${day(h)} AND value_class = ${h}.value_class
       AND lines = 0;`;
}

const SETTINGS_CHANGED = `
    WHEN NOT EXISTS (SELECT 1 FROM count_accuracy_tolerance
                      WHERE id = 1 AND kind = NEW.tolerance_kind AND value = NEW.tolerance)
    BEGIN
      UPDATE count_accuracy_tolerance SET kind = NEW.tolerance_kind, value = NEW.tolerance WHERE id = 1;
      ${REBUILD}
    END;`;

const SCHEMA = `
  CREATE TABLE count_accuracy_tolerance (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    kind  TEXT NOT NULL CHECK (kind IN ('units', 'percent')),
    value REAL NOT NULL
  ) STRICT;
  -- The store's tolerance, else cycle-settings.ts's default (5 %).
  INSERT INTO count_accuracy_tolerance (id, kind, value)
  VALUES (1, coalesce((SELECT tolerance_kind FROM cycle_settings WHERE id = 1), 'percent'),
             coalesce((SELECT tolerance FROM cycle_settings WHERE id = 1), 5));

  CREATE TABLE count_accuracy_days (
    warehouse_code  TEXT NOT NULL,
    day             INTEGER NOT NULL,
    value_class     TEXT NOT NULL CHECK (value_class IN ('A', 'B', 'C')),
    lines           INTEGER NOT NULL,
    within          INTEGER NOT NULL,
    variance_satang INTEGER NOT NULL,
    absolute_satang INTEGER NOT NULL,
    PRIMARY KEY (warehouse_code, day, value_class)
  ) STRICT, WITHOUT ROWID;
  ${REBUILD}

  CREATE TRIGGER count_accuracy_on_insert AFTER INSERT ON count_history BEGIN ${apply('NEW', 1)} END;
  CREATE TRIGGER count_accuracy_on_delete AFTER DELETE ON count_history BEGIN ${apply('OLD', -1)} END;
  CREATE TRIGGER count_accuracy_on_update AFTER UPDATE ON count_history
  BEGIN ${apply('OLD', -1)} ${apply('NEW', 1)} END;

  CREATE TRIGGER count_accuracy_on_settings_insert AFTER INSERT ON cycle_settings ${SETTINGS_CHANGED}
  CREATE TRIGGER count_accuracy_on_settings_update AFTER UPDATE OF tolerance_kind, tolerance ON cycle_settings
  ${SETTINGS_CHANGED}
`;

export const countAccuracyDaysMigration: Migration = {
  version: 26,
  name: '0026-count-accuracy-days',
  up(db) {
    db.exec(SCHEMA);
  },
};
