import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CountingError } from '../../src-main/counting/index.js';
import { openCountingFixture, WAREHOUSE, type CountingFixture } from './support/counting-fixture.js';

interface EventRow {
  counter: string;
  kind: string;
  quantity: number;
  undone: number;
}

describe('several counters, set, adjust and undo', () => {
  let fixture: CountingFixture;
  let sessionId: string;
  const scan = (counter: string, code = 'SKU-1', quantity?: number) =>
    fixture.service.scan({ sessionId, code, counter, quantity });
  const set = (counter: string, lineId: number, quantity: number) =>
    fixture.service.setQuantity({ sessionId, lineId, counter, quantity });
  const adjust = (counter: string, lineId: number, quantity: number) =>
    fixture.service.adjustQuantity({ sessionId, lineId, counter, quantity });
  const undo = (counter: string) => fixture.service.undoLast({ sessionId, counter });
  const events = () =>
    fixture.db
      .prepare<[], EventRow>(
        'SELECT counter, kind, quantity, undone_at IS NOT NULL AS undone FROM count_events ORDER BY id',
      )
      .all();

  beforeEach(() => {
    fixture = openCountingFixture();
    fixture.seed([
      { id: 1, stock: 10 },
      { id: 2, stock: 5 },
    ]);
    sessionId = fixture.service.createSession({ warehouseCode: WAREHOUSE }).id;
  });
  afterEach(() => fixture.close());

  it('counters on one PC add up; each event carries its counter', () => {
    scan('Somchai');
    scan('Malee', 'SKU-1', 3);
    expect(scan('Somchai')).toMatchObject({ counted: 5, scans: 3 });
    expect(events().map((event) => event.counter)).toEqual(['Somchai', 'Malee', 'Somchai']);
  });

  it('undo is a stack per counter: the last event of that counter, then the one before, never another counter’s', () => {
    scan('Somchai', 'SKU-1');
    scan('Malee', 'SKU-1', 4);
    scan('Somchai', 'SKU-2');
    scan('Malee', 'SKU-2', 2);

    expect(undo('Somchai')).toMatchObject({ kind: 'scan', line: { product: { id: 2 }, counted: 2 } });
    expect(undo('Somchai')).toMatchObject({ kind: 'scan', line: { product: { id: 1 }, counted: 4 } });
    expect(() => undo('Somchai')).toThrow(expect.objectContaining({ reason: 'nothing-to-undo' }));
    expect(undo('Malee')).toMatchObject({ line: { product: { id: 2 }, counted: 0 } });
    expect(fixture.service.lines(sessionId).map((line) => line.counted)).toEqual([4, 0]);
  });

  it('keeps undone events, marked undone', () => {
    scan('Somchai');
    scan('Somchai', 'SKU-1', 2);
    undo('Somchai');
    expect(events()).toEqual([
      { counter: 'Somchai', kind: 'scan', quantity: 1, undone: 0 },
      { counter: 'Somchai', kind: 'scan', quantity: 2, undone: 1 },
    ]);
  });

  it('set makes the line exactly its figure, whoever counted before; later scans of anyone add to it', () => {
    const line = scan('Somchai', 'SKU-1', 4);
    scan('Malee', 'SKU-1', 3);
    expect(set('Malee', line.lineId, 10)).toMatchObject({ counted: 10 });
    scan('Somchai');
    expect(scan('Malee')).toMatchObject({ counted: 12 });
  });

  it('undoing a set brings back what it replaced, with every scan made after it', () => {
    const line = scan('Somchai', 'SKU-1', 4);
    scan('Malee', 'SKU-1', 3);
    set('Malee', line.lineId, 10);
    scan('Somchai', 'SKU-1', 2);
    expect(undo('Malee')).toMatchObject({ kind: 'set', line: { counted: 9 } });
  });

  it('undoing a scan made before a set leaves the set figure alone', () => {
    const line = scan('Somchai', 'SKU-1', 4);
    set('Malee', line.lineId, 10);
    expect(undo('Somchai')).toMatchObject({ line: { counted: 10 } });
  });

  it('a set to 0 counts the line as 0 (the product was not there), unlike a line whose scans were all undone', () => {
    const one = scan('Somchai', 'SKU-1');
    set('Somchai', one.lineId, 0);
    scan('Malee', 'SKU-2');
    undo('Malee');
    expect(fixture.service.lines(sessionId)).toMatchObject([
      { product: { id: 1 }, counted: 0, isCounted: true },
      { product: { id: 2 }, counted: 0, isCounted: false },
    ]);
    expect(fixture.service.session(sessionId).progress).toMatchObject({ linesCounted: 1, units: 0 });
  });

  it('adjust adds or removes units; the count may not go below 0', () => {
    const line = scan('Somchai', 'SKU-1', 3);
    expect(adjust('Malee', line.lineId, -2)).toMatchObject({ counted: 1 });
    expect(adjust('Malee', line.lineId, 0.5)).toMatchObject({ counted: 1.5 });
    expect(() => adjust('Malee', line.lineId, -2)).toThrow(/at -0.5: a count cannot go below 0/);
    expect(() => adjust('Malee', line.lineId, 0)).toThrow(CountingError);
    expect(() => set('Malee', line.lineId, -1)).toThrow(CountingError);
    expect(fixture.service.line(sessionId, line.lineId)).toMatchObject({ counted: 1.5 });
  });

  it('refuses an undo that would leave a line below 0, and changes nothing', () => {
    const line = scan('Somchai', 'SKU-1', 3);
    adjust('Malee', line.lineId, -2);
    expect(() => undo('Somchai')).toThrow(expect.objectContaining({ reason: 'negative-count' }));
    expect(events().map((event) => event.undone)).toEqual([0, 0]);
    expect(fixture.service.line(sessionId, line.lineId)).toMatchObject({ counted: 1 });
  });

  it('a line counted again after all its scans were undone is counted against the expected figure of then', () => {
    scan('Somchai');
    undo('Somchai');
    fixture.serverStock(1, 7);
    expect(scan('Somchai')).toMatchObject({ countedAgainst: 7, counted: 1 });
    fixture.serverStock(1, 6);
    expect(scan('Somchai')).toMatchObject({ countedAgainst: 7, counted: 2 });
  });

  it('refuses a line of another session', () => {
    const other = fixture.service.createSession({ warehouseCode: WAREHOUSE }).id;
    const line = fixture.service.scan({ sessionId: other, code: 'SKU-1', counter: 'A' });
    expect(() => set('A', line.lineId, 1)).toThrow(expect.objectContaining({ reason: 'line-not-found' }));
  });
});
