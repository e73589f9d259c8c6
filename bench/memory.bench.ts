// Memory over a scripted day (issue 26): main's RSS (this process holds main's services and the web
// host) and the page's JavaScript heap after a collection, on a store of 200,000 products, 50,000 code
// aliases kept on this PC (with the barcodes, the page's code index) and 50,000 money records. The day
// repeats: a few scans into an open count session from the scanner (the page), then the review, the
// money list with a keyword and the quotation list, as the pages call them in main. Sampled 20 times;
// reported: the figures at the start, the mean of the first and of the last tenth of the day, and the
// growth between them (goal: none beyond noise). `npm run bench -- memory --minutes 60` for the hour
// (default 10 minutes); MEMORY_BENCH_PRODUCTS / MEMORY_BENCH_ALIASES / MEMORY_BENCH_RECORDS for a quick
// check. Asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryCredentialStore } from '../src-main/credentials/in-memory-credential-store.js';
import { startWebHost } from '../src-main/host/web-host.js';
import { silentLogger } from '../src-main/logging/index.js';
import { startAppServices } from '../src-main/services/index.js';
import { buildApp } from '../tests/app/support/build-app.js';
import { launchChromium } from '../tests/support/chromium.js';
import { barcodeOf } from './support/catalogue-store.js';
import { openCountSessionPage } from './support/count-session-page.js';
import { pageHeapMb } from './support/floors.js';
import { WORDS } from './support/money-store.js';
import { caller, FIRST_BENCH_ID, preparedStore, sleep } from './support/prepared-store.js';
import { LAYOUTS, typeLikeAScanner } from './support/scanner-burst.js';
import { timedApi, type IndexReading } from './support/timed-api.js';
import { seededFloats } from '../src-shared/random.js';

const PRODUCTS = Number(process.env.MEMORY_BENCH_PRODUCTS ?? 200_000);
const ALIASES = Number(process.env.MEMORY_BENCH_ALIASES ?? 50_000);
const RECORDS = Number(process.env.MEMORY_BENCH_RECORDS ?? 50_000);
const SAMPLES = 20;
/** Aliases per import file (the call takes at most 5 MB of text). */
const ALIASES_PER_FILE = 20_000;

function minutesFlag(): number {
  const at = process.argv.indexOf('--minutes');
  if (at === -1) return 10;
  const minutes = Number(process.argv[at + 1]);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error(`--minutes takes a positive number`);
  return minutes;
}

interface Sample {
  readonly atMs: number;
  readonly rssMb: number;
  readonly heapMb: number;
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const mb = (value: number) => `${value.toFixed(1)} MB`;

export async function run(): Promise<void> {
  const minutes = minutesFlag();
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-bench-memory-'));
  const credentialStore = new InMemoryCredentialStore();
  const cleanups: Array<() => Promise<void> | void> = [
    () => rmSync(folder, { recursive: true, force: true }),
  ];
  try {
    const [outDir, chromium] = await Promise.all([
      buildApp(),
      launchChromium({ viewport: { width: 1366, height: 900 } }),
    ]);
    cleanups.unshift(
      () => rmSync(join(outDir, '..'), { recursive: true, force: true }),
      () => chromium.close(),
    );
    const userData = await preparedStore(folder, credentialStore, { products: PRODUCTS, records: RECORDS });
    const services = await startAppServices({ userDataDir: userData, credentialStore, logger: silentLogger });
    cleanups.unshift(() => services.stop());
    const call = caller(services.api);
    for (let first = 0; first < ALIASES; first += ALIASES_PER_FILE) {
      const aliases = Array.from({ length: Math.min(ALIASES_PER_FILE, ALIASES - first) }, (_, offset) => {
        const productId = FIRST_BENCH_ID + ((first + offset) % PRODUCTS);
        return { code: `PK-${first + offset}`, productId, sku: '', units: 1 };
      });
      await call('catalogue.importAliases', {
        text: JSON.stringify({ format: 'stockroom-code-aliases', version: 1, aliases }),
      });
    }
    const indexReading: IndexReading = { pageMs: [], codes: 0, firstAt: Number.NaN, lastAt: Number.NaN };
    const host = await startWebHost({
      api: timedApi(services.api, [], indexReading),
      rendererDirectory: join(outDir, 'renderer'),
    });
    cleanups.unshift(() => host.close());
    const { page, context } = chromium;
    await page.goto(host.url);
    await openCountSessionPage(page, 'Memory bench');
    const cdp = await context.newCDPSession(page);
    cleanups.unshift(() => cdp.detach());
    const [session] = await call('counting.listSessions', { state: 'open' });
    if (session === undefined) throw new Error('the bench session is not open');
    console.log(
      `${PRODUCTS.toLocaleString('en')} products, ${RECORDS.toLocaleString('en')} money records; ` +
        `the page's code index holds ${indexReading.codes.toLocaleString('en')} codes; a day of ${minutes} min; ` +
        `load average ${loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}`,
    );
    const random = seededFloats(26, 'memory day');
    const samples: Sample[] = [];
    const started = performance.now();
    const dayMs = minutes * 60_000;
    const sample = async () =>
      samples.push({
        atMs: performance.now() - started,
        rssMb: process.memoryUsage().rss / 1e6,
        heapMb: await pageHeapMb(cdp),
      });
    await sample();
    let scans = 0;
    let cycle = 0;
    while (performance.now() - started < dayMs) {
      for (let index = 0; index < 5; index++) {
        const productId = FIRST_BENCH_ID + Math.floor(random() * PRODUCTS);
        const layout = LAYOUTS[scans % LAYOUTS.length] ?? LAYOUTS[0];
        await typeLikeAScanner(cdp, barcodeOf(productId), layout);
        scans += 1;
        await sleep(150 + random() * 200);
      }
      await call('counting.review', { sessionId: session.id, filter: 'all', limit: 100 });
      await call('money.list', {
        kind: cycle % 2 === 0 ? 'income' : 'expense',
        keyword: WORDS[cycle % WORDS.length],
      });
      await call('documents.quotations', { limit: 50 });
      cycle += 1;
      if (performance.now() - started >= (samples.length * dayMs) / SAMPLES) await sample();
    }
    await sample();
    const tenth = dayMs / 10;
    const first = samples.filter((entry) => entry.atMs <= tenth);
    const last = samples.filter((entry) => entry.atMs >= dayMs - tenth);
    const growth = (pick: (entry: Sample) => number) => mean(last.map(pick)) - mean(first.map(pick));
    const lines = await call('counting.lines', { sessionId: session.id });
    console.log(
      `memory after a ${minutes}-min day (${scans} scans, ${lines.length} lines, ${cycle} rounds of review, money and quotation lists):`,
    );
    for (const [label, pick] of [
      ["main's RSS", (entry: Sample) => entry.rssMb],
      ["the page's JS heap (after a collection)", (entry: Sample) => entry.heapMb],
    ] as const) {
      console.log(
        `  ${label}: at the start ${mb(pick(samples[0] ?? { atMs: 0, rssMb: 0, heapMb: 0 }))}, ` +
          `first tenth ${mb(mean(first.map(pick)))}, last tenth ${mb(mean(last.map(pick)))}: ` +
          `growth ${growth(pick) >= 0 ? '+' : ''}${mb(growth(pick))} (${samples.length} samples)`,
      );
    }
    if (chromium.problems.length > 0) console.log(`page problems:\n  ${chromium.problems.join('\n  ')}`);
  } finally {
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
