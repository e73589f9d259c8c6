// counting.codeIndex: the codes the counting page may show a scan of before main answers. What it
// lists must be exactly what main's scan would answer (product, pack units, expected figure), so each
// test scans every listed code through the real service and compares. Real store database, real
// outbox; the page's side (optimistic-scans.ts) has its own tests in tests/renderer.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeAliases } from '../../src-main/catalog/code-aliases.js';
import type { IndexedCode } from '../../src-shared/ipc/index.js';
import { barcodeKey } from '../../src-shared/barcode/index.js';
import { openCountingFixture, WAREHOUSE, type CountingFixture } from './support/counting-fixture.js';

const EAN = '8850000000011';
const SHARED_EAN = '8850000000028';
/** A UPC-A: main and the page both key it as its EAN-13 (a leading 0). */
const UPC_A = '036000291452';

describe('the session code index', () => {
  let fixture: CountingFixture;
  let aliases: CodeAliases;

  beforeEach(() => {
    fixture = openCountingFixture();
    fixture.seed([
      { id: 1, sku: 'FISH-155', barcode: EAN, stock: 40 },
      // Two products with one barcode: main picks the active one, the page could not know.
      { id: 2, sku: 'TWIN-A', barcode: SHARED_EAN, stock: 1 },
      { id: 3, sku: 'TWIN-B', barcode: SHARED_EAN, stock: 2, active: false },
      { id: 4, sku: 'SODA-UPC', barcode: UPC_A, stock: 7 },
      { id: 5, sku: 'NO-BARCODE', stock: 5 },
    ]);
    aliases = new CodeAliases({ db: fixture.db, lookup: fixture.lookup, now: () => fixture.now });
    aliases.add(1, 'SUPPLIER-155');
    aliases.add(5, 'CARTON-5', 24);
  });
  afterEach(() => fixture.close());

  const wholeIndex = (sessionId: string, limit = 2000): IndexedCode[] => {
    const entries: IndexedCode[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 100; pages += 1) {
      const page = fixture.service.codeIndex(sessionId, after, limit);
      entries.push(...page.entries);
      if (page.next === null) return entries;
      after = page.next;
    }
    throw new Error('the index did not end');
  };

  /** Every listed code, scanned through main, lands where the index says, with its figures. */
  function expectMainAgrees(sessionId: string, entries: readonly IndexedCode[]): void {
    for (const entry of entries) {
      const line = fixture.service.scan({ sessionId, code: entry.key, counter: 'Malee' });
      if (line.kind !== 'product') throw new Error(`${entry.key} was not counted on a product`);
      expect(line.product).toEqual(entry.product);
      expect(line.expected).toBe(entry.expected);
      expect(line.pack).toEqual(
        entry.packCode === null ? null : { code: entry.packCode, units: entry.units },
      );
    }
  }

  it('lists one-product barcodes and this PC’s aliases and packs, each as main would count it', () => {
    const { id: sessionId } = fixture.service.createSession({ warehouseCode: WAREHOUSE });
    fixture.queueStockChange(4, 'increase', 3);
    const entries = wholeIndex(sessionId);
    expect(entries.map(({ key, product, units }) => [key, product.sku, units])).toEqual([
      [`0${UPC_A}`, 'SODA-UPC', 1],
      [EAN, 'FISH-155', 1],
      ['CARTON-5', 'NO-BARCODE', 24],
      ['SUPPLIER-155', 'FISH-155', 1],
    ]);
    // The local view: the server's 7 and the +3 still in the outbox.
    expect(entries[0]?.expected).toBe(10);
    // The page keys a scanned UPC-A the same way.
    expect(barcodeKey(UPC_A)).toBe(entries[0]?.key);
    expectMainAgrees(sessionId, entries);
  });

  it('reads the same codes a page at a time, each once, in key order', () => {
    const { id: sessionId } = fixture.service.createSession({ warehouseCode: WAREHOUSE });
    const whole = wholeIndex(sessionId);
    const paged = wholeIndex(sessionId, 1);
    expect(paged).toEqual(whole);
    const keys = paged.map((entry) => entry.key);
    expect([...keys].sort()).toEqual(keys);
  });

  it('keeps to the session’s scope and is empty once the session is closed', () => {
    const { id: sessionId } = fixture.service.createSession({
      warehouseCode: WAREHOUSE,
      scope: { kind: 'products', productIds: [4, 5] },
    });
    const entries = wholeIndex(sessionId);
    expect(entries.map((entry) => entry.key)).toEqual([`0${UPC_A}`, 'CARTON-5']);
    expectMainAgrees(sessionId, entries);
    fixture.service.discardSession(sessionId);
    expect(fixture.service.codeIndex(sessionId, null, 10)).toEqual({ entries: [], next: null });
  });

  it('leaves out an alias a product’s barcode now takes first', () => {
    const { id: sessionId } = fixture.service.createSession({ warehouseCode: WAREHOUSE });
    // A sync brings a product whose barcode is the supplier's code: main finds it before the alias.
    fixture.seed([{ id: 6, sku: 'NEW-6', barcode: 'SUPPLIER-155', stock: 0 }]);
    const entries = wholeIndex(sessionId);
    expect(entries.find((entry) => entry.key === 'SUPPLIER-155')?.product.sku).toBe('NEW-6');
    expect(entries.filter((entry) => entry.key === 'SUPPLIER-155')).toHaveLength(1);
    expectMainAgrees(sessionId, entries);
  });
});
