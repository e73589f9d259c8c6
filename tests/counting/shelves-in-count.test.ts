// Shelves during a count (issue 24, decision 0021): a shelf label's scan puts the counter's next scans
// on it, durably (a restart keeps the shelf); an empty shelf is confirmed only when nothing is counted
// on it; the review groups lines by shelf and names the shelves not visited; the commit sends each
// product's sum over its shelves, once. A real store database in a temp file.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CountingService } from '../../src-main/counting/index.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { CodeAliases } from '../../src-main/catalog/code-aliases.js';
import {
  openCountingFixture,
  OTHER_WAREHOUSE,
  WAREHOUSE,
  type CountingFixture,
} from './support/counting-fixture.js';

function reasonOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (isRefusal(error)) return error.reason;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('shelves in a count', () => {
  let fixture: CountingFixture;
  let sessionId: string;
  const counter = 'Somchai';
  const scan = (code: string, quantity = 1, who = counter) =>
    fixture.service.scan({ sessionId, code, counter: who, quantity });
  const enter = (code: string, who = counter) =>
    fixture.service.enterShelf({ sessionId, code, counter: who });

  beforeEach(() => {
    fixture = openCountingFixture();
    fixture.seed([
      { id: 1, sku: 'FISH', barcode: '8857814815045', name: 'ปลากระป๋อง', stock: 10 },
      { id: 2, sku: 'COKE', barcode: '8851959132012', stock: 8 },
      { id: 3, sku: 'RICE', stock: 4 },
    ]);
    const shelves = fixture.service.shelves;
    shelves.save({ warehouseCode: WAREHOUSE, code: 'SHELF-A-01', name: 'ชั้น A แถว 1' });
    shelves.save({ warehouseCode: WAREHOUSE, code: 'SHELF-A-02', name: 'ชั้น A แถว 2' });
    shelves.save({ warehouseCode: WAREHOUSE, code: 'SHELF-B-01', name: 'Cold room' });
    shelves.save({ warehouseCode: OTHER_WAREHOUSE, code: 'SHELF-X-09', name: 'Front' });
    sessionId = fixture.service.createSession({ warehouseCode: WAREHOUSE, driftPolicy: 'keepCounted' }).id;
  });
  afterEach(() => fixture.close());

  it('puts the scans after a shelf label on that shelf, and a restart keeps the shelf', () => {
    scan('RICE');
    expect(enter('SHELF-A-01')).toEqual({
      code: 'SHELF-A-01',
      name: 'ชั้น A แถว 1',
      emptyConfirmed: false,
      lines: 0,
    });
    scan('8857814815045', 3);
    // Another PC process on the same file: the current shelf is in the scan log, not in memory.
    const restarted = new CountingService(fixture.reopen(), { now: () => fixture.now });
    expect(restarted.currentShelf({ sessionId, counter })).toMatchObject({ code: 'SHELF-A-01', lines: 1 });
    expect(restarted.currentShelf({ sessionId, counter: 'Malee' })).toBeNull();
    restarted.scan({ sessionId, code: '8857814815045', counter, quantity: 2 });
    const shelves = fixture.service.shelfReview({ sessionId });
    expect(
      shelves.shelves.map((shelf) => [shelf.code, shelf.rows.map((row) => [row.sku, row.counted])]),
    ).toEqual([['SHELF-A-01', [['FISH', 5]]]]);
    expect(shelves.noShelf.map((row) => [row.sku, row.counted])).toEqual([['RICE', 1]]);
  });

  it('sums a product over its shelves into one line and commits that sum once', () => {
    enter('SHELF-A-01');
    scan('8857814815045', 3);
    scan('COKE', 2);
    enter('SHELF-A-02');
    scan('8857814815045', 4);
    fixture.service.adjustQuantity({
      sessionId,
      lineId: scan('COKE', 1).lineId,
      counter,
      quantity: -1,
    });
    const review = fixture.service.shelfReview({ sessionId });
    const onShelf = (code: string) =>
      review.shelves
        .find((shelf) => shelf.code === code)
        ?.rows.map((row) => [row.sku, row.counted, row.lineCounted]);
    expect(onShelf('SHELF-A-01')).toEqual([
      ['COKE', 2, 2],
      ['FISH', 3, 7],
    ]);
    expect(onShelf('SHELF-A-02')).toEqual([['FISH', 4, 7]]);
    expect(review.notVisited).toEqual([{ code: 'SHELF-B-01', name: 'Cold room' }]);

    fixture.service.commit({ sessionId });
    const sent = fixture.db
      .prepare<[], { sku: string; value: number }>(
        `SELECT sku, value FROM outbox_operations WHERE kind = 'stockCount' ORDER BY sku`,
      )
      .all();
    expect(sent).toEqual([
      { sku: 'COKE', value: 2 },
      { sku: 'FISH', value: 7 },
    ]);
  });

  it('confirms a shelf empty only while nothing is counted on it, and never takes units away', () => {
    enter('SHELF-B-01');
    scan('RICE', 2);
    expect(
      reasonOf(() => fixture.service.confirmShelfEmpty({ sessionId, code: 'SHELF-B-01', counter })),
    ).toBe('shelf-not-empty');
    expect(fixture.service.lines(sessionId).find((line) => line.kind === 'product')?.counted).toBe(2);
    fixture.service.undoLast({ sessionId, counter });
    expect(fixture.service.confirmShelfEmpty({ sessionId, code: 'SHELF-B-01', counter })).toMatchObject({
      emptyConfirmed: true,
      lines: 0,
    });
    const review = fixture.service.shelfReview({ sessionId });
    expect(review.shelves).toEqual([
      { code: 'SHELF-B-01', name: 'Cold room', emptyConfirmed: true, lines: 0, rows: [] },
    ]);
    expect(review.notVisited.map((shelf) => shelf.code)).toEqual(['SHELF-A-01', 'SHELF-A-02']);
  });

  it('refuses shelves of another warehouse, unknown shelves, and a shelf label sent as a scan', () => {
    expect(reasonOf(() => enter('SHELF-X-09'))).toBe('unknown-shelf');
    expect(reasonOf(() => enter('SHELF-Z-99'))).toBe('unknown-shelf');
    expect(reasonOf(() => scan('SHELF-A-01'))).toBe('shelf-code');
    expect(reasonOf(() => scan('shelf-a-01'))).toBe('shelf-code');
    expect(fixture.service.lines(sessionId)).toEqual([]);
  });

  it('keeps each counter on their own shelf', () => {
    enter('SHELF-A-01');
    enter('SHELF-A-02', 'Malee');
    scan('COKE', 1);
    scan('COKE', 5, 'Malee');
    const review = fixture.service.shelfReview({ sessionId });
    expect(review.shelves.map((shelf) => [shelf.code, shelf.rows.map((row) => row.counted)])).toEqual([
      ['SHELF-A-01', [1]],
      ['SHELF-A-02', [5]],
    ]);
  });

  it('keeps the shelves of a recounted line, with the recount beside them', () => {
    enter('SHELF-A-01');
    const line = scan('COKE', 3);
    enter('SHELF-A-02');
    scan('COKE', 2);
    fixture.service.requestRecount({ sessionId, lineIds: [line.lineId] });
    fixture.service.recordRecount({
      sessionId,
      lineId: line.lineId,
      counter: 'Malee',
      quantity: 6,
      mode: 'set',
    });
    const rows = fixture.service
      .shelfReview({ sessionId })
      .shelves.flatMap((shelf) =>
        shelf.rows.map((row) => [shelf.code, row.counted, row.lineCounted, row.recounted]),
      );
    expect(rows).toEqual([
      ['SHELF-A-01', 3, 5, 6],
      ['SHELF-A-02', 2, 5, 6],
    ]);
  });

  it('brings a resolved unknown code’s units with the shelf they were scanned on', () => {
    enter('SHELF-A-02');
    const unknown = scan('SUP-77', 2);
    fixture.service.resolveUnknown({ sessionId, lineId: unknown.lineId, productId: 3, counter });
    const review = fixture.service.shelfReview({ sessionId });
    expect(
      review.shelves.map((shelf) => [shelf.code, shelf.rows.map((row) => [row.sku, row.counted])]),
    ).toEqual([['SHELF-A-02', [['RICE', 2]]]]);
  });

  it('refuses a product code or an alias under the shelf prefix', () => {
    const aliases = new CodeAliases({ db: fixture.db, lookup: fixture.lookup, now: () => fixture.now });
    expect(reasonOf(() => aliases.add(1, 'SHELF-A-01'))).toBe('code-is-a-shelf');
    expect(reasonOf(() => aliases.add(1, 'Shelf-9'))).toBe('code-is-a-shelf');
  });
});
