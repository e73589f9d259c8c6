// The demo seed applied to a real store (SQLite, every resource module's handlers, in process), read
// back through the v4 handlers: counts, stock per warehouse after the returns that moved stock, and
// what only seed support can make.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatThaiDate } from '../../../src-shared/time/index.js';
import { generateDemoStore } from '../../../src-main/sandbox/seed/index.js';
import { createSeedRunner, type SeedRunner } from '../../../src-main/sandbox/seed/runner.js';
import { WAREHOUSE_CODES } from '../../../src-main/sandbox/seed/stock.js';
import { expectedStock } from './expected-stock.js';
import { ANCHOR, REFERENCE } from './seed-fixtures.js';
import { seedTestStore, type SeededStore } from './seeded-store.js';

let seeded: SeededStore;
let reader: SeedRunner;
const demo = generateDemoStore({ anchor: ANCHOR, ...REFERENCE });

beforeAll(() => {
  seeded = seedTestStore(ANCHOR);
  reader = createSeedRunner(seeded.context, seeded.handlers);
});
afterAll(() => seeded.close());

type ListName =
  | 'GetProducts'
  | 'GetWarehouses'
  | 'GetContacts'
  | 'GetVariations'
  | 'GetCategorys'
  | 'GetBundles'
  | 'GetQuotations'
  | 'GetReturnPurchaseOrders'
  | 'GetIncomes'
  | 'GetExpenses'
  | 'GetMoneyTransfers';

function list(name: ListName, query: Record<string, string> = {}) {
  const result = reader.run(name, { at: ANCHOR, query: { limit: '500', ...query }, body: undefined }, 'read');
  return result as { list: readonly Record<string, unknown>[]; count: number };
}

describe('a demo store', () => {
  it('holds what the generator made, as the v4 lists count it', () => {
    expect(list('GetProducts').count).toBe(demo.catalogue.products.length);
    expect(list('GetProducts').count).toBeGreaterThanOrEqual(2000);
    expect(list('GetWarehouses').count).toBe(3);
    expect(list('GetContacts').count).toBe(demo.contacts.length);
    expect(list('GetVariations').count).toBe(demo.catalogue.variations.length);
    expect(list('GetCategorys').count).toBeGreaterThanOrEqual(20);
    expect(list('GetBundles').count).toBe(demo.bundles.length);
    expect(list('GetQuotations').count).toBe(30);
    expect(list('GetReturnPurchaseOrders').count).toBe(20);
    expect(list('GetIncomes').count).toBe(40);
    expect(list('GetExpenses').count).toBe(40);
    expect(list('GetMoneyTransfers').count).toBe(10);
  });

  it('has the generated active flags and back-dated creation', () => {
    const active = demo.catalogue.products.filter((product) => product.facts.active).length;
    expect(list('GetProducts', { activestatus: '1' }).count).toBe(active);
    const yearAgo = formatThaiDate(ANCHOR - 365 * 86_400_000);
    const older = list('GetProducts', { createdbefore: yearAgo }).count;
    expect(older).toBeGreaterThan(demo.catalogue.products.length * 0.4);
    expect(older).toBeLessThan(demo.catalogue.products.length * 0.6);
  });

  it('shows each warehouse the generated stock less what successful returns sent back', () => {
    for (const code of WAREHOUSE_CODES) {
      const expected = expectedStock(demo, code);
      const stock = new Map<string, number>();
      for (let page = 1; (page - 1) * 500 < demo.catalogue.products.length; page += 1) {
        const answer = list('GetProducts', { warehousecode: code, page: String(page) });
        for (const item of answer.list) stock.set(String(item['sku']), Number(item['stock']));
      }
      for (const [sku, quantity] of expected)
        expect(stock.get(sku), `${sku} in ${code}`).toBeCloseTo(quantity, 6);
    }
  });

  it('gives variation members their variants and companies their sub-contacts', () => {
    const member = demo.catalogue.products.find((product) => product.facts.variation);
    const found = list('GetProducts', { searchsku: member?.body.sku ?? '' }).list[0];
    const detail = reader.run('GetProductDetail', detailOf(Number(found?.['id'])), 'read');
    expect(detail.variationid).toBeGreaterThan(0);
    expect(detail.variant?.map(({ variantname, name }) => ({ variantname, name }))).toEqual(
      member?.facts.variation?.variant,
    );
    const supplier = demo.contacts[0];
    const contactId = list('GetContacts').list.find((item) => item['code'] === supplier?.body.code)?.['id'];
    const contact = reader.run('GetContactDetail', detailOf(Number(contactId)), 'read');
    expect(contact.subContactList?.length).toBe(supplier?.subContacts.length);
  });

  it('seeds small catalogues too (the test harness uses 20 products) and none at all', () => {
    for (const products of [20, 0]) {
      const small = seedTestStore(ANCHOR, products);
      const smallReader = createSeedRunner(small.context, small.handlers);
      const answer = smallReader.run('GetProducts', { at: ANCHOR, query: {}, body: undefined }, 'read');
      expect(answer.count).toBe(products);
      small.close();
    }
  });
});

/** The parent-id part of a detail read. */
function detailOf(parentId: number) {
  return { at: ANCHOR, query: {}, body: undefined, parentId };
}
