// Products made and changed on this PC, in the catalogue of a real SQLite file with the real outbox
// write API and counting beside it: a pull that brings a product made here lands on its row (one row,
// with its count line, its open count write and its marks moved to the server id); a pull never
// overwrites a change still on its way; 4 or more digits find barcodes ending with them, through the
// index of migration 0010.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProductEdits } from '../../../src-main/catalog/product-edits.js';
import { outboxProductWrites } from '../../../src-main/catalog/product-writes.js';
import { CountingService } from '../../../src-main/counting/index.js';
import { Warehouse } from '../../../src-shared/api/records.js';
import { gtinCheckDigit } from '../../../src-shared/barcode/index.js';
import { openCatalogue, product, type CatalogueFixture } from './catalogue-test-support.js';

const BARCODE = `885123450017${String(gtinCheckDigit('885123450017'))}`;

const fields = {
  name: 'Jasmine rice',
  sku: 'WH-N0001',
  barcode: BARCODE,
  sellprice: 12.5,
  purchaseprice: null,
  unittext: 'bag',
  categoryId: null,
  sellVatStatus: null,
  purchaseVatStatus: null,
  weight: null,
  width: null,
  length: null,
  height: null,
  properties: [],
  tags: [],
};

let fx: CatalogueFixture;
let edits: ProductEdits;
let counting: CountingService;

beforeEach(() => {
  fx = openCatalogue();
  fx.repository.upsertProducts([product(7, { barcode: '8850000000007' })], {
    warehouseCode: 'W0001',
    syncedAt: 1,
  });
  fx.repository.replaceWarehouses([Warehouse.parse({ id: 1, code: 'W0001', name: 'Main' })]);
  counting = new CountingService(fx.db);
  edits = new ProductEdits({
    db: fx.db,
    repository: fx.repository,
    lookup: fx.lookup,
    writes: outboxProductWrites(fx.db),
    usage: { openCountsHolding: (id) => counting.openCountsHolding(id), queuedStockWrites: () => 0 },
    pcName: 'wh-01',
    now: () => 1_000,
  });
});

afterEach(() => fx.close());

const rowsWithSku = (sku: string) =>
  fx.db.prepare<[string], { id: number }>('SELECT id FROM products WHERE sku = ?').all(sku);

describe('a product made on this PC', () => {
  it('is one row before and after the pull that brings it, with its count and marks moved', () => {
    expect(edits.proposeSku()).toEqual({ sku: 'WH01-N0001' });
    const made = edits.createProduct(fields);
    expect(made.productId).toBe(-made.operationId);
    expect(fx.lookup.lookupCode(BARCODE)?.id).toBe(made.productId);
    const session = counting.createSession({ warehouseCode: 'W0001', driftPolicy: 'keepCounted' });
    counting.scan({ sessionId: session.id, code: BARCODE, quantity: 4, counter: 'Noi' });
    const { operationIds } = counting.commit({ sessionId: session.id });
    const countRow = () =>
      fx.db
        .prepare<[number], { product_id: number; order_key: string; depends_on: number }>(
          'SELECT product_id, order_key, depends_on FROM outbox_operations WHERE id = ?',
        )
        .get(operationIds[0] ?? 0);
    const create = fx.db
      .prepare<[number], { order_key: string }>('SELECT order_key FROM outbox_operations WHERE id = ?')
      .get(made.operationId);
    // The count waits for the create: its order key, and the create it depends on.
    expect(countRow()).toEqual({
      product_id: made.productId,
      order_key: create?.order_key,
      depends_on: made.operationId,
    });

    fx.repository.upsertProducts(
      [product(500, { sku: 'WH-N0001', barcode: BARCODE, name: 'Jasmine rice' })],
      {
        warehouseCode: 'W0001',
        syncedAt: 2,
      },
    );
    expect(rowsWithSku('WH-N0001')).toEqual([{ id: 500 }]);
    expect(fx.lookup.lookupCode(BARCODE)?.id).toBe(500);
    expect(fx.lookup.search('Jasmine').map((row) => row.id)).toEqual([500]);
    expect(countRow()?.product_id).toBe(500);
    expect(counting.lines(session.id).find((line) => line.kind === 'product')).toMatchObject({
      product: { id: 500 },
    });
    expect(edits.productFields(500).changes.map((change) => change.change)).toEqual(['create']);
    fx.repository.checkSearchIndex();
    // A second pull of the same product changes nothing more.
    fx.repository.upsertProducts([product(500, { sku: 'WH-N0001', barcode: BARCODE })], { syncedAt: 3 });
    expect(rowsWithSku('WH-N0001')).toEqual([{ id: 500 }]);
  });

  it('refuses a sku or barcode another product has, and a misread GTIN, queueing nothing', () => {
    const refusal = (work: () => unknown) => {
      try {
        work();
      } catch (error) {
        return error;
      }
      throw new Error('not refused');
    };
    expect(refusal(() => edits.createProduct({ ...fields, sku: 'SKU-7' }))).toMatchObject({
      code: 'conflict',
      fields: [{ path: 'fields.sku', message: 'skuTaken' }],
    });
    expect(refusal(() => edits.createProduct({ ...fields, barcode: '8850000000007' }))).toMatchObject({
      fields: expect.arrayContaining([{ path: 'fields.barcode', message: 'barcodeTaken' }]),
    });
    expect(refusal(() => edits.createProduct({ ...fields, barcode: '8851234500170' }))).toMatchObject({
      code: 'invalid-arguments',
      fields: [{ path: 'fields.barcode', message: 'checkDigit' }],
    });
    expect(fx.db.prepare('SELECT count(*) AS n FROM outbox_operations').get()).toEqual({ n: 0 });
  });
});

describe('a change on its way', () => {
  // Product 7's barcode has a wrong check digit (the store gave it so): a price change still saves.
  it('is not overwritten by a pull until it is done', () => {
    const { sku: _sku, properties: _properties, ...editable } = fields;
    const change = edits.updateProduct(7, {
      ...editable,
      name: 'Product 7',
      barcode: '8850000000007',
      sellprice: 20,
    });
    expect(fx.lookup.findById(7)?.sellprice).toBe(20);
    fx.repository.upsertProducts([product(7, { barcode: '8850000000007', sellprice: '10' })], {
      syncedAt: 2,
    });
    expect(fx.lookup.findById(7)?.sellprice).toBe(20);
    expect(edits.productFields(7).sendState).toBe('waitingToSend');
    fx.db.prepare("UPDATE outbox_operations SET state = 'done' WHERE id = ?").run(change.operationId);
    fx.repository.upsertProducts([product(7, { barcode: '8850000000007', sellprice: '20' })], {
      syncedAt: 3,
    });
    expect(fx.lookup.findById(7)?.sellprice).toBe(20);
    expect(edits.productFields(7).sendState).toBeNull();
  });
});

describe('the end of a barcode', () => {
  it('4 or more digits find barcodes ending with them, through the index', () => {
    fx.repository.upsertProducts(
      [product(8, { barcode: '8850000012345' }), product(9, { barcode: '8850000099345' })],
      { syncedAt: 1 },
    );
    expect(fx.lookup.search('12345').map((row) => row.id)).toEqual([8]);
    expect(fx.lookup.search('9345').map((row) => row.id)).toEqual([9]);
    expect(fx.lookup.searchPage('345', 0, 25).rows.map((row) => row.id)).toEqual([]);
    const plan = fx.db
      .prepare<[], { detail: string }>(
        "EXPLAIN QUERY PLAN SELECT id FROM products WHERE substr(barcode, -4) = '2345' AND barcode <> '' AND barcode LIKE '%12345'",
      )
      .all()
      .map((row) => row.detail)
      .join(' ');
    expect(plan).toContain('products_by_barcode_end');
  });
});
