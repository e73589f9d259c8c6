// Outbox figures: enqueue latency on a file that already holds 200,000 queued lines, and draining
// 10,000 count lines against a sandbox with 100,000 products (requests used, wall time). Asserts nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackofficeClient } from '../src-main/backoffice/index.js';
import { openDatabase } from '../src-main/db/database.js';
import { enqueueStockChange, enqueueStockCount, Outbox } from '../src-main/outbox/index.js';
import { DEFAULT_STORE, startSandbox } from '../src-main/sandbox/index.js';
import { median, ms, percentile, timeEach } from './support/stats.js';

const QUEUED = 200_000;
const SINGLE_RUNS = 2_000;
const COMMIT_RUNS = 200;
const COUNT_LINES = 10_000;
const DRAIN_RUNS = 3;
const PRODUCTS = 100_000;
const WAREHOUSE = 'W0001';

const sku = (id: number) => `SKU-${String(id).padStart(6, '0')}`;

async function enqueueFigures(folder: string): Promise<void> {
  const db = openDatabase(join(folder, 'queued.sqlite'));
  try {
    const fill = db.transaction(() => {
      for (let start = 0; start < QUEUED; start += 1_000) {
        enqueueStockChange(db, {
          warehouseCode: WAREHOUSE,
          change: 'increase',
          lines: Array.from({ length: 1_000 }, (_, index) => ({
            productId: 1 + ((start + index) % PRODUCTS),
            sku: sku(1 + ((start + index) % PRODUCTS)),
            value: 1,
          })),
        });
      }
    });
    fill();
    const single = await timeEach(SINGLE_RUNS, (index) =>
      enqueueStockChange(db, {
        warehouseCode: WAREHOUSE,
        change: 'set',
        lines: [{ productId: 1 + index, sku: sku(1 + index), value: index }],
      }),
    );
    const commit = await timeEach(COMMIT_RUNS, (index) =>
      enqueueStockCount(db, {
        sessionId: `bench-${index}`,
        warehouseCode: WAREHOUSE,
        policy: 'keepDifference',
        lines: Array.from({ length: 450 }, (_, line) => ({
          productId: 1 + line,
          sku: sku(1 + line),
          counted: line,
          countedAgainst: line,
        })),
      }),
    );
    console.log(
      `enqueue on a file with ${QUEUED.toLocaleString('en')} queued lines: single stock line p50 ${ms(percentile(single, 50))}, ` +
        `p99 ${ms(percentile(single, 99))} (${SINGLE_RUNS} runs); 450-line count commit p50 ${ms(percentile(commit, 50))}, ` +
        `p99 ${ms(percentile(commit, 99))} (${COMMIT_RUNS} runs)`,
    );
  } finally {
    db.close();
  }
}

async function drainFigures(folder: string): Promise<void> {
  const sandbox = await startSandbox({
    dataFile: join(folder, 'sandbox.sqlite'),
    seed: 'demo',
    products: PRODUCTS,
    port: 0,
    log: () => undefined,
  });
  const credentials = {
    storename: DEFAULT_STORE.name,
    apikey: DEFAULT_STORE.apikey,
    apisecret: DEFAULT_STORE.apisecret,
  };
  try {
    const reader = new BackofficeClient({ baseUrl: sandbox.url, credentials });
    const ids = Array.from(
      { length: COUNT_LINES },
      (_, index) => 1 + index * Math.floor(PRODUCTS / COUNT_LINES),
    );
    const walls: number[] = [];
    const requests: number[] = [];
    for (let run = 0; run < DRAIN_RUNS; run++) {
      // The figures each line was counted against: read before the clock starts, as counting did.
      const current = new Map<number, number>();
      for (let start = 0; start < ids.length; start += 500) {
        const chunk = ids.slice(start, start + 500);
        const answer = await reader.call('GetProducts', {
          query: { warehousecode: WAREHOUSE, limit: 500 },
          headers: { productidlist: chunk },
        });
        for (const product of answer.list) current.set(product.id, Number(product.stock ?? 0));
      }
      const db = openDatabase(join(folder, `drain-${run}.sqlite`));
      enqueueStockCount(db, {
        sessionId: `bench-${run}`,
        warehouseCode: WAREHOUSE,
        policy: 'keepDifference',
        lines: ids.map((id) => ({
          productId: id,
          sku: sku(id),
          counted: (current.get(id) ?? 0) + 1 + run,
          countedAgainst: current.get(id) ?? 0,
        })),
      });
      let used = 0;
      const client = new BackofficeClient({
        baseUrl: sandbox.url,
        credentials,
        onRequest: () => (used += 1),
      });
      const outbox = new Outbox({ db, client });
      const started = performance.now();
      await outbox.drain();
      walls.push(performance.now() - started);
      requests.push(used);
      const open = outbox.counts();
      if (open.pending + open.retry + open.unclear + open.parked > 0) console.log('  not all done:', open);
      await outbox.stop();
      await client.close();
      db.close();
    }
    await reader.close();
    console.log(
      `drain ${COUNT_LINES.toLocaleString('en')} count lines (sandbox with ${PRODUCTS.toLocaleString('en')} products): ` +
        `requests ${requests.join(', ')} (target ≤ 50); wall time median ${ms(median(walls))} of ${DRAIN_RUNS} ` +
        `(${walls.map((wall) => ms(wall)).join(', ')})`,
    );
  } finally {
    await sandbox.close();
  }
}

export async function run(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'stockroom-outbox-bench-'));
  try {
    await enqueueFigures(folder);
    await drainFigures(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
