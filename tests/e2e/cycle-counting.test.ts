// Cycle counting in real Chromium through the web host, on the demo store, in English and Thai:
// the store's rules (a day's share of 3) → F3, Alt+D: Count next → Enter opens a count scoped to the
// day's share → the products scanned → F10, commit → Count next no longer lists them → Alt+Y: the
// accuracy page counts the committed lines this week. Each screen photographed and checked with axe.
import { describe, expect, it } from 'vitest';
import { scanCode } from '../support/scanner-input.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { focusedElement, inBothLanguages } from './support/page-helpers.js';

const app = appUnderTest({ name: 'cycle-counting' });
const call: Call = (name, args) => app.call(name, args);
const WAREHOUSE = 'W0001';

describe('cycle counting in Chromium through the web host', () => {
  it('counts the day’s share from Count next, and the accuracy page shows the commit', async () => {
    const { page, problems } = app;
    await app.openDemoStore();
    const focused = () => focusedElement(page);
    const before = await call('cycle.countNext', { warehouseCode: WAREHOUSE, limit: 10 });
    expect(before.due).toBeGreaterThan(3);

    // F3, Alt+D: Count next; its rules (Alt+G) take a day's share of 3.
    await page.keyboard.press('F3');
    await page.getByRole('heading', { name: 'Count sessions', level: 2 }).waitFor();
    await page.keyboard.press('Alt+KeyD');
    await page.getByRole('heading', { name: 'Count next', level: 2 }).waitFor();
    await page.keyboard.press('Alt+KeyG');
    const rules = page.getByRole('form', { name: 'Cycle counting rules (this store)' });
    await rules.waitFor();
    await rules.getByLabel('Products a day (blank: what the intervals give)').fill('3');
    await rules.getByLabel('Class A: % of the value').fill('80,5'); // refused as typed, never rounded
    await page.keyboard.press('Control+KeyS');
    await rules.getByRole('alert').filter({ hasText: 'Class A: % of the value:' }).waitFor();
    expect((await call('cycle.settings', {})).dailyShare).toBeNull();
    await inBothLanguages(page, 'cycle-rules-refused', {
      th: page.getByRole('alert').filter({ hasText: 'กลุ่ม A: % ของมูลค่า:' }),
      en: page.getByRole('alert').filter({ hasText: 'Class A: % of the value:' }),
    });
    await rules.getByLabel('Class A: % of the value').fill('80');
    await page.keyboard.press('Control+KeyS');
    await expect.poll(() => rules.count()).toBe(0);
    expect((await call('cycle.settings', {})).dailyShare).toBe(3);

    const start = page.getByRole('button', { name: 'Count today’s share: 3 products (Alt+S)' });
    await start.waitFor();
    await expect.poll(focused).toContain('Count today’s share');
    const table = page.getByRole('table');
    expect(await table.getByRole('row').count()).toBe(Math.min(before.due, 100) + 1);
    await inBothLanguages(page, 'cycle-count-next', {
      th: page.getByRole('heading', { name: 'นับต่อไป', level: 2 }),
      en: page.getByRole('heading', { name: 'Count next', level: 2 }),
    });

    // Enter on the focused button opens the scoped count.
    await start.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /^Counting: Count next \d{4}-\d{2}-\d{2}$/ }).waitFor();
    await page.getByText('Ready to scan').waitFor();
    const [session] = await call('counting.listSessions', { state: 'open' });
    if (session === undefined) throw new Error('no session opened');
    expect(session.scope).toEqual({ kind: 'products', categories: [], products: 3 });
    const inScope = before.rows.slice(0, 3).map((row) => row.productId);
    const review = await call('counting.review', { sessionId: session.id, filter: 'notCounted' });
    expect(review.rows.map((row) => (row.kind === 'unknown' ? 0 : row.productId)).sort()).toEqual(
      [...inScope].sort(),
    );

    // Each product scanned once (by barcode, else typed by SKU with F4).
    for (const productId of inScope) {
      const product = await call('catalogue.product', { productId });
      await scanCode(page, product.barcode !== '' ? product.barcode : product.sku);
      await page.getByTestId('count-lines').getByRole('row').filter({ hasText: product.sku }).waitFor();
    }
    await expect.poll(async () => (await call('counting.lines', { sessionId: session.id })).length).toBe(3);

    // F10, commit.
    await page.keyboard.press('F10');
    await expect.poll(focused, { timeout: 15_000 }).toContain('Commit to outbox');
    await page.keyboard.press('Control+Enter');
    await page.getByRole('dialog', { name: 'Commit this count to the outbox' }).waitFor();
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('committed').waitFor();

    // Alt+U: undo one line, then the rest of the count, once the count landed on the (demo) back office.
    const landed = async () => (await call('cycle.reversal', { sessionId: session.id })).lines;
    await expect
      .poll(async () => (await landed()).map((line) => line.state), { timeout: 60_000 })
      .toEqual(Array(3).fill('reversible'));
    const lines = await landed();
    const [first, ...rest] = lines;
    const both = (line: (typeof lines)[number]) =>
      `${line.sku}: ${(line.counted ?? 0).toLocaleString('en-GB')} → ${(line.back ?? 0).toLocaleString('en-GB')}`;
    if (first === undefined) throw new Error('no counted line');
    await inBothLanguages(page, 'cycle-committed-undo', {
      th: page.getByRole('button', { name: 'ย้อนผลการนับนี้… (Alt+U)' }),
      en: page.getByRole('button', { name: 'Undo this count… (Alt+U)' }),
    });
    await page.keyboard.press('Alt+KeyU');
    const undoDialog = page.getByTestId('undo-count');
    await undoDialog.getByRole('button', { name: 'Undo the whole count (3 lines)' }).waitFor();
    await undoDialog.getByRole('checkbox', { name: `Undo ${first.sku}` }).focus();
    await page.keyboard.press('Space');
    await undoDialog.getByRole('button', { name: 'Undo the chosen lines (1)' }).focus();
    await page.keyboard.press('Enter');
    const confirmUndo = page.getByTestId('confirm-undo-count');
    await confirmUndo.getByText(both(first)).waitFor();
    // The question's "go back" has the focus: Enter undoes nothing.
    await expect.poll(focused).toContain('Go back');
    await confirmUndo.getByRole('heading', { name: 'Undo 1 count lines?' }).waitFor();
    await app.screenshot('cycle-undo-line');
    await page.keyboard.press('Enter');
    await expect.poll(() => confirmUndo.isVisible()).toBe(false);
    expect((await landed()).every((line) => line.state === 'reversible')).toBe(true);
    await undoDialog.getByRole('button', { name: 'Undo the chosen lines (1)' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focused).toContain('Go back');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await undoDialog.getByText('Undo queued for 1 lines: follow it in the Outbox.').waitFor();
    // The whole count: the two lines left.
    await undoDialog.getByRole('button', { name: 'Undo the whole count (2 lines)' }).focus();
    await page.keyboard.press('Enter');
    for (const line of rest) await confirmUndo.getByText(both(line)).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await undoDialog.getByText('Undo queued for 2 lines: follow it in the Outbox.').waitFor();
    // Each undo sent once and done; the back office's figures (as its answers left them) are the ones before.
    const undos = async () =>
      (await call('outbox.list', { state: 'all', limit: 100 })).items.filter(
        (item) => item.kind === 'reverseStockCount',
      );
    await expect
      .poll(async () => (await undos()).map((item) => item.state), { timeout: 60_000 })
      .toEqual(['done', 'done', 'done']);
    for (const line of lines) {
      const product = await call('catalogue.product', { productId: line.productId });
      const stock = product.stockByWarehouse.find((row) => row.warehouseCode === WAREHOUSE)?.stock;
      expect(stock).toBe(line.back);
    }
    expect((await landed()).map((line) => line.state)).toEqual(Array(3).fill('reversed'));
    await page.keyboard.press('Escape');
    await expect.poll(() => undoDialog.count()).toBe(0);

    // Count next: the three are counted now.
    await page.keyboard.press('F3');
    await page.keyboard.press('Alt+KeyD');
    await page.getByRole('heading', { name: 'Count next', level: 2 }).waitFor();
    // Undone, the three are due again, as if never counted.
    const dueText = new RegExp(`^${before.due.toLocaleString('en-GB')} of [\\d,]+ products due$`);
    await page.getByText(dueText).waitFor();
    const after = await call('cycle.countNext', { warehouseCode: WAREHOUSE, limit: 500 });
    expect(after.due).toBe(before.due);
    for (const productId of inScope) expect(after.rows.some((row) => row.productId === productId)).toBe(true);

    // Alt+Y: accuracy, this week holds the three lines.
    await page.keyboard.press('Alt+KeyY');
    await page.getByRole('heading', { name: `Count accuracy · ${WAREHOUSE}` }).waitFor();
    await page.getByRole('img', { name: 'Share of accurate lines per period, by class' }).waitFor();
    const report = await call('cycle.accuracy', { warehouseCode: WAREHOUSE });
    expect(report.rows.reduce((sum, row) => sum + row.lines, 0)).toBe(3);
    const rows = page.getByRole('table').getByRole('row');
    expect(await rows.count()).toBe(report.rows.length + 1);
    await page.keyboard.press('Alt+KeyM');
    await expect
      .poll(() => page.getByRole('button', { name: 'By month (Alt+M)' }).getAttribute('aria-pressed'))
      .toBe('true');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Control+KeyE'),
    ]);
    expect(download.suggestedFilename()).toMatch(/^accuracy-W0001-month-\d{4}-\d{2}-\d{2}\.csv$/);
    await inBothLanguages(page, 'cycle-accuracy', {
      th: page.getByRole('heading', { name: `ความแม่นยำของการนับ · ${WAREHOUSE}` }),
      en: page.getByRole('heading', { name: `Count accuracy · ${WAREHOUSE}` }),
    });
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Count next', level: 2 }).waitFor();
    expect(problems).toEqual([]);
  }, 180_000);
});
