// The reserved shelf prefix (decision 0021): a shelf code's exact shape, and no product barcode or sku
// under the prefix, in any case, so a scan is a shelf or a product by its text alone.
import { describe, expect, it } from 'vitest';
import { checkBarcode, hasShelfPrefix, isShelfCode } from '../../src-shared/barcode/index.js';
import { checkProductFields, type ProductFields } from '../../src-shared/products/product-form.js';

const FIELDS: ProductFields = {
  name: 'ปลากระป๋อง',
  sku: 'FISH-1',
  barcode: '',
  sellprice: null,
  purchaseprice: null,
  unittext: '',
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

describe('shelf codes', () => {
  it('takes SHELF- and 1 to 26 capitals, digits or hyphens, and nothing else', () => {
    for (const code of ['SHELF-A', 'SHELF-A-01', `SHELF-${'9'.repeat(26)}`, '\u0002SHELF-B1\r']) {
      expect(isShelfCode(code)).toBe(true);
    }
    for (const code of [
      'SHELF-',
      'SHELF--A',
      'shelf-a',
      'SHELF-a',
      'SHELF-A_1',
      `SHELF-${'9'.repeat(27)}`,
      'A-01',
    ]) {
      expect(isShelfCode(code)).toBe(false);
    }
  });

  it('refuses the prefix, in any case, for a product barcode and sku', () => {
    expect(hasShelfPrefix('shelf-x')).toBe(true);
    expect(hasShelfPrefix('SHELFA')).toBe(false);
    expect(checkBarcode('Shelf-7')).toEqual({ ok: false, reason: 'shelfPrefix', barcode: 'Shelf-7' });
    expect(checkBarcode('SH-7').ok).toBe(true);
    const issues = checkProductFields(
      { ...FIELDS, sku: 'SHELF-A1', barcode: 'SHELF-A2' },
      { checkSku: true },
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        { field: 'sku', problem: 'shelfPrefix' },
        { field: 'barcode', problem: 'shelfPrefix' },
      ]),
    );
    expect(checkProductFields(FIELDS, { checkSku: true })).toEqual([]);
  });
});
