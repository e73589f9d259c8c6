// The Documents page's return purchase orders in real Chromium through the web host, against a
// separately started back office (the sandbox over loopback, added as a store), from the keyboard:
//   the back office stops → F5, Alt+2 → Alt+N and Esc take no number: Alt+N again proposes the same →
//   a return from W0001, its product scanned twice at a person's pace, a payment at creation →
//   Ctrl+Enter → Alt+N proposes the next number (Esc) → the language switched mid-way → Alt+S: Success
//   on a date, from W0001 → the product's local stock shows the two units gone at once → the back
//   office returns → everything drains → the back office, read through the v4 client
//   (GetReturnPurchaseOrders by number, GetProducts), holds the return once, Success, with its payment,
//   and the stock moved once. Ctrl+P prints it through the print dialog: a draft before it is sent, not
//   after. Screenshots in English and Thai; axe on every screen.
import { beforeAll, describe, expect, it } from 'vitest';
import { scanCode } from '../support/scanner-input.js';
import type { TestSandbox } from '../support/sandbox-harness.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import {
  addSandboxStore,
  documentSteps,
  expectedStock,
  nextNumber,
  outboxCounts,
  personsPause,
  storeClient,
} from './support/document-steps.js';
import { moneyPage } from './support/money-page.js';
import { expectAccessible, findStockedDemoProducts } from './support/page-helpers.js';

const STORE = {
  name: 'e2e-returns',
  apikey: 'e2e-returns-key-01',
  apisecret: 'e2e-returns-secret-01',
} as const;

const app = appUnderTest({
  name: 'returns',
  outboxTiming: { settleMs: 1_000, leaseTtlMs: 3_000, backoff: { baseMs: 300, maxMs: 2_000 } },
  sandbox: { products: 40, stores: [STORE], log: () => {} },
});
const call: Call = (name, args) => app.call(name, args);
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = app.sandbox;
  await addSandboxStore(app, STORE, 'E2E returns store');
});

const { waiting: waitingCount } = outboxCounts(call);

const expectedInW0001 = (productId: number) => expectedStock(call, productId);

const { tabTo } = moneyPage(app);
const { typeSlowly: typeInto, openNewReturn } = documentSteps(app);

describe('a return purchase order made offline, set to Success, and drained', () => {
  it('reaches the back office once, Success, with its payment and one stock move', async () => {
    const { page, problems } = app;
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
    const [product] = await findStockedDemoProducts(call, 1, (expected) => expected >= 5);
    if (product === undefined) throw new Error('a product with stock in W0001');
    const before = product.expected;

    await sandbox.handle.close();

    await page.keyboard.press('F5');
    await page.getByRole('heading', { name: 'Documents', level: 2 }).waitFor();
    await page.keyboard.press('Alt+Digit2');
    const panel = page.getByTestId('returns-panel');
    await panel.waitFor();
    await expectAccessible(page, 'returns tab');

    // Alt+N: the form starts on the proposed number. Closed with Esc it takes no number: opened again,
    // it proposes the same one. The goods leave W0001.
    const form = page.getByTestId('return-new-form');
    const { number } = await openNewReturn();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    const { number: reopened, date } = await openNewReturn();
    expect(reopened).toBe(number);
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Saved with a payment of nothing: the page's own rule names it beside its field before main is
    // asked; with it cleared, main names the missing line. Nothing is queued.
    await typeInto('return-pay-amount', '0');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => page.locator('#return-pay-amount').getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Control+KeyA');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+Enter');
    await page.locator('#return-new-lines-issue').waitFor();
    expect(await page.locator('#return-new-lines-issue').textContent()).toBe('Add at least one product.');
    await expectAccessible(page, 'new return refused');
    expect(await waitingCount()).toBe(0);
    await typeInto('return-pay-amount', '25');
    await typeInto('return-supplierName', 'Siam Supplies');
    await tabTo('return-warehouse');
    await page.keyboard.type('W0001');
    expect(await page.locator('#return-warehouse').inputValue()).toBe('W0001');
    // The scans are read on the picker (a focused select would take a scan's digits as its own choice).
    await tabTo('return-new-picker');
    await personsPause();
    await scanCode(page, product.barcode);
    await form.getByTestId('document-lines').locator('tbody tr').first().waitFor();
    await personsPause();
    await scanCode(page, product.barcode);
    await expect
      .poll(() => form.getByTestId('document-lines').locator('tbody tr input').first().inputValue())
      .toBe('2');
    await app.screenshot('returns-1-new-en');
    await expectAccessible(page, 'new return');
    await page.keyboard.press('Control+Enter');
    await form.waitFor({ state: 'hidden' });
    const detail = page.getByTestId('return-detail');
    await detail.waitFor();
    expect(await detail.locator('h3').textContent()).toContain(number);
    expect(await detail.locator('h3').textContent()).toContain('W0001');
    expect(await detail.textContent()).toContain('฿25.00');
    expect(await expectedInW0001(product.id)).toBe(before);
    // The next form proposes the number after the one saved: no gap. Esc leaves it untaken.
    expect((await openNewReturn()).number).toBe(nextNumber(number));
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    expect(await waitingCount()).toBe(1);

    // The language changes mid-way; the rest is done in Thai.
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.locator('html[lang="th"]').waitFor();
    await page.getByRole('heading', { name: 'ใบส่งคืนสินค้า', level: 2 }).waitFor();

    // Alt+S: Success, the goods left W0001 today.
    await page.keyboard.press('Alt+KeyS');
    const statusForm = page.getByTestId('return-status-form');
    await statusForm.waitFor();
    await tabTo('return-status');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('#return-status').inputValue()).toBe('Success');
    await typeInto('return-action-date', date);
    expect(await page.locator('#return-status-warehouse').inputValue()).toBe('W0001');
    await app.screenshot('returns-2-status-th');
    await expectAccessible(page, 'status dialog, Thai');
    await page.keyboard.press('Control+Enter');
    await statusForm.waitFor({ state: 'hidden' });
    await expect.poll(() => detail.locator('h3').textContent()).toContain('สำเร็จ');

    // The goods are gone from the local stock at once, before anything is sent.
    expect(await expectedInW0001(product.id)).toBe(before - 2);
    // Alt+M: its stock movements, which the back office cannot have before the return is sent.
    const movements = page.getByTestId('return-movements');
    await page.keyboard.press('Alt+KeyM');
    await expect.poll(() => movements.getAttribute('data-state')).toBe('notSent');
    expect(await movements.textContent()).toContain('ยังไม่ได้ส่ง');
    await app.screenshot('returns-3-success-offline-th');
    await expectAccessible(page, 'success offline, Thai');

    // Ctrl+P: the return through the print dialog, a draft while its create waits.
    const printDialog = page.getByTestId('print-dialog');
    await page.keyboard.press('Control+KeyP');
    await printDialog.getByTestId('printed-number').filter({ hasText: number }).waitFor();
    expect(await printDialog.getByTestId('printed-document').textContent()).toContain('ใบส่งคืนสินค้า');
    expect(await printDialog.getByTestId('printed-draft').count()).toBe(1);
    expect(await printDialog.getByTestId('printed-document').textContent()).toContain('Siam Supplies');
    await app.screenshot('returns-3-print-draft-th', { fullPage: false });
    await expectAccessible(page, 'print dialog, Thai');
    await page.keyboard.press('Escape');
    await printDialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'English' }).click();
    await page.locator('html[lang="en"]').waitFor();
    await app.screenshot('returns-3-success-offline-en');
    expect(await waitingCount()).toBeGreaterThan(0);

    // The back office returns: everything drains.
    await sandbox.restart({ port: sandbox.handle.port });
    await expect.poll(waitingCount, { timeout: 120_000, interval: 500 }).toBe(0);
    const history = await call('outbox.list', { state: 'all', limit: 100 });
    expect(
      history.items.filter((item) => item.state !== 'done').map((item) => `${item.kind}: ${item.reasonText}`),
    ).toEqual([]);
    await expect
      .poll(() => detail.getByTestId('return-chain').locator('li').count(), { timeout: 30_000 })
      .toBe(0);
    // Sent: Alt+M reads its movement from the back office, the line's two items on today's date.
    await page.keyboard.press('Alt+KeyM');
    await expect.poll(() => movements.getAttribute('data-state')).toBe('read');
    expect(await movements.locator('li li').allTextContents()).toEqual([expect.stringMatching(/ × 2\b/)]);
    expect(await movements.textContent()).toMatch(/Moved on \d{4}-\d{2}-\d{2}/);
    await app.screenshot('returns-4-sent-en');
    await expectAccessible(page, 'sent');
    // Sent: it prints without the draft mark, from the button this time.
    await detail.getByTestId('return-print').click();
    await printDialog.getByTestId('printed-number').filter({ hasText: number }).waitFor();
    expect(await printDialog.getByTestId('printed-draft').count()).toBe(0);
    await page.keyboard.press('Escape');
    await printDialog.waitFor({ state: 'detached' });

    const client = storeClient(app, STORE);
    try {
      const listed = await client.call('GetReturnPurchaseOrders', {
        query: { limit: 50, page: 1 },
        headers: { numberlist: [number] },
      });
      const once = listed.list.filter((order) => order.number === number);
      expect(once).toHaveLength(1);
      expect(once[0]?.status).toBe('Success');
      expect(once[0]?.paymentamount).toBeCloseTo(25, 2);
      const stocked = await client.call('GetProducts', {
        query: { warehousecode: 'W0001', limit: 10, page: 1 },
        headers: { productidlist: [product.id] },
      });
      expect(Number(stocked.list[0]?.stock)).toBe(before - 2);
    } finally {
      await client.close();
    }
    expect(await expectedInW0001(product.id)).toBe(before - 2);

    expect(problems.filter((problem) => !/WebSocket connection to .* failed/.test(problem))).toEqual([]);
  }, 300_000);
});
