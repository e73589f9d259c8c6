// The generated catalogue: deterministic, a prefix of itself at larger counts, valid and unique
// identifiers, Thai names, variations, stock per warehouse and creation times.
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../src-shared/api/endpoints/index.js';
import { isValidGtin } from '../../../src-shared/barcode/index.js';
import { DEFAULT_DEMO_PRODUCTS, DEMO_SEED, generateDemoStore } from '../../../src-main/sandbox/seed/index.js';
import { generateCatalogue, MAX_PRODUCTS } from '../../../src-main/sandbox/seed/products.js';
import { CATALOGUE_SPAN_MS, type WarehouseCode } from '../../../src-main/sandbox/seed/stock.js';
import { ANCHOR, REFERENCE } from './seed-fixtures.js';

const THAI = /[\u0E00-\u0E7F]/;
const catalogue = generateCatalogue({ seed: DEMO_SEED, count: DEFAULT_DEMO_PRODUCTS, anchor: ANCHOR });
const { products } = catalogue;

describe('the demo catalogue', () => {
  it('is the same for the same options, byte for byte', () => {
    const again = generateCatalogue({ seed: DEMO_SEED, count: DEFAULT_DEMO_PRODUCTS, anchor: ANCHOR });
    expect(JSON.stringify(again)).toBe(JSON.stringify(catalogue));
    const store = () => JSON.stringify(generateDemoStore({ anchor: ANCHOR, ...REFERENCE }));
    expect(store()).toBe(store());
  });

  it('differs for another seed', () => {
    const other = generateCatalogue({ seed: 'another', count: 50, anchor: ANCHOR });
    expect(other.products.map((product) => product.body.name)).not.toEqual(
      products.slice(0, 50).map((product) => product.body.name),
    );
  });

  it('is a prefix of a larger catalogue: smaller counts share the first products', () => {
    const small = generateCatalogue({ seed: DEMO_SEED, count: 300, anchor: ANCHOR });
    expect(small.products.map((product) => product.body)).toEqual(products.slice(0, 300).map((p) => p.body));
    const stock = (list: typeof products) =>
      list.map((product) => [product.facts.stock, product.facts.active]);
    expect(stock(small.products)).toEqual(stock(products.slice(0, 300)));
  });

  it('holds at least 2,000 products by default, every body valid for AddProduct', () => {
    expect(products.length).toBeGreaterThanOrEqual(2000);
    for (const product of products) {
      const parsed = endpoints.AddProduct.body.safeParse(product.body);
      expect(parsed.success, `${product.body.sku} ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('gives unique SKUs and unique, valid Thai EAN-13 barcodes to goods; services have none', () => {
    expect(new Set(products.map((product) => product.body.sku)).size).toBe(products.length);
    const goods = products.filter((product) => product.body.producttype !== 1);
    const barcodes = goods.map((product) => product.body.barcode ?? '');
    for (const barcode of barcodes) {
      expect(barcode).toMatch(/^885\d{10}$/);
      expect(isValidGtin(barcode), barcode).toBe(true);
    }
    expect(new Set(barcodes).size).toBe(barcodes.length);
    const services = products.filter((product) => product.body.producttype === 1);
    expect(services.length).toBeGreaterThan(0);
    for (const service of services) {
      expect(service.body.barcode).toBeUndefined();
      expect(service.facts.stock).toEqual({});
    }
  });

  it('names products in Thai, mostly distinctly, over about 25 categories with units', () => {
    for (const product of products) expect(product.body.name).toMatch(THAI);
    expect(new Set(products.map((product) => product.body.name)).size).toBeGreaterThan(products.length * 0.9);
    const categories = new Set(products.map((product) => product.body.category));
    expect(categories.size).toBeGreaterThanOrEqual(20);
    expect(catalogue.categories.length).toBeGreaterThanOrEqual(25);
    const units = new Set(products.map((product) => product.body.unittext));
    expect([...units]).toEqual(expect.arrayContaining(['ชิ้น', 'ขวด', 'กล่อง', 'แพ็ค', 'ถุง', 'กิโลกรัม']));
  });

  it('prices with two decimals, purchase below sell', () => {
    for (const { body } of products) {
      expect(body.sellprice).toMatch(/^\d+\.\d{2}$/);
      expect(body.purchaseprice).toMatch(/^\d+\.\d{2}$/);
      expect(Number(body.purchaseprice)).toBeLessThan(Number(body.sellprice));
    }
  });

  it('has tags, properties, a few inactive products and weights on goods', () => {
    expect(products.some((product) => (product.body.tag ?? []).length > 0)).toBe(true);
    expect(products.some((product) => (product.body.properties ?? []).length > 0)).toBe(true);
    const inactive = products.filter((product) => !product.facts.active).length;
    expect(inactive).toBeGreaterThan(0);
    expect(inactive).toBeLessThan(products.length * 0.1);
    for (const product of products.filter((item) => item.body.producttype !== 1)) {
      expect(Number(product.body.weight)).toBeGreaterThan(0);
    }
  });

  it('puts a share of products in variations whose variants they carry', () => {
    const members = products.filter((product) => product.facts.variation);
    expect(members.length).toBeGreaterThan(products.length * 0.05);
    for (const member of members) {
      const variation = catalogue.variations[member.facts.variation?.index ?? -1];
      expect(variation).toBeDefined();
      for (const value of member.facts.variation?.variant ?? []) {
        expect(variation?.variants).toContainEqual(value);
        expect(member.body.name).toContain(value.name);
      }
    }
    expect(new Set(catalogue.variations.map((variation) => variation.sku)).size).toBe(
      catalogue.variations.length,
    );
  });

  it('keeps most stock in W0001, some in W0002 and a little in W0003', () => {
    const kept = (code: WarehouseCode) =>
      products.filter((product) => (product.facts.stock[code] ?? 0) > 0).length;
    expect(kept('W0001')).toBeGreaterThan(kept('W0002'));
    expect(kept('W0002')).toBeGreaterThan(kept('W0003'));
    expect(kept('W0003')).toBeGreaterThan(0);
    for (const product of products) {
      for (const value of Object.values(product.facts.stock)) expect(value).toBeGreaterThanOrEqual(0);
    }
  });

  it('spreads creation over the two years before the anchor, in id order', () => {
    let previous = -Infinity;
    for (const product of products) {
      expect(product.facts.createdAt).toBeGreaterThanOrEqual(previous);
      previous = product.facts.createdAt;
    }
    expect(products[0]?.facts.createdAt).toBeLessThan(ANCHOR - CATALOGUE_SPAN_MS + 7 * 86_400_000);
    expect(previous).toBeLessThan(ANCHOR);
  });

  it('refuses a count it cannot give unique barcodes', () => {
    expect(() => generateCatalogue({ seed: DEMO_SEED, count: MAX_PRODUCTS + 1, anchor: ANCHOR })).toThrow(
      RangeError,
    );
    expect(generateCatalogue({ seed: DEMO_SEED, count: 0, anchor: ANCHOR }).products).toEqual([]);
  });
});
