// Memory over a scripted day (issue 26): main's RSS, JS heap and external memory (this process holds
// main's services and the web host) and the page's JavaScript heap, each after a full collection, on a
// store of 200,000 products, 50,000 code aliases kept on this PC (with the barcodes, ~252,000 codes in
// the page's code index) and 50,000 money records. The day does not grow its own data: counts of
// SCANS_PER_COUNT scans from the scanner (the page) end in turn (one in four committed, offline, the
// rest discarded) and the counter opens the next from the keyboard, so the open session stays one
// count's size; between scans the review, the money list with a keyword and the quotation list are
// only read. A sample every 30 s, once the page holds the session's whole code index; reported: the
// medians of the first and of the last ten minutes and their difference (goal: none beyond noise).
// `NODE_OPTIONS=--expose-gc npm run bench -- memory --minutes 60` (without the flag main is not
// collected first; the output says which). MEMORY_BENCH_SNAPSHOTS=<folder> writes the page's heap
// snapshot after the first window and at the end (diff: bench/heap-diff.ts); MEMORY_BENCH_SERIES=<file>
// every sample as JSON; MEMORY_BENCH_PRODUCTS / _ALIASES / _RECORDS for a quick check. Asserts nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryCredentialStore } from '../src-main/credentials/in-memory-credential-store.js';
import { startWebHost } from '../src-main/host/web-host.js';
import { silentLogger } from '../src-main/logging/index.js';
import { startAppServices } from '../src-main/services/index.js';
import { buildApp } from '../tests/app/support/build-app.js';
import type { CDPSession, Page } from 'playwright-core';
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
/** A sample every 30 s: twenty in each ten-minute window compared. */
const SAMPLE_EVERY_MS = 30_000;
const WINDOW_MS = 10 * 60_000;
/** Scans between the lists; a count ends after SCANS_PER_COUNT scans and the next one starts. */
const SCANS_PER_ROUND = 5;
const SCANS_PER_COUNT = 200;
/** The page's code index is read when no page of it has been asked for this long. */
const INDEX_SETTLED_MS = 2_000;
/** One count in four is committed (its lines queue in the outbox, offline here), the others discarded. */
const COMMIT_EVERY = 4;
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
  readonly mainHeapMb: number;
  readonly mainExternalMb: number;
  readonly heapMb: number;
  readonly load: number;
}
const ZERO: Sample = { atMs: 0, rssMb: 0, mainHeapMb: 0, mainExternalMb: 0, heapMb: 0, load: 0 };

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}
const mb = (value: number) => `${value.toFixed(1)} MB`;

/**
 * The counter starts the next count; on a shared, loaded machine one try may time out, so a failed try
 * is shown (the page's headings, a screenshot in `folder`) and tried again.
 */
async function startNextCount(page: Page, name: string, folder: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await openCountSessionPage(page, name);
      return;
    } catch (error) {
      const headings = await page.getByRole('heading').allInnerTexts();
      const shot = join(folder, `memory-bench-${name.replaceAll(' ', '-')}-${attempt}.png`);
      await page.screenshot({ path: shot }).catch(() => undefined);
      console.error(
        `starting "${name}" failed (try ${attempt}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}; ` +
          `headings: ${headings.join(' | ')}; screenshot ${shot}`,
      );
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** The page's heap snapshot into `file`; a failure is printed, not thrown, so the day goes on. */
async function writePageHeapSnapshot(cdp: CDPSession, file: string): Promise<void> {
  const chunks: string[] = [];
  const collect = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    writeFileSync(file, chunks.join(''));
    console.log(`the page's heap snapshot: ${file}`);
  } catch (error) {
    console.error(`heap snapshot failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
  }
}

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
    const indexSettled = async () => {
      while (Number.isNaN(indexReading.lastAt) || performance.now() - indexReading.lastAt < INDEX_SETTLED_MS)
        await sleep(250);
    };
    await indexSettled();
    const codesPerSession = indexReading.codes;
    console.log(
      `${PRODUCTS.toLocaleString('en')} products, ${RECORDS.toLocaleString('en')} money records; ` +
        `the page's code index holds ${codesPerSession.toLocaleString('en')} codes (read in ${((indexReading.lastAt - indexReading.firstAt) / 1000).toFixed(1)} s); a day of ${minutes} min; ` +
        `load average ${loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}`,
    );
    const random = seededFloats(26, 'memory day');
    const samples: Sample[] = [];
    const started = performance.now();
    const dayMs = minutes * 60_000;
    const collectMain = typeof globalThis.gc === 'function' ? globalThis.gc : undefined;
    const sample = async () => {
      // The page reads each new session's code index in the background: a sample waits until it has
      // read it all (no page of it for 2 s), so every sample holds the full index, not part of it.
      await indexSettled();
      // A full collection first on both sides (main's needs node --expose-gc), so a sample is what is
      // still held, not what a collector has not got to yet.
      collectMain?.();
      const heapMb = await pageHeapMb(cdp);
      const usage = process.memoryUsage();
      samples.push({
        atMs: performance.now() - started,
        rssMb: usage.rss / 1e6,
        mainHeapMb: usage.heapUsed / 1e6,
        mainExternalMb: usage.external / 1e6,
        heapMb,
        load: loadavg()[0] ?? 0,
      });
      if (process.env.MEMORY_BENCH_SERIES !== undefined) {
        writeFileSync(process.env.MEMORY_BENCH_SERIES, JSON.stringify(samples, null, 1));
      }
    };
    await sample();
    let scans = 0;
    let rounds = 0;
    let counts = 0;
    let committed = 0;
    let largestSession = 0;
    let sessionId = session.id;
    let sessionScans = 0;
    // MEMORY_BENCH_SNAPSHOTS=<folder>: the page's heap snapshot after the first window and at the end,
    // to diff where any growth is held.
    const snapshots = process.env.MEMORY_BENCH_SNAPSHOTS;
    let firstSnapshot = false;
    while (performance.now() - started < dayMs) {
      for (let index = 0; index < SCANS_PER_ROUND; index++) {
        // One code in five is a code alias (the page's index holds both); aliases only in the US layout.
        const alias = scans % 5 === 4;
        const code = alias
          ? `PK-${Math.floor(random() * ALIASES)}`
          : barcodeOf(FIRST_BENCH_ID + Math.floor(random() * PRODUCTS));
        const layout = alias ? LAYOUTS[0] : (LAYOUTS[scans % LAYOUTS.length] ?? LAYOUTS[0]);
        await typeLikeAScanner(cdp, code, layout);
        scans += 1;
        sessionScans += 1;
        await sleep(150 + random() * 200);
      }
      await call('counting.review', { sessionId, filter: 'all', limit: 100 });
      await call('money.list', {
        kind: rounds % 2 === 0 ? 'income' : 'expense',
        keyword: WORDS[rounds % WORDS.length],
      });
      await call('documents.quotations', { limit: 50 });
      rounds += 1;
      if (sessionScans >= SCANS_PER_COUNT) {
        // The count ends (committed or discarded in turn) and the counter starts the next one, so the
        // open session, the page's lines and the review stay the size of one count all day.
        const lines = await call('counting.lines', { sessionId });
        largestSession = Math.max(largestSession, lines.length);
        if (counts % COMMIT_EVERY === 0) {
          await call('counting.commit', { sessionId, discardUnknownCodes: true });
          committed += 1;
        } else {
          await call('counting.discard', { sessionId });
        }
        counts += 1;
        await startNextCount(page, `Memory bench ${counts}`, join(process.cwd(), '.tmp'));
        const next = (await call('counting.listSessions', { state: 'open' }))
          .filter((open) => open.id !== sessionId && open.name === `Memory bench ${counts}`)
          .at(-1);
        if (next === undefined) throw new Error('the next count session is not open');
        sessionId = next.id;
        sessionScans = 0;
      }
      if (performance.now() - started >= samples.length * SAMPLE_EVERY_MS) {
        await sample();
        if (snapshots !== undefined && !firstSnapshot && performance.now() - started >= WINDOW_MS) {
          await writePageHeapSnapshot(cdp, join(snapshots, 'page-after-first-window.heapsnapshot'));
          firstSnapshot = true;
        }
      }
    }
    await sample();
    if (snapshots !== undefined) {
      await writePageHeapSnapshot(cdp, join(snapshots, 'page-at-the-end.heapsnapshot'));
    }
    const window = Math.min(WINDOW_MS, dayMs / 2);
    const first = samples.filter((entry) => entry.atMs <= window);
    const last = samples.filter((entry) => entry.atMs >= dayMs - window);
    const growth = (pick: (entry: Sample) => number) => median(last.map(pick)) - median(first.map(pick));
    const outbox = await call('outbox.summary', {});
    console.log(
      `memory after a ${minutes}-min day: ${scans} scans in ${counts} counts of ${SCANS_PER_COUNT} scans ` +
        `(${committed} committed, the rest discarded; the largest held ${largestSession} lines; ` +
        `the page read ${indexReading.codes.toLocaleString('en')} codes of code index in all, ` +
        `${(indexReading.codes / (counts + 1)).toFixed(0)} a session), ` +
        `${rounds} rounds of review, money and quotation lists; outbox ${JSON.stringify(outbox)}; ` +
        `GC forced before each sample: page yes (HeapProfiler.collectGarbage), main ` +
        `${collectMain ? 'yes (gc())' : 'no (run with NODE_OPTIONS=--expose-gc)'}; load average (1 min) ` +
        `median ${median(samples.map((entry) => entry.load)).toFixed(2)}, max ` +
        `${Math.max(...samples.map((entry) => entry.load)).toFixed(2)}`,
    );
    const windowLabel = `${(window / 60_000).toFixed(0)} min`;
    for (const [label, pick] of [
      ["main's RSS", (entry: Sample) => entry.rssMb],
      ["main's JS heap used", (entry: Sample) => entry.mainHeapMb],
      ["main's external (buffers)", (entry: Sample) => entry.mainExternalMb],
      ["the page's JS heap (after a collection)", (entry: Sample) => entry.heapMb],
    ] as const) {
      console.log(
        `  ${label}: at the start ${mb(pick(samples[0] ?? ZERO))}, ` +
          `median of the first ${windowLabel} ${mb(median(first.map(pick)))} (${first.length} samples), ` +
          `of the last ${windowLabel} ${mb(median(last.map(pick)))} (${last.length}): ` +
          `growth ${growth(pick) >= 0 ? '+' : ''}${mb(growth(pick))}`,
      );
    }
    if (process.env.MEMORY_BENCH_SERIES !== undefined) {
      writeFileSync(process.env.MEMORY_BENCH_SERIES, JSON.stringify(samples, null, 1));
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
