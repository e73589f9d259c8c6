// Scan-to-screen latency in real Chromium on a 200,000-product catalogue (issue 5; target: p99 ≤ 16 ms
// from the scan's Enter to the updated line on screen). Everything is the real thing: the sandbox back
// office in its own process, seeded with 200,000 demo products; the app services (startAppServices) on a
// fresh user-data folder, which add it as a store profile and run their first sync of it (timed); the
// built renderer served by the web host; Debian's Chromium. A counter opens a count session from the
// keyboard, then a scanner types real barcodes from the app's own catalogue (DevTools key events, sent
// together as a keyboard-wedge burst, ending in Enter), one scan at a time, each waited for on screen. The
// page probe (support/scan-probe.ts) times each scan in the page, from the moment this process sent the
// Enter to Chromium (when this process runs late, its lag is reported apart, never counted as the page's);
// main's side of counting.scan is timed around ApiCore.call. The scans run twice into the same session:
// quiet, then with one core kept busy by a second process (support/busy-core.ts), as on a warehouse PC
// with something else running; both must meet the target. The page's renderer gets above-normal priority
// as the app's window gives its own (support/page-priority.ts). Prints the figures and their breakdown per
// run, the load average at the start of each, and both verdicts at the end; asserts nothing. Headless
// Chromium starts a frame as soon as one is needed; a real 60 Hz display adds a wait of 0-16.7 ms for its
// next refresh, which this figure does not hold. Takes about 5 minutes (the sandbox's seeding and the
// first sync of 200,000 products are most of it).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { CDPSession, Page } from 'playwright-core';
import type { ApiCore } from '../src-main/api/api-core.js';
import { storeDatabasePath, appPaths } from '../src-main/storage/paths.js';
import { openDatabase } from '../src-main/db/database.js';
import { InMemoryCredentialStore } from '../src-main/credentials/in-memory-credential-store.js';
import { startWebHost } from '../src-main/host/web-host.js';
import { silentLogger } from '../src-main/logging/index.js';
import { startAppServices } from '../src-main/services/index.js';
import type { CallArgs, CallName, CallValue, IpcResult } from '../src-shared/ipc/index.js';
import { buildApp } from '../tests/app/support/build-app.js';
import { launchChromium } from '../tests/support/chromium.js';
import { scanStrokes, sendStroke } from '../tests/support/scanner-input.js';
import { seededFloats } from '../src-shared/random.js';
import { startBusyCore } from './support/busy-core.js';
import { startStealCount } from './support/cpu-steal.js';
import {
  saveCpuProfile,
  startCpuProfile,
  startTimelineTrace,
  type MainThreadWork,
} from './support/chromium-trace.js';
import { startExternalSandbox } from './support/external-sandbox.js';
import { raisePagePriority } from './support/page-priority.js';
import { planScans, type PlannedScan } from './support/scan-plan.js';
import { PROBE_GLOBAL, SCAN_PROBE_SOURCE, type ScanTimings } from './support/scan-probe.js';
import { report, reportTrace, row, verdict, type Measured, type Pass } from './support/scan-report.js';

/** SCAN_BENCH_PRODUCTS=3000 (and SCAN_BENCH_MEASURED=30) check the run itself quickly; the figures are for 200,000. */
const PRODUCTS = Number(process.env.SCAN_BENCH_PRODUCTS ?? 200_000);
const WARM_UP = 20;
/**
 * SCAN_BENCH_TRACE_DIR=folder: the traced scans' raw DevTools trace, the page's CPU profile (100 µs
 * samples) and every measured scan's timings (JSON) are saved there, one of each per pass
 * (SCAN_BENCH_TRACE_CATEGORIES=a,b: other categories).
 */
const TRACE_FOLDER = process.env.SCAN_BENCH_TRACE_DIR;
const MEASURED = Number(process.env.SCAN_BENCH_MEASURED ?? 500);
/** Scans after the measured ones, with a DevTools timeline trace on (which slows the page a little). */
const TRACED = 50;
/** Each pass scans this many codes (new ones: the passes count into one session). */
const PER_PASS = WARM_UP + MEASURED + TRACED;
/** Quiet, then with one core kept busy by a second process (issue 13: both must meet the target). */
const LOADS = [
  { label: 'quiet', busyCore: false },
  { label: 'one core busy', busyCore: true },
] as const;
/** The busy loop ends by itself after this, even if the bench dies without stopping it. */
const BUSY_LIMIT_MS = 20 * 60_000;
const PAUSE_SEED = 7;
/** A counter's pace is about a scan a second; a short random pause keeps each scan off the last one's tail and off any fixed phase of the display's frames. */
const PAUSE_MS = { min: 50, max: 150 };
/** A scanner's pace: a key every 2 ms (USB HID at 1 ms polling: one report down, one up), held 1 ms. */
const KEY_INTERVAL_MS = 2;
const KEY_DOWN_S = 0.001;
/** A scanner sends Enter right after the last digit; a lagging test process must not look like typing. */
const MAX_ENTER_GAP_MS = 20;
const STORE = { name: 'bench200k', apikey: 'bench-key-200k', apisecret: 'bench-secret-200k' };
const FIRST_SYNC_LIMIT_MS = 15 * 60_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A keyboard-wedge scan as a USB scanner sends it: each digit down and up KEY_INTERVAL_MS apart, in real
 * time, then Enter. Each key carries its time on the scanner's schedule (as the OS stamps a real key),
 * so a moment of lag on this shared machine cannot stretch a burst into "typing"; the Enter is stamped
 * when it is sent, but at most MAX_ENTER_GAP_MS after the last digit's stamp. Returns how much later
 * than its stamp the Enter was sent (ms): this process running late (a busy core delays its timers) is
 * no part of the page's time, so Enter → screen is counted from the send.
 */
async function typeLikeAScanner(cdp: CDPSession, code: string): Promise<number> {
  const strokes = scanStrokes(code);
  const sent: Promise<unknown>[] = [];
  const start = Date.now() / 1000;
  const stampOf = (index: number) => start + (index * KEY_INTERVAL_MS) / 1000;
  for (const [index, stroke] of strokes.slice(0, -1).entries()) {
    sent.push(...sendStroke(cdp, stroke, stampOf(index), KEY_DOWN_S));
    await sleep(KEY_INTERVAL_MS);
  }
  const enter = strokes.at(-1);
  if (enter === undefined) throw new Error('a scan ends with Enter');
  const sendingAt = (performance.timeOrigin + performance.now()) / 1000;
  const enterAt = Math.min(sendingAt, stampOf(code.length - 1) + MAX_ENTER_GAP_MS / 1000);
  sent.push(...sendStroke(cdp, enter, enterAt, KEY_DOWN_S));
  await Promise.all(sent);
  return (sendingAt - enterAt) * 1000;
}

/** How the page read the session's code index: main's time per page, and from first call to last answer. */
interface IndexReading {
  readonly pageMs: number[];
  codes: number;
  firstAt: number;
  lastAt: number;
}

/**
 * ApiCore with main's time for each counting.scan and counting.codeIndex recorded (the web host calls
 * it like any transport).
 */
function timedApi(api: ApiCore, scanTimes: number[], index: IndexReading): ApiCore {
  return {
    subscribe: (listener) => api.subscribe(listener),
    call: async (name, args, origin) => {
      const started = performance.now();
      try {
        const result = await api.call(name, args, origin);
        if (name === 'counting.codeIndex' && result.ok) {
          index.codes += (result.value as CallValue<'counting.codeIndex'>).entries.length;
        }
        return result;
      } finally {
        const ended = performance.now();
        if (name === 'counting.scan') scanTimes.push(ended - started);
        if (name === 'counting.codeIndex') {
          index.pageMs.push(ended - started);
          if (Number.isNaN(index.firstAt)) index.firstAt = started;
          index.lastAt = ended;
        }
      }
    },
  };
}

interface PassContext {
  readonly page: Page;
  readonly cdp: CDPSession;
  /** Each product's counted figure so far in the session (both passes count into one session). */
  readonly counted: Map<number, number>;
  /** Main's counted figure of a product's line (read again after a scan that was not shown). */
  readonly countedInMain: (productId: number) => Promise<number>;
  /** main's time for the scan in flight (timedApi). */
  readonly mainScanMs: number[];
  readonly pause: () => number;
}

/** Warm-up, measured and traced scans of one pass, each waited for on screen. */
async function measurePass(
  label: string,
  scans: readonly PlannedScan[],
  { page, cdp, counted, countedInMain, mainScanMs, pause }: PassContext,
): Promise<{ pass: Pass; work: MainThreadWork; traced: ScanTimings[] }> {
  const loadAtStart = loadavg()[0] ?? Number.NaN;
  const steal = startStealCount();
  console.log(
    `\n${label}: load average at start ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  const measured: Measured[] = [];
  const traced: ScanTimings[] = [];
  const notShown: string[] = [];
  let trace: Awaited<ReturnType<typeof startTimelineTrace>> | undefined;
  for (const [index, scan] of scans.entries()) {
    if (index === WARM_UP) loopDelay.enable();
    if (index === WARM_UP + MEASURED) {
      loopDelay.disable();
      const saveTo = TRACE_FOLDER === undefined ? undefined : join(TRACE_FOLDER, `${label}.trace.json`);
      trace = await startTimelineTrace(cdp, saveTo);
      if (TRACE_FOLDER !== undefined) await startCpuProfile(cdp);
    }
    mainScanMs.length = 0;
    const expected = (counted.get(scan.productId) ?? 0) + 1;
    await page.evaluate(
      `window.${PROBE_GLOBAL}.arm(${JSON.stringify(scan.sku)}, ${JSON.stringify(String(expected))})`,
    );
    const shown = page.evaluate(`window.${PROBE_GLOBAL}.result()`) as Promise<ScanTimings>;
    const [result, typed] = await Promise.allSettled([shown, typeLikeAScanner(cdp, scan.barcode)]);
    if (typed.status === 'rejected') throw typed.reason;
    if (result.status === 'rejected') {
      // Not on screen in time: kept as a failure (the page's own words say what it showed instead),
      // and the figures to expect follow main's lines from here on.
      notShown.push(result.reason instanceof Error ? result.reason.message : String(result.reason));
      const inMain = await countedInMain(scan.productId);
      if (inMain > 0) counted.set(scan.productId, inMain);
      else counted.delete(scan.productId);
      await sleep(PAUSE_MS.max);
      continue;
    }
    // The probe's Enter is the key's stamp; the page's time starts when it was sent.
    const enterSentLateMs = typed.value;
    const timings = { ...result.value, enterAt: result.value.enterAt + enterSentLateMs };
    counted.set(scan.productId, expected);
    if (index >= WARM_UP + MEASURED) traced.push(timings);
    else if (index >= WARM_UP) {
      measured.push({
        timings,
        mainMs: mainScanMs[0] ?? Number.NaN,
        enterSentLateMs,
        scan,
        lines: counted.size,
      });
    }
    await sleep(PAUSE_MS.min + pause() * (PAUSE_MS.max - PAUSE_MS.min));
  }
  if (trace === undefined) throw new Error(`the ${label} pass had no traced scans`);
  if (TRACE_FOLDER !== undefined) {
    // Every measured scan's own timings, for a look at the slowest ones step by step.
    const rows = measured.map(({ timings, mainMs, enterSentLateMs, scan, lines }) => ({
      ...timings,
      mainMs,
      enterSentLateMs,
      kind: scan.kind,
      lines,
    }));
    writeFileSync(join(TRACE_FOLDER, `${label}.scans.json`), JSON.stringify(rows));
  }
  const work = await trace.stop();
  if (TRACE_FOLDER !== undefined) await saveCpuProfile(cdp, join(TRACE_FOLDER, `${label}.cpuprofile`));
  return {
    pass: {
      label,
      loadAtStart,
      stolenPercent: steal.stop(),
      warmUp: WARM_UP,
      measured,
      notShown,
      loopDelay,
      linesAtEnd: counted.size,
    },
    work,
    traced,
  };
}

export async function run(): Promise<void> {
  const [load1, load5, load15] = loadavg().map((value) => value.toFixed(2));
  console.log(`load average at start: ${load1} ${load5} ${load15} (${cpus().length} cores)`);
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-bench-scan-'));
  const userData = join(folder, 'user-data');
  const cleanups: Array<() => Promise<void> | void> = [
    () => rmSync(folder, { recursive: true, force: true }),
  ];
  try {
    const [outDir, sandbox, chromium] = await Promise.all([
      buildApp(),
      startExternalSandbox({ dataFile: join(folder, 'sandbox.sqlite'), products: PRODUCTS, store: STORE }),
      launchChromium({ viewport: { width: 1366, height: 900 } }),
    ]);
    cleanups.unshift(
      () => rmSync(join(outDir, '..'), { recursive: true, force: true }),
      () => sandbox.close(),
      () => chromium.close(),
    );
    console.log(
      `sandbox (own process) seeded with ${PRODUCTS.toLocaleString('en')} products and listening in ${seconds(sandbox.startMs)}`,
    );

    const services = await startAppServices({
      userDataDir: userData,
      credentialStore: new InMemoryCredentialStore(),
      logger: silentLogger,
    });
    cleanups.unshift(() => services.stop());
    const call = async <N extends CallName>(name: N, args: CallArgs<N>): Promise<CallValue<N>> => {
      const result = (await services.api.call(name, args, 'web')) as IpcResult<CallValue<N>>;
      if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
      return result.value;
    };
    await call('settings.set', { language: 'en' });

    // The real path: the store is added as a profile, made active, and the app's first sync pulls it.
    const syncStarted = performance.now();
    const profile = await call('profiles.add', {
      displayName: 'Bench 200k',
      baseUrl: sandbox.url,
      storename: STORE.name,
      apikey: STORE.apikey,
      apisecret: STORE.apisecret,
      activate: true,
    });
    for (;;) {
      const status = await call('sync.status', {});
      if (status.firstSyncComplete) break;
      if (status.state === 'failed' || status.state === 'stopped') {
        throw new Error(`the first sync ${status.state}: ${status.lastError ?? 'no message'}`);
      }
      if (performance.now() - syncStarted > FIRST_SYNC_LIMIT_MS)
        throw new Error('the first sync took too long');
      await sleep(250);
    }
    const firstSyncMs = performance.now() - syncStarted;

    const storeDatabase = storeDatabasePath(appPaths(userData), profile.id);
    const { facts, scans } = planScans(storeDatabase, PER_PASS * LOADS.length);
    console.log(
      `app's first sync of the store (profiles.add → firstSyncComplete): ${seconds(firstSyncMs)}; ` +
        `catalogue in the app: ${facts.products.toLocaleString('en')} products ` +
        `(${facts.scannable.toLocaleString('en')} active with a barcode of their own)`,
    );

    const mainScanMs: number[] = [];
    const indexReading: IndexReading = { pageMs: [], codes: 0, firstAt: Number.NaN, lastAt: Number.NaN };
    const host = await startWebHost({
      api: timedApi(services.api, mainScanMs, indexReading),
      rendererDirectory: join(outDir, 'renderer'),
    });
    cleanups.unshift(() => host.close());
    const { page, problems, context } = chromium;
    await page.addInitScript({ content: SCAN_PROBE_SOURCE });
    await page.goto(host.url);

    // F3 (once the store is open): the count sessions; Alt+N: a new session (the first warehouse, the
    // whole of it), named, opened by Enter in the name field.
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /\(F3\)/ })
      .waitFor();
    await page.keyboard.press('F3');
    await page.getByRole('heading', { name: 'Count sessions', level: 2 }).waitFor();
    console.log(await raisePagePriority(context, page));
    const cdp = await context.newCDPSession(page);
    const heapBeforeSession = await pageHeapMb(cdp);
    await page.keyboard.press('Alt+KeyN');
    await page.getByRole('heading', { name: 'New count session' }).waitFor();
    const sessionName = page.getByLabel('Name (optional)');
    await sessionName.fill('Scan-to-screen bench');
    await sessionName.press('Enter');
    await page.getByRole('heading', { name: 'Counting: Scan-to-screen bench' }).waitFor();
    await page.getByText('Ready to scan').waitFor();

    const counted = new Map<number, number>();
    const [session] = await call('counting.listSessions', { state: 'open' });
    if (session === undefined) throw new Error('the bench session is not open');
    const countedInMain = async (productId: number) => {
      const lines = await call('counting.lines', { sessionId: session.id });
      const line = lines.find(
        (candidate) => candidate.kind === 'product' && candidate.product.id === productId,
      );
      return line?.counted ?? 0;
    };
    const pause = seededFloats(PAUSE_SEED, 'scan-to-screen pauses');
    const passes: Pass[] = [];
    for (const [number, load] of LOADS.entries()) {
      const busy = load.busyCore ? await startBusyCore(BUSY_LIMIT_MS) : undefined;
      if (busy !== undefined) cleanups.unshift(() => busy.stop());
      try {
        const planned = scans.slice(number * PER_PASS, (number + 1) * PER_PASS);
        const { pass, work, traced } = await measurePass(load.label, planned, {
          page,
          cdp,
          counted,
          countedInMain,
          mainScanMs,
          pause,
        });
        passes.push(pass);
        report(pass);
        reportTrace(work, traced);
      } finally {
        await busy?.stop();
      }
    }
    const heapWithSession = await pageHeapMb(cdp);
    await cdp.detach();
    console.log(
      `\nthe page read the session's code index in ${indexReading.pageMs.length} pages, ` +
        `${seconds(indexReading.lastAt - indexReading.firstAt)} from the first call to the last answer`,
    );
    console.log(row("main's time per page of the code index", indexReading.pageMs));
    console.log(
      `the page's JavaScript heap after a collection: ${heapBeforeSession.toFixed(1)} MB before the session, ` +
        `${heapWithSession.toFixed(1)} MB after the scans (its lines and the ${indexReading.codes.toLocaleString('en')} ` +
        `codes of its index: ${(((heapWithSession - heapBeforeSession) * 1e6) / Math.max(indexReading.codes, 1)).toFixed(0)} bytes a code at most)`,
    );
    console.log('\n=== Enter → updated line painted, both runs (ms)');
    for (const pass of passes) console.log(verdict(pass));
    const floor = durableCommitFloor(join(userData, 'floor.sqlite'));
    console.log(row("floor: one durable 1-row commit (app's pragmas)", floor));
    console.log(problems.length === 0 ? 'page problems: none' : `page problems:\n  ${problems.join('\n  ')}`);
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

/** What one synchronous=FULL commit costs on this disk now: the floor under main's counting.scan. */
function durableCommitFloor(file: string): number[] {
  const db = openDatabase(file);
  try {
    db.exec('CREATE TABLE probe (value INTEGER)');
    const insert = db.prepare<[number]>('INSERT INTO probe VALUES (?)');
    return Array.from({ length: MEASURED }, (_, index) => {
      const started = performance.now();
      db.transaction(() => insert.run(index)).immediate();
      return performance.now() - started;
    });
  } finally {
    db.close();
  }
}

/** The page's JavaScript heap in use after a full collection, MB. */
async function pageHeapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1e6;
}
