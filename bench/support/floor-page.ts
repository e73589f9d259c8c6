// The browser's floor under a scan (issue 26): a minimal page in the same Chromium as the app that takes
// the same keyboard-wedge burst and, on Enter, puts one row with the same text (SKU, name, counted,
// expected, the two adjust buttons) at the top of a table of the same size as the counting page's
// (LINES_SHOWN rows), and shows the same big last-scan figures. No framework, no IPC: the code's product
// comes from a plain Map of the pass's codes. It carries the data-testids the scan probe watches
// (support/scan-probe.ts), so both pages are timed by the same code, from the same Enter to the same
// painted frame; the ratio of the app to it is what the app adds to what this machine can do at best.
import Database from 'better-sqlite3';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { LINES_SHOWN } from '../../src-renderer/features/counting/shown-lines.js';
import { raisePagePriority } from './page-priority.js';
import { typeLikeAScanner, type Layout } from './scanner-burst.js';
import { PROBE_GLOBAL, SCAN_PROBE_SOURCE, type ScanTimings } from './scan-probe.js';
import { percentile } from './stats.js';

export interface FloorProduct {
  readonly barcode: string;
  readonly sku: string;
  readonly name: string;
  readonly expected: number;
}

export interface FloorPage {
  readonly page: Page;
  readonly cdp: CDPSession;
  /** What was done to its renderer's priority. */
  readonly priority: string;
  /** What the floor page's line of `sku` shows after its next scan (it counts on its own). */
  nextCounted(sku: string): number;
  close(): Promise<void>;
}

const FLOOR_SCRIPT = `(() => {
  const products = new Map(JSON.parse(document.getElementById('products').textContent));
  const counted = new Map();
  const body = document.getElementById('lines');
  const last = document.getElementById('last');
  const rows = new Map();
  let typed = '';
  const cell = (className, text) => {
    const span = document.createElement('span');
    span.setAttribute('role', 'cell');
    if (className) span.className = className;
    span.textContent = text;
    return span;
  };
  function rowOf(sku, product) {
    const row = document.createElement('div');
    row.className = 'row line';
    row.setAttribute('role', 'row');
    const adjust = cell('adjust', '');
    for (const label of ['−1', '+1']) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      adjust.append(button);
    }
    row.append(cell('code', sku), cell('', product.name), cell('number counted', ''), cell('number', String(product.expected)), adjust);
    return row;
  }
  function scanned(code) {
    const product = products.get(code);
    if (product === undefined) return;
    const figure = (counted.get(product.sku) ?? 0) + 1;
    counted.set(product.sku, figure);
    let row = rows.get(product.sku);
    if (row === undefined) {
      row = rowOf(product.sku, product);
      rows.set(product.sku, row);
    }
    row.querySelector('.counted').textContent = String(figure);
    body.prepend(row);
    while (body.children.length > ${LINES_SHOWN}) {
      const oldest = body.lastElementChild;
      oldest.remove();
      rows.delete(oldest.querySelector('.code').textContent);
    }
    last.querySelector('.name').textContent = product.name;
    last.querySelector('.detail').textContent = product.sku + ' · ' + code;
    last.querySelector('[data-testid="last-counted"]').textContent = String(figure);
    last.querySelector('[data-testid="last-expected"]').textContent = String(product.expected);
  }
  window.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      const code = typed;
      typed = '';
      scanned(code);
    } else if (event.code.startsWith('Digit')) typed += event.code.slice(5);
    else if (event.key.length === 1) typed += event.key;
  });
})();`;

function floorHtml(products: readonly FloorProduct[]): string {
  const entries = JSON.stringify(products.map((product) => [product.barcode, product]));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Floor</title>
<style>
  body { font-family: sans-serif; margin: 1rem; }
  #last { font-size: 1.4rem; min-height: 8rem; }
  #last strong { font-size: 2.5rem; }
  .lines { display: grid; grid-template-columns: 10rem 1fr 6rem 6rem 7rem; }
  .row { display: contents; }
  .row > span { padding: 0.3rem 0.5rem; border-bottom: 1px solid #ccc; }
  .number { text-align: right; }
</style></head>
<body>
<section id="last" data-testid="last-scan">
  <p class="name">Ready to scan</p><p class="detail"></p>
  <p>Counted <strong data-testid="last-counted"></strong> Expected <strong data-testid="last-expected"></strong></p>
</section>
<div class="lines" role="table" data-testid="count-lines">
  <div role="rowgroup"><div class="row head" role="row"><span role="columnheader">SKU</span><span role="columnheader">Name</span><span role="columnheader" class="number">Counted</span><span role="columnheader" class="number">Expected</span><span role="columnheader"></span></div></div>
  <div role="rowgroup" id="lines"></div>
</div>
<script type="application/json" id="products">${entries.replace(/</g, '\\u003c')}</script>
<script>${FLOOR_SCRIPT}</script>
</body></html>`;
}

/** Opens the floor page in a new page of the app's browser, knowing `products`' codes. */
export async function openFloorPage(
  context: BrowserContext,
  products: readonly FloorProduct[],
  viewport: { width: number; height: number },
): Promise<FloorPage> {
  // A window of its own, not a tab behind the app's: a hidden tab's frames are throttled.
  const browser = context.browser();
  if (browser === null) throw new Error('the floor page needs the browser to open its window');
  const opened = context.waitForEvent('page');
  const session = await browser.newBrowserCDPSession();
  try {
    await session.send('Target.createTarget', { url: 'about:blank', newWindow: true });
  } finally {
    await session.detach();
  }
  const page = await opened;
  await page.setViewportSize(viewport);
  await page.setContent(floorHtml(products));
  // After the content: writing it (document.open) drops listeners an init script would have added.
  await page.evaluate(SCAN_PROBE_SOURCE);
  const cdp = await context.newCDPSession(page);
  const counted = new Map<string, number>();
  return {
    page,
    cdp,
    // The app's page runs raised (support/page-priority.ts): so does its floor.
    priority: await raisePagePriority(context, page),
    nextCounted(sku) {
      const figure = (counted.get(sku) ?? 0) + 1;
      counted.set(sku, figure);
      return figure;
    },
    async close() {
      await cdp.detach();
      await page.close();
    },
  };
}

/** How long the app page's timers stall (ms) while the floor page's main thread is held for 300 ms. */
const HELD_MS = 300;

/**
 * Whether the floor page runs on the app page's own main thread (one renderer process for both), which
 * would make every floor figure include the app's work: the floor's main thread is held for 300 ms
 * while the app page's timers tick every few ms; sharing one thread, their longest gap is the held
 * time. Returns that gap and the verdict (a gap of at least 80 % of the held time).
 */
export async function floorSharesAppThread(
  app: Page,
  floor: Page,
): Promise<{ shared: boolean; gapMs: number }> {
  const longestGap = app.evaluate(`new Promise((done) => {
    const end = performance.now() + ${HELD_MS * 3};
    let last = performance.now();
    let longest = 0;
    const tick = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      if (now < end) setTimeout(tick, 2);
      else done(longest);
    };
    setTimeout(tick, 2);
  })`) as Promise<number>;
  await new Promise((done) => setTimeout(done, HELD_MS / 2));
  await floor.evaluate(
    `(() => { const end = performance.now() + ${HELD_MS}; while (performance.now() < end); })()`,
  );
  const gapMs = await longestGap;
  return { shared: gapMs >= HELD_MS * 0.8, gapMs };
}

/** Name and stock of each scanned product, from the app's catalogue database, for the floor's rows. */
export function floorProductsOf(
  storeDatabase: string,
  scans: readonly { productId: number; sku: string; barcode: string }[],
): FloorProduct[] {
  const db = new Database(storeDatabase, { readonly: true, fileMustExist: true });
  try {
    const read = db.prepare<[number], { name: string; stock: number | null }>(
      'SELECT name, (SELECT max(stock) FROM product_stock WHERE product_id = products.id) AS stock FROM products WHERE id = ?',
    );
    const products = new Map<string, FloorProduct>();
    for (const scan of scans) {
      if (products.has(scan.barcode)) continue;
      const row = read.get(scan.productId);
      products.set(scan.barcode, {
        barcode: scan.barcode,
        sku: scan.sku,
        name: row?.name ?? '',
        expected: row?.stock ?? 0,
      });
    }
    return [...products.values()];
  } finally {
    db.close();
  }
}

/** One scan into the floor page, waited for on screen: Enter sent → the row painted (ms). */
export async function scanIntoFloor(
  floor: FloorPage,
  scan: { sku: string; barcode: string },
  layout: Layout,
): Promise<number> {
  const counted = floor.nextCounted(scan.sku);
  await floor.page.evaluate(
    `window.${PROBE_GLOBAL}.arm(${JSON.stringify(scan.sku)}, ${JSON.stringify(String(counted))}, false)`,
  );
  const shown = floor.page.evaluate(`window.${PROBE_GLOBAL}.result()`) as Promise<ScanTimings>;
  const [timings, enterSentLateMs] = await Promise.all([
    shown,
    typeLikeAScanner(floor.cdp, scan.barcode, layout),
  ]);
  return timings.paintedAt - (timings.enterAt + enterSentLateMs);
}

/** Issue 26's goal: the app's p50 within 1.5× and its p99 within 2× of the floor's. */
const GOAL = { p50: 1.5, p99: 2 };

/**
 * The line a script reads: `scan-to-screen ratio, <load>: p50 <x>× p99 <y>× …`, then the absolute
 * figures of both (Enter → painted, ms) for reference.
 */
export function ratioLine(load: string, app: readonly number[], floor: readonly number[]): string {
  const ratio = (p: number) => percentile(app, p) / percentile(floor, p);
  const figures = (samples: readonly number[]) =>
    [50, 90, 99].map((p) => percentile(samples, p).toFixed(2)).join(' / ');
  const met = ratio(50) <= GOAL.p50 && ratio(99) <= GOAL.p99;
  return (
    `scan-to-screen ratio, ${load}: p50 ${ratio(50).toFixed(2)}× p99 ${ratio(99).toFixed(2)}× ` +
    `(p90 ${ratio(90).toFixed(2)}×; goal p50 ≤ ${GOAL.p50}× p99 ≤ ${GOAL.p99}×: ${met ? 'met' : 'MISSED'})\n` +
    `  Enter → painted p50 / p90 / p99: app ${figures(app)} ms, floor ${figures(floor)} ms ` +
    `(${app.length} and ${floor.length} scans, interleaved)`
  );
}
