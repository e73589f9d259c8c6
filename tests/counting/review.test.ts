import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReviewFilter } from '../../src-main/counting/index.js';
import { openCountingFixture, WAREHOUSE, type CountingFixture } from './support/counting-fixture.js';

describe('reviewing a session', () => {
  let fixture: CountingFixture;
  let sessionId: string;
  const scan = (code: string, quantity?: number) =>
    fixture.service.scan({ sessionId, code, counter: 'Somchai', quantity });
  const rowsOf = (filter: ReviewFilter) => fixture.service.review(sessionId, filter).rows;

  beforeEach(() => {
    fixture = openCountingFixture();
    fixture.seed([
      { id: 1, sku: 'EXACT', name: 'นับตรง', purchaseprice: '12.50', stock: 10 },
      { id: 2, sku: 'SHORT', purchaseprice: '3.35', stock: 8 },
      { id: 3, sku: 'OVER', purchaseprice: '0.10', stock: 2 },
      { id: 4, sku: 'FORGOTTEN', purchaseprice: '7', stock: 6 },
      { id: 5, sku: 'EMPTY-SHELF', stock: 0 },
      { id: 6, sku: 'SOLD-OUT-LOCALLY', stock: 3 },
    ]);
    fixture.queueStockChange(6, 'decrease', 3); // the local view already expects 0 of it
    sessionId = fixture.service.createSession({ warehouseCode: WAREHOUSE, blind: true }).id;
    scan('EXACT', 10);
    scan('SHORT', 5);
    scan('OVER', 3.5);
    scan('9999999999994', 2);
  });
  afterEach(() => fixture.close());

  it('gives per line the figure counted against, the count, the variance in units and in value, the expected figure now and the drift', () => {
    fixture.serverStock(2, 6); // two sold since SHORT was counted
    expect(rowsOf('all').filter((row) => row.kind === 'counted')).toEqual([
      expect.objectContaining({
        sku: 'EXACT',
        name: 'นับตรง',
        countedAgainst: 10,
        counted: 10,
        variance: 0,
        varianceValue: 0,
        expected: 10,
        drift: 0,
      }),
      expect.objectContaining({
        sku: 'SHORT',
        countedAgainst: 8,
        counted: 5,
        variance: -3,
        varianceValue: -10.05,
        expected: 6,
        drift: -2,
      }),
      expect.objectContaining({
        sku: 'OVER',
        countedAgainst: 2,
        counted: 3.5,
        variance: 1.5,
        varianceValue: 0.15,
        expected: 2,
        drift: 0,
      }),
    ]);
  });

  it('sums the figures (value exact to the satang) and counts not-counted products, unknown codes and drifted lines', () => {
    fixture.serverStock(2, 6);
    expect(fixture.service.review(sessionId, 'all').totals).toEqual({
      countedLines: 3,
      countedUnits: 18.5,
      linesWithVariance: 2,
      varianceUnits: -1.5,
      varianceValue: -9.9,
      drifted: 1,
      notCounted: 1,
      unknownCodes: 1,
      recountsPending: 0,
    });
  });

  it('lists as not counted the products the local view expects in the warehouse and nobody counted', () => {
    expect(rowsOf('notCounted')).toEqual([
      {
        kind: 'notCounted',
        productId: 4,
        sku: 'FORGOTTEN',
        barcode: '',
        name: 'Product 4',
        unittext: 'ชิ้น',
        purchaseprice: 7,
        expected: 6,
      },
    ]);
  });

  it('filters: variance only, unknown codes, drifted, and all of them together', () => {
    fixture.serverStock(1, 9);
    const skus = (filter: ReviewFilter) =>
      rowsOf(filter).map((row) => (row.kind === 'unknown' ? `code ${row.code}` : row.sku));
    expect(skus('variance')).toEqual(['SHORT', 'OVER']);
    expect(skus('drifted')).toEqual(['EXACT']);
    expect(skus('unknown')).toEqual(['code 9999999999994']);
    expect(skus('all')).toEqual(['EXACT', 'SHORT', 'OVER', 'FORGOTTEN', 'code 9999999999994']);
    expect(rowsOf('unknown')).toEqual([
      expect.objectContaining({
        kind: 'unknown',
        code: '9999999999994',
        counted: 2,
        scans: 1,
        state: 'open',
      }),
    ]);
  });

  it('pages the rows while the totals keep covering the whole session', () => {
    const page = fixture.service.review(sessionId, 'all', { offset: 2, limit: 2 });
    expect(page).toMatchObject({ matching: 5, offset: 2, totals: { countedLines: 3, notCounted: 1 } });
    expect(page.rows.map((row) => row.kind)).toEqual(['counted', 'notCounted']);
    expect(page.rows[1]).toMatchObject({ sku: 'FORGOTTEN' });
    expect(fixture.service.review(sessionId, 'all', { offset: 4 }).rows).toEqual([
      expect.objectContaining({ kind: 'unknown' }),
    ]);
    expect(fixture.service.review(sessionId, 'variance', { offset: 9, limit: 5 }).rows).toEqual([]);
  });

  it('records expected figures in a blind session too (hiding them is the screen’s business)', () => {
    const review = fixture.service.review(sessionId, 'variance');
    expect(review.session.blind).toBe(true);
    expect(review.rows.map((row) => row.kind === 'counted' && row.countedAgainst)).toEqual([8, 2]);
  });

  it('refuses a filter it does not know', () => {
    expect(() => fixture.service.review(sessionId, 'everything' as ReviewFilter)).toThrow(/review filter/);
  });
});
