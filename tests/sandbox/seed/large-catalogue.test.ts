// `--products 100000`: a benchmark-sized catalogue, still unique where it must be and valid throughout.
// Timing is measured by the benchmarks, never asserted here.
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../src-shared/api/endpoints/index.js';
import { isValidGtin } from '../../../src-shared/barcode/index.js';
import { DEMO_SEED } from '../../../src-main/sandbox/seed/index.js';
import { generateCatalogue } from '../../../src-main/sandbox/seed/products.js';
import { ANCHOR } from './seed-fixtures.js';

describe('a 100,000-product catalogue', () => {
  const { products } = generateCatalogue({ seed: DEMO_SEED, count: 100_000, anchor: ANCHOR });

  it('has 100,000 products with unique SKUs and unique valid barcodes', () => {
    expect(products).toHaveLength(100_000);
    expect(new Set(products.map((product) => product.body.sku)).size).toBe(100_000);
    const barcodes = products.flatMap((product) => (product.body.barcode ? [product.body.barcode] : []));
    expect(barcodes.length).toBeGreaterThan(99_000);
    expect(new Set(barcodes).size).toBe(barcodes.length);
    expect(barcodes.every(isValidGtin)).toBe(true);
  });

  it('keeps names mostly distinct and every body valid', () => {
    expect(new Set(products.map((product) => product.body.name)).size).toBeGreaterThan(50_000);
    // Every 97th body: the schema is the same for all, and parsing 100,000 would only cost time.
    for (let index = 0; index < products.length; index += 97) {
      expect(endpoints.AddProduct.body.safeParse(products[index]?.body).success).toBe(true);
    }
  });
});
