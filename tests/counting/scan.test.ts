import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CountingError, type ProductLineView } from '../../src-main/counting/index.js';
import { openCountingFixture, WAREHOUSE, type CountingFixture } from './support/counting-fixture.js';

function productLine(line: unknown): ProductLineView {
  expect(line).toMatchObject({ kind: 'product' });
  return line as ProductLineView;
}

describe('scanning', () => {
  let fixture: CountingFixture;
  let sessionId: string;
  const scan = (code: string, counter = 'Somchai', quantity?: number) =>
    fixture.service.scan({ sessionId, code, counter, quantity });

  beforeEach(() => {
    fixture = openCountingFixture();
    fixture.seed([
      {
        id: 1,
        sku: 'COKE-325',
        barcode: '8851959132012',
        name: 'โค้ก 325 มล.',
        purchaseprice: '12.50',
        stock: 24,
      },
      { id: 2, sku: 'RICE-5KG', barcode: '8850000000028', stock: 3 },
      { id: 3, sku: 'NEW-ITEM' },
    ]);
    sessionId = fixture.service.createSession({ warehouseCode: WAREHOUSE }).id;
  });
  afterEach(() => fixture.close());

  it('a barcode scan adds 1 and returns the line with the product, the count and the expected stock', () => {
    const line = productLine(scan('8851959132012'));
    expect(line).toMatchObject({
      sessionId,
      product: { id: 1, sku: 'COKE-325', barcode: '8851959132012', name: 'โค้ก 325 มล.', purchaseprice: 12.5 },
      counted: 1,
      scans: 1,
      isCounted: true,
      countedAgainst: 24,
      expected: 24,
    });
    expect(productLine(scan('8851959132012'))).toMatchObject({ lineId: line.lineId, counted: 2, scans: 2 });
  });

  it('finds a typed sku, cleans what the scanner added, and adds a given quantity', () => {
    expect(productLine(scan('RICE-5KG', 'A', 2.5))).toMatchObject({ product: { id: 2 }, counted: 2.5 });
    expect(productLine(scan('\u0002RICE-5KG\r\n', 'A', 0.1))).toMatchObject({ counted: 2.6, scans: 2 });
    expect(productLine(scan('  8850000000028 ', 'A', 0.2))).toMatchObject({ counted: 2.8, scans: 3 });
  });

  it('a product without a stock row in the warehouse is expected at 0', () => {
    expect(productLine(scan('NEW-ITEM'))).toMatchObject({ countedAgainst: 0, expected: 0, counted: 1 });
  });

  it('expected stock is the local view: server stock plus operations still in the outbox', () => {
    fixture.queueStockChange(1, 'decrease', 4);
    fixture.queueStockChange(1, 'increase', 1);
    expect(productLine(scan('COKE-325'))).toMatchObject({ countedAgainst: 21, expected: 21 });
    fixture.queueStockChange(2, 'set', 9);
    fixture.queueStockChange(2, 'decrease', 2);
    expect(productLine(scan('RICE-5KG'))).toMatchObject({ countedAgainst: 7, expected: 7 });
  });

  it('keeps the figure of the first scan as countedAgainst while the expected figure moves on', () => {
    scan('COKE-325');
    fixture.serverStock(1, 20); // a sync pulled sales made elsewhere
    expect(productLine(scan('COKE-325'))).toMatchObject({ counted: 2, countedAgainst: 24, expected: 20 });
    fixture.queueStockChange(1, 'decrease', 5); // a local write still on its way
    expect(productLine(scan('COKE-325'))).toMatchObject({ counted: 3, countedAgainst: 24, expected: 15 });
    expect(fixture.service.review(sessionId).rows[0]).toMatchObject({
      countedAgainst: 24,
      expected: 15,
      drift: -9,
    });
  });

  it('keeps an unknown code as a line to resolve, counting its scans', () => {
    expect(scan('9999999999994')).toMatchObject({
      kind: 'unknown',
      code: '9999999999994',
      counted: 1,
      scans: 1,
      state: 'open',
    });
    expect(scan('9999999999994', 'B', 3)).toMatchObject({ kind: 'unknown', counted: 4, scans: 2 });
    expect(fixture.service.session(sessionId).progress).toEqual({
      linesCounted: 0,
      units: 0,
      unknownCodes: 1,
    });
  });

  it('refuses a blank code, a counter without a name and quantities that are not positive numbers, storing nothing', () => {
    expect(() => scan('\r\n')).toThrow(/code is blank/);
    expect(() => scan('COKE-325', '  ')).toThrow(/counter name is blank/);
    for (const quantity of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => scan('COKE-325', 'A', quantity)).toThrow(CountingError);
    }
    expect(fixture.service.lines(sessionId)).toEqual([]);
  });

  it('one scan is one transaction: a failure while writing the line leaves no event behind', () => {
    scan('COKE-325');
    fixture.db.exec(`CREATE TEMP TRIGGER refuse_line BEFORE UPDATE OF counted ON count_lines
                     BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    expect(() => scan('COKE-325')).toThrow(/disk full/);
    fixture.db.exec('DROP TRIGGER refuse_line');
    const events = fixture.db.prepare('SELECT count(*) AS n FROM count_events').get() as { n: number };
    expect(events.n).toBe(1);
    expect(productLine(fixture.service.lines(sessionId)[0])).toMatchObject({ counted: 1, scans: 1 });
  });

  describe('resolving an unknown code', () => {
    it('moves its units to the product, returns the code as the barcode to assign, and counts later scans of it for the product', () => {
      scan('COKE-325', 'A', 5);
      const unknown = scan('9999999999994', 'B', 2);
      scan('9999999999994', 'B');
      const resolved = fixture.service.resolveUnknown({
        sessionId,
        lineId: unknown.lineId,
        productId: 1,
        counter: 'B',
      });
      expect(resolved.barcodeToAssign).toBe('9999999999994');
      expect(resolved.line).toMatchObject({ product: { id: 1 }, counted: 8, scans: 3, countedAgainst: 24 });
      expect(fixture.service.line(sessionId, unknown.lineId)).toMatchObject({
        state: 'resolved',
        resolvedProductId: 1,
      });
      expect(fixture.service.session(sessionId).progress).toEqual({
        linesCounted: 1,
        units: 8,
        unknownCodes: 0,
      });

      expect(productLine(scan('9999999999994', 'C'))).toMatchObject({
        lineId: resolved.line.lineId,
        counted: 9,
      });
    });

    it('gives a product without a line one, counted against the expected figure at resolution', () => {
      const unknown = scan('ABC-OLD-CODE', 'A', 4);
      fixture.serverStock(2, 6);
      const { line } = fixture.service.resolveUnknown({
        sessionId,
        lineId: unknown.lineId,
        productId: 2,
        counter: 'A',
      });
      expect(line).toMatchObject({
        product: { id: 2, sku: 'RICE-5KG' },
        counted: 4,
        countedAgainst: 6,
        expected: 6,
      });
    });

    it('returns no barcode to assign when the product already carries the code', () => {
      const unknown = scan('8850000000028-X');
      fixture.seed([{ id: 4, sku: 'X', barcode: '8850000000028-X', stock: 1 }]);
      const resolved = fixture.service.resolveUnknown({
        sessionId,
        lineId: unknown.lineId,
        productId: 4,
        counter: 'A',
      });
      expect(resolved.barcodeToAssign).toBeNull();
    });

    it('adds to a figure set before the resolution, and a set after it replaces both', () => {
      const coke = scan('COKE-325', 'A');
      const unknown = scan('9999999999994', 'B', 2);
      fixture.service.setQuantity({ sessionId, lineId: coke.lineId, counter: 'A', quantity: 10 });
      expect(
        fixture.service.resolveUnknown({ sessionId, lineId: unknown.lineId, productId: 1, counter: 'A' })
          .line,
      ).toMatchObject({ counted: 12 });
      expect(
        fixture.service.setQuantity({ sessionId, lineId: coke.lineId, counter: 'A', quantity: 11 }),
      ).toMatchObject({
        counted: 11,
      });
    });

    it('undoing a scan of the code after resolution takes it off the product line', () => {
      const unknown = scan('9999999999994', 'B', 2);
      scan('9999999999994', 'B', 3);
      const { line } = fixture.service.resolveUnknown({
        sessionId,
        lineId: unknown.lineId,
        productId: 1,
        counter: 'B',
      });
      expect(line.counted).toBe(5);
      expect(fixture.service.undoLast({ sessionId, counter: 'B' }).line).toMatchObject({
        lineId: line.lineId,
        counted: 2,
      });
      expect(fixture.service.undoLast({ sessionId, counter: 'B' }).line).toMatchObject({
        counted: 0,
        isCounted: false,
      });
      // Nothing of the code is left: the product counts as not counted, not as counted 0.
      expect(
        fixture.service
          .review(sessionId, 'notCounted')
          .rows.map((row) => row.kind === 'notCounted' && row.productId),
      ).toContain(1);
    });

    it('refuses an unknown product, a product line, and a code already resolved', () => {
      const unknown = scan('9999999999994');
      const coke = scan('COKE-325');
      expect(() =>
        fixture.service.resolveUnknown({ sessionId, lineId: unknown.lineId, productId: 77, counter: 'A' }),
      ).toThrow(expect.objectContaining({ reason: 'product-not-found' }));
      expect(() =>
        fixture.service.resolveUnknown({ sessionId, lineId: coke.lineId, productId: 1, counter: 'A' }),
      ).toThrow(/not an unknown code/);
      fixture.service.resolveUnknown({ sessionId, lineId: unknown.lineId, productId: 1, counter: 'A' });
      expect(() =>
        fixture.service.resolveUnknown({ sessionId, lineId: unknown.lineId, productId: 2, counter: 'A' }),
      ).toThrow(/not an unknown code/);
      expect(() =>
        fixture.service.setQuantity({ sessionId, lineId: unknown.lineId, counter: 'A', quantity: 1 }),
      ).toThrow(/now count on product 1/);
    });
  });
});
