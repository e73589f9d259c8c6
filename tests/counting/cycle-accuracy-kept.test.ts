// The accuracy page reads sums per Thai day that migration 0026's triggers keep beside count_history
// (src-main/counting/cycle-accuracy.ts). They must equal the figures computed from the history line
// by line after any mix of commits, merges, undos, replaced or removed history lines, tolerance
// changes and restarts: a property test on random histories and one through the real services.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { accuracyReport, type AccuracyQuery } from '../../src-main/counting/cycle-accuracy.js';
import { CycleCountingService } from '../../src-main/counting/cycle-counting.service.js';
import { reverseCount } from '../../src-main/counting/cycle-reversal.js';
import { readCycleSettings } from '../../src-main/counting/cycle-settings.js';
import type { Database } from '../../src-main/db/database.js';
import { DAY_MS } from '../../src-shared/time/index.js';
import {
  openCountingFixture,
  OTHER_WAREHOUSE,
  WAREHOUSE,
  type CountingFixture,
} from './support/counting-fixture.js';

/** Every period since the history began, in weeks and in months, under the store's tolerance. */
function bothWays(db: Database, now: number): Array<{ kept: unknown; history: unknown }> {
  const { tolerance } = readCycleSettings(db);
  return [WAREHOUSE, OTHER_WAREHOUSE].flatMap((warehouseCode) =>
    (['week', 'month'] as const).map((period) => {
      const query: AccuracyQuery = {
        warehouseCode,
        period,
        periods: period === 'week' ? 60 : 14,
        tolerance,
        now,
      };
      return { kept: accuracyReport(db, query), history: accuracyReport(db, query, 'history') };
    }),
  );
}

function expectKeptEqualsHistory(db: Database, now: number): void {
  // The kept sums are what is read: they hold every history line.
  const kept = db.prepare<[], { n: number }>('SELECT coalesce(sum(lines), 0) AS n FROM count_accuracy_days');
  const lines = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM count_history');
  expect(kept.get()?.n).toBe(lines.get()?.n);
  const made = db.prepare<[], { kind: string; value: number }>(
    'SELECT kind, value FROM count_accuracy_tolerance WHERE id = 1',
  );
  expect(made.get()).toEqual(readCycleSettings(db).tolerance);
  for (const { kept: fromSums, history } of bothWays(db, now)) expect(fromSums).toEqual(history);
}

const figure = fc.oneof(
  fc.integer({ min: 0, max: 200 }),
  fc.double({ min: 0, max: 200, noNaN: true }).map((value) => Math.round(value * 1e6) / 1e6),
);
const historyAction = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      session: fc.integer({ min: 1, max: 12 }),
      product: fc.integer({ min: 1, max: 8 }),
      other: fc.boolean(),
      daysAgo: fc.integer({ min: 0, max: 400 }),
      minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
      against: fc.oneof(fc.constant(0), figure),
      // Near the figure counted against, so differences of exactly the tolerance are common.
      off: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, -2.5, 0.1), figure),
      price: fc.oneof(fc.constant(0), figure),
      valueClass: fc.constantFrom('A', 'B', 'C'),
    }),
  },
  fc.record({ kind: fc.constant('delete' as const), session: fc.integer({ min: 1, max: 12 }) }),
  fc.record({
    kind: fc.constant('update' as const),
    session: fc.integer({ min: 1, max: 12 }),
    counted: fc.integer({ min: 0, max: 60 }),
  }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('tolerance' as const),
      units: fc.boolean(),
      value: fc.constantFrom(0, 1, 2, 2.5, 5, 10),
    }),
  },
  fc.constant({ kind: 'restart' as const }),
);

describe('cycle counting: the accuracy sums kept per day', () => {
  let fixture: CountingFixture | undefined;
  afterEach(() => fixture?.close());

  it('equal the figures from the history after any history, tolerance change and restart', () => {
    fc.assert(
      fc.property(fc.array(historyAction, { minLength: 8, maxLength: 30, size: 'max' }), (actions) => {
        const f = openCountingFixture();
        try {
          let db = f.db;
          const cycle = () => new CycleCountingService({ db, counting: f.service, now: () => f.now });
          for (const action of actions) {
            if (action.kind === 'insert') {
              // As a commit writes a line: a replacement deletes the line first (cycle-history.ts).
              const key = { session: `s${action.session}`, product: action.product };
              db.prepare(
                'DELETE FROM count_history WHERE session_id = @session AND product_id = @product',
              ).run(key);
              db.prepare(
                `INSERT INTO count_history (session_id, product_id, warehouse_code, counted_at, counted,
                   counted_against, purchase_price, value_class)
                 VALUES (@session, @product, @warehouse, @at, @counted, @against, @price, @valueClass)`,
              ).run({
                ...key,
                warehouse: action.other ? OTHER_WAREHOUSE : WAREHOUSE,
                at: f.now - action.daysAgo * DAY_MS - action.minute * 60_000,
                counted: Math.max(0, action.against + action.off),
                against: action.against,
                price: action.price,
                valueClass: action.valueClass,
              });
            } else if (action.kind === 'delete') {
              db.prepare('DELETE FROM count_history WHERE session_id = ?').run(`s${action.session}`);
            } else if (action.kind === 'update') {
              db.prepare('UPDATE count_history SET counted = ? WHERE session_id = ?').run(
                action.counted,
                `s${action.session}`,
              );
            } else if (action.kind === 'tolerance') {
              cycle().setSettings({
                tolerance: { kind: action.units ? 'units' : 'percent', value: action.value },
              });
            } else {
              db = f.reopen();
            }
            expectKeptEqualsHistory(db, f.now);
          }
        } finally {
          f.close();
        }
      }),
      { numRuns: 25, seed: 20_261_202 },
    );
  });

  it('follow commits, a merge, a restart and an undo through the services', () => {
    const f = (fixture = openCountingFixture());
    f.seed([
      { id: 1, sku: 'P1', stock: 60, purchaseprice: '100.00' },
      { id: 2, sku: 'P2', stock: 20, purchaseprice: '12.50' },
      { id: 3, sku: 'P3', stock: 10, purchaseprice: '100.00' },
    ]);
    const commit = (counts: Record<string, number>) => {
      const sessionId = f.service.createSession({ warehouseCode: WAREHOUSE }).id;
      for (const [code, quantity] of Object.entries(counts))
        f.service.scan({ sessionId, code, counter: 'Somchai', quantity });
      f.service.commit({ sessionId });
      return sessionId;
    };
    const first = commit({ P1: 58, P2: 21 });
    f.now += 3 * DAY_MS;
    // A count handed over from another PC and merged into this one: its lines are the commit's.
    const away = f.service.createSession({ warehouseCode: WAREHOUSE }).id;
    f.service.scan({ sessionId: away, code: 'P3', counter: 'Malee', quantity: 9 });
    const { text } = f.service.exportSession(away);
    const here = f.service.createSession({ warehouseCode: WAREHOUSE }).id;
    f.service.scan({ sessionId: here, code: 'P2', counter: 'Somchai', quantity: 20 });
    f.service.mergeSession(here, text);
    f.service.commit({ sessionId: here });
    expectKeptEqualsHistory(f.db, f.now);
    const cycle = new CycleCountingService({ db: f.db, counting: f.service, now: () => f.now });
    cycle.setSettings({ tolerance: { kind: 'units', value: 1 } });
    const before = cycle.accuracy({ warehouseCode: WAREHOUSE, period: 'week', periods: 4 });
    expect(before.rows.reduce((sum, row) => sum + row.lines, 0)).toBe(4);

    // The first count landed (its outbox rows done, as the drainer leaves them), then is undone.
    f.db
      .prepare(
        `UPDATE outbox_operations SET state = 'done', outcome = 'applied', server_before = 60 - product_id,
              sent_target = value WHERE session_id = ?`,
      )
      .run(first);
    reverseCount(f.db, { sessionId: first, now: f.now });
    const db = f.reopen();
    expectKeptEqualsHistory(db, f.now);
    const again = new CycleCountingService({ db, counting: f.service, now: () => f.now });
    // An undo leaves the history: the figures are of counts as they were made.
    expect(again.accuracy({ warehouseCode: WAREHOUSE, period: 'week', periods: 4 })).toEqual(before);
  });
});
