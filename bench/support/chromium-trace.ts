// A DevTools timeline trace of the page's renderer over a few scans, summed by kind of work on its main
// thread: how much of a scan's time the renderer spends in script, style, layout, paint and the rest,
// and how much it is simply not running (a busy machine).
import { writeFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly dur?: number;
  readonly args?: { readonly name?: string };
}

/** Work on the renderer's main thread, by the names of Chromium's trace events (nested ones overlap). */
export const WORK = {
  busy: 'ThreadControllerImpl::RunTask',
  keyEvents: 'EventDispatch',
  script: 'FunctionCall',
  /** Style and layout forced outside a frame (Blink does one for each key event). */
  forcedStyleLayout: 'Blink.ForcedStyleAndLayout.UpdateTime',
  /** A frame's rendering: the four below and layerizing. */
  frame: 'WebFrameWidgetImpl::UpdateLifecycle',
  style: 'UpdateLayoutTree',
  layout: 'Layout',
  prePaint: 'PrePaint',
  paint: 'Paint',
} as const;

export interface MainThreadWork {
  /** Milliseconds per kind of work (nested kinds are inside RunTask, not added to it). */
  readonly totals: ReadonlyMap<string, number>;
}

/** Starts recording the timeline; `stop()` ends it and sums the renderer main thread's work. */
/** `saveTo`: also write the raw trace there (Chrome's JSON trace format, for DevTools or a script). */
export async function startTimelineTrace(
  cdp: CDPSession,
  saveTo?: string,
): Promise<{ stop(): Promise<MainThreadWork> }> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: (
        process.env.SCAN_BENCH_TRACE_CATEGORIES ?? 'devtools.timeline,v8,blink,toplevel'
      ).split(','),
    },
  });
  return {
    async stop() {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', collect);
      if (saveTo !== undefined) writeFileSync(saveTo, JSON.stringify({ traceEvents: events }));
      return { totals: sumMainThread(events) };
    },
  };
}

function sumMainThread(events: readonly TraceEvent[]): Map<string, number> {
  // Every renderer's main thread, then the busiest one: the page's.
  const mains = events.filter(
    (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  let busiest = new Map<string, number>(Object.values(WORK).map((name) => [name, 0]));
  for (const main of mains) {
    const totals = new Map<string, number>(Object.values(WORK).map((name) => [name, 0]));
    for (const event of events) {
      if (event.pid !== main.pid || event.tid !== main.tid || event.ph !== 'X') continue;
      const known = totals.get(event.name);
      if (known !== undefined) totals.set(event.name, known + (event.dur ?? 0) / 1000);
    }
    if ((totals.get(WORK.busy) ?? 0) > (busiest.get(WORK.busy) ?? 0)) busiest = totals;
  }
  return busiest;
}

/** Starts sampling the page's JavaScript (every 100 µs) alongside the trace. */
export async function startCpuProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
}

/** Stops the sampling and writes the profile (DevTools' .cpuprofile format) to `file`. */
export async function saveCpuProfile(cdp: CDPSession, file: string): Promise<void> {
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Profiler.disable');
  writeFileSync(file, JSON.stringify(profile));
}
