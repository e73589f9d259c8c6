// Sandbox faults in the middle of a sync: a passing outage is retried by the client and the sync goes
// on; a lasting one stops the sync with the client's failure, leaves a consistent state, and the next
// start finishes the job. A failed incremental pull keeps its watermark, so nothing is skipped.
import { afterEach, describe, expect, it } from 'vitest';
import { isBackofficeFailure } from '../../../src-main/backoffice/index.js';
import { startSyncFixture, type SyncFixture } from './support/sync-fixture.js';
import { serverProduct, serverWrite } from './support/server-reads.js';

const PRODUCTS = 1_200;
const WAREHOUSES = ['W0001', 'W0002', 'W0003'];

let fixture: SyncFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

async function start(): Promise<SyncFixture> {
  fixture = await startSyncFixture({ sandbox: { products: PRODUCTS } });
  return fixture;
}

async function expectMatchesServer(current: SyncFixture): Promise<void> {
  expect(current.catalogue.productIds()).toHaveLength(PRODUCTS);
  expect(current.db.pragma('integrity_check', { simple: true })).toBe('ok');
  for (const id of current.catalogue.productIds().filter((_, index) => index % 199 === 0)) {
    for (const warehouseCode of WAREHOUSES) {
      const server = await serverProduct(current.sandbox, id, warehouseCode);
      expect(current.lookup.serverStock(id, warehouseCode)?.stock).toBe(server.stockFigure);
    }
  }
}

describe('faults during a sync', () => {
  it('a passing outage mid-pass is retried by the client and the first sync completes', async () => {
    const current = await start();
    let scheduled = false;
    const report = await current.sync.firstSync({
      onProgress: (progress) => {
        if (progress.phase !== 'products' || scheduled) return;
        scheduled = true;
        current.sandbox.handle.scheduleFault({ endpoint: 'GetProducts', mode: 'http500', count: 1 });
        current.sandbox.handle.scheduleFault({
          endpoint: 'GetProducts',
          mode: 'reset',
          timing: 'after',
          count: 1,
        });
      },
    });
    expect(scheduled).toBe(true);
    const failed = current.requests.filter((event) => event.outcome !== 'ok');
    expect(failed.map((event) => event.outcome)).toEqual(['unclear', 'unclear']);
    // The report counts reads; the two failed attempts were retried by the client within them.
    expect(report.requests).toBe(current.requests.length - 2);
    await expectMatchesServer(current);
  });

  it('a lasting outage stops the first sync cleanly, and the next start finishes it', async () => {
    const current = await start();
    let scheduled = false;
    const attempt = current.sync.firstSync({
      onProgress: (progress) => {
        if (progress.phase !== 'products' || scheduled) return;
        scheduled = true;
        current.sandbox.handle.scheduleFault({
          endpoint: 'GetProducts',
          mode: 'res500',
          timing: 'after',
          count: 40,
        });
      },
    });
    const failure: unknown = await attempt.catch((error: unknown) => error);
    expect(isBackofficeFailure(failure) && failure.kind).toBe('unclear');
    expect(current.sync.isFirstSyncInterrupted()).toBe(true);
    expect(current.db.pragma('integrity_check', { simple: true })).toBe('ok');
    // A page is recorded as done exactly when its products' stock rows are stored: written together.
    const perWarehouse = current.db
      .prepare<[], { code: string; paged: number; stored: number }>(
        `SELECT p.warehouse_code AS code, sum(p.records) AS paged,
                (SELECT count(*) FROM product_stock s WHERE s.warehouse_code = p.warehouse_code) AS stored
           FROM sync_page p GROUP BY p.warehouse_code`,
      )
      .all();
    expect(perWarehouse.length).toBeGreaterThan(0);
    for (const { paged, stored } of perWarehouse) expect(stored).toBe(paged);
    expect(perWarehouse.reduce((sum, row) => sum + row.paged, 0)).toBeLessThan(PRODUCTS * WAREHOUSES.length);

    current.sandbox.handle.clearFaults();
    const report = await current.sync.firstSync();
    expect(report.resumed).toBe(true);
    expect(current.sync.isFirstSyncComplete()).toBe(true);
    await expectMatchesServer(current);
  });

  it('a failed incremental pull keeps its watermark, and the next one picks up what it missed', async () => {
    const current = await start();
    await current.sync.firstSync();
    const marker = current.sync.marker('incremental');
    const product = current.catalogue.productIds()[3] ?? -1;
    await serverWrite(current.sandbox, 'UpdateProduct', {
      query: { id: product },
      body: { name: 'Changed in an outage' },
    });
    current.sandbox.handle.scheduleFault({ endpoint: 'GetProducts', mode: 'reset', count: 20 });

    await expect(current.sync.incremental()).rejects.toMatchObject({ kind: 'unclear' });
    expect(current.sync.marker('incremental')).toEqual(marker);

    current.sandbox.handle.clearFaults();
    await current.sync.incremental();
    expect(current.lookup.product(product)?.name).toBe('Changed in an outage');
    expect(current.sync.marker('incremental')?.lastStartedAt).toBeGreaterThan(
      marker?.lastStartedAt ?? Infinity,
    );
  });

  it('a failed reference refresh leaves the previous lists in place', async () => {
    const current = await start();
    await current.sync.firstSync();
    const marker = current.sync.marker('reference');
    const categories = current.catalogue.categories();
    const contacts = current.db.prepare('SELECT * FROM contacts ORDER BY id').all();
    current.sandbox.handle.scheduleFault({ endpoint: 'GetContacts', mode: 'http500', count: 10 });

    await expect(current.sync.refreshReference()).rejects.toMatchObject({ kind: 'unclear' });

    expect(current.sync.marker('reference')).toEqual(marker);
    expect(current.catalogue.categories()).toEqual(categories);
    expect(current.db.prepare('SELECT * FROM contacts ORDER BY id').all()).toEqual(contacts);
  });
});
