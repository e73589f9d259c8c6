// Accuracy of committed counts per class, warehouse and period (src-main/counting/cycle-accuracy.ts),
// on a real store database: the figures come from each commit's history rows, so they hold after a
// restart; the tolerance is the store's (units or %).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CountingService } from '../../src-main/counting/index.js';
import { CycleCountingService } from '../../src-main/counting/cycle-counting.service.js';
import { firstPeriodStart } from '../../src-main/counting/cycle-accuracy.js';
import { DAY_MS, formatThaiDateTime } from '../../src-shared/time/index.js';
import { openCountingFixture, WAREHOUSE, type CountingFixture } from './support/counting-fixture.js';

describe('cycle counting: accuracy', () => {
  let fixture: CountingFixture;
  let cycle: CycleCountingService;
  const countAndCommit = (counts: Record<string, number>) => {
    const sessionId = fixture.service.createSession({ warehouseCode: WAREHOUSE }).id;
    for (const [sku, quantity] of Object.entries(counts)) {
      fixture.service.scan({ sessionId, code: sku, counter: 'Somchai', quantity });
    }
    fixture.service.commit({ sessionId });
  };

  beforeEach(() => {
    fixture = openCountingFixture(); // Monday 6 Jan 2025, 10:00 Thai time
    // A: P1 (6000) and P2 (2000); B: P3 (1000); C: P4 (no price).
    fixture.seed([
      { id: 1, sku: 'P1', stock: 60, purchaseprice: '100.00' },
      { id: 2, sku: 'P2', stock: 20, purchaseprice: '100.00' },
      { id: 3, sku: 'P3', stock: 10, purchaseprice: '100.00' },
      { id: 4, sku: 'P4', stock: 4, purchaseprice: '0.00' },
    ]);
    cycle = new CycleCountingService({ db: fixture.db, counting: fixture.service, now: () => fixture.now });
    countAndCommit({ P1: 58, P2: 20, P3: 7, P4: 4 });
    fixture.now += 8 * DAY_MS; // Tuesday of the next week
    countAndCommit({ P1: 60 }); // counted against 58, the first count still queued
  });
  afterEach(() => fixture.close());

  it('gives per week and class the lines within 5 %, and the variance’s value', () => {
    const report = cycle.accuracy({ warehouseCode: WAREHOUSE, period: 'week', periods: 4 });
    expect(report.tolerance).toEqual({ kind: 'percent', value: 5 });
    expect(report.rows).toEqual([
      {
        period: '2025-01-06',
        valueClass: 'A',
        lines: 2,
        withinTolerance: 2,
        share: 1,
        varianceValue: -200,
        absoluteVarianceValue: 200,
      },
      {
        period: '2025-01-06',
        valueClass: 'B',
        lines: 1,
        withinTolerance: 0,
        share: 0,
        varianceValue: -300,
        absoluteVarianceValue: 300,
      },
      {
        period: '2025-01-06',
        valueClass: 'C',
        lines: 1,
        withinTolerance: 1,
        share: 1,
        varianceValue: 0,
        absoluteVarianceValue: 0,
      },
      {
        period: '2025-01-13',
        valueClass: 'A',
        lines: 1,
        withinTolerance: 1,
        share: 1,
        varianceValue: 200,
        absoluteVarianceValue: 200,
      },
    ]);
  });

  it('takes a tolerance in units, groups by month, and holds after a restart', () => {
    cycle.setSettings({ tolerance: { kind: 'units', value: 1 } });
    const db = fixture.reopen();
    const again = new CycleCountingService({ db, counting: new CountingService(db), now: () => fixture.now });
    const report = again.accuracy({ warehouseCode: WAREHOUSE, period: 'month', periods: 1 });
    expect(report.rows.map((row) => [row.period, row.valueClass, row.lines, row.withinTolerance])).toEqual([
      ['2025-01-01', 'A', 3, 1], // P1 off by 2 twice, P2 exact
      ['2025-01-01', 'B', 1, 0],
      ['2025-01-01', 'C', 1, 1],
    ]);
    // Only the periods asked for: this week alone holds the second count.
    const thisWeek = again.accuracy({ warehouseCode: WAREHOUSE, period: 'week', periods: 1 });
    expect(thisWeek.rows.map((row) => row.period)).toEqual(['2025-01-13']);
  });

  it('exports the report as CSV', () => {
    const { fileName, text } = cycle.accuracyCsv({ warehouseCode: WAREHOUSE, period: 'week', periods: 4 });
    expect(fileName).toBe('accuracy-W0001-week-2025-01-14.csv');
    expect(text.split('\r\n')).toEqual([
      '\uFEFFperiod,warehouse,class,lines,within_tolerance,share_percent,tolerance,tolerance_kind,variance_value,absolute_variance_value',
      '2025-01-06,W0001,A,2,2,100,5,percent,-200.00,200.00',
      '2025-01-06,W0001,B,1,0,0,5,percent,-300.00,300.00',
      '2025-01-06,W0001,C,1,1,100,5,percent,0.00,0.00',
      '2025-01-13,W0001,A,1,1,100,5,percent,200.00,200.00',
      '',
    ]);
  });

  it('starts weeks on a Thai Monday and months on the 1st, Thai time', () => {
    const sundayNight = Date.UTC(2025, 0, 12, 16, 30); // Sunday 12 Jan 23:30 Thai time
    expect(formatThaiDateTime(firstPeriodStart('week', 1, sundayNight))).toBe('2025-01-06 00:00');
    expect(formatThaiDateTime(firstPeriodStart('week', 1, sundayNight + DAY_MS))).toBe('2025-01-13 00:00');
    expect(formatThaiDateTime(firstPeriodStart('month', 3, Date.UTC(2025, 0, 31, 17, 30)))).toBe(
      '2024-12-01 00:00', // already 1 Feb in Thailand: Feb, Jan, Dec
    );
  });
});
