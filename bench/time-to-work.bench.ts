// Time to work (issue 26): from starting main's services and the web host on a store of 200,000
// products and 50,000 money records to (a) the counting page ready to scan (F3, a new session, its code
// index read) and (b) the money list's first rows on screen (F1), each the median of 5 starts, beside
// the floor: the same starts on the demo store alone (a few products and money records). The store is a
// real profile of the app (added, activated and synced once from an in-process sandbox), then filled
// straight in its database; the starts are offline (the sandbox gone), as a warehouse PC often is, so
// no sync competes. The browser is started once; each start loads the page afresh. Asserts nothing.
// TIME_BENCH_PRODUCTS=5000 and TIME_BENCH_RECORDS=2000 check the run itself quickly.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { InMemoryCredentialStore } from '../src-main/credentials/in-memory-credential-store.js';
import { startWebHost } from '../src-main/host/web-host.js';
import { silentLogger } from '../src-main/logging/index.js';
import { startAppServices } from '../src-main/services/index.js';
import { buildApp } from '../tests/app/support/build-app.js';
import { launchChromium } from '../tests/support/chromium.js';
import { openCountSessionPage } from './support/count-session-page.js';
import { preparedStore } from './support/prepared-store.js';
import { median, ms } from './support/stats.js';

const PRODUCTS = Number(process.env.TIME_BENCH_PRODUCTS ?? 200_000);
const RECORDS = Number(process.env.TIME_BENCH_RECORDS ?? 50_000);
const STARTS = 5;

type Goal = 'counting' | 'money';

/** One start: services and web host from nothing to the goal on screen (ms). */
async function oneStart(
  page: Page,
  options: { userData: string; credentialStore: InMemoryCredentialStore; renderer: string },
  goal: Goal,
  run: number,
): Promise<number> {
  await page.goto('about:blank');
  const started = performance.now();
  const services = await startAppServices({
    userDataDir: options.userData,
    credentialStore: options.credentialStore,
    logger: silentLogger,
  });
  const host = await startWebHost({ api: services.api, rendererDirectory: options.renderer });
  try {
    await page.goto(host.url);
    if (goal === 'counting') await openCountSessionPage(page, `Time to work ${run}`);
    else {
      await page
        .getByRole('navigation')
        .getByRole('button', { name: /\(F1\)/ })
        .waitFor();
      await page.keyboard.press('F1');
      await page.locator('[data-testid="money-records"] tbody tr').first().waitFor();
    }
    return performance.now() - started;
  } finally {
    await page.goto('about:blank');
    await host.close();
    await services.stop();
  }
}

export async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-bench-time-'));
  const credentialStore = new InMemoryCredentialStore();
  try {
    const [outDir, chromium] = await Promise.all([
      buildApp(),
      launchChromium({ viewport: { width: 1366, height: 900 } }),
    ]);
    try {
      const renderer = join(outDir, 'renderer');
      const filling = performance.now();
      const big = await preparedStore(folder, credentialStore, { products: PRODUCTS, records: RECORDS });
      console.log(
        `store of ${PRODUCTS.toLocaleString('en')} products and ${RECORDS.toLocaleString('en')} money records ` +
          `prepared in ${ms(performance.now() - filling)}`,
      );
      const demo = await preparedStore(folder, credentialStore, undefined);
      console.log(
        `load average at start: ${loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}`,
      );
      for (const goal of ['counting', 'money'] as const) {
        const figures = { big: [] as number[], demo: [] as number[] };
        // Interleaved: a change in the machine's load falls on both.
        for (let index = 0; index < STARTS; index++) {
          figures.big.push(
            await oneStart(chromium.page, { userData: big, credentialStore, renderer }, goal, index),
          );
          figures.demo.push(
            await oneStart(chromium.page, { userData: demo, credentialStore, renderer }, goal, index),
          );
        }
        const what = goal === 'counting' ? 'the counting page ready to scan' : 'the money list shown';
        console.log(
          `time to work, start → ${what}: median of ${STARTS} ${ms(median(figures.big))} ` +
            `(floor, the demo store: ${ms(median(figures.demo))}; ratio ${(median(figures.big) / median(figures.demo)).toFixed(2)}×) ` +
            `[${figures.big.map((value) => Math.round(value)).join(', ')} | ${figures.demo.map((value) => Math.round(value)).join(', ')} ms]`,
        );
      }
      if (chromium.problems.length > 0) console.log(`page problems:\n  ${chromium.problems.join('\n  ')}`);
    } finally {
      await chromium.close();
      rmSync(join(outDir, '..'), { recursive: true, force: true });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
