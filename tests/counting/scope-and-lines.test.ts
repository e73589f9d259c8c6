// Issue 13: a session's scope (whole warehouse, categories, a list of products) and what the sessions
// list shows; lines newest first; removing one unknown code. Real store database and outbox tables.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Category } from '../../src-shared/api/records.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { openCountingFixture, WAREHOUSE, type CountingFixture } from './support/counting-fixture.js';

function stockLines(fixture: CountingFixture): Array<{ product_id: number; value: number }> {
  return fixture.db
    .prepare<[], { product_id: number; value: number }>(
      `SELECT product_id, value FROM outbox_operations WHERE product_id IS NOT NULL ORDER BY product_id`,
    )
    .all();
}

describe('count scope', () => {
  let fixture: CountingFixture;

  beforeEach(() => {
    fixture = openCountingFixture();
    fixture.catalogue.replaceCategories([
      Category.parse({ id: 10, name: 'เครื่องดื่ม' }),
      Category.parse({ id: 20, name: 'ของแห้ง' }),
    ]);
    fixture.seed([
      { id: 1, sku: 'DRINK-1', stock: 5, categoryId: 10 },
      { id: 2, sku: 'DRINK-2', stock: 7, categoryId: 10 },
      { id: 3, sku: 'DRY-1', stock: 9, categoryId: 20 },
      { id: 4, sku: 'DRY-2', stock: 4, categoryId: 20 },
    ]);
  });
  afterEach(() => fixture.close());

  it('the session view names the warehouse, who started it and the scope', () => {
    const session = fixture.service.createSession({
      warehouseCode: WAREHOUSE,
      counter: 'Malee',
      scope: { kind: 'categories', categoryIds: [10] },
    });
    expect(session).toMatchObject({
      warehouseCode: WAREHOUSE,
      warehouseName: 'คลังหลัก',
      startedBy: 'Malee',
      createdAt: fixture.now,
      scope: { kind: 'categories', categories: [{ id: 10, name: 'เครื่องดื่ม' }], products: 0 },
    });
    const whole = fixture.service.createSession({ warehouseCode: WAREHOUSE });
    expect(whole).toMatchObject({
      startedBy: null,
      scope: { kind: 'warehouse', categories: [], products: 0 },
    });
    expect(
      fixture.service
        .listSessions()
        .map((view) => view.scope.kind)
        .sort(),
    ).toEqual(['categories', 'warehouse']);
  });

  it('a category scope lists and zeroes only its own products; out of scope is never touched', () => {
    const { id: sessionId } = fixture.service.createSession({
      warehouseCode: WAREHOUSE,
      scope: { kind: 'categories', categoryIds: [10] },
    });
    fixture.service.scan({ sessionId, code: 'DRINK-1', counter: 'Malee', quantity: 5 });
    const review = fixture.service.review(sessionId, 'notCounted');
    expect(review.rows.map((row) => ('productId' in row ? row.productId : 0))).toEqual([2]);
    expect(review.totals.notCounted).toBe(1);

    fixture.service.commit({ sessionId, notCounted: 'zero' });
    expect(stockLines(fixture)).toEqual([
      { product_id: 1, value: 5 },
      { product_id: 2, value: 0 },
    ]);
  });

  it('a products scope zeroes only the listed products; a scanned product outside it counts but says so', () => {
    const { id: sessionId } = fixture.service.createSession({
      warehouseCode: WAREHOUSE,
      scope: { kind: 'products', productIds: [3, 4] },
    });
    expect(fixture.service.session(sessionId).scope).toEqual({
      kind: 'products',
      categories: [],
      products: 2,
    });
    expect(fixture.service.scan({ sessionId, code: 'DRY-1', counter: 'Malee' })).toMatchObject({
      inScope: true,
    });
    expect(fixture.service.scan({ sessionId, code: 'DRINK-2', counter: 'Malee' })).toMatchObject({
      inScope: false,
    });
    fixture.service.commit({ sessionId, notCounted: 'zero' });
    // 1 (out of scope, not counted) is untouched; 2 was counted on purpose; 4 (in scope) is set to 0.
    expect(stockLines(fixture)).toEqual([
      { product_id: 2, value: 1 },
      { product_id: 3, value: 1 },
      { product_id: 4, value: 0 },
    ]);
  });

  it('refuses a scope naming a category or product the catalogue does not have, creating nothing', () => {
    for (const scope of [
      { kind: 'categories', categoryIds: [99] },
      { kind: 'products', productIds: [1, 99] },
    ] as const) {
      let code = '';
      try {
        fixture.service.createSession({ warehouseCode: WAREHOUSE, scope });
      } catch (error) {
        code = isRefusal(error) ? error.code : 'not a refusal';
      }
      expect(code).toBe('not-found');
    }
    expect(fixture.service.listSessions()).toEqual([]);
  });
});

describe('lines and unknown codes', () => {
  let fixture: CountingFixture;
  let sessionId: string;
  const scan = (code: string) => {
    fixture.tick();
    return fixture.service.scan({ sessionId, code, counter: 'Malee' });
  };

  beforeEach(() => {
    fixture = openCountingFixture();
    fixture.seed([
      { id: 1, sku: 'A', stock: 1 },
      { id: 2, sku: 'B', stock: 1 },
      { id: 3, sku: 'C', stock: 1 },
    ]);
    sessionId = fixture.service.createSession({ warehouseCode: WAREHOUSE }).id;
  });
  afterEach(() => fixture.close());

  it("'lastCounted' lists the line changed last first; the default stays the order first counted", () => {
    scan('A');
    scan('B');
    scan('C');
    scan('A');
    const skuOf = (line: { kind: string; product?: { sku: string }; code?: string }) =>
      line.product?.sku ?? line.code;
    expect(fixture.service.lines(sessionId, 'lastCounted').map(skuOf)).toEqual(['A', 'C', 'B']);
    expect(fixture.service.lines(sessionId).map(skuOf)).toEqual(['A', 'B', 'C']);
  });

  it('removes one unknown code: its units are dropped and the commit no longer asks about it', () => {
    const first = scan('ZZ-1');
    scan('ZZ-2');
    scan('A');
    expect(fixture.service.session(sessionId).progress.unknownCodes).toBe(2);
    const removed = fixture.service.removeUnknownCode(sessionId, first.lineId);
    expect(removed).toMatchObject({ kind: 'unknown', code: 'ZZ-1', state: 'discarded' });
    expect(fixture.service.session(sessionId).progress.unknownCodes).toBe(1);
    // Removing it again, or a product line, is refused and changes nothing.
    const product = fixture.service.lines(sessionId).find((line) => line.kind === 'product');
    for (const lineId of [first.lineId, product?.lineId ?? 0]) {
      expect(() => fixture.service.removeUnknownCode(sessionId, lineId)).toThrow(/not an unknown code/);
    }
    const other = fixture.service
      .lines(sessionId)
      .find((line) => line.kind === 'unknown' && line.code === 'ZZ-2');
    fixture.service.removeUnknownCode(sessionId, other?.lineId ?? 0);
    expect(fixture.service.commit({ sessionId })).toMatchObject({ linesSent: 1, unknownCodesDiscarded: 0 });
  });
});
