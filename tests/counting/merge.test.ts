// Issue 13: several PCs, one count. Two real store databases (two PCs of one store, same catalogue):
// PC B exports its session, PC A merges it; per product the figures add up, both contributions show,
// merging the same file twice changes nothing, and the count commits exactly once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CountingService } from '../../src-main/counting/index.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { UNREADABLE } from '../support/unreadable-json.js';
import {
  openCountingFixture,
  WAREHOUSE,
  OTHER_WAREHOUSE,
  type CountingFixture,
} from './support/counting-fixture.js';

const PRODUCTS = [
  { id: 1, sku: 'AISLE1-A', stock: 10 },
  { id: 2, sku: 'BOTH', stock: 20 },
  { id: 3, sku: 'AISLE2-C', stock: 30 },
  { id: 4, sku: 'NOBODY', stock: 5 },
];

function refusal(action: () => unknown): { code: string; reason: string | undefined } {
  try {
    action();
  } catch (error) {
    if (isRefusal(error)) return { code: error.code, reason: error.reason };
    throw error;
  }
  throw new Error('expected a refusal');
}

function countRows(fixture: CountingFixture): Array<{ product_id: number; value: number }> {
  return fixture.db
    .prepare<[], { product_id: number; value: number }>(
      `SELECT product_id, value FROM outbox_operations WHERE change = 'count' ORDER BY product_id`,
    )
    .all();
}

describe('several PCs, one count', () => {
  let pcA: CountingFixture;
  let pcB: CountingFixture;
  let serviceA: CountingService;
  let serviceB: CountingService;
  let sessionA: string;
  let sessionB: string;

  beforeEach(() => {
    pcA = openCountingFixture();
    pcB = openCountingFixture();
    pcA.seed(PRODUCTS);
    pcB.seed(PRODUCTS.slice(0, 3)); // B's catalogue lacks product 4: irrelevant to what B counted
    serviceA = new CountingService(pcA.db, { now: () => pcA.now, pcName: 'PC-A' });
    serviceB = new CountingService(pcB.db, { now: () => pcB.now, pcName: 'PC-B' });
    sessionA = serviceA.createSession({ warehouseCode: WAREHOUSE, name: 'Full count' }).id;
    sessionB = serviceB.createSession({ warehouseCode: WAREHOUSE, name: 'Aisle 2' }).id;
    serviceA.scan({ sessionId: sessionA, code: 'AISLE1-A', counter: 'Malee', quantity: 9 });
    serviceA.scan({ sessionId: sessionA, code: 'BOTH', counter: 'Malee', quantity: 12 });
    serviceB.scan({ sessionId: sessionB, code: 'BOTH', counter: 'Anan', quantity: 7 });
    serviceB.scan({ sessionId: sessionB, code: 'AISLE2-C', counter: 'Anan', quantity: 31 });
  });
  afterEach(() => {
    pcA.close();
    pcB.close();
  });

  it('sums per product, shows both contributions, and the same file twice changes nothing', () => {
    const file = serviceB.exportSession(sessionB);
    expect(file.fileName).toBe('Aisle-2.count.json');
    const merged = serviceA.mergeSession(sessionA, file.text);
    expect(merged).toMatchObject({ source: 'PC-B: Aisle 2', productsMerged: 2, unchanged: 0 });
    const figures = () =>
      serviceA
        .lines(sessionA)
        .map((line) => (line.kind === 'product' ? [line.product.id, line.counted] : []));
    expect(figures()).toEqual([
      [1, 9],
      [2, 19],
      [3, 31],
    ]);
    expect(serviceA.contributions(sessionA)).toEqual([
      expect.objectContaining({
        productId: 1,
        counted: 9,
        sources: [{ source: 'PC-A', thisPc: true, counted: 9 }],
      }),
      expect.objectContaining({
        productId: 2,
        counted: 19,
        sources: [
          { source: 'PC-A', thisPc: true, counted: 12 },
          { source: 'PC-B: Aisle 2', thisPc: false, counted: 7 },
        ],
      }),
      expect.objectContaining({
        productId: 3,
        counted: 31,
        sources: [
          { source: 'PC-A', thisPc: true, counted: 0 },
          { source: 'PC-B: Aisle 2', thisPc: false, counted: 31 },
        ],
      }),
    ]);

    expect(serviceA.mergeSession(sessionA, file.text)).toMatchObject({ productsMerged: 0, unchanged: 2 });
    expect(figures()).toEqual([
      [1, 9],
      [2, 19],
      [3, 31],
    ]);
    // A's own export carries only A's own figures: merged counts never travel back and double.
    const back = JSON.parse(serviceA.exportSession(sessionA, false).text) as { lines: unknown[] };
    expect(back.lines).toEqual([
      expect.objectContaining({ productId: 1, counted: 9 }),
      expect.objectContaining({ productId: 2, counted: 12 }),
    ]);
  });

  it('commits exactly once: the handed-over session refuses to change or commit; the merged one commits once', () => {
    const file = serviceB.exportSession(sessionB);
    expect(file.session.handedOverAt).toBe(pcB.now);
    expect(refusal(() => serviceB.commit({ sessionId: sessionB }))).toEqual({
      code: 'conflict',
      reason: 'session-handed-over',
    });
    expect(
      refusal(() => serviceB.scan({ sessionId: sessionB, code: 'BOTH', counter: 'Anan' })),
    ).toMatchObject({
      reason: 'session-handed-over',
    });
    serviceA.mergeSession(sessionA, file.text);
    const committed = serviceA.commit({ sessionId: sessionA, notCounted: 'zero' });
    expect(committed.linesSent).toBe(4);
    expect(countRows(pcA)).toEqual([
      { product_id: 1, value: 9 },
      { product_id: 2, value: 19 },
      { product_id: 3, value: 31 },
      { product_id: 4, value: 0 },
    ]);
    expect(countRows(pcB)).toEqual([]);
    expect(refusal(() => serviceA.mergeSession(sessionA, file.text))).toMatchObject({ code: 'conflict' });
    expect(refusal(() => serviceA.commit({ sessionId: sessionA }))).toMatchObject({ code: 'conflict' });
    expect(countRows(pcA)).toHaveLength(4);
    // B discards its handed-over session once A committed.
    expect(serviceB.discardSession(sessionB).state).toBe('discarded');
  });

  it('a newer export of the same session adds only what changed', () => {
    serviceA.mergeSession(sessionA, serviceB.exportSession(sessionB, false).text);
    serviceB.scan({ sessionId: sessionB, code: 'BOTH', counter: 'Anan', quantity: 3 });
    expect(serviceA.mergeSession(sessionA, serviceB.exportSession(sessionB, false).text)).toMatchObject({
      productsMerged: 1,
      unchanged: 1,
    });
    const both = serviceA.lines(sessionA).find((line) => line.kind === 'product' && line.product.id === 2);
    expect(both?.counted).toBe(22);
  });

  it('refuses a foreign, damaged or own file, another warehouse, and open unknown codes on export', () => {
    expect(refusal(() => serviceA.mergeSession(sessionA, 'nope'))).toMatchObject({
      code: 'invalid-arguments',
    });
    expect(refusal(() => serviceA.mergeSession(sessionA, '{"format":"x"}'))).toMatchObject({
      code: 'invalid-arguments',
    });
    // Damaged: its lines have no primitive length (zod throws on that; still a refusal, not a failure).
    const damaged = { lines: UNREADABLE };
    expect(refusal(() => serviceA.mergeSession(sessionA, JSON.stringify(damaged)))).toMatchObject({
      code: 'invalid-arguments',
    });
    expect(
      refusal(() => serviceA.mergeSession(sessionA, serviceA.exportSession(sessionA, false).text)),
    ).toMatchObject({ code: 'invalid-arguments' });
    const elsewhere = serviceB.createSession({ warehouseCode: OTHER_WAREHOUSE }).id;
    serviceB.scan({ sessionId: elsewhere, code: 'BOTH', counter: 'Anan' });
    expect(refusal(() => serviceA.mergeSession(sessionA, serviceB.exportSession(elsewhere).text))).toEqual({
      code: 'conflict',
      reason: 'other-warehouse',
    });
    serviceB.scan({ sessionId: sessionB, code: 'ZZ-UNKNOWN', counter: 'Anan' });
    expect(refusal(() => serviceB.exportSession(sessionB))).toMatchObject({
      reason: 'unresolved-unknown-codes',
    });
    expect(serviceB.session(sessionB).handedOverAt).toBeNull();
  });
});
