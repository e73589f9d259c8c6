// First sync of the demo store over real HTTP into a real SQLite file: every product with its stock per
// warehouse (checked against v4 reads), reference data, progress, and what it costs in requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirstSyncReport, SyncProgress } from '../../../src-main/catalog/sync/index.js';
import { countByEndpoint, startSyncFixture, type SyncFixture } from './support/sync-fixture.js';
import { serverProduct, serverProducts } from './support/server-reads.js';

const PRODUCTS = 1_200;
const WAREHOUSES = ['W0001', 'W0002', 'W0003'];

let fixture: SyncFixture;
let report: FirstSyncReport;
const progress: SyncProgress[] = [];

beforeAll(async () => {
  fixture = await startSyncFixture({ sandbox: { products: PRODUCTS } });
  report = await fixture.sync.firstSync({ onProgress: (event) => progress.push(event) });
});
afterAll(async () => {
  await fixture.close();
});

describe('first sync of the demo store', () => {
  it('stores every product, and a sample agrees with v4 reads in every warehouse', async () => {
    expect(fixture.sync.isFirstSyncComplete()).toBe(true);
    expect(report.resumed).toBe(false);
    expect(fixture.catalogue.productIds()).toHaveLength(PRODUCTS);
    expect(fixture.catalogue.warehouses().map((warehouse) => warehouse.code)).toEqual(WAREHOUSES);
    expect(fixture.sync.coveredWarehouses()).toEqual(WAREHOUSES);

    const sample = fixture.catalogue.productIds().filter((_, index) => index % 97 === 0);
    expect(sample.length).toBeGreaterThan(10);
    let nonZero = 0;
    for (const id of sample) {
      const local = fixture.lookup.product(id);
      for (const warehouseCode of WAREHOUSES) {
        const server = await serverProduct(fixture.sandbox, id, warehouseCode);
        expect(local).toMatchObject({
          id,
          sku: server.sku,
          name: server.name,
          barcode: server.barcode ?? '',
        });
        const stock = fixture.lookup.serverStock(id, warehouseCode);
        expect(stock, `${id} in ${warehouseCode}`).toMatchObject({
          stock: server.stockFigure,
          availablestock: server.availableFigure,
        });
        if (server.stockFigure !== 0) nonZero += 1;
      }
    }
    // The sample must exercise real figures, not only empty shelves.
    expect(nonZero).toBeGreaterThan(sample.length);
  });

  it('reports progress per phase that never goes back and ends at its total', () => {
    const phases = new Map<string, SyncProgress[]>();
    for (const event of progress) phases.set(event.phase, [...(phases.get(event.phase) ?? []), event]);
    const products = phases.get('products') ?? [];
    expect(products.length).toBeGreaterThan(2);
    expect(new Set(products.map((event) => event.total))).toEqual(new Set([PRODUCTS * WAREHOUSES.length]));
    for (const events of phases.values()) {
      for (let index = 1; index < events.length; index++) {
        expect(events[index]?.done).toBeGreaterThanOrEqual(events[index - 1]?.done ?? 0);
      }
      const last = events.at(-1);
      expect(last?.done).toBe(last?.total);
    }
    expect([...phases.keys()]).toEqual(
      expect.arrayContaining(['products', 'reference', 'bundleDetails', 'contactDetails', 'changes']),
    );
  });

  it('stores the reference data, bundles with their items and contacts with sub-contacts', async () => {
    const count = async (name: Parameters<typeof fixture.sandbox.call>[0]) => {
      const answer = await fixture.sandbox.call(name, { query: { limit: 1 } });
      return (answer.body as { count: number }).count;
    };
    expect(fixture.catalogue.categories()).toHaveLength(await count('GetCategorys'));
    expect(fixture.catalogue.paymentMethods()).toHaveLength(await count('GetPaymentMethods'));
    expect(fixture.catalogue.salesChannels()).toHaveLength(await count('GetSalesChannels'));
    expect(fixture.catalogue.shippingChannels()).toHaveLength(await count('GetShippingChannels'));
    const table = (sql: string) => fixture.db.prepare<[], { n: number }>(sql).get()?.n ?? -1;
    expect(table('SELECT count(*) AS n FROM variations')).toBe(await count('GetVariations'));
    expect(table('SELECT count(*) AS n FROM bundles')).toBe(await count('GetBundles'));
    expect(table('SELECT count(*) AS n FROM contacts')).toBe(await count('GetContacts'));
    // Every bundle has its items and every contact its sub-contacts: the details were read.
    expect(
      table('SELECT count(*) AS n FROM bundles WHERE id NOT IN (SELECT bundle_id FROM bundle_items)'),
    ).toBe(0);
    const withSubContacts = table(`SELECT count(*) AS n FROM contacts WHERE sub_contacts_json <> '[]'`);
    let serverWithSubContacts = 0;
    const contacts = await fixture.sandbox.call('GetContacts', { query: { limit: 500 } });
    for (const { id } of (contacts.body as { list: Array<{ id: number }> }).list) {
      const detail = await fixture.sandbox.call('GetContactDetail', { query: { id } });
      const subContacts = (detail.body as { subContactList?: unknown[] }).subContactList ?? [];
      if (subContacts.length > 0) serverWithSubContacts += 1;
    }
    expect(serverWithSubContacts).toBeGreaterThan(0);
    expect(withSubContacts).toBe(serverWithSubContacts);
    expect(table('SELECT count(*) AS n FROM merchant_profile')).toBe(1);
  });

  it('spends ceil(N/500) product pages per warehouse, one request per reference list and one per detail', async () => {
    const counts = countByEndpoint(fixture.requests);
    const pages = Math.ceil(PRODUCTS / 500);
    const changed = (await serverProducts(fixture.sandbox, { updatedafter: report.catchUp.since, limit: 1 }))
      .count;
    const catchUpPages = WAREHOUSES.length * Math.max(1, Math.ceil(changed / 500));
    const bundles = report.reference?.bundles.listed ?? 0;
    const contacts = report.reference?.contacts.listed ?? 0;
    expect(Object.fromEntries(counts)).toEqual({
      GetWarehouses: 1,
      GetProducts: WAREHOUSES.length * pages + catchUpPages,
      GetCategorys: 1,
      GetVariations: 1,
      GetPaymentMethods: 1,
      GetSalesChannels: 1,
      GetShippingChannels: 1,
      GetMerchantProfile: 1,
      GetBundles: 1,
      GetContacts: 1,
      GetBundleDetail: bundles,
      GetContactDetail: contacts,
    });
    expect(report.requests).toBe(fixture.requests.length);
    expect(report.sweep).toBeUndefined();
  });

  it('then pulls changes for one request per warehouse when nothing changed', async () => {
    const before = fixture.requests.length;
    const incremental = await fixture.sync.incremental();
    const made = fixture.requests.slice(before);
    expect(made.map((event) => event.endpoint)).toEqual(WAREHOUSES.map(() => 'GetProducts'));
    expect(incremental.requests).toBe(WAREHOUSES.length);
    expect(fixture.catalogue.productIds()).toHaveLength(PRODUCTS);
  });
});
