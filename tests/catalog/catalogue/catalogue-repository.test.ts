import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCatalogue, product, type CatalogueFixture } from './catalogue-test-support.js';

interface StoredRecord {
  record_json: string;
}

describe('CatalogueRepository', () => {
  let catalogue: CatalogueFixture;
  beforeEach(() => {
    catalogue = openCatalogue();
  });
  afterEach(() => catalogue.close());

  const storedRecord = (id: number): Record<string, unknown> => {
    const row = catalogue.db
      .prepare<[number], StoredRecord>('SELECT record_json FROM products WHERE id = ?')
      .get(id);
    if (row === undefined) throw new Error(`no product ${id}`);
    return JSON.parse(row.record_json) as Record<string, unknown>;
  };

  describe('products', () => {
    it('upserts by id: a re-upsert changes the fields and keeps fields the spec does not name', () => {
      const { repository, lookup } = catalogue;
      repository.upsertProducts([product(7, { name: 'เดิม', sellprice: '12.50', shelf: 'A-3' })], {
        syncedAt: 1,
      });
      repository.upsertProducts(
        [
          product(7, {
            name: 'ใหม่',
            sellprice: '1,250.75',
            purchaseprice: 800,
            active: false,
            supplier: { code: 9 },
          }),
        ],
        { syncedAt: 2 },
      );
      expect(repository.productIds()).toEqual([7]);
      expect(lookup.product(7)).toMatchObject({
        name: 'ใหม่',
        sellprice: 1250.75,
        purchaseprice: 800,
        active: false,
      });
      // Last write wins: the stored record is the newest one, with its own unknown fields.
      expect(storedRecord(7)).toMatchObject({ name: 'ใหม่', supplier: { code: 9 } });
      expect(storedRecord(7)).not.toHaveProperty('shelf');
    });

    it('writes nothing for an unchanged re-pull, while its stock figures still land', () => {
      const { repository, lookup, db } = catalogue;
      const syncedAt = (): unknown => db.prepare('SELECT synced_at FROM products WHERE id = 1').pluck().get();
      repository.upsertProducts([product(1, { stock: '5' })], { warehouseCode: 'W0001', syncedAt: 1 });
      repository.upsertProducts([product(1, { stock: '7' })], { warehouseCode: 'W0001', syncedAt: 2 });
      expect(syncedAt()).toBe(1);
      expect(lookup.serverStock(1, 'W0001')).toEqual({ stock: 7, availablestock: 5, syncedAt: 2 });
      // Stock figures belong to a warehouse: they are not part of the stored record.
      expect(storedRecord(1)).not.toHaveProperty('stock');
      repository.upsertProducts([product(1, { stock: '7', name: 'changed' })], {
        warehouseCode: 'W0001',
        syncedAt: 3,
      });
      expect(syncedAt()).toBe(3);
      expect(lookup.search('changed').map((found) => found.id)).toEqual([1]);
    });

    it('keeps products that share a sku or a number apart: the key is the server id', () => {
      catalogue.repository.upsertProducts([product(1, { sku: 'SAME' }), product(2, { sku: 'SAME' })], {
        syncedAt: 1,
      });
      expect(catalogue.repository.productIds()).toEqual([1, 2]);
    });

    it('stores the detail fields: category, variants, properties, tags', () => {
      catalogue.repository.upsertProducts(
        [
          product(3, {
            categoryid: 12,
            category: 'เครื่องดื่ม',
            variationid: 4,
            variant: [{ variantid: 41, variantname: 'สี', name: 'แดง' }],
            properties: [{ id: 1, name: 'ประเทศผู้ผลิต', value: 'ไทย' }],
            tag: ['ขายดี'],
          }),
        ],
        { syncedAt: 1 },
      );
      expect(catalogue.lookup.product(3)).toMatchObject({
        category: { id: 12, name: 'เครื่องดื่ม' },
        variants: [{ variantid: 41, variantname: 'สี', name: 'แดง' }],
        properties: [{ id: 1, name: 'ประเทศผู้ผลิต', value: 'ไทย' }],
        tags: ['ขายดี'],
      });
      expect(catalogue.lookup.product(4)).toBeUndefined();
    });

    it('stores stock per warehouse only when the call names one, and a later pull overwrites it', () => {
      const { repository, lookup } = catalogue;
      repository.upsertProducts([product(1, { stock: '99', availablestock: '98' })], { syncedAt: 1 });
      expect(lookup.serverStock(1, 'W0001')).toBeUndefined();

      repository.upsertProducts([product(1, { stock: '10', availablestock: '8' })], {
        warehouseCode: 'W0001',
        syncedAt: 2,
      });
      repository.upsertProducts(
        [product(1, { stock: '4.5', availablestock: 4 }), product(2, { stock: '0' })],
        {
          warehouseCode: 'W0002',
          syncedAt: 3,
        },
      );
      expect(lookup.serverStock(1, 'W0001')).toEqual({ stock: 10, availablestock: 8, syncedAt: 2 });
      expect(lookup.serverStock(1, 'W0002')).toEqual({ stock: 4.5, availablestock: 4, syncedAt: 3 });
      expect(lookup.product(1)?.stockByWarehouse).toEqual([
        { warehouseCode: 'W0001', stock: 10, availablestock: 8 },
        { warehouseCode: 'W0002', stock: 4.5, availablestock: 4 },
      ]);

      repository.upsertProducts([product(1, { stock: '11', availablestock: '9' })], {
        warehouseCode: 'W0001',
        syncedAt: 4,
      });
      expect(lookup.serverStock(1, 'W0001')).toEqual({ stock: 11, availablestock: 9, syncedAt: 4 });
      // A call without a warehouse changes product fields only.
      repository.upsertProducts([product(1, { stock: '500', name: 'renamed' })], { syncedAt: 5 });
      expect(lookup.serverStock(1, 'W0001')).toEqual({ stock: 11, availablestock: 9, syncedAt: 4 });
      expect(lookup.productsInWarehouse('W0002')).toEqual([
        { productId: 1, stock: 4.5 },
        { productId: 2, stock: 0 },
      ]);
      expect(lookup.productsInWarehouse('W0009')).toEqual([]);
    });

    it('writes no stock row for a record without figures, and keeps a stored figure the record lacks', () => {
      const { repository, lookup } = catalogue;
      repository.upsertProducts([product(1)], { warehouseCode: 'W0001', syncedAt: 1 });
      expect(lookup.serverStock(1, 'W0001')).toBeUndefined();
      repository.upsertProducts([product(1, { stock: '5' })], { warehouseCode: 'W0001', syncedAt: 2 });
      expect(lookup.serverStock(1, 'W0001')).toEqual({ stock: 5, availablestock: 5, syncedAt: 2 });
      repository.upsertProducts([product(1, { availablestock: '3' })], {
        warehouseCode: 'W0001',
        syncedAt: 3,
      });
      expect(lookup.serverStock(1, 'W0001')).toEqual({ stock: 5, availablestock: 3, syncedAt: 3 });
    });

    it('deletes products with their stock rows and search entries', () => {
      const { repository, lookup, db } = catalogue;
      repository.upsertProducts(
        [product(1, { name: 'ไม้กวาดดอกหญ้า', stock: '3' }), product(2, { name: 'ไม้ถูพื้น', stock: '1' })],
        {
          warehouseCode: 'W0001',
          syncedAt: 1,
        },
      );
      expect(lookup.search('ไม้').map((found) => found.id)).toEqual(expect.arrayContaining([1, 2]));
      repository.deleteProducts([1, 999]);
      expect(repository.productIds()).toEqual([2]);
      expect(lookup.serverStock(1, 'W0001')).toBeUndefined();
      expect(lookup.productsInWarehouse('W0001')).toEqual([{ productId: 2, stock: 1 }]);
      expect(lookup.search('ไม้').map((found) => found.id)).toEqual([2]);
      expect(lookup.search('ไม้กวาด')).toEqual([]);
      expect(db.prepare('SELECT count(*) AS n FROM product_stock WHERE product_id = 1').get()).toEqual({
        n: 0,
      });
    });

    it('deletes stock rows even on a connection without foreign keys', () => {
      const { repository, lookup, db } = catalogue;
      db.pragma('foreign_keys = OFF');
      repository.upsertProducts([product(1, { stock: '3' })], { warehouseCode: 'W0001', syncedAt: 1 });
      repository.deleteProducts([1]);
      expect(lookup.productsInWarehouse('W0001')).toEqual([]);
    });

    it('writes a whole call or nothing: a failing record rolls the batch back', () => {
      const { repository } = catalogue;
      repository.upsertProducts([product(1)], { syncedAt: 1 });
      const broken = { ...product(3), id: 2.5 };
      expect(() => repository.upsertProducts([product(2), broken], { syncedAt: 2 })).toThrow();
      expect(repository.productIds()).toEqual([1]);
    });

    it('nests in a caller transaction: rolled back with it', () => {
      const { repository, db } = catalogue;
      expect(() =>
        db.transaction(() => {
          repository.upsertProducts([product(1)], { syncedAt: 1 });
          throw new Error('caller gave up');
        })(),
      ).toThrow('caller gave up');
      expect(repository.productIds()).toEqual([]);
    });
  });
});
