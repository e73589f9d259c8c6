// Issue 13: blind recounts before commit. Lines whose variance passes a threshold (units or baht) are
// marked; another person recounts them without seeing the first count; the review shows both and which
// one is sent; the commit sends that one. Real store database and outbox tables.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { openCountingFixture, WAREHOUSE, type CountingFixture } from './support/counting-fixture.js';

describe('recount', () => {
  let fixture: CountingFixture;
  let sessionId: string;
  const lineOf = (sku: string) => {
    const line = fixture.service
      .lines(sessionId)
      .find((candidate) => candidate.kind === 'product' && candidate.product.sku === sku);
    if (!line) throw new Error(`no line ${sku}`);
    return line.lineId;
  };
  const countedRow = (sku: string) => {
    const row = fixture.service
      .review(sessionId, 'all')
      .rows.find((r) => r.kind === 'counted' && r.sku === sku);
    if (row?.kind !== 'counted') throw new Error(`no row ${sku}`);
    return row;
  };

  beforeEach(() => {
    fixture = openCountingFixture();
    fixture.seed([
      { id: 1, sku: 'CHEAP', stock: 100, purchaseprice: '1.00' }, // counted 90: −10 units, −10 baht
      { id: 2, sku: 'DEAR', stock: 10, purchaseprice: '500.00' }, // counted 9: −1 unit, −500 baht
      { id: 3, sku: 'RIGHT', stock: 5, purchaseprice: '50.00' }, // counted 5: no variance
    ]);
    sessionId = fixture.service.createSession({ warehouseCode: WAREHOUSE }).id;
    for (const [code, quantity] of [
      ['CHEAP', 90],
      ['DEAR', 9],
      ['RIGHT', 5],
    ] as const) {
      fixture.service.scan({ sessionId, code, counter: 'Malee', quantity });
    }
  });
  afterEach(() => fixture.close());

  it('marks lines past a threshold in units or in baht, and lists them blind', () => {
    expect(fixture.service.requestRecount({ sessionId, minUnits: 5 })).toMatchObject({ marked: 1 });
    const { marked, lines } = fixture.service.requestRecount({ sessionId, minValue: 100 });
    expect(marked).toBe(1);
    expect(lines.map((line) => line.sku)).toEqual(['CHEAP', 'DEAR']);
    // Blind: the recounter sees the product, never the first count or the expected figure.
    expect(Object.keys(lines[0] ?? {}).sort()).toEqual(
      ['barcode', 'lineId', 'name', 'productId', 'recounted', 'recountedBy', 'sku', 'unittext'].sort(),
    );
    expect(fixture.service.review(sessionId, 'all').totals.recountsPending).toBe(2);
    expect(() => fixture.service.requestRecount({ sessionId })).toThrow(/which lines/);
  });

  it('the review shows both counts and which one is sent; the commit sends it', () => {
    fixture.service.requestRecount({ sessionId, lineIds: [lineOf('CHEAP'), lineOf('DEAR')] });
    expect(countedRow('CHEAP')).toMatchObject({
      counted: 90,
      recount: { firstCount: 90, recounted: null, recountedBy: null, use: 'first' },
    });
    fixture.service.recordRecount({
      sessionId,
      lineId: lineOf('CHEAP'),
      counter: 'Anan',
      quantity: 40,
      mode: 'add',
    });
    const line = fixture.service.recordRecount({
      sessionId,
      lineId: lineOf('CHEAP'),
      counter: 'Anan',
      quantity: 58,
      mode: 'add',
    });
    expect(line).toMatchObject({ recounted: 98, recountedBy: 'Anan' });
    expect(countedRow('CHEAP')).toMatchObject({
      counted: 98,
      variance: -2,
      recount: { firstCount: 90, recounted: 98, recountedBy: 'Anan', use: 'recount' },
    });
    fixture.service.recordRecount({
      sessionId,
      lineId: lineOf('DEAR'),
      counter: 'Anan',
      quantity: 8,
      mode: 'set',
    });
    expect(fixture.service.chooseRecount(sessionId, lineOf('DEAR'), 'first')).toMatchObject({
      firstCount: 9,
      recounted: 8,
      use: 'first',
    });
    expect(countedRow('DEAR')).toMatchObject({ counted: 9, recount: { use: 'first' } });
    expect(countedRow('RIGHT').recount).toBeNull();
    expect(fixture.service.review(sessionId, 'all').totals.recountsPending).toBe(0);

    fixture.service.commit({ sessionId });
    const sent = fixture.db
      .prepare<[], { product_id: number; value: number }>(
        `SELECT product_id, value FROM outbox_operations WHERE change = 'count' ORDER BY product_id`,
      )
      .all();
    expect(sent).toEqual([
      { product_id: 1, value: 98 },
      { product_id: 2, value: 9 },
      { product_id: 3, value: 5 },
    ]);
  });

  it('refuses a recount of an unmarked line, and choosing a recount nobody made', () => {
    const refusal = (action: () => unknown) => {
      try {
        action();
      } catch (error) {
        return isRefusal(error) ? error.code : 'not a refusal';
      }
      return 'no refusal';
    };
    expect(
      refusal(() =>
        fixture.service.recordRecount({
          sessionId,
          lineId: lineOf('RIGHT'),
          counter: 'A',
          quantity: 1,
          mode: 'set',
        }),
      ),
    ).toBe('invalid-arguments');
    fixture.service.requestRecount({ sessionId, lineIds: [lineOf('RIGHT')] });
    expect(refusal(() => fixture.service.chooseRecount(sessionId, lineOf('RIGHT'), 'recount'))).toBe(
      'conflict',
    );
  });
});
