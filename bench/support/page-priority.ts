// The app's window gives its renderer above-normal priority (src-main/app/display-priority.ts). The
// bench's page runs in Debian's Chromium instead of Electron, so the bench does the same to the page's
// renderer through the same function. SCAN_BENCH_NORMAL_PRIORITY=1 leaves it at normal, to compare.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { raiseDisplayPriority } from '../../src-main/app/display-priority.js';
import { createLogger, createRedactor } from '../../src-main/logging/index.js';

const SKIP = process.env.SCAN_BENCH_NORMAL_PRIORITY === '1';

/** User and system CPU time of a process so far, in clock ticks (/proc/<pid>/stat fields 14 and 15). */
function cpuTicksOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after it are counted from its closing ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** How long the page spins so that its renderer shows itself in the system's CPU counts. */
const SPIN_MS = 300;

/**
 * Raises the page's renderer; says what it did. Chromium names its renderers but not which one holds a
 * page (and its own cpuTime once pointed at an idle one), so the page spins for a moment and the
 * renderer whose CPU time grew by most is the page's.
 */
export async function raisePagePriority(context: BrowserContext, page: Page): Promise<string> {
  if (SKIP) return "the page's renderer runs at normal priority (SCAN_BENCH_NORMAL_PRIORITY=1)";
  const browser = context.browser();
  if (browser === null) throw new Error('the bench needs the browser to find the page’s renderer');
  const session = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = await session.send('SystemInfo.getProcessInfo');
    const renderers = processInfo.filter((info) => info.type === 'renderer').map((info) => info.id);
    const before = new Map(renderers.map((id) => [id, cpuTicksOf(id)]));
    await page.evaluate(
      `(() => { const end = performance.now() + ${SPIN_MS}; while (performance.now() < end); })()`,
    );
    const grown = renderers.map((id) => ({ id, ticks: cpuTicksOf(id) - (before.get(id) ?? 0) }));
    const spinner = grown.reduce((most, info) => (info.ticks > most.ticks ? info : most), {
      id: 0,
      ticks: 0,
    });
    if (spinner.ticks === 0) throw new Error('no renderer of the browser ran the page');
    const pid = spinner.id;
    const said: string[] = [];
    const logger = createLogger({
      sinks: [{ write: (line) => void said.push(line) }],
      redactor: createRedactor(),
    });
    const outcome = raiseDisplayPriority(pid, logger);
    return `the page's renderer (pid ${pid}), as the app's window does: ${outcome}${said.length > 0 ? ` ${said.join(' ')}` : ''}`;
  } finally {
    await session.detach();
  }
}
