// The demo catalogue at benchmark scale: generating 100,000 products (pure, deterministic), and starting
// a sandbox whose new demo store is seeded with them through the handlers (what `--products 100000`
// costs before the printed URL appears). Prints medians; asserts nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../src-main/sandbox/index.js';
import { DEMO_SEED } from '../src-main/sandbox/seed/demo-store.js';
import { generateCatalogue } from '../src-main/sandbox/seed/products.js';
import { median, ms, timeEach } from './support/stats.js';

const PRODUCTS = 100_000;
const GENERATE_RUNS = 5;
const SEED_RUNS = 3;

export async function run(): Promise<void> {
  const anchor = Date.UTC(2026, 10, 21);
  const generate = await timeEach(GENERATE_RUNS, () =>
    generateCatalogue({ seed: DEMO_SEED, count: PRODUCTS, anchor }),
  );
  console.log(
    `generate a ${PRODUCTS.toLocaleString('en')}-product catalogue: median ${ms(median(generate))} of ${GENERATE_RUNS}`,
  );

  const seeded = await timeEach(SEED_RUNS, async () => {
    const folder = await mkdtemp(join(tmpdir(), 'stockroom-bench-'));
    try {
      const sandbox = await startSandbox({
        dataFile: join(folder, 'demo.sqlite'),
        seed: 'demo',
        products: PRODUCTS,
        port: 0,
        log: () => undefined,
      });
      await sandbox.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
  console.log(
    `start a sandbox with a new demo store of ${PRODUCTS.toLocaleString('en')} products (generate + seed through handlers): ` +
      `median ${ms(median(seeded))} of ${SEED_RUNS}`,
  );
}
