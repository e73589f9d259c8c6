// Incremental pulls after a first sync: products changed or created on the server and stock moved in a
// warehouse show up locally; the pull stores server figures only, so a pending local write is still what
// the local view shows; and a pull with nothing new costs one request per warehouse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesSince } from '../../../src-main/catalog/sync/index.js';
import { enqueueStockChange } from '../../../src-main/outbox/enqueue.js';
import { effectiveStock, pendingStock } from '../../../src-main/outbox/local-view.js';
import { DAY_MS } from '../../../src-shared/time/index.js';
import { startSyncFixture, type SyncFixture } from './support/sync-fixture.js';
import { serverProduct, serverWrite } from './support/server-reads.js';

const PRODUCTS = 600;
const WAREHOUSES = ['W0001', 'W0002', 'W0003'];

let fixture: SyncFixture;
let ids: number[];

beforeAll(async () => {
  fixture = await startSyncFixture({ sandbox: { products: PRODUCTS } });
  await fixture.sync.firstSync();
  ids = fixture.catalogue.productIds();
});
afterAll(async () => {
  await fixture.close();
});

function pick(index: number): { id: number; sku: string } {
  const id = ids[index];
  const sku = id === undefined ? undefined : fixture.lookup.product(id)?.sku;
  if (id === undefined || sku === undefined) throw new Error(`no product at ${index}`);
  return { id, sku };
}

async function expectAsOnServer(id: number): Promise<void> {
  for (const warehouseCode of WAREHOUSES) {
    const server = await serverProduct(fixture.sandbox, id, warehouseCode);
    expect(fixture.lookup.product(id)).toMatchObject({ name: server.name, sku: server.sku });
    expect(fixture.lookup.serverStock(id, warehouseCode)).toMatchObject({
      stock: server.stockFigure,
      availablestock: server.availableFigure,
    });
  }
}

describe('incremental sync', () => {
  it('picks up renamed and new products and stock moved in one warehouse', async () => {
    const renamed = pick(10);
    const increased = pick(20);
    const available = pick(30);
    await serverWrite(fixture.sandbox, 'UpdateProduct', {
      query: { id: renamed.id },
      body: { name: 'ชื่อใหม่จากหลังร้าน (renamed)' },
    });
    const { id: created } = await serverWrite(fixture.sandbox, 'AddProduct', {
      body: { name: 'สินค้าใหม่ (new product)', sku: 'SYNC-NEW-1', barcode: '8850001112223', stock: '7' },
    });
    const stockBefore = fixture.lookup.serverStock(increased.id, 'W0002')?.stock ?? Number.NaN;
    await serverWrite(fixture.sandbox, 'IncreaseProductStockList', {
      query: { warehousecode: 'W0002' },
      body: { stocks: [{ productid: increased.id, stock: 5 }] },
    });
    await serverWrite(fixture.sandbox, 'UpdateProductAvailableStockList', {
      query: { warehousecode: 'W0003' },
      body: { stocks: [{ productid: available.id, stock: 1 }] },
    });
    expect(created).toBeDefined();
    expect(fixture.lookup.findBySku('SYNC-NEW-1')).toBeUndefined();

    const watermark = fixture.sync.marker('incremental')?.lastStartedAt ?? Number.NaN;
    const before = fixture.requests.length;
    const report = await fixture.sync.incremental();

    expect(report.since).toBe(changesSince(watermark, DAY_MS));
    expect(fixture.requests.slice(before).map((event) => event.endpoint)).toEqual(
      WAREHOUSES.map(() => 'GetProducts'),
    );
    expect(fixture.lookup.product(renamed.id)?.name).toBe('ชื่อใหม่จากหลังร้าน (renamed)');
    expect(fixture.lookup.findBySku('SYNC-NEW-1')).toMatchObject({ id: created, barcode: '8850001112223' });
    expect(fixture.lookup.serverStock(created ?? -1, 'W0001')?.stock).toBe(7);
    expect(fixture.lookup.serverStock(increased.id, 'W0002')?.stock).toBe(stockBefore + 5);
    expect(fixture.lookup.serverStock(available.id, 'W0003')?.availablestock).toBe(1);
    for (const id of [renamed.id, created ?? -1, increased.id, available.id]) await expectAsOnServer(id);
    expect(fixture.catalogue.productIds()).toHaveLength(PRODUCTS + 1);
  });

  it('stores server figures only: a pending local set is still what the local view shows after a pull', async () => {
    const product = pick(40);
    const outboxRows = () =>
      fixture.db
        .prepare<[], { rows: number; changed: number }>(
          `SELECT count(*) AS rows, coalesce(max(updated_at), 0) AS changed FROM outbox_operations`,
        )
        .get();
    enqueueStockChange(fixture.db, {
      warehouseCode: 'W0001',
      change: 'set',
      lines: [{ productId: product.id, sku: product.sku, value: 42 }],
    });
    const queued = outboxRows();
    // Meanwhile the back office sells or receives goods: the server figure moves on its own.
    const serverBefore = (await serverProduct(fixture.sandbox, product.id, 'W0001')).stockFigure;
    await serverWrite(fixture.sandbox, 'IncreaseProductStockList', {
      query: { warehousecode: 'W0001' },
      body: { stocks: [{ productid: product.id, stock: 3 }] },
    });

    await fixture.sync.incremental();

    const server = fixture.lookup.serverStock(product.id, 'W0001')?.stock ?? Number.NaN;
    expect(server).toBe(serverBefore + 3);
    const pending = pendingStock(fixture.db, 'W0001', [product.id]).get(product.id);
    expect(pending).toEqual({ absolute: 42, delta: 0 });
    expect(effectiveStock(server, pending)).toBe(42);
    expect(outboxRows()).toEqual(queued);
  });

  it('after a quiet spell, spends one request per warehouse and changes nothing', async () => {
    const snapshot = fixture.db.prepare('SELECT id, name, sku FROM products ORDER BY id').all();
    const before = fixture.requests.length;
    const report = await fixture.sync.incremental();
    expect(report.requests).toBe(WAREHOUSES.length);
    expect(fixture.requests.length - before).toBe(WAREHOUSES.length);
    expect(fixture.db.prepare('SELECT id, name, sku FROM products ORDER BY id').all()).toEqual(snapshot);
  });

  it('gives a warehouse that appeared on the server a full pass of its own, then keeps it current', async () => {
    await serverWrite(fixture.sandbox, 'AddWarehouse', { body: { code: 'W0009', name: 'คลังใหม่' } });
    await fixture.sync.refreshReference();
    const product = pick(50);
    await serverWrite(fixture.sandbox, 'IncreaseProductStockList', {
      query: { warehousecode: 'W0009' },
      body: { stocks: [{ productid: product.id, stock: 4 }] },
    });

    const marker = fixture.productRequests.length;
    const report = await fixture.sync.incremental();

    expect(report.warehousesAdded).toEqual(['W0009']);
    expect(fixture.sync.coveredWarehouses()).toEqual([...WAREHOUSES, 'W0009']);
    const newPass = fixture.productRequests
      .slice(marker)
      .filter((request) => request.warehousecode === 'W0009' && request.updatedafter === undefined);
    expect(newPass.map((request) => request.page)).toEqual([1, 2]);
    expect(fixture.lookup.serverStock(product.id, 'W0009')?.stock).toBe(4);
    const other = pick(60);
    expect(fixture.lookup.serverStock(other.id, 'W0009')?.stock).toBe(0);
    expect(fixture.lookup.product(other.id)?.stockByWarehouse.map((line) => line.warehouseCode)).toEqual([
      ...WAREHOUSES,
      'W0009',
    ]);
  });
});
