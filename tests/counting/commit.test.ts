import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOT_COUNTED_COUNTER, UnresolvedUnknownCodesError } from '../../src-main/counting/index.js';
import { pendingStock } from '../../src-main/outbox/local-view.js';
import { openCountingFixture, WAREHOUSE, type CountingFixture } from './support/counting-fixture.js';

/** The outbox's stored count lines (columns of migration 0003), to check exactly what a commit queued. */
interface QueuedCountRow {
  id: number;
  kind: string;
  state: string;
  warehouse_code: string;
  product_id: number;
  sku: string;
  change: string;
  value: number;
  counted_against: number;
  policy: string;
  session_id: string;
}

describe('committing a session', () => {
  let fixture: CountingFixture;
  let sessionId: string;
  const scan = (code: string, quantity?: number, counter = 'Somchai') =>
    fixture.service.scan({ sessionId, code, counter, quantity });
  const queued = () =>
    fixture.db
      .prepare<[], QueuedCountRow>(
        `SELECT id, kind, state, warehouse_code, product_id, sku, change, value, counted_against, policy, session_id
         FROM outbox_operations ORDER BY id`,
      )
      .all();

  beforeEach(() => {
    fixture = openCountingFixture();
    fixture.seed([
      { id: 1, sku: 'A', stock: 10 },
      { id: 2, sku: 'B', stock: 8 },
      { id: 3, sku: 'C', stock: 5 },
      { id: 4, sku: 'D', stock: 0 },
    ]);
    sessionId = fixture.service.createSession({ warehouseCode: WAREHOUSE, driftPolicy: 'keepDifference' }).id;
  });
  afterEach(() => fixture.close());

  it('queues exactly the counted lines, each with its count and the figure it was counted against', () => {
    scan('A', 9);
    scan('B', 2);
    fixture.serverStock(2, 7); // drift after counting: the snapshot, not today's figure, is sent
    scan('B', 1);
    scan('D', 1, 'Malee');
    fixture.service.undoLast({ sessionId, counter: 'Malee' }); // D no longer counted: not sent
    fixture.tick();

    const result = fixture.service.commit({ sessionId });
    expect(queued()).toEqual([
      expect.objectContaining({ product_id: 1, sku: 'A', value: 9, counted_against: 10 }),
      expect.objectContaining({ product_id: 2, sku: 'B', value: 3, counted_against: 8 }),
    ]);
    for (const row of queued()) {
      expect(row).toMatchObject({
        kind: 'stockCount',
        state: 'pending',
        change: 'count',
        warehouse_code: WAREHOUSE,
        policy: 'keepDifference',
        session_id: sessionId,
      });
    }
    expect(result.operationIds).toEqual(queued().map((row) => row.id));
    expect(result).toMatchObject({ linesSent: 2, unknownCodesDiscarded: 0 });
    expect(result.session).toMatchObject({
      state: 'committed',
      closedAt: fixture.now,
      notCounted: 'leave',
      outboxOperationIds: result.operationIds,
    });
  });

  it('after commit the local view shows the queued counts (counted + movements since counting); the review keeps the figures of the commit', () => {
    scan('A', 9);
    fixture.service.commit({ sessionId });
    expect(pendingStock(fixture.db, WAREHOUSE, [1]).get(1)).toEqual({ delta: -1 });
    expect(fixture.service.review(sessionId, 'all').rows[0]).toMatchObject({
      countedAgainst: 10,
      counted: 9,
      expected: 10,
      drift: 0,
    });
  });

  it('refuses while unknown codes are unresolved, naming how many, and changes nothing', () => {
    scan('A');
    scan('NOPE-1');
    scan('NOPE-2', 3);
    expect(() => fixture.service.commit({ sessionId })).toThrow(UnresolvedUnknownCodesError);
    expect(() => fixture.service.commit({ sessionId })).toThrow(/^2 unknown codes are not resolved/);
    expect(fixture.service.session(sessionId).state).toBe('open');
    expect(queued()).toEqual([]);
  });

  it('an unknown code whose scans were all undone does not block the commit', () => {
    scan('A');
    scan('NOPE-1', 1, 'Malee');
    fixture.service.undoLast({ sessionId, counter: 'Malee' });
    expect(fixture.service.commit({ sessionId }).linesSent).toBe(1);
  });

  it('discards unresolved unknown codes when the user says so, and keeps them visible as discarded', () => {
    scan('A');
    scan('NOPE-1');
    const result = fixture.service.commit({ sessionId, discardUnknownCodes: true });
    expect(result).toMatchObject({ linesSent: 1, unknownCodesDiscarded: 1 });
    expect(queued().map((row) => row.sku)).toEqual(['A']);
    expect(fixture.service.review(sessionId, 'unknown').rows).toEqual([
      expect.objectContaining({ code: 'NOPE-1', state: 'discarded' }),
    ]);
  });

  it('leaves products nobody counted alone by default', () => {
    scan('A', 10);
    fixture.service.commit({ sessionId });
    expect(queued().map((row) => row.product_id)).toEqual([1]);
  });

  it('counts products nobody counted as 0 when chosen, against their expected figure', () => {
    scan('A', 10);
    fixture.queueStockChange(3, 'decrease', 1);
    const result = fixture.service.commit({ sessionId, notCounted: 'zero' });
    const counts = queued().filter((row) => row.kind === 'stockCount');
    expect(counts.map((row) => [row.product_id, row.value, row.counted_against])).toEqual([
      [1, 10, 10],
      [2, 0, 8],
      [3, 0, 4],
    ]);
    expect(result.session.notCounted).toBe('zero');
    expect(fixture.service.review(sessionId, 'notCounted').rows).toEqual([]);
    expect(fixture.service.review(sessionId, 'variance').rows).toEqual([
      expect.objectContaining({ sku: 'B', counted: 0, variance: -8, notCountedAsZero: true }),
      expect.objectContaining({ sku: 'C', counted: 0, variance: -4, notCountedAsZero: true }),
    ]);
    const setBy = fixture.db
      .prepare('SELECT DISTINCT counter FROM count_events WHERE kind = ?')
      .pluck()
      .all('set');
    expect(setBy).toEqual([NOT_COUNTED_COUNTER]);
  });

  it('refuses a session with nothing counted', () => {
    scan('A');
    fixture.service.undoLast({ sessionId, counter: 'Somchai' });
    expect(() => fixture.service.commit({ sessionId })).toThrow(
      expect.objectContaining({ reason: 'nothing-to-commit' }),
    );
  });

  it('writes the state change and the outbox rows in one transaction: a failure inside the commit leaves neither', () => {
    scan('A', 9);
    scan('B', 2);
    // The session's state change is the last write of the commit, after the outbox rows: fail it.
    fixture.db.exec(`CREATE TEMP TRIGGER power_cut BEFORE UPDATE OF state ON count_sessions
                     BEGIN SELECT RAISE(ABORT, 'power cut'); END`);
    expect(() => fixture.service.commit({ sessionId, notCounted: 'zero' })).toThrow(/power cut/);
    fixture.db.exec('DROP TRIGGER power_cut');

    expect(queued()).toEqual([]);
    expect(pendingStock(fixture.db, WAREHOUSE, [1, 2, 3])).toEqual(new Map());
    expect(fixture.service.session(sessionId)).toMatchObject({ state: 'open', outboxOperationIds: [] });
    // The not-counted lines the commit added went with it.
    expect(
      fixture.service.lines(sessionId).map((line) => line.kind === 'product' && line.product.sku),
    ).toEqual(['A', 'B']);

    expect(fixture.service.commit({ sessionId }).linesSent).toBe(2);
  });

  it('a committed session is read-only', () => {
    const line = scan('A', 9);
    const unknown = scan('NOPE');
    fixture.service.commit({ sessionId, discardUnknownCodes: true });
    const closed = expect.objectContaining({ reason: 'session-closed' });
    const lineInput = { sessionId, lineId: line.lineId, counter: 'Somchai', quantity: 1 };
    expect(() => scan('A')).toThrow(closed);
    expect(() => fixture.service.setQuantity(lineInput)).toThrow(closed);
    expect(() => fixture.service.adjustQuantity(lineInput)).toThrow(closed);
    expect(() => fixture.service.undoLast({ sessionId, counter: 'Somchai' })).toThrow(closed);
    expect(() =>
      fixture.service.resolveUnknown({ sessionId, lineId: unknown.lineId, productId: 2, counter: 'Somchai' }),
    ).toThrow(closed);
    expect(() => fixture.service.commit({ sessionId })).toThrow(closed);
    expect(() => fixture.service.discardSession(sessionId)).toThrow(closed);
    expect(queued()).toHaveLength(1);
    expect(fixture.service.line(sessionId, line.lineId)).toMatchObject({ counted: 9 });
  });
});
