// Counting in real Chromium through the web host: the real build and app services on a fresh user-data
// folder, the demo store. A counter creates a session in W0001 from the keyboard, then a scanner (fast
// key bursts ending in Enter, focus on no field) reads 20 barcodes of demo products; the big display
// and the line quantities follow, an unknown code lands in the side list, undo takes back the last
// scan, +/− and the keypad change the current line. No console error, no CSP violation; screenshots in
// test-results/e2e.
import { describe, expect, it } from 'vitest';
import { scanCode, scanCodeWithThaiLayout } from '../support/scanner-input.js';
import { appUnderTest } from './support/app-under-test.js';
import {
  countedCell,
  expectAccessible,
  findDemoProducts,
  fitsInItsBox,
  focusedElement,
} from './support/page-helpers.js';

const UNKNOWN_CODE = '9990001112223';

const app = appUnderTest({ name: 'counting' });

const focused = () => focusedElement(app.page);

/** A keyboard-wedge scanner's burst, with scanner timestamps (tests/support/scanner-input.ts). */
const scan = (code: string): Promise<void> => scanCode(app.page, code);
/** The same scanner with the Thai keyboard layout on: each key's `code` is the digit's, its `key` is Thai. */
const thaiLayoutScan = (code: string): Promise<void> => scanCodeWithThaiLayout(app.page, code);

/**
 * The lines table is a box of fixed height (its header and rows are too, decision 0010): every row's
 * content and the table's rows all fit, so nothing is clipped unseen.
 */
async function linesFitTheirBoxes(): Promise<boolean> {
  const table = app.page.getByTestId('count-lines');
  const rows = table.getByRole('row');
  const fits = await rows.evaluateAll((elements) =>
    elements.every((row) => row.scrollHeight <= row.clientHeight + 1),
  );
  return fits && (await fitsInItsBox(table));
}

describe('counting in Chromium through the web host', () => {
  it('creates a session from the keyboard and counts scans, unknown codes, undo, +/− and the keypad', async () => {
    const { page, problems, call } = app;
    await page.goto(app.host.url);
    await page.getByRole('button', { name: 'Try the demo store' }).waitFor();
    await expect.poll(focused).toMatch(/Try the demo store/);
    await page.keyboard.press('Enter');
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 30_000 });

    // Demo products with a barcode, read through the contract.
    const products = await findDemoProducts(call, 6);
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
    await expect.poll(focused).toMatch(/^<select/);
    expect(await page.getByRole('combobox', { name: /^Warehouse/ }).inputValue()).toBe('W0001');
    await app.screenshot('counting-1-new-session');
    await expectAccessible(page);
    // Tab past "What to count" (one stop for its radio group, the whole warehouse chosen) to the name.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('E2E shelf count');
    // Back on the warehouse list, Enter creates the session (a <select> does not submit by itself).
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focused).toMatch(/^<select/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Counting: E2E shelf count' }).waitFor();
    const warehouses = await call('catalogue.warehouses', {});
    const w1 = warehouses.find((warehouse) => warehouse.code === 'W0001');
    expect((await page.getByTestId('counting-warehouse').textContent())?.trim()).toBe(
      `Warehouse W0001 · ${w1?.name ?? ''}`,
    );
    await expect.poll(focused).toMatch(/data-testid="scan-area"/);
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

    const countedText = (sku: string) => countedCell(page, sku).textContent();
    const wanted: [string, string][] = [
      [p0.sku, '6'],
      [p1.sku, '5'],
      [p2.sku, '4'],
      [p3.sku, '3'],
      [p4.sku, '1'],
      [p5.sku, '1'],
    ];
    for (const [sku, counted] of wanted) await expect.poll(() => countedText(sku)).toBe(counted);
    const lines = await call('counting.lines', { sessionId: session.id });
    expect(lines.map((line) => line.counted).reduce((a, b) => a + b, 0)).toBe(20);
    await app.screenshot('counting-2-twenty-scans');
    // Steady sizes (decision 0010): every row is one line high and the big display keeps its height
    // from one product to the next, so a scan moves the rows and nothing else on the page.
    const heightsOf = (rows: ReturnType<typeof page.locator>) =>
      rows.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
    const rowHeights = await heightsOf(page.getByTestId('count-lines').locator('.line'));
    expect(rowHeights).toHaveLength(6);
    expect(new Set(rowHeights).size).toBe(1);
    const [displayHeight] = await heightsOf(last);
    expect(await fitsInItsBox(last)).toBe(true);
    expect(await linesFitTheirBoxes()).toBe(true);

    // Up/Down choose the current line without counting: p0 (current; counted last, so the top row, the
    // lines being newest first) → the row below it, and back.
    const currentRow = () =>
      page.getByTestId('count-lines').locator('.line[aria-current="true"] .code').textContent();
    await expect.poll(currentRow).toBe(p0.sku);
    const rowSkus = await page.getByTestId('count-lines').locator('.line .code').allTextContents();
    expect(rowSkus.at(0)).toBe(p0.sku);
    await page.keyboard.press('ArrowDown');
    await expect.poll(currentRow).toBe(rowSkus.at(1));
    await page.keyboard.press('ArrowUp');
    await expect.poll(currentRow).toBe(p0.sku);
    // A click on a row does the same; the counted figures do not move.
    await page
      .getByTestId('count-lines')
      .getByRole('row')
      .filter({ hasText: p3.sku })
      .locator('.code')
      .click();
    await expect.poll(currentRow).toBe(p3.sku);
    for (const [sku, counted] of wanted) expect(await countedText(sku)).toBe(counted);
    await page.keyboard.press('Escape');

    // The same scanner with the Thai keyboard layout on: the digits still come through (read from `code`).
    await thaiLayoutScan(p5.barcode);
    await expect.poll(() => countedText(p5.sku)).toBe('2');
    await expect.poll(() => last.textContent()).toContain(p5.name);
    expect(await heightsOf(last)).toEqual([displayHeight]);
    expect(await fitsInItsBox(last)).toBe(true);

    // An unknown code: the display says so in words and colour, and the side list has it.
    await scan(UNKNOWN_CODE);
    await expect.poll(() => last.textContent()).toContain('UNKNOWN CODE');
    await expect.poll(() => page.getByTestId('unknown-codes').textContent()).toContain(UNKNOWN_CODE);
    await app.screenshot('counting-3-unknown');

    // One more p1, then undo (F9) takes it back.
    await scan(p1.barcode);
    await expect.poll(() => countedText(p1.sku)).toBe('6');
    await page.keyboard.press('F9');
    await expect.poll(() => countedText(p1.sku)).toBe('5');
    await page.getByText(`Undone: ${p1.name}`).waitFor();

    // +1 on p2's row, then − from the keyboard on the current line (p2), then the keypad sets it.
    await page.getByRole('button', { name: `Add one to ${p2.name}` }).click();
    await expect.poll(() => countedText(p2.sku)).toBe('5');
    await expect.poll(focused).toMatch(/data-testid="scan-area"/);
    // Pressed as a person presses (held 60 ms): the key's release proves it typing, not a scan.
    await page.keyboard.press('-', { delay: 60 });
    await page.keyboard.press('-', { delay: 60 });
    await expect.poll(() => countedText(p2.sku)).toBe('3');
    await page.keyboard.press('F6');
    await expect.poll(focused).toMatch(/data-testid="set-quantity"/);
    await page.keyboard.type('12');
    await page.keyboard.press('Enter');
    await expect.poll(() => countedText(p2.sku)).toBe('12');
    await expect.poll(focused).toMatch(/data-testid="scan-area"/);

    // F6 reads a count by the one rule of typed numbers: 1e3 is refused (never counted as 1,000), said
    // next to the field in English and then in Thai, and stays typed; -5 and abc are refused too (they
    // were silently ignored). The line keeps its count.
    const setField = page.getByTestId('set-quantity');
    const setProblem = page.getByTestId('set-quantity-problem');
    const typeInSetField = async (text: string) => {
      await page.keyboard.press('Control+KeyA');
      await page.keyboard.type(text, { delay: 110 });
      await expect.poll(() => setField.inputValue()).toBe(text);
      await page.keyboard.press('Enter');
    };
    await page.keyboard.press('F6');
    await expect.poll(focused).toMatch(/data-testid="set-quantity"/);
    await typeInSetField('1e3');
    await expect
      .poll(() => setProblem.textContent())
      .toContain('“1e3” is written as an exponent: type the digits out, e.g. 1000.');
    expect(await setField.inputValue()).toBe('1e3');
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await expect
      .poll(() => setProblem.textContent())
      .toContain('“1e3” เขียนแบบเลขยกกำลัง: พิมพ์ตัวเลขเต็ม เช่น 1000');
    await app.screenshot('counting-4-f6-refused-th');
    await page.getByRole('button', { name: 'English' }).click();
    await setField.focus();
    await typeInSetField('-5');
    await expect.poll(() => setProblem.textContent()).toContain('“-5” is negative: type 0 or more.');
    await typeInSetField('abc');
    await expect
      .poll(() => setProblem.textContent())
      .toContain('“abc” is not a number: type digits, e.g. 1,412.40.');
    expect(await countedText(p2.sku)).toBe('12');
    await page.keyboard.press('Escape');
    await expect.poll(focused).toMatch(/data-testid="scan-area"/);

    // A scan still lands after the keypad, and the manual field (F4) counts a typed SKU.
    await scan(p3.barcode);
    await expect.poll(() => countedText(p3.sku)).toBe('4');
    await page.keyboard.press('F4');
    await expect.poll(focused).toMatch(/data-testid="manual-entry"/);
    // A person types (slowly): the keys land in the field, Enter counts the SKU.
    await page.keyboard.type(p4.sku, { delay: 110 });
    await expect.poll(() => page.getByTestId('manual-entry').inputValue()).toBe(p4.sku);
    await page.keyboard.press('Enter');
    await expect.poll(() => countedText(p4.sku)).toBe('2');
    await app.screenshot('counting-4-edited');

    const after = await call('counting.lines', { sessionId: session.id });
    const byId = new Map(after.map((line) => [line.kind === 'product' ? line.product.id : line.code, line]));
    expect(byId.get(p2.id)?.counted).toBe(12);
    expect(byId.get(p1.id)?.counted).toBe(5);
    expect(byId.get(UNKNOWN_CODE)?.counted).toBe(1);

    // The same page in Thai, and the session list with its progress.
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.getByRole('heading', { name: 'รายการที่นับแล้ว (6)' }).waitFor();
    expect(await linesFitTheirBoxes()).toBe(true);
    await app.screenshot('counting-5-thai');
    await page.getByRole('button', { name: 'English' }).click();
    await page.keyboard.press('F3');
    await page.getByRole('row').filter({ hasText: 'E2E shelf count' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'E2E shelf count' }).textContent()).toContain(
      '6 lines',
    );
    await app.screenshot('counting-6-sessions');
    await expectAccessible(page);

    expect(problems).toEqual([]);
  }, 90_000);
});
