// Counting in real Chromium through the web host: the real build and app services on a fresh user-data
// folder, the demo store. A counter creates a session in W0001 from the keyboard, then a scanner (fast
// key bursts ending in Enter, focus on no field) reads 20 barcodes of demo products; the big display
// and the line quantities follow, an unknown code lands in the side list, undo takes back the last
// scan, +/− and the keypad change the current line. No console error, no CSP violation; screenshots in
// test-results/e2e.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallArgs, CallName, CallValue, IpcResult } from '../../src-shared/ipc/index.js';
import { InMemoryCredentialStore } from '../../src-main/credentials/in-memory-credential-store.js';
import { startWebHost, type WebHost } from '../../src-main/host/web-host.js';
import { silentLogger } from '../../src-main/logging/index.js';
import { DEMO_SEED } from '../../src-main/sandbox/seed/demo-store.js';
import { generateCatalogue } from '../../src-main/sandbox/seed/products.js';
import { startAppServices, type AppServices } from '../../src-main/services/index.js';
import { buildApp, PROJECT_ROOT } from '../app/support/build-app.js';
import { checkAccessibility } from '../support/axe.js';
import { launchChromium, type ChromiumSession } from '../support/chromium.js';
import { scanCode, scanCodeWithThaiLayout } from '../support/scanner-input.js';

const SCREENSHOTS = resolve(PROJECT_ROOT, 'test-results', 'e2e');
const UNKNOWN_CODE = '9990001112223';
/** Words of demo product names (the seed is deterministic), to search the catalogue with. */
const SEARCH_WORDS = generateCatalogue({ seed: DEMO_SEED, count: 40, anchor: Date.now() }).products.map(
  (product) => product.body.name.split(' ')[0] ?? '',
);

let outDir: string;
let userData: string;
let services: AppServices;
let host: WebHost;
let chromium: ChromiumSession;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  userData = mkdtempSync(join(tmpdir(), 'stockroom-e2e-counting-'));
  [outDir, services, chromium] = await Promise.all([
    buildApp(),
    startAppServices({
      userDataDir: userData,
      credentialStore: new InMemoryCredentialStore(),
      logger: silentLogger,
    }),
    launchChromium({ viewport: { width: 1366, height: 900 } }),
  ]);
  // These tests read the English words; a new install starts in Thai.
  await services.api.call('settings.set', { language: 'en' }, 'web');
  host = await startWebHost({ api: services.api, rendererDirectory: join(outDir, 'renderer') });
}, 60_000);

afterAll(async () => {
  await chromium?.close();
  await host?.close();
  await services?.stop();
  if (outDir !== undefined) rmSync(join(outDir, '..'), { recursive: true, force: true });
  if (userData !== undefined) rmSync(userData, { recursive: true, force: true });
});

/** A call through the same services the page uses. */
async function call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallValue<N>> {
  const result = (await services.api.call(name, args, 'web')) as IpcResult<CallValue<N>>;
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.value;
}

const focusedElement = () =>
  chromium.page.evaluate('document.activeElement?.outerHTML ?? ""') as Promise<string>;

/** A keyboard-wedge scanner's burst, with scanner timestamps (tests/support/scanner-input.ts). */
const scan = (code: string): Promise<void> => scanCode(chromium.page, code);
/** The same scanner with the Thai keyboard layout on: each key's `code` is the digit's, its `key` is Thai. */
const thaiLayoutScan = (code: string): Promise<void> => scanCodeWithThaiLayout(chromium.page, code);

describe('counting in Chromium through the web host', () => {
  it('creates a session from the keyboard and counts scans, unknown codes, undo, +/− and the keypad', async () => {
    const { page, problems } = chromium;
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Try the demo store' }).waitFor();
    await expect.poll(focusedElement).toMatch(/Try the demo store/);
    await page.keyboard.press('Enter');
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 30_000 });

    // Demo products with a barcode, read through the contract.
    const found = new Map<number, CallValue<'catalogue.search'>[number]>();
    for (const word of new Set(SEARCH_WORDS)) {
      for (const product of await call('catalogue.search', { text: word, limit: 20 })) {
        if (/^\d{8,}$/.test(product.barcode) && product.active) found.set(product.id, product);
      }
    }
    const products = [...found.values()].slice(0, 6);
    expect(products).toHaveLength(6);
    const [p0, p1, p2, p3, p4, p5] = products as [
      (typeof products)[0],
      (typeof products)[0],
      (typeof products)[0],
      (typeof products)[0],
      (typeof products)[0],
      (typeof products)[0],
    ];

    // F3: the count sessions; Alt+N: the new-session form, warehouse first (W0001 is the first).
    await page.keyboard.press('F3');
    await page.getByRole('heading', { name: 'Count sessions', level: 2 }).waitFor();
    await page.keyboard.press('Alt+KeyN');
    await page.getByRole('heading', { name: 'New count session' }).waitFor();
    await expect.poll(focusedElement).toMatch(/^<select/);
    expect(await page.getByLabel('Warehouse').inputValue()).toBe('W0001');
    await page.screenshot({ path: join(SCREENSHOTS, 'counting-1-new-session.png'), fullPage: true });
    expect(await checkAccessibility(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await page.keyboard.type('E2E shelf count');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Counting: E2E shelf count' }).waitFor();
    await expect.poll(focusedElement).toMatch(/data-testid="scan-area"/);
    await page.getByText('Ready to scan').waitFor();

    // 20 scans: p0 ×6, p1 ×5, p2 ×4, p3 ×3, p4 ×1, p5 ×1, interleaved as on a shelf.
    const plan = [p0, p1, p0, p2, p1, p0, p3, p2, p1, p0, p4, p3, p2, p1, p0, p5, p3, p2, p1, p0];
    expect(plan).toHaveLength(20);
    for (const product of plan) await scan(product.barcode);

    const last = page.getByTestId('last-scan');
    await expect.poll(() => last.textContent()).toContain(p0.name);
    await expect.poll(() => page.getByTestId('last-counted').textContent()).toBe('6');
    expect(await last.textContent()).toContain('OK');
    const session = (await call('counting.listSessions', { state: 'open' }))[0];
    if (session === undefined) throw new Error('no open session');
    expect(session.warehouseCode).toBe('W0001');
    const expectedOf = async (productId: number) => {
      const detail = await call('catalogue.product', { productId });
      return detail.stockByWarehouse.find((stock) => stock.warehouseCode === 'W0001')?.expected ?? 0;
    };
    expect(await page.getByTestId('last-expected').textContent()).toBe(String(await expectedOf(p0.id)));

    const countedCell = (sku: string) =>
      page.getByTestId('count-lines').getByRole('row').filter({ hasText: sku }).locator('td.counted');
    const wanted: [string, string][] = [
      [p0.sku, '6'],
      [p1.sku, '5'],
      [p2.sku, '4'],
      [p3.sku, '3'],
      [p4.sku, '1'],
      [p5.sku, '1'],
    ];
    for (const [sku, counted] of wanted)
      await expect.poll(() => countedCell(sku).textContent()).toBe(counted);
    const lines = await call('counting.lines', { sessionId: session.id });
    expect(lines.map((line) => line.counted).reduce((a, b) => a + b, 0)).toBe(20);
    await page.screenshot({ path: join(SCREENSHOTS, 'counting-2-twenty-scans.png'), fullPage: true });

    // The same scanner with the Thai keyboard layout on: the digits still come through (read from `code`).
    await thaiLayoutScan(p5.barcode);
    await expect.poll(() => countedCell(p5.sku).textContent()).toBe('2');

    // An unknown code: the display says so in words and colour, and the side list has it.
    await scan(UNKNOWN_CODE);
    await expect.poll(() => last.textContent()).toContain('UNKNOWN CODE');
    await expect.poll(() => page.getByTestId('unknown-codes').textContent()).toContain(UNKNOWN_CODE);
    await page.screenshot({ path: join(SCREENSHOTS, 'counting-3-unknown.png'), fullPage: true });

    // One more p1, then undo (F9) takes it back.
    await scan(p1.barcode);
    await expect.poll(() => countedCell(p1.sku).textContent()).toBe('6');
    await page.keyboard.press('F9');
    await expect.poll(() => countedCell(p1.sku).textContent()).toBe('5');
    await page.getByText(`Undone: ${p1.name}`).waitFor();

    // +1 on p2's row, then − from the keyboard on the current line (p2), then the keypad sets it.
    await page.getByRole('button', { name: `Add one to ${p2.name}` }).click();
    await expect.poll(() => countedCell(p2.sku).textContent()).toBe('5');
    await expect.poll(focusedElement).toMatch(/data-testid="scan-area"/);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await expect.poll(() => countedCell(p2.sku).textContent()).toBe('3');
    await page.keyboard.press('F6');
    await expect.poll(focusedElement).toMatch(/data-testid="set-quantity"/);
    await page.keyboard.type('12');
    await page.keyboard.press('Enter');
    await expect.poll(() => countedCell(p2.sku).textContent()).toBe('12');
    await expect.poll(focusedElement).toMatch(/data-testid="scan-area"/);

    // A scan still lands after the keypad, and the manual field (F4) counts a typed SKU.
    await scan(p3.barcode);
    await expect.poll(() => countedCell(p3.sku).textContent()).toBe('4');
    await page.keyboard.press('F4');
    await expect.poll(focusedElement).toMatch(/data-testid="manual-entry"/);
    // A person types (slowly): the keys land in the field, Enter counts the SKU.
    await page.keyboard.type(p4.sku, { delay: 110 });
    await expect.poll(() => page.getByTestId('manual-entry').inputValue()).toBe(p4.sku);
    await page.keyboard.press('Enter');
    await expect.poll(() => countedCell(p4.sku).textContent()).toBe('2');
    await page.screenshot({ path: join(SCREENSHOTS, 'counting-4-edited.png'), fullPage: true });

    const after = await call('counting.lines', { sessionId: session.id });
    const byId = new Map(after.map((line) => [line.kind === 'product' ? line.product.id : line.code, line]));
    expect(byId.get(p2.id)?.counted).toBe(12);
    expect(byId.get(p1.id)?.counted).toBe(5);
    expect(byId.get(UNKNOWN_CODE)?.counted).toBe(1);

    // The same page in Thai, and the session list with its progress.
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.getByRole('heading', { name: 'รายการที่นับแล้ว (6)' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'counting-5-thai.png'), fullPage: true });
    await page.getByRole('button', { name: 'English' }).click();
    await page.keyboard.press('F3');
    await page.getByRole('row').filter({ hasText: 'E2E shelf count' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'E2E shelf count' }).textContent()).toContain(
      '6 lines',
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'counting-6-sessions.png'), fullPage: true });
    expect(await checkAccessibility(page)).toEqual([]);

    expect(problems).toEqual([]);
  }, 90_000);
});
