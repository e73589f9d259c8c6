// The deletion sweep: products deleted on the server go, a product a shifted page hid from the listing
// stays (it is confirmed by id before anything is deleted), and a product the catalogue lacks is pulled
// with its stock in every warehouse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncFixture, type SyncFixture } from './support/sync-fixture.js';
import { serverProduct, serverWrite } from './support/server-reads.js';

const PRODUCTS = 600;
const WAREHOUSES = ['W0001', 'W0002', 'W0003'];

let fixture: SyncFixture;

beforeAll(async () => {
  fixture = await startSyncFixture({ sandbox: { products: PRODUCTS } });
  await fixture.sync.firstSync();
});
afterAll(async () => {
  await fixture.close();
});

/** A product no bundle holds (the sandbox refuses to delete bundle items). */
function deletableProduct(): number {
  const inBundles = new Set(
    fixture.db
      .prepare<[], number>('SELECT product_id FROM bundle_items WHERE product_id IS NOT NULL')
      .pluck()
      .all(),
  );
  const id = fixture.catalogue.productIds().find((candidate) => !inBundles.has(candidate));
  if (id === undefined) throw new Error('every product is in a bundle');
  return id;
}

function sweepRequests(since: number): string[] {
  return fixture.requests.slice(since).map((event) => event.endpoint);
}

describe('deletion sweep', () => {
  it('removes products deleted on the server, which an incremental pull cannot see', async () => {
    const { id: created } = await serverWrite(fixture.sandbox, 'AddProduct', {
      body: { name: 'Short-lived', sku: 'SWEEP-GONE-1', stock: '2' },
    });
    await fixture.sync.incremental();
    expect(fixture.lookup.findBySku('SWEEP-GONE-1')?.id).toBe(created);
    const original = deletableProduct();
    await serverWrite(fixture.sandbox, 'DeleteProduct', { query: { id: created ?? -1 } });
    await serverWrite(fixture.sandbox, 'DeleteProduct', { query: { id: original } });

    await fixture.sync.incremental();
    expect(fixture.lookup.product(original)).toBeDefined();

    const before = fixture.requests.length;
    const report = await fixture.sync.sweep();
    expect([...report.deleted].sort()).toEqual([created, original].sort());
    expect(report.added).toEqual([]);
    expect(fixture.lookup.product(original)).toBeUndefined();
    expect(fixture.lookup.findBySku('SWEEP-GONE-1')).toBeUndefined();
    expect(fixture.lookup.serverStock(original, 'W0001')).toBeUndefined();
    expect(fixture.catalogue.productIds()).toHaveLength(PRODUCTS - 1);
    // Listing: ceil(599 / 500) = 2 pages without warehousecode; confirming 2 ids: 1 request.
    expect(sweepRequests(before)).toEqual(['GetProducts', 'GetProducts', 'GetProducts']);
    expect(report.requests).toBe(3);
    expect(fixture.sync.marker('sweep')?.lastRequests).toBe(3);
  });

  it('keeps a product that a shifted page hid from the listing', async () => {
    const hidden = fixture.catalogue.productIds()[5] ?? -1;
    fixture.hiddenFromListings.add(hidden);
    try {
      const report = await fixture.sync.sweep();
      expect(report.deleted).toEqual([]);
      expect(report.listed).toBe(PRODUCTS - 2);
    } finally {
      fixture.hiddenFromListings.delete(hidden);
    }
    expect(fixture.lookup.product(hidden)).toBeDefined();
  });

  it('pulls a product the catalogue lacks, with its stock in every warehouse', async () => {
    const lost = fixture.catalogue.productIds()[7] ?? -1;
    fixture.catalogue.deleteProducts([lost]);
    expect(fixture.lookup.product(lost)).toBeUndefined();

    const report = await fixture.sync.sweep();

    expect(report.added).toEqual([lost]);
    expect(report.deleted).toEqual([]);
    for (const warehouseCode of WAREHOUSES) {
      const server = await serverProduct(fixture.sandbox, lost, warehouseCode);
      expect(fixture.lookup.serverStock(lost, warehouseCode)).toMatchObject({
        stock: server.stockFigure,
        availablestock: server.availableFigure,
      });
    }
  });
});
