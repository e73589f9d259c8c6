// One pass of the scan-to-screen bench (scan-to-screen.bench.ts): warm-up, measured, only counted and
// traced scans into the app's counting page, each waited for on screen, each measured one followed by
// the same scan into the floor page (issue 26), and the pass's account of main's lines (issue 20).
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { CDPSession, Page } from 'playwright-core';
import type { CallValue } from '../../src-shared/ipc/index.js';
import {
  saveCpuProfile,
  startCpuProfile,
  startTimelineTrace,
  type MainThreadWork,
} from './chromium-trace.js';
import { startStealCount } from './cpu-steal.js';
import { scanIntoFloor, type FloorPage } from './floor-page.js';
import { settledAccount, snapshotOf, type ScanAccount } from './scan-accounting.js';
import type { PlannedScan } from './scan-plan.js';
import { PROBE_GLOBAL, type ScanTimings } from './scan-probe.js';
import type { Measured, Pass } from './scan-report.js';
import { typeLikeAScanner, type Layout } from './scanner-burst.js';

export const WARM_UP = 20;
/**
 * SCAN_BENCH_TRACE_DIR=folder: the traced scans' raw DevTools trace, the page's CPU profile (100 µs
 * samples) and every measured scan's timings (JSON) are saved there, one of each per pass
 * (SCAN_BENCH_TRACE_CATEGORIES=a,b: other categories).
 */
const TRACE_FOLDER = process.env.SCAN_BENCH_TRACE_DIR;
export const MEASURED = Number(process.env.SCAN_BENCH_MEASURED ?? 500);
/** Scans after the measured ones, with a DevTools timeline trace on (which slows the page a little). */
export const TRACED = 50;
/**
 * Each pass scans this many codes (SCAN_BENCH_SCANS; issue 20: at least 2,000, none lost, split or
 * miscounted): warm-up, measured, only counted, then traced. The passes count into one session.
 */
export const PER_PASS = Number(process.env.SCAN_BENCH_SCANS ?? 2_000);
/** A counter's pace is about a scan a second; a short random pause keeps each scan off the last one's tail and off any fixed phase of the display's frames. */
const PAUSE_MS = { min: 50, max: 150 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface PassContext {
  readonly page: Page;
  readonly cdp: CDPSession;
  /** Each product's counted figure so far in the session (both passes count into one session). */
  readonly counted: Map<number, number>;
  /** Main's counted figure of a product's line (read again after a scan that was not shown). */
  readonly countedInMain: (productId: number) => Promise<number>;
  /** main's time for the scan in flight (timedApi). */
  readonly mainScanMs: number[];
  readonly pause: () => number;
  readonly layout: Layout;
  /** Main's lines of the session now (for the pass's account). */
  readonly mainLines: () => Promise<CallValue<'counting.lines'>>;
  /** The browser's floor (issue 26): each measured scan is also made into it, right after the app's. */
  readonly floor: FloorPage;
}

/** Floor scans before the measured ones, not counted (the floor page's first frames are slower). */
const FLOOR_WARM_UP = 10;

/** Warm-up, measured and traced scans of one pass, each waited for on screen. */
export async function measurePass(
  label: string,
  scans: readonly PlannedScan[],
  { page, cdp, counted, countedInMain, mainScanMs, pause, layout, mainLines, floor }: PassContext,
): Promise<{
  pass: Pass;
  work: MainThreadWork;
  traced: ScanTimings[];
  account: ScanAccount;
  floorMs: number[];
}> {
  const before = snapshotOf(await mainLines());
  const loadAtStart = loadavg()[0] ?? Number.NaN;
  const steal = startStealCount();
  console.log(
    `\n${label}: load average at start ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  const measured: Measured[] = [];
  const floorMs: number[] = [];
  const traced: ScanTimings[] = [];
  const notShown: string[] = [];
  let trace: Awaited<ReturnType<typeof startTimelineTrace>> | undefined;
  for (const [index, scan] of scans.entries()) {
    if (index === WARM_UP) loopDelay.enable();
    if (index === PER_PASS - TRACED) {
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
    const [result, typed] = await Promise.allSettled([shown, typeLikeAScanner(cdp, scan.barcode, layout)]);
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
    if (index >= PER_PASS - TRACED) traced.push(timings);
    else if (index >= WARM_UP && index < WARM_UP + MEASURED) {
      measured.push({
        timings,
        mainMs: mainScanMs[0] ?? Number.NaN,
        enterSentLateMs,
        scan,
        lines: counted.size,
      });
    }
    await sleep(PAUSE_MS.min + pause() * (PAUSE_MS.max - PAUSE_MS.min));
    if (index >= WARM_UP - FLOOR_WARM_UP && index < WARM_UP + MEASURED) {
      const floorScanMs = await scanIntoFloor(floor, scan, layout);
      if (index >= WARM_UP) floorMs.push(floorScanMs);
      await sleep(PAUSE_MS.min + pause() * (PAUSE_MS.max - PAUSE_MS.min));
    }
  }
  if (trace === undefined) throw new Error(`the ${label} pass had no traced scans`);
  const account = await settledAccount(scans, before, mainLines);
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
    account,
    floorMs,
  };
}
