// Cycle counting on a real store database (src-main/counting/cycle-counting.service.ts): classes from
// the seeded catalogue, the last count from commits (no-variance lines and merged counts included),
// the Count next list, a day's share as a scoped session, the store's settings, all across a restart.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CountingService } from '../../src-main/counting/index.js';
import { CycleCountingService } from '../../src-main/counting/cycle-counting.service.js';
import { DAY_MS } from '../../src-shared/time/index.js';
import {
  openCountingFixture,
  WAREHOUSE,
  type CountingFixture,
  type SeedProduct,
} from './support/counting-fixture.js';

/**
 * Values (stock × price): 1 → 6000, 2 → 2000, 3 → 1000, 4 → 500, 5 → 300, 6 → 200 = 10,000 in all.
 * A takes what starts under 8000 (1, 2), B under 9500 (3, 4), C the rest (5, 6) and 7 (no stock value).
 */
const CATALOGUE: SeedProduct[] = [
  { id: 1, sku: 'P1', stock: 60, purchaseprice: '100.00' },
  { id: 2, sku: 'P2', stock: 20, purchaseprice: '100.00' },
  { id: 3, sku: 'P3', stock: 10, purchaseprice: '100.00' },
  { id: 4, sku: 'P4', stock: 5, purchaseprice: '100.00' },
  { id: 5, sku: 'P5', stock: 3, purchaseprice: '100.00' },
  { id: 6, sku: 'P6', stock: 2, purchaseprice: '100.00' },
  { id: 7, sku: 'P7', stock: 0, purchaseprice: '100.00' },
];

describe('cycle counting: what to count next', () => {
  let fixture: CountingFixture;
  let cycle: CycleCountingService;
  const page = { offset: 0, limit: 100 };
  const dueIds = () => cycle.countNext(WAREHOUSE, page).rows.map((row) => row.productId);
  const countAndCommit = (counts: Record<string, number>, service = fixture.service) => {
    const sessionId = service.createSession({ warehouseCode: WAREHOUSE }).id;
    for (const [sku, quantity] of Object.entries(counts)) {
      service.scan({ sessionId, code: sku, counter: 'Somchai', quantity });
    }
    fixture.tick();
    return service.commit({ sessionId });
  };

  beforeEach(() => {
    fixture = openCountingFixture();
    fixture.seed(CATALOGUE);
    cycle = new CycleCountingService({ db: fixture.db, counting: fixture.service, now: () => fixture.now });
  });
  afterEach(() => fixture.close());

  it('classes the warehouse by value and lists every never-counted product, A first', () => {
    const list = cycle.countNext(WAREHOUSE, page);
    expect(list.rows.map((row) => [row.sku, row.valueClass, row.value])).toEqual([
      ['P1', 'A', 6000],
      ['P2', 'A', 2000],
      ['P3', 'B', 1000],
      ['P4', 'B', 500],
      ['P5', 'C', 300],
      ['P6', 'C', 200],
      ['P7', 'C', 0],
    ]);
    expect(list.classes).toEqual({
      A: { products: 2, due: 2, value: 8000 },
      B: { products: 2, due: 2, value: 1500 },
      C: { products: 3, due: 3, value: 500 },
    });
    expect(list.rows.every((row) => row.lastCountedAt === null && row.dueAt === null)).toBe(true);
    // 2/30 + 2/91 + 3/365 ≈ 0.097: one product a day.
    expect(list.dailyShare).toBe(1);
  });

  it('takes a committed product off the list, a line without variance too, until its interval passes', () => {
    countAndCommit({ P1: 60, P3: 7 }); // P1 exactly as expected, P3 three short
    expect(dueIds()).toEqual([2, 4, 5, 6, 7]);
    const committedAt = fixture.now;
    const p2 = cycle.countNext(WAREHOUSE, page).rows.find((row) => row.productId === 2);
    expect(p2?.lastCountedAt).toBeNull();

    fixture.now = committedAt + 30 * DAY_MS - 1; // A's month not yet over
    expect(dueIds()).not.toContain(1);
    fixture.now = committedAt + 30 * DAY_MS;
    expect(dueIds()).toEqual([2, 4, 5, 6, 7, 1]);
    const p1 = cycle.countNext(WAREHOUSE, page).rows.find((row) => row.productId === 1);
    expect(p1).toMatchObject({ lastCountedAt: committedAt, dueAt: committedAt + 30 * DAY_MS });
    // B (P3) is quarterly: still not due after a month.
    expect(dueIds()).not.toContain(3);

    // A restart (another connection, new services) reads the same.
    const db = fixture.reopen();
    const again = new CycleCountingService({ db, counting: new CountingService(db), now: () => fixture.now });
    expect(again.countNext(WAREHOUSE, page).rows.map((row) => row.productId)).toEqual([2, 4, 5, 6, 7, 1]);
  });

  it('counts a product merged from another PC as counted here once the merged session commits', () => {
    const other = openCountingFixture();
    try {
      other.seed(CATALOGUE);
      const theirs = other.service.createSession({ warehouseCode: WAREHOUSE }).id;
      other.service.scan({ sessionId: theirs, code: 'P2', counter: 'Malee', quantity: 20 });
      const file = other.service.exportSession(theirs, true);

      const ours = fixture.service.createSession({ warehouseCode: WAREHOUSE }).id;
      fixture.service.scan({ sessionId: ours, code: 'P5', counter: 'Somchai', quantity: 3 });
      fixture.service.mergeSession(ours, file.text);
      expect(dueIds()).toContain(2); // merged but not committed: not counted yet
      fixture.tick();
      fixture.service.commit({ sessionId: ours });
      expect(dueIds()).toEqual([1, 3, 4, 6, 7]);
    } finally {
      other.close();
    }
  });

  it('an open or discarded session leaves no trace', () => {
    const open = fixture.service.createSession({ warehouseCode: WAREHOUSE }).id;
    fixture.service.scan({ sessionId: open, code: 'P1', counter: 'Somchai' });
    const discarded = fixture.service.createSession({ warehouseCode: WAREHOUSE }).id;
    fixture.service.scan({ sessionId: discarded, code: 'P2', counter: 'Somchai' });
    fixture.service.discardSession(discarded);
    expect(dueIds()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('opens a day’s share as a products-scope session of the most overdue products', () => {
    cycle.setSettings({ dailyShare: 3 });
    countAndCommit({ P1: 60 });
    const started = cycle.startDailyCount({ warehouseCode: WAREHOUSE, counter: 'Somchai', name: 'Today' });
    expect(started.products).toBe(3);
    expect(started.session).toMatchObject({
      name: 'Today',
      startedBy: 'Somchai',
      scope: { kind: 'products', products: 3 },
    });
    const review = fixture.service.review(started.session.id, 'notCounted');
    expect(review.rows.map((row) => (row.kind === 'unknown' ? row.code : row.productId))).toEqual([2, 3, 4]);
  });

  it('refuses a day’s share when nothing is due, and an unknown warehouse', () => {
    cycle.setSettings({ intervalDays: { A: 10, B: 10, C: 10 } });
    countAndCommit({ P1: 60, P2: 20, P3: 10, P4: 5, P5: 3, P6: 2, P7: 1 });
    expect(() => cycle.startDailyCount({ warehouseCode: WAREHOUSE })).toThrow(
      /Nothing in warehouse W0001 is due/,
    );
    expect(() => cycle.countNext('W9999', page)).toThrow(/No warehouse "W9999"/);
  });

  it('keeps the store’s settings and refuses shares past 100 %', () => {
    expect(cycle.settings()).toEqual({
      aShare: 80,
      bShare: 15,
      intervalDays: { A: 30, B: 91, C: 365 },
      dailyShare: null,
      tolerance: { kind: 'percent', value: 5 },
    });
    cycle.setSettings({ aShare: 50, bShare: 30, intervalDays: { C: 180 } });
    expect(() => cycle.setSettings({ bShare: 60 })).toThrow(/add up to 110 %: at most 100 %/);
    const db = fixture.reopen();
    const again = new CycleCountingService({ db, counting: new CountingService(db) });
    expect(again.settings()).toMatchObject({
      aShare: 50,
      bShare: 30,
      intervalDays: { A: 30, B: 91, C: 180 },
    });
    // 50 / 30: A is P1 alone (it starts at 0 %), B what starts under 80 % (P2 at 60 %), C the rest.
    expect(again.countNext(WAREHOUSE, page).rows.map((row) => `${row.sku}:${row.valueClass}`)).toEqual([
      'P1:A',
      'P2:B',
      'P3:C',
      'P4:C',
      'P5:C',
      'P6:C',
      'P7:C',
    ]);
  });
});
