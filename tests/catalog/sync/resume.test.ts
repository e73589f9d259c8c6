// A first sync interrupted (gracefully by an AbortSignal, or by SIGKILL of the process running it)
// continues on the next start with the pages it misses: nothing read twice after a graceful abort, at
// most the pages in flight after a kill, and the result is complete.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSyncFixture, type ProductListRequest, type SyncFixture } from './support/sync-fixture.js';
import { serverProduct } from './support/server-reads.js';

const PRODUCTS = 3_000;
const WAREHOUSES = ['W0001', 'W0002', 'W0003'];
const PAGES_PER_PASS = Math.ceil(PRODUCTS / 500);

let fixture: SyncFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

/** Page keys of full-pass reads (no updatedafter, no id list) in a slice of the server log. */
function passPages(requests: readonly ProductListRequest[]): string[] {
  return requests
    .filter((request) => request.updatedafter === undefined && !request.byIds)
    .map((request) => `${request.warehousecode ?? '-'}#${request.page}`);
}

const allPages = WAREHOUSES.flatMap((code) =>
  Array.from({ length: PAGES_PER_PASS }, (_, index) => `${code}#${index + 1}`),
);

async function expectComplete(current: SyncFixture): Promise<void> {
  expect(current.sync.isFirstSyncComplete()).toBe(true);
  expect(current.sync.isFirstSyncInterrupted()).toBe(false);
  expect(current.catalogue.productIds()).toHaveLength(PRODUCTS);
  expect(current.db.pragma('integrity_check', { simple: true })).toBe('ok');
  for (const id of current.catalogue.productIds().filter((_, index) => index % 499 === 0)) {
    for (const warehouseCode of WAREHOUSES) {
      const server = await serverProduct(current.sandbox, id, warehouseCode);
      expect(current.lookup.serverStock(id, warehouseCode)).toMatchObject({
        stock: server.stockFigure,
        availablestock: server.availableFigure,
      });
    }
  }
}

describe('resuming a first sync', () => {
  it('after an abort, reads only the pages it missed', async () => {
    const current = await startSyncFixture({ sandbox: { products: PRODUCTS }, settings: { parallelism: 3 } });
    fixture = current;
    const controller = new AbortController();
    const first = current.sync.firstSync({
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.phase === 'products' && progress.done >= 2_500) controller.abort();
      },
    });
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(current.sync.isFirstSyncComplete()).toBe(false);
    expect(current.sync.isFirstSyncInterrupted()).toBe(true);
    const before = passPages(current.productRequests);
    expect(before.length).toBeGreaterThan(3);
    expect(before.length).toBeLessThan(allPages.length);

    await current.restartApp();
    const marker = current.productRequests.length;
    const report = await current.sync.firstSync();
    const after = passPages(current.productRequests.slice(marker));

    expect(report.resumed).toBe(true);
    expect(report.pagesFetched).toBe(after.length);
    expect(after.filter((page) => before.includes(page))).toEqual([]);
    expect([...before, ...after].sort()).toEqual([...allPages].sort());
    await expectComplete(current);
  });

  it('after the process running it is killed, reads again at most the pages that were in flight', async () => {
    const current = await startSyncFixture({ sandbox: { products: PRODUCTS } });
    fixture = current;
    // Slow answers so the kill lands in the middle of the passes.
    current.sandbox.handle.setFaults({ latencyMs: 40 });
    const child = spawn(
      join(process.cwd(), 'node_modules/.bin/tsx'),
      [join(import.meta.dirname, 'support/first-sync-child.ts'), current.sandbox.url, current.dbFile],
      { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    // Generous: tsx has to start the child first, and test machines are shared.
    const deadline = Date.now() + 60_000;
    while (passPages(current.productRequests).length < 8) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`child did not reach the passes: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(output).not.toContain('complete');
    const before = passPages(current.productRequests);
    current.sandbox.handle.clearFaults();

    await current.restartApp();
    const marker = current.productRequests.length;
    const report = await current.sync.firstSync();
    const after = passPages(current.productRequests.slice(marker));

    expect(report.resumed).toBe(true);
    const readTwice = after.filter((page) => before.includes(page));
    // The child reads 3 pages at a time: at most those were requested but not stored.
    expect(readTwice.length).toBeLessThanOrEqual(3);
    expect(new Set([...before, ...after])).toEqual(new Set(allPages));
    expect(after.length).toBeLessThan(allPages.length);
    await expectComplete(current);
  }, 120_000);
});
