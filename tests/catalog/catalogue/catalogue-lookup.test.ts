import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCatalogue, product, type CatalogueFixture } from './catalogue-test-support.js';

describe('CatalogueLookup', () => {
  let catalogue: CatalogueFixture;
  beforeEach(() => {
    catalogue = openCatalogue();
  });
  afterEach(() => catalogue.close());

  const upsert = (...records: ReturnType<typeof product>[]): void =>
    catalogue.repository.upsertProducts(records, { syncedAt: 1 });
  const ids = (text: string, limit?: number): number[] =>
    catalogue.lookup.search(text, limit === undefined ? {} : { limit }).map((found) => found.id);

  describe('lookupCode', () => {
    it('returns the product view with numbers as numbers', () => {
      upsert(
        product(1, {
          name: 'น้ำดื่ม 600 มล.',
          sku: 'W-600',
          barcode: '8851234567898',
          sellprice: '7.00',
          purchaseprice: 4.5,
          unittext: 'ขวด',
          imagepath: 'https://img/1.png',
        }),
      );
      expect(catalogue.lookup.lookupCode('8851234567898')).toEqual({
        id: 1,
        sku: 'W-600',
        barcode: '8851234567898',
        name: 'น้ำดื่ม 600 มล.',
        unittext: 'ขวด',
        sellprice: 7,
        purchaseprice: 4.5,
        active: true,
        imagepath: 'https://img/1.png',
      });
    });

    it('tries the barcode before the sku', () => {
      upsert(
        product(1, { sku: '8851234567898', barcode: '' }),
        product(2, { sku: 'OTHER', barcode: '8851234567898' }),
      );
      expect(catalogue.lookup.lookupCode('8851234567898')?.id).toBe(2);
      expect(catalogue.lookup.lookupCode('OTHER')?.id).toBe(2);
    });

    it('falls back to the exact sku, case and all', () => {
      upsert(product(1, { sku: 'abc-1' }), product(2, { sku: 'ABC-1' }));
      expect(catalogue.lookup.lookupCode('ABC-1')?.id).toBe(2);
      expect(catalogue.lookup.lookupCode('abc-1')?.id).toBe(1);
      expect(catalogue.lookup.lookupCode('abc')).toBeUndefined();
    });

    it('prefers an active product among equal barcodes, then the lowest id', () => {
      upsert(
        product(3, { barcode: '8850000000019', active: true }),
        product(1, { barcode: '8850000000019', active: false }),
        product(2, { barcode: '8850000000019', active: true }),
      );
      expect(catalogue.lookup.lookupCode('8850000000019')?.id).toBe(2);
      upsert(product(2, { barcode: '8850000000019', active: false }));
      expect(catalogue.lookup.lookupCode('8850000000019')?.id).toBe(3);
      upsert(product(3, { barcode: '8850000000019', active: false }));
      expect(catalogue.lookup.lookupCode('8850000000019')?.id).toBe(1);
    });

    it('prefers an active product among equal skus, then the lowest id', () => {
      upsert(
        product(5, { sku: 'DUP' }),
        product(4, { sku: 'DUP', active: false }),
        product(6, { sku: 'DUP' }),
      );
      expect(catalogue.lookup.lookupCode('DUP')?.id).toBe(5);
    });

    it('strips what a scanner adds around the code: control characters and spaces', () => {
      upsert(product(1, { barcode: '8851234567898' }), product(2, { sku: 'P-2' }));
      expect(catalogue.lookup.lookupCode('\u00028851234567898\u0003\r\n')?.id).toBe(1);
      expect(catalogue.lookup.lookupCode('  8851234567898\t')?.id).toBe(1);
      expect(catalogue.lookup.lookupCode('\u001dP-2\n')?.id).toBe(2);
    });

    it('finds an EAN-13 product from its 12-digit UPC-A scan, and a UPC-A product from its EAN-13 scan', () => {
      upsert(product(1, { barcode: '0036000291452' }), product(2, { barcode: '042100005264' }));
      expect(catalogue.lookup.lookupCode('036000291452')?.id).toBe(1);
      expect(catalogue.lookup.lookupCode('0042100005264')?.id).toBe(2);
      expect(catalogue.lookup.lookupCode('042100005264')?.id).toBe(2);
      // Twelve digits with a wrong check digit are not a UPC-A: no EAN-13 form is tried.
      expect(catalogue.lookup.lookupCode('036000291453')).toBeUndefined();
    });

    it('reads a GTIN-14 with indicator 0 as the EAN-13 it wraps, but not another packaging level', () => {
      upsert(product(1, { barcode: '8851234567898' }), product(2, { barcode: '036000291452' }));
      expect(catalogue.lookup.lookupCode('08851234567898')?.id).toBe(1);
      expect(catalogue.lookup.lookupCode('00036000291452')?.id).toBe(2);
      // Indicator 1 is a case of the product, a different item; 08851234567891 has a wrong check digit.
      expect(catalogue.lookup.lookupCode('18851234567895')).toBeUndefined();
      expect(catalogue.lookup.lookupCode('08851234567891')).toBeUndefined();
    });

    it('answers undefined for an unknown, empty or blank code', () => {
      upsert(product(1, { barcode: '8851234567898' }));
      expect(catalogue.lookup.lookupCode('8851234567881')).toBeUndefined();
      expect(catalogue.lookup.lookupCode('')).toBeUndefined();
      expect(catalogue.lookup.lookupCode(' \r\n')).toBeUndefined();
    });

    it('findByBarcode and findBySku look in one place only', () => {
      upsert(product(1, { sku: '111', barcode: '222' }));
      expect(catalogue.lookup.findByBarcode('222')?.id).toBe(1);
      expect(catalogue.lookup.findByBarcode('111')).toBeUndefined();
      expect(catalogue.lookup.findBySku('111')?.id).toBe(1);
      expect(catalogue.lookup.findBySku('222')).toBeUndefined();
    });
  });

  describe('search', () => {
    it('finds Latin words by prefix, ignoring case and accents', () => {
      upsert(product(1, { name: 'Coca-Cola Zero 325 ml' }), product(2, { name: 'Café Amazon Espresso' }));
      expect(ids('coc')).toEqual([1]);
      expect(ids('zer 32')).toEqual([1]);
      expect(ids('cafe')).toEqual([2]);
      expect(ids('espresso coca')).toEqual([]);
    });

    it('finds a Thai word that begins a product name', () => {
      upsert(
        product(1, { name: 'น้ำปลาแท้ตราปลาหมึก 700 มล.' }),
        product(2, { name: 'ผ้าขนหนูคอตตอน บ้านสุข สีขาว' }),
        product(3, { name: 'ปลากระป๋อง สามแม่ครัว' }),
      );
      expect(ids('น้ำปลา')).toEqual([1]);
      expect(ids('ผ้าขนหนู')).toEqual([2]);
      // A name that starts with the word ranks above one with the word inside a run.
      expect(ids('ปลา')).toEqual([3, 1]);
    });

    it('finds a Thai word inside a run without spaces, and half-typed Thai', () => {
      upsert(
        product(1, { name: 'น้ำปลาแท้ตราปลาหมึก 700 มล.' }),
        product(2, { name: 'ผ้าขนหนูคอตตอน บ้านสุข สีขาว' }),
        product(3, { name: 'กระดาษทิชชู่ สุขโปร' }),
      );
      expect(ids('ปลาหมึก')).toEqual([1]);
      expect(ids('ตราปลา')).toEqual([1]);
      expect(ids('คอตตอน')).toEqual([2]);
      expect(ids('ผ้าขนหนูคอต')).toEqual([2]);
      expect(ids('ทิชชู')).toEqual([3]);
      expect(ids('สีขาว บ้าน')).toEqual([2]);
      expect(ids('สุข').sort()).toEqual([2, 3]);
    });

    it('finds Thai typed without the spaces the name has', () => {
      upsert(product(1, { name: 'ปลาหมึก แห้ง ตราทะเล' }), product(2, { name: 'ปลาหมึก สด' }));
      expect(ids('ปลาหมึกแห้ง')).toEqual([1]);
    });

    it('finds by sku and by barcode prefix', () => {
      upsert(
        product(1, { sku: 'SKU-000123', barcode: '8851234567898' }),
        product(2, { sku: 'SKU-000999', barcode: '8859999999990' }),
      );
      expect(ids('SKU-000123')).toEqual([1]);
      expect(ids('sku-0001')).toEqual([1]);
      expect(ids('885123')).toEqual([1]);
      expect(ids('885').sort()).toEqual([1, 2]);
    });

    it('puts a product whose sku or barcode is exactly the text before every other match', () => {
      upsert(
        product(1, { name: 'Holder for AB-10 AB-10 AB-10', sku: 'H-1' }),
        product(2, { name: 'Something', sku: 'AB-100' }),
        product(3, { name: 'Other', sku: 'AB-10' }),
        product(4, { name: 'Boxed', sku: 'X', barcode: '12345678' }),
        product(5, { name: '12345678 multipack', sku: 'Y' }),
      );
      expect(ids('AB-10')[0]).toBe(3);
      expect(ids('AB-10').sort()).toEqual([1, 2, 3]);
      expect(ids('12345678')).toEqual([4, 5]);
    });

    it('ranks a name that matches better higher (bm25)', () => {
      upsert(
        product(1, { name: 'ชุดของขวัญ กาแฟ ชา โกโก้ ขนม คุกกี้ และอื่น ๆ อีกมากมาย' }),
        product(2, { name: 'กาแฟ กาแฟ' }),
      );
      expect(ids('กาแฟ')).toEqual([2, 1]);
    });

    it('takes FTS5 syntax characters in typed text as text, never as an error', () => {
      upsert(product(1, { name: 'ถุงมือ (M) "ยาง" 2*3 + AND OR NOT', sku: 'GLOVE:M' }));
      const texts = [
        '"',
        '""',
        '*',
        '(',
        ')',
        'AND',
        'OR (',
        'NEAR(a b)',
        '^ถุง',
        'name:ถุง',
        '-',
        '{name}: x',
        "'",
        'a"b',
        '+',
        ':',
        '\u0000',
        '(M)',
        'GLOVE:M',
        '"ยาง"',
        'NOT',
      ];
      for (const text of texts) expect(() => catalogue.lookup.search(text)).not.toThrow();
      expect(ids('(M)')).toEqual([1]);
      expect(ids('"ยาง"')).toEqual([1]);
      expect(ids('GLOVE:M')).toEqual([1]);
      expect(ids('^ถุง')).toEqual([1]);
      expect(ids('AND')).toEqual([1]);
      expect(ids('')).toEqual([]);
      expect(ids('   ')).toEqual([]);
    });

    it('orders a very broad match (over 2,000 products) by where the typed text sits in the name', () => {
      const broad = Array.from({ length: 2_100 }, (_, index) =>
        product(index + 1, { name: `ข้าวสาร ชนิดพิเศษ ${index}` }),
      );
      const startingWith = [
        product(5_001, { name: 'ชาไทย ตรามือ สูตรดั้งเดิม' }),
        product(5_002, { name: 'ชาไทย' }),
        product(5_003, { name: 'ชานม' }),
      ];
      catalogue.repository.upsertProducts([...broad, ...startingWith], { syncedAt: 1 });
      const found = ids('ช');
      expect(found).toHaveLength(50);
      // Names that start with it first (shorter first), then names with a word starting with it.
      expect(found.slice(0, 3)).toEqual([5_003, 5_002, 5_001]);
      expect(found.slice(3).every((id) => id <= 2_100)).toBe(true);
      expect(ids('ชนิด', 3)).toHaveLength(3);
    });

    it('answers at most 50 by default, or the limit given', () => {
      upsert(...Array.from({ length: 60 }, (_, index) => product(index + 1, { name: `ชาเขียว รส ${index}` })));
      expect(ids('ชาเขียว')).toHaveLength(50);
      expect(ids('ชาเขียว', 7)).toHaveLength(7);
      expect(ids('ชาเขียว', 0)).toEqual([]);
    });
  });

  describe('product detail and stock', () => {
    it('answers the product with its stock in each warehouse', () => {
      catalogue.repository.upsertProducts(
        [product(9, { stock: '12', availablestock: '10', category: 'ขนม' })],
        {
          warehouseCode: 'W0001',
          syncedAt: 100,
        },
      );
      catalogue.repository.upsertProducts(
        [product(9, { stock: '3', availablestock: '3', category: 'ขนม' })],
        {
          warehouseCode: 'W0003',
          syncedAt: 200,
        },
      );
      expect(catalogue.lookup.product(9)).toMatchObject({
        id: 9,
        category: { id: undefined, name: 'ขนม' },
        stockByWarehouse: [
          { warehouseCode: 'W0001', stock: 12, availablestock: 10 },
          { warehouseCode: 'W0003', stock: 3, availablestock: 3 },
        ],
      });
      expect(catalogue.lookup.serverStock(9, 'W0003')).toEqual({
        stock: 3,
        availablestock: 3,
        syncedAt: 200,
      });
      expect(catalogue.lookup.serverStock(9, 'W0002')).toBeUndefined();
      expect(catalogue.lookup.serverStock(10, 'W0001')).toBeUndefined();
    });
  });
});
