// Issue 24, cycle counting: count a little every day, the valuable items most often.
//
// - `cycle_settings`: this store's rules (one row, absent until a person changes one: the code's
//   defaults apply). Class thresholds in % of the warehouse's stock value, a count interval in days per
//   class, the size of a day's share (NULL: what the intervals give), the accuracy tolerance.
// - `count_history`: one row per product line of every committed count session, written in the
//   commit's own transaction: when it was counted, the figure sent, the figure it was counted against,
//   its purchase price and the product's value class at that moment. The "Count next" list reads each
//   product's last count from here and the accuracy page its figures, so both hold after restarts and
//   after merges (a merged count is lines of the session that commits it). A line with no variance is a
//   row like any other. Backfilled from the sessions committed before this migration, classed as the
//   catalogue stands now under the default shares (80 / 15): nothing recorded the class back then. A
//   product without a stock row in the warehouse holds no value there: class C.
// - `count_last_counted`: the newest count per warehouse and product (kept with the history), so the
//   list reads one row per product instead of grouping two years of history.
import type { Migration } from './migration.js';

const SCHEMA = `
  CREATE TABLE cycle_settings (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    a_share        REAL NOT NULL CHECK (a_share > 0 AND a_share < 100),
    b_share        REAL NOT NULL CHECK (b_share >= 0 AND a_share + b_share <= 100),
    a_days         INTEGER NOT NULL CHECK (a_days >= 1),
    b_days         INTEGER NOT NULL CHECK (b_days >= 1),
    c_days         INTEGER NOT NULL CHECK (c_days >= 1),
    daily_share    INTEGER CHECK (daily_share IS NULL OR daily_share >= 1),
    tolerance_kind TEXT NOT NULL CHECK (tolerance_kind IN ('units', 'percent')),
    tolerance      REAL NOT NULL CHECK (tolerance >= 0)
  ) STRICT;

  CREATE TABLE count_history (
    session_id      TEXT NOT NULL,
    product_id      INTEGER NOT NULL,
    warehouse_code  TEXT NOT NULL,
    counted_at      INTEGER NOT NULL,
    counted         REAL NOT NULL,
    counted_against REAL NOT NULL,
    purchase_price  REAL NOT NULL,
    value_class     TEXT NOT NULL CHECK (value_class IN ('A', 'B', 'C')),
    PRIMARY KEY (session_id, product_id)
  ) STRICT, WITHOUT ROWID;
  -- Covering the accuracy page's read (cycle-accuracy.ts): a range of time never visits the table.
  CREATE INDEX count_history_by_time
    ON count_history (warehouse_code, counted_at, value_class, counted, counted_against, purchase_price);

  CREATE TABLE count_last_counted (
    warehouse_code TEXT NOT NULL,
    product_id     INTEGER NOT NULL,
    counted_at     INTEGER NOT NULL,
    session_id     TEXT NOT NULL,
    PRIMARY KEY (warehouse_code, product_id)
  ) STRICT, WITHOUT ROWID;
`;

// The classes of cycle-classes.ts (classifyByValue) under the default shares, in SQL: by value, highest
// first (ties by id), A while the value before the product is under 80 % of the warehouse's total, B
// under 95 %, else C; no value is C.
const BACKFILL_CLASSES = `
  CREATE TEMP TABLE backfill_classes AS
  WITH valued AS (
    SELECT ps.warehouse_code, ps.product_id, max(ps.stock, 0) * coalesce(p.purchaseprice, 0) AS value
      FROM product_stock ps JOIN products p ON p.id = ps.product_id
  ), ranked AS (
    SELECT warehouse_code, product_id, value,
           coalesce(sum(value) OVER (PARTITION BY warehouse_code ORDER BY value DESC, product_id
                                     ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before,
           sum(value) OVER (PARTITION BY warehouse_code) AS total
      FROM valued
  )
  SELECT warehouse_code, product_id,
         CASE WHEN value <= 0 OR total <= 0 THEN 'C'
              WHEN before / total < 0.80 THEN 'A'
              WHEN before / total < 0.95 THEN 'B'
              ELSE 'C' END AS value_class
    FROM ranked;
`;

// The figure a committed line sent (count-recount-figure.ts, sentFigure): its recount unless a person
// chose the first count.
const BACKFILL = `
  INSERT INTO count_history
    (session_id, product_id, warehouse_code, counted_at, counted, counted_against, purchase_price, value_class)
  SELECT l.session_id, l.product_id, s.warehouse_code, s.closed_at,
         CASE WHEN l.recount_requested_at IS NOT NULL AND l.recounted IS NOT NULL
                   AND coalesce(l.recount_use, 'recount') = 'recount'
              THEN l.recounted ELSE l.counted END,
         l.counted_against, coalesce(l.purchase_price, 0), coalesce(b.value_class, 'C')
    FROM count_lines l
    JOIN count_sessions s ON s.id = l.session_id
    LEFT JOIN backfill_classes b ON b.warehouse_code = s.warehouse_code AND b.product_id = l.product_id
   WHERE s.state = 'committed' AND l.kind = 'product' AND l.live_events > 0;

  INSERT INTO count_last_counted (warehouse_code, product_id, counted_at, session_id)
  SELECT warehouse_code, product_id, max(counted_at), session_id
    FROM count_history GROUP BY warehouse_code, product_id;

  DROP TABLE temp.backfill_classes;
`;

export const cycleCountingMigration: Migration = {
  version: 21,
  name: '0021-cycle-counting',
  up(db) {
    db.exec(SCHEMA);
    db.exec(BACKFILL_CLASSES);
    db.exec(BACKFILL);
  },
};
