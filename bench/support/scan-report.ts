// The scan-to-screen bench's printout: the headline figure against the target, where the time goes
// step by step, and the renderer main thread's work from a DevTools trace.
import type { monitorEventLoopDelay } from 'node:perf_hooks';
import { WORK, type MainThreadWork } from './chromium-trace.js';
import type { PlannedScan } from './scan-plan.js';
import type { ScanTimings } from './scan-probe.js';
import { percentile } from './stats.js';
import { LINES_SHOWN } from '../../src-renderer/features/counting/shown-lines.js';

/** Issue 5's target: Enter → updated line on screen, p99. */
export const TARGET_P99_MS = 16;

export interface Measured {
  readonly timings: ScanTimings;
  readonly mainMs: number;
  /** How much later than its stamp the harness sent the Enter (its own lag; `timings.enterAt` is the send). */
  readonly enterSentLateMs: number;
  readonly scan: PlannedScan;
  /** Product lines in the table once this scan is shown. */
  readonly lines: number;
}

export function row(label: string, samples: readonly number[]): string {
  const cell = (value: number) => value.toFixed(2).padStart(8);
  return (
    `${label.padEnd(44)} n=${String(samples.length).padStart(4)}  p50 ${cell(percentile(samples, 50))}` +
    `  p90 ${cell(percentile(samples, 90))}  p99 ${cell(percentile(samples, 99))}  max ${cell(Math.max(...samples))}`
  );
}

type Step = readonly [label: string, duration: (timings: ScanTimings, entry: Measured) => number];

const HEADLINE: readonly Step[] = [
  ['Enter → updated line painted', (t) => t.paintedAt - t.enterAt],
  ['first key → updated line painted', (t) => t.paintedAt - t.firstKeyAt],
  ['Enter → updated line in the DOM', (t) => t.shownAt - t.enterAt],
  // Without the harness's delivery of the burst (see STEPS): what the app itself adds after the Enter.
  ['Enter reaches the page → painted', (t) => t.paintedAt - t.enterSeenAt],
];

/** Enter → painted, step by step (the indented ones split the step above them). */
const STEPS: readonly Step[] = [
  ['scanner burst: first key → Enter sent', (t) => t.enterAt - t.firstKeyAt],
  ['  the harness sent Enter after its stamp', (_, entry) => entry.enterSentLateMs],
  ['Enter sent → the page sees its keydown', (t) => t.enterSeenAt - t.enterAt],
  ['  the page sees the first key → sees Enter', (t) => t.enterSeenAt - t.firstKeySeenAt],
  ['keydown → counting.scan sent (scanner, queue)', (t) => t.sentAt - t.enterSeenAt],
  ['WebSocket round trip of counting.scan', (t) => t.answeredAt - t.sentAt],
  ['  main: ApiCore.call(counting.scan)', (_, entry) => entry.mainMs],
  ['  the rest: host, event loops, loopback', (t, entry) => t.answeredAt - t.sentAt - entry.mainMs],
  ['answer → line in the DOM (Svelte update)', (t) => t.shownAt - t.answeredAt],
  ['  of which the probe checking the DOM', (t) => t.checkMs],
  ['DOM → next frame starts (rAF)', (t) => t.frameAt - t.shownAt],
  ['frame: rendering until painted', (t) => t.paintedAt - t.frameAt],
];

/** One run of the scans under one load (quiet, or one core busy). */
export interface Pass {
  readonly label: string;
  /** The 1-minute load average when the pass started. */
  readonly loadAtStart: number;
  /** CPU time the host took from this VM during the pass, % of all (support/cpu-steal.ts). */
  readonly stolenPercent: number;
  readonly warmUp: number;
  readonly measured: readonly Measured[];
  /** Scans that never showed their figure (each with what the page showed instead). */
  readonly notShown: readonly string[];
  readonly loopDelay: ReturnType<typeof monitorEventLoopDelay>;
  readonly linesAtEnd: number;
}

/** The headline figure of a pass: Enter → updated line painted. */
export function verdict(pass: Pass): string {
  const samples = pass.measured.map(({ timings }) => timings.paintedAt - timings.enterAt);
  const p99 = percentile(samples, 99);
  const figure = (p: number) => percentile(samples, p).toFixed(2);
  return (
    `${pass.label.padEnd(14)} load ${pass.loadAtStart.toFixed(2).padStart(5)} at start, ` +
    `${pass.stolenPercent.toFixed(1)}% stolen  ` +
    `p50 ${figure(50)}  p90 ${figure(90)}  p99 ${figure(99)} ms  ` +
    `target p99 ≤ ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS && pass.notShown.length === 0 ? 'met' : 'MISSED'}` +
    (pass.notShown.length === 0 ? '' : `; ${pass.notShown.length} scans never shown`)
  );
}

/** The same for a scan the page painted before main's answer came. */
const EARLY_STEPS: readonly Step[] = [
  ['the harness sent Enter after its stamp', (_, entry) => entry.enterSentLateMs],
  ['Enter sent → the page sees its keydown', (t) => t.enterSeenAt - t.enterAt],
  ['keydown → line in the DOM (page alone)', (t) => t.shownAt - t.enterSeenAt],
  ['DOM → next frame starts (rAF)', (t) => t.frameAt - t.shownAt],
  ['frame: rendering until painted', (t) => t.paintedAt - t.frameAt],
  ["Enter → main's answer (after the paint)", (t) => t.answeredAt - t.enterAt],
];

/** The headline figures, then where the time of Enter → painted goes. */
export function report(pass: Pass): void {
  const { measured, loopDelay, linesAtEnd } = pass;
  const print = ([label, duration]: Step, entries: readonly Measured[] = measured) =>
    console.log(
      row(
        label,
        entries.map((entry) => duration(entry.timings, entry)).filter((value) => Number.isFinite(value)),
      ),
    );
  console.log(
    `\n=== ${pass.label}: ${measured.length} scans after ${pass.warmUp} warm-up, one at a time (ms); ` +
      `load average at start ${pass.loadAtStart.toFixed(2)}`,
  );
  HEADLINE.forEach((step) => print(step));
  console.log(verdict(pass));
  for (const failure of pass.notShown) console.log(`  not shown: ${failure}`);
  // A repeat scan is painted before main answers (the page adds it at once); the rest wait for main.
  const early = measured.filter(({ timings }) => timings.shownAt < timings.answeredAt);
  const waited = measured.filter(({ timings }) => timings.shownAt >= timings.answeredAt);
  console.log(`-- where the time goes, ${waited.length} scans that waited for main's answer (ms)`);
  STEPS.forEach((step) => print(step, waited));
  print(['  largest gap between two keys of a burst', (t) => t.maxKeyGapMs]);
  console.log(`-- where the time goes, ${early.length} scans painted before main's answer (ms)`);
  EARLY_STEPS.forEach((step) => print(step, early));
  for (const kind of ['new line', 'repeat', 'same as last'] as const) {
    const [label, duration] = HEADLINE[0] ?? ['', () => 0];
    print(
      [`${label}, ${kind}`, duration],
      measured.filter((entry) => entry.scan.kind === kind),
    );
  }
  // The table grows by a row per new product: the frame's cost as it grows.
  const quarter = Math.ceil(measured.length / 4);
  for (let start = 0; start < measured.length; start += quarter) {
    const part = measured.slice(start, start + quarter);
    const lines = `${part[0]?.lines ?? 0}–${part.at(-1)?.lines ?? 0} lines`;
    print([`Enter → painted, ${lines}`, (t) => t.paintedAt - t.enterAt], part);
    print([`  frame: rendering, ${lines}`, (t) => t.paintedAt - t.frameAt], part);
  }
  const late = measured.filter(({ timings }) => timings.paintedAt - timings.enterAt > TARGET_P99_MS);
  const inTheDomInTime = late.filter(({ timings }) => timings.shownAt - timings.enterAt <= TARGET_P99_MS);
  const withLong = (pick: (timings: ScanTimings) => number) =>
    measured.filter(({ timings }) => pick(timings) > 0).length;
  console.log(
    `scans over ${TARGET_P99_MS} ms: ${late.length} (of them, in the DOM within ${TARGET_P99_MS} ms: ` +
      `${inTheDomInTime.length}); scans with a long task (> 50 ms): ${withLong((t) => t.longTasks)}, ` +
      `with a long animation frame: ${withLong((t) => t.longFrames)}`,
  );
  const toMs = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(2);
  console.log(
    `main's event loop delay during the scans: p50 ${toMs(loopDelay.percentile(50))}  ` +
      `p99 ${toMs(loopDelay.percentile(99))}  max ${toMs(loopDelay.max)} ms`,
  );
  const products = new Set(measured.map((entry) => entry.scan.productId));
  console.log(
    `measured scans hit ${products.size} products (ids ${Math.min(...products)}–${Math.max(...products)}); ` +
      `product lines in the session at the end: ${linesAtEnd} (the table shows the newest ${LINES_SHOWN})`,
  );
}

/** The renderer main thread's work per scan over the traced scans, next to their wall time. */
export function reportTrace(work: MainThreadWork, traced: readonly ScanTimings[]): void {
  const perScan = (name: string) => ((work.totals.get(name) ?? 0) / traced.length).toFixed(2);
  console.log(`-- renderer main thread per scan, ${traced.length} more scans under a DevTools trace (ms)`);
  console.log(
    row(
      'Enter → updated line painted (traced scans)',
      traced.map((t) => t.paintedAt - t.enterAt),
    ),
  );
  console.log(
    `  busy ${perScan(WORK.busy)} (of the scan and the pause after it): key events ${perScan(WORK.keyEvents)}, ` +
      `script ${perScan(WORK.script)}, style + layout forced by key events ${perScan(WORK.forcedStyleLayout)}, ` +
      `frame rendering ${perScan(WORK.frame)} (pre-paint ${perScan(WORK.prePaint)}, paint ${perScan(WORK.paint)}); all style ` +
      `${perScan(WORK.style)}, all layout ${perScan(WORK.layout)}`,
  );
}
