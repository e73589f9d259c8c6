// Issue 24, shelves in a merged count (decision 0021, migration 0027): a count file of version 2 carries
// each product's units per shelf and the shelves visited or confirmed empty; the merging PC's review by
// shelf shows them where the other PC counted them, a newer export moves only the differences shelf by
// shelf, the same file twice changes nothing, and the commit sends each product's sum once. A version 1
// file still merges (on no shelf). Two real store databases in temp files.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CountingService } from '../../src-main/counting/index.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { openCountingFixture, WAREHOUSE, type CountingFixture } from './support/counting-fixture.js';

const PRODUCTS = [
  { id: 1, sku: 'FISH', stock: 10 },
  { id: 2, sku: 'COKE', stock: 8 },
  { id: 3, sku: 'RICE', stock: 4 },
];
const SHELVES = [
  ['SHELF-A-01', 'ชั้น A แถว 1'],
  ['SHELF-A-02', 'ชั้น A แถว 2'],
  ['SHELF-B-01', 'Cold room'],
] as const;

function refusalOf(action: () => unknown): { code: string; reason: string | undefined; message: string } {
  try {
    action();
  } catch (error) {
    if (isRefusal(error)) return { code: error.code, reason: error.reason, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('shelves in a merged count', () => {
  let pcA: CountingFixture;
  let pcB: CountingFixture;
  let serviceA: CountingService;
  let serviceB: CountingService;
  let sessionA: string;
  let sessionB: string;
  const onShelves = (service: CountingService, sessionId: string) => {
    const review = service.shelfReview({ sessionId });
    return {
      shelves: review.shelves.map((shelf) => [
        shelf.code,
        shelf.emptyConfirmed,
        shelf.rows.map((row) => `${row.sku}:${row.counted}`).join(' '),
      ]),
      noShelf: review.noShelf.map((row) => `${row.sku}:${row.counted}`).join(' '),
      notVisited: review.notVisited.map((shelf) => shelf.code),
    };
  };
  const figures = () =>
    serviceA
      .lines(sessionA)
      .map((line) => (line.kind === 'product' ? `${line.product.sku}:${line.counted}` : ''));

  beforeEach(() => {
    pcA = openCountingFixture();
    pcB = openCountingFixture();
    for (const pc of [pcA, pcB]) pc.seed(PRODUCTS);
    serviceA = new CountingService(pcA.db, { now: () => pcA.now, pcName: 'PC-A' });
    serviceB = new CountingService(pcB.db, { now: () => pcB.now, pcName: 'PC-B' });
    for (const service of [serviceA, serviceB]) {
      for (const [code, name] of SHELVES) service.shelves.save({ warehouseCode: WAREHOUSE, code, name });
    }
    sessionA = serviceA.createSession({ warehouseCode: WAREHOUSE, name: 'Front' }).id;
    sessionB = serviceB.createSession({ warehouseCode: WAREHOUSE, name: 'Back' }).id;
    // A counts FISH on A-01; B counts FISH on A-02 and on no shelf, COKE on A-02, and finds B-01 empty.
    serviceA.enterShelf({ sessionId: sessionA, code: 'SHELF-A-01', counter: 'Malee' });
    serviceA.scan({ sessionId: sessionA, code: 'FISH', counter: 'Malee', quantity: 3 });
    serviceB.scan({ sessionId: sessionB, code: 'FISH', counter: 'Anan', quantity: 1 });
    serviceB.enterShelf({ sessionId: sessionB, code: 'SHELF-A-02', counter: 'Anan' });
    serviceB.scan({ sessionId: sessionB, code: 'FISH', counter: 'Anan', quantity: 4 });
    serviceB.scan({ sessionId: sessionB, code: 'COKE', counter: 'Anan', quantity: 2 });
    serviceB.confirmShelfEmpty({ sessionId: sessionB, code: 'SHELF-B-01', counter: 'Anan' });
  });
  afterEach(() => {
    pcA.close();
    pcB.close();
  });

  it('carries each shelf and the empty one; the same file twice changes nothing; commit sends the sums once', () => {
    const file = serviceB.exportSession(sessionB, false);
    const parsed = JSON.parse(file.text) as {
      version: number;
      lines: Array<{ sku: string; shelves: unknown }>;
    };
    expect(parsed.version).toBe(2);
    expect(parsed.lines.find((line) => line.sku === 'FISH')?.shelves).toEqual([
      { shelf: null, counted: 1 },
      { shelf: 'SHELF-A-02', counted: 4 },
    ]);

    expect(serviceA.mergeSession(sessionA, file.text)).toMatchObject({ productsMerged: 2, unchanged: 0 });
    const expected = {
      shelves: [
        ['SHELF-A-01', false, 'FISH:3'],
        ['SHELF-A-02', false, 'COKE:2 FISH:4'],
        ['SHELF-B-01', true, ''],
      ],
      noShelf: 'FISH:1',
      notVisited: [],
    };
    expect(onShelves(serviceA, sessionA)).toEqual(expected);
    expect(figures()).toEqual(['FISH:8', 'COKE:2']);

    expect(serviceA.mergeSession(sessionA, file.text)).toMatchObject({ productsMerged: 0, unchanged: 2 });
    expect(onShelves(serviceA, sessionA)).toEqual(expected);
    expect(figures()).toEqual(['FISH:8', 'COKE:2']);

    serviceA.commit({ sessionId: sessionA });
    const sent = pcA.db
      .prepare<[], { sku: string; value: number }>(
        `SELECT sku, value FROM outbox_operations WHERE kind = 'stockCount' ORDER BY sku`,
      )
      .all();
    expect(sent).toEqual([
      { sku: 'COKE', value: 2 },
      { sku: 'FISH', value: 8 },
    ]);
  });

  it('a newer export moves only what moved, shelf by shelf', () => {
    serviceA.mergeSession(sessionA, serviceB.exportSession(sessionB, false).text);
    // On B, Anan moves one FISH from A-02 (an adjust on the shelf he is on) to A-01.
    const fish = serviceB
      .lines(sessionB)
      .find((line) => line.kind === 'product' && line.product.sku === 'FISH');
    serviceB.adjustQuantity({
      sessionId: sessionB,
      lineId: fish?.lineId ?? 0,
      counter: 'Anan',
      quantity: -1,
    });
    serviceB.enterShelf({ sessionId: sessionB, code: 'SHELF-A-01', counter: 'Anan' });
    serviceB.scan({ sessionId: sessionB, code: 'FISH', counter: 'Anan', quantity: 1 });

    expect(serviceA.mergeSession(sessionA, serviceB.exportSession(sessionB, false).text)).toMatchObject({
      productsMerged: 1,
      unchanged: 1,
    });
    expect(onShelves(serviceA, sessionA).shelves).toEqual([
      ['SHELF-A-01', false, 'FISH:4'],
      ['SHELF-A-02', false, 'COKE:2 FISH:3'],
      ['SHELF-B-01', true, ''],
    ]);
    expect(figures()).toEqual(['FISH:8', 'COKE:2']);
  });

  it('exports only this PC its own shelves: what it merged does not travel back', () => {
    serviceA.mergeSession(sessionA, serviceB.exportSession(sessionB, false).text);
    const back = JSON.parse(serviceA.exportSession(sessionA, false).text) as {
      lines: Array<{ sku: string; counted: number; shelves: unknown }>;
    };
    expect(back.lines).toEqual([
      expect.objectContaining({ sku: 'FISH', counted: 3, shelves: [{ shelf: 'SHELF-A-01', counted: 3 }] }),
    ]);
  });

  it('still merges a version 1 file, on no shelf', () => {
    const file = JSON.parse(serviceB.exportSession(sessionB, false).text) as Record<string, unknown> & {
      lines: Array<Record<string, unknown>>;
    };
    const v1 = {
      ...file,
      version: 1,
      shelves: undefined,
      lines: file.lines.map((line) => ({ ...line, shelves: undefined })),
    };
    expect(serviceA.mergeSession(sessionA, JSON.stringify(v1))).toMatchObject({ productsMerged: 2 });
    expect(onShelves(serviceA, sessionA)).toMatchObject({ noShelf: 'COKE:2 FISH:5' });
    expect(figures()).toEqual(['FISH:8', 'COKE:2']);
  });

  it('refuses a shelf this PC lacks, and shelves that do not add up, changing nothing', () => {
    serviceA.shelves.remove({ warehouseCode: WAREHOUSE, code: 'SHELF-B-01' });
    const file = serviceB.exportSession(sessionB, false).text;
    const unknown = refusalOf(() => serviceA.mergeSession(sessionA, file));
    expect(unknown.reason).toBe('unknown-shelf');
    expect(unknown.message).toContain('SHELF-B-01');

    const parsed = JSON.parse(file) as { lines: Array<{ sku: string; shelves: Array<{ counted: number }> }> };
    const fish = parsed.lines.find((line) => line.sku === 'FISH');
    const first = fish?.shelves[0];
    if (first !== undefined) first.counted += 1;
    const wrongSum = refusalOf(() => serviceA.mergeSession(sessionA, JSON.stringify(parsed)));
    expect(wrongSum.code).toBe('invalid-arguments');
    expect(wrongSum.message).toContain('FISH: its shelves hold 6, not 5');

    const notAShelf = JSON.stringify({
      ...parsed,
      lines: parsed.lines.map((line) => ({ ...line, shelves: [{ shelf: 'A-01', counted: 1 }] })),
    });
    expect(refusalOf(() => serviceA.mergeSession(sessionA, notAShelf)).code).toBe('invalid-arguments');
    expect(figures()).toEqual(['FISH:3']);
  });
});
