// After any sequence of upserts and deletes, the search index says exactly what the products table
// says: FTS5's own integrity check against the content table passes, the index holds no document of a
// deleted product, and every product is found by its sku and barcode as the model predicts.
import type Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodeKey } from '../../../src-shared/barcode/index.js';
import { openCatalogue, product, type CatalogueFixture } from './catalogue-test-support.js';

const IDS = 12;
const nameParts = ['น้ำปลาแท้', 'ตราปลาหมึก', 'ผ้าขนหนูคอตตอน', 'Coca-Cola', 'ชาเขียว', 'สบู่', '700', 'มล.', 'café'];
const skus = ['A-1', 'A-2', 'a-1', 'SKU-000123', 'ชุด-1', 'X'];
const barcodes = ['', '8851234567898', '036000291452', '0036000291452', '12345670', '8850000000019'];

interface ModelProduct {
  readonly id: number;
  readonly name: string;
  readonly sku: string;
  readonly barcode: string;
  readonly active: boolean;
}

type Operation =
  | { readonly kind: 'upsert'; readonly products: readonly ModelProduct[]; readonly warehouseCode?: string }
  | { readonly kind: 'delete'; readonly ids: readonly number[] };

const modelProduct = fc.record({
  id: fc.integer({ min: 1, max: IDS }),
  name: fc
    .array(fc.constantFrom(...nameParts), { minLength: 1, maxLength: 3 })
    .chain((parts) => fc.constantFrom(parts.join(' '), parts.join(''))),
  sku: fc.constantFrom(...skus),
  barcode: fc.constantFrom(...barcodes),
  active: fc.boolean(),
});

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant('upsert' as const),
    products: fc.array(modelProduct, { maxLength: 6 }),
    warehouseCode: fc.option(fc.constantFrom('W0001', 'W0002'), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    ids: fc.array(fc.integer({ min: 1, max: IDS }), { maxLength: 4 }),
  }),
);

/** Document ids the FTS index holds, read from its vocabulary (not from the content table). */
function indexedDocuments(db: Database.Database): number[] {
  db.exec(
    'CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_terms USING fts5vocab(main, product_search, instance)',
  );
  return db.prepare<[], number>('SELECT DISTINCT doc FROM temp.search_terms ORDER BY doc').pluck().all();
}

describe('the search index follows the products table', () => {
  let catalogue: CatalogueFixture;
  beforeAll(() => {
    catalogue = openCatalogue();
  });
  afterAll(() => catalogue.close());

  it('after any sequence of upserts and deletes', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 12 }), (operations) => {
        const { db, repository, lookup } = catalogue;
        repository.deleteProducts(repository.productIds());
        const model = new Map<number, ModelProduct>();
        operations.forEach((step, index) => {
          if (step.kind === 'delete') {
            repository.deleteProducts(step.ids);
            for (const id of step.ids) model.delete(id);
            return;
          }
          const records = step.products.map((item) => product(item.id, { ...item, stock: String(index) }));
          repository.upsertProducts(records, { warehouseCode: step.warehouseCode, syncedAt: index });
          for (const item of step.products) model.set(item.id, item);
        });

        repository.checkSearchIndex();
        const ids = [...model.keys()].sort((left, right) => left - right);
        expect(repository.productIds()).toEqual(ids);
        expect(indexedDocuments(db)).toEqual(ids);
        for (const item of model.values()) {
          expect(lookup.search(item.sku).map((found) => found.id)).toContain(item.id);
          if (item.barcode !== '')
            expect(lookup.search(item.barcode).map((found) => found.id)).toContain(item.id);
          const words = item.name.split(' ');
          expect(lookup.search(words[0] ?? '').map((found) => found.id)).toContain(item.id);
          // The barcode lookup's answer, predicted from the model: same key, active first, lowest id.
          const expected = [...model.values()]
            .filter(
              (other) =>
                barcodeKey(other.barcode) !== undefined &&
                barcodeKey(other.barcode) === barcodeKey(item.barcode),
            )
            .sort((left, right) => Number(right.active) - Number(left.active) || left.id - right.id)[0];
          expect(lookup.findByBarcode(item.barcode)?.id).toBe(expected?.id);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('would notice a write that bypassed the repository (the check above can fail), and rebuilds', () => {
    const own = openCatalogue();
    try {
      own.repository.upsertProducts([product(1, { name: 'ชาเขียว' })], { syncedAt: 1 });
      own.repository.checkSearchIndex();
      own.db.prepare("UPDATE products SET name = 'สบู่' WHERE id = 1").run();
      expect(() => own.repository.checkSearchIndex()).toThrow(/malformed|corrupt/i);
      own.repository.rebuildSearchIndex();
      own.repository.checkSearchIndex();
      expect(own.lookup.search('สบู่').map((found) => found.id)).toEqual([1]);
      expect(own.lookup.search('ชาเขียว')).toEqual([]);
    } finally {
      own.close();
    }
  });
});
