// Issue 13, fix 1: giving an unknown code to a product must never silently replace its barcode. The
// code can be kept on this PC as an alias (never sent), shared with the store's other PCs by file; a
// pack is an alias whose one scan counts N units. Real store databases, the real outbox tables.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNREADABLE } from '../support/unreadable-json.js';
import { CodeAliases } from '../../src-main/catalog/code-aliases.js';
import type { ProductLineView } from '../../src-main/counting/index.js';
import { pendingBarcodes } from '../../src-main/outbox/pending-barcodes.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { openCountingFixture, WAREHOUSE, type CountingFixture } from './support/counting-fixture.js';

const REAL_EAN = '8857814815045';
const SUPPLIER_CODE = 'SUP-77-A';
const CARTON = '18851959132019'; // GTIN-14, indicator 1: a carton of the can below

function productLine(line: unknown): ProductLineView {
  expect(line).toMatchObject({ kind: 'product' });
  return line as ProductLineView;
}

function openOperations(fixture: CountingFixture): number {
  return fixture.db.prepare<[], number>('SELECT count(*) FROM outbox_operations').pluck().get() ?? 0;
}

function refusalOf(action: () => unknown): { code: string; reason: string | undefined } {
  try {
    action();
  } catch (error) {
    if (isRefusal(error)) return { code: error.code, reason: error.reason };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('code aliases and packs', () => {
  let fixture: CountingFixture;
  let sessionId: string;
  let aliases: CodeAliases;
  const scan = (code: string, quantity?: number) =>
    fixture.service.scan({ sessionId, code, counter: 'Somchai', quantity });
  type KeepCodeAs = Parameters<CountingFixture['service']['resolveUnknown']>[0]['keepCodeAs'];
  /** Scans the supplier's code (unknown here) and gives it to `productId`. */
  const resolveSupplierCode = (productId: number, keepCodeAs?: KeepCodeAs) =>
    fixture.service.resolveUnknown({
      sessionId,
      lineId: scan(SUPPLIER_CODE).lineId,
      productId,
      counter: 'Somchai',
      ...(keepCodeAs === undefined ? {} : { keepCodeAs }),
    });

  beforeEach(() => {
    fixture = openCountingFixture();
    fixture.seed([
      { id: 1, sku: 'FISH-155', barcode: REAL_EAN, name: 'ปลากระป๋อง', stock: 40 },
      { id: 2, sku: 'COKE-325', barcode: '8851959132012', stock: 48 },
      { id: 3, sku: 'NO-BARCODE', stock: 5 },
    ]);
    aliases = new CodeAliases({ db: fixture.db, lookup: fixture.lookup, now: () => fixture.now });
    sessionId = fixture.service.createSession({ warehouseCode: WAREHOUSE }).id;
  });
  afterEach(() => fixture.close());

  it('resolving with "alias" keeps the barcode: both codes scan as the product and nothing is queued', () => {
    const resolved = resolveSupplierCode(1, 'alias');
    expect(resolved).toMatchObject({
      replacesBarcode: REAL_EAN,
      barcodeToAssign: null,
      operationId: null,
      alias: { code: SUPPLIER_CODE, productId: 1, sku: 'FISH-155', units: 1 },
      line: { counted: 1 },
    });
    expect(openOperations(fixture)).toBe(0);
    expect(fixture.lookup.product(1)?.barcode).toBe(REAL_EAN);

    expect(productLine(scan(REAL_EAN))).toMatchObject({ product: { id: 1 }, counted: 2, pack: null });
    expect(productLine(scan(SUPPLIER_CODE))).toMatchObject({ product: { id: 1 }, counted: 3 });
    // Another session (a later day) finds the product through the alias too.
    const next = fixture.service.createSession({ warehouseCode: WAREHOUSE }).id;
    expect(fixture.service.scan({ sessionId: next, code: SUPPLIER_CODE, counter: 'Malee' })).toMatchObject({
      kind: 'product',
      product: { id: 1 },
    });
    expect(fixture.lookup.lookupCode(SUPPLIER_CODE)?.id).toBe(1);
    expect(openOperations(fixture)).toBe(0);
  });

  it('resolving with "barcode" queues the barcode change as before, replacing the old one', () => {
    const resolved = resolveSupplierCode(1, 'barcode');
    expect(resolved.replacesBarcode).toBe(REAL_EAN);
    expect(resolved.alias).toBeNull();
    expect(resolved.operationId).toEqual(expect.any(Number));
    expect(pendingBarcodes(fixture.db)).toEqual([{ productId: 1, barcode: SUPPLIER_CODE }]);
    expect(productLine(scan(SUPPLIER_CODE)).product.id).toBe(1);
    expect(aliases.list()).toEqual([]);
  });

  it('"none" leaves the code to the page, and says there is nothing to replace on a product without barcode', () => {
    const resolved = resolveSupplierCode(3);
    expect(resolved).toMatchObject({
      barcodeToAssign: SUPPLIER_CODE,
      replacesBarcode: null,
      alias: null,
      operationId: null,
    });
    expect(openOperations(fixture)).toBe(0);
  });

  it('refuses an alias that is already a barcode or another product’s alias', () => {
    expect(refusalOf(() => aliases.add(2, REAL_EAN))).toEqual({
      code: 'conflict',
      reason: 'code-is-a-barcode',
    });
    aliases.add(1, SUPPLIER_CODE);
    expect(refusalOf(() => aliases.add(2, SUPPLIER_CODE))).toEqual({
      code: 'conflict',
      reason: 'alias-of-another-product',
    });
    expect(refusalOf(() => aliases.add(99, 'ANY'))).toMatchObject({ code: 'not-found' });
    expect(aliases.remove(SUPPLIER_CODE)).toBe(true);
    expect(aliases.remove(SUPPLIER_CODE)).toBe(false);
    expect(fixture.lookup.lookupCode(SUPPLIER_CODE)).toBeUndefined();
  });

  it('a pack counts its units per scan, reports them on the answer, and one undo takes the whole pack back', () => {
    aliases.add(2, CARTON, 24);
    const line = productLine(scan(CARTON));
    expect(line).toMatchObject({
      product: { id: 2 },
      counted: 24,
      scans: 1,
      pack: { code: CARTON, units: 24 },
    });
    expect(productLine(scan(CARTON, 2))).toMatchObject({ counted: 72, pack: { units: 24 } });
    expect(productLine(scan('8851959132012'))).toMatchObject({ counted: 73, pack: null });
    fixture.service.undoLast({ sessionId, counter: 'Somchai' });
    expect(fixture.service.undoLast({ sessionId, counter: 'Somchai' }).line).toMatchObject({ counted: 24 });
    // The same code again for the same product: its units change.
    expect(aliases.add(2, CARTON, 12)).toMatchObject({ units: 12 });
    expect(productLine(scan(CARTON))).toMatchObject({ counted: 36, pack: { units: 12 } });
  });

  it('the alias file carries aliases to another PC; importing it twice changes nothing', () => {
    aliases.add(1, SUPPLIER_CODE);
    aliases.add(2, CARTON, 24);
    aliases.add(3, 'ONLY-HERE');
    const file = aliases.exportFile();
    expect(file.fileName).toMatch(/\.json$/);

    const other = openCountingFixture();
    try {
      other.seed([
        { id: 1, sku: 'FISH-155', barcode: REAL_EAN, stock: 1 },
        { id: 2, sku: 'COKE-325', barcode: '8851959132012', stock: 1 },
        { id: 4, sku: 'OTHER', stock: 1 },
      ]);
      const there = new CodeAliases({ db: other.db, lookup: other.lookup, now: () => other.now });
      there.add(4, 'SUP-77-A'); // this PC already knows the code for another product: it keeps its own
      expect(there.importFile(file.text)).toEqual({
        added: 1,
        updated: 0,
        unchanged: 0,
        skipped: [
          { code: 'ONLY-HERE', productId: 3, reason: 'unknown-product' },
          { code: SUPPLIER_CODE, productId: 1, reason: 'alias-of-another-product' },
        ],
      });
      const after = there.list();
      expect(there.importFile(file.text)).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
      expect(there.list()).toEqual(after);
      expect(other.lookup.lookupScan(CARTON)).toMatchObject({ product: { id: 2 }, alias: { units: 24 } });
      expect(refusalOf(() => there.importFile('not json'))).toMatchObject({ code: 'invalid-arguments' });
      expect(refusalOf(() => there.importFile('{"format":"other"}'))).toMatchObject({
        code: 'invalid-arguments',
      });
      // A damaged file whose aliases have no primitive length: refused, not a failure of the app.
      const damaged = { ...(JSON.parse(file.text) as object), aliases: UNREADABLE };
      expect(refusalOf(() => there.importFile(JSON.stringify(damaged)))).toMatchObject({
        code: 'invalid-arguments',
      });
      expect(there.list()).toEqual(after);
    } finally {
      other.close();
    }
  });
});
