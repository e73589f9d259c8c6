// The Documents page's quotations in real Chromium through the web host, against a separately started
// back office (the sandbox over loopback, added as a store), from the keyboard:
//   the back office stops → F5 (the browser does not reload) → Alt+N and Esc take no number: Alt+N
//   again proposes the same → a form with a refused date and no lines is named field by field and
//   queues nothing → a quotation made by scanning two products at a person's pace → the language
//   switched mid-way → its lines edited (Alt+E) and it is approved on a date (Alt+A): the chain shows
//   the edit and the approval waiting for the create → a second one, proposed the next number, its
//   product found by typing in the picker, gets a tag (Alt+T) and is voided (Alt+V, Cancel focused) →
//   the back office returns → everything drains → the back office, read through the v4 client
//   (GetQuotationDetail, GetQuotations), holds the first once, approved on that date, with the edited
//   quantity and the amount the page showed, and the second once, void, with its tag. Ctrl+P prints the
//   first through the print dialog: a draft before it is sent, not after. Screenshots in English and
//   Thai; axe on every screen.
import { beforeAll, describe, expect, it } from 'vitest';
import { scanCode } from '../support/scanner-input.js';
import type { TestSandbox } from '../support/sandbox-harness.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import {
  addSandboxStore,
  documentSteps,
  nextNumber,
  outboxCounts,
  personsPause,
  storeClient,
} from './support/document-steps.js';
import { baht, moneyPage } from './support/money-page.js';
import { expectAccessible, findDemoProducts, focusedElement } from './support/page-helpers.js';

const STORE = {
  name: 'e2e-quotations',
  apikey: 'e2e-quotations-key-01',
  apisecret: 'e2e-quotations-secret-01',
} as const;

const app = appUnderTest({
  name: 'quotations',
  outboxTiming: { settleMs: 1_000, leaseTtlMs: 3_000, backoff: { baseMs: 300, maxMs: 2_000 } },
  sandbox: { products: 40, stores: [STORE], log: () => {} },
});
const call: Call = (name, args) => app.call(name, args);
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = app.sandbox;
  await addSandboxStore(app, STORE, 'E2E quotations store');
});

const { open: openCount, waiting: waitingCount } = outboxCounts(call);
const { focused, dialogInBothLanguages } = moneyPage(app);
const { typeSlowly: typeInto, openNewQuotation } = documentSteps(app);

describe('quotations made offline, edited, approved, and drained', () => {
  it('reach the back office once, approved, with the edit', async () => {
    const { page, problems } = app;
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
    const products = await findDemoProducts(call, 2, (product) => product.sellprice > 0);
    expect(products).toHaveLength(2);
    const [first, second] = products;
    if (first === undefined || second === undefined) throw new Error('two products');

    await sandbox.handle.close();

    // F5 opens Documents; the page is not reloaded (a mark set before the key is still there).
    await page.evaluate('window.__beforeF5 = true');
    await page.keyboard.press('F5');
    await page.getByRole('heading', { name: 'Documents', level: 2 }).waitFor();
    expect(await page.evaluate('window.__beforeF5 === true')).toBe(true);
    await page.getByRole('button', { name: 'Documents (F5)' }).waitFor();
    await page.keyboard.press('Alt+Digit2');
    await page.getByTestId('returns-panel').waitFor();
    await page.keyboard.press('Alt+Digit1');
    await page.getByTestId('quotations-tab').waitFor();

    // A form opened and closed with Esc takes no number: opened again, it proposes the same one.
    const form = page.getByTestId('quotation-form');
    const number = await openNewQuotation();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(await openNewQuotation()).toBe(number);

    // A bad form: a date in the wrong form and no product. Each is named next to its field, what was
    // typed stays, and nothing is queued.
    await typeInto('quotation-date', 'yesterday');
    await page.keyboard.press('Control+Enter');
    await page.locator('#quotation-date-issue').waitFor();
    expect(await page.locator('#quotation-date-issue').textContent()).toBe(
      'Type a date as yyyy-MM-dd, e.g. 2026-11-24.',
    );
    expect(await page.locator('#quotation-lines-issue').textContent()).toBe('Add at least one product.');
    await expect.poll(focused).toMatch(/aria-invalid="true"/);
    expect(await page.locator('#quotation-date').inputValue()).toBe('yesterday');
    await app.screenshot('quotations-1-refused-en');
    await expectAccessible(page, 'new quotation refused');
    expect(await openCount()).toBe(0);

    // Fixed: today's date, a typed customer, tags, two products scanned one after the other.
    await typeInto('quotation-date', '');
    await typeInto('quotation-customer', 'Khun Somchai');
    await typeInto('quotation-reference', 'E2E-Q-1');
    await typeInto('quotation-tags', 'e2e, vip');
    await personsPause();
    await scanCode(page, first.barcode);
    await form.getByTestId('document-lines').locator('tbody tr').first().waitFor();
    await personsPause();
    await scanCode(page, second.barcode);
    await expect.poll(() => form.getByTestId('document-lines').locator('tbody tr').count()).toBe(2);
    expect(await page.locator('#quotation-tags').inputValue()).toBe('e2e, vip');
    await expect.poll(() => form.getByTestId('document-amount').count()).toBe(1);
    const createdAmount = baht(await form.getByTestId('document-amount').textContent());
    expect(createdAmount).toBeCloseTo(first.sellprice + second.sellprice, 2);
    await page.keyboard.press('Control+Enter');
    await form.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: `Quotation ${number} saved` })
      .waitFor();
    const detail = page.getByTestId('quotation-detail');
    await detail.waitFor();

    // The language changes mid-way; the rest is done in Thai.
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.locator('html[lang="th"]').waitFor();
    await page.getByRole('heading', { name: 'เอกสาร', level: 2 }).waitFor();

    // Edit the lines: 3 of the first product.
    await page.keyboard.press('Alt+KeyE');
    await form.waitFor();
    await expect.poll(() => form.getAttribute('data-mode')).toBe('lines');
    await typeInto('quotation-line-0-quantity', '3');
    await expect
      .poll(async () => baht(await form.getByTestId('document-amount').textContent()))
      .toBeCloseTo(3 * first.sellprice + second.sellprice, 2);
    const editedAmount = baht(await form.getByTestId('document-amount').textContent());
    await page.keyboard.press('Control+Enter');
    await form.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: `บันทึกรายการของ ${number} แล้ว` })
      .waitFor();

    // Approve on a date of its own.
    await page.keyboard.press('Alt+KeyA');
    const approve = page.getByTestId('quotation-approve');
    await approve.waitFor();
    await expect.poll(focused).toMatch(/id="quotation-approve-date"/);
    await page.keyboard.press('Control+KeyA');
    await page.keyboard.type('2026-11-20');
    await page.keyboard.press('Control+Enter');
    await approve.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: `อนุมัติใบเสนอราคา ${number} แล้ว` })
      .waitFor();

    // The chain: the create, then the edit and the approval, both waiting for the create.
    const chain = detail.getByTestId('quotation-chain').locator('li');
    await expect.poll(() => chain.count()).toBe(3);
    expect(await chain.evaluateAll((items) => items.map((item) => item.getAttribute('data-write')))).toEqual([
      'create',
      'edit',
      'approve',
    ]);
    expect(await chain.nth(1).textContent()).toContain('รอการสร้างก่อน');
    expect(await chain.nth(2).textContent()).toContain('รอการสร้างก่อน');
    expect(await detail.getByTestId('quotation-status').textContent()).toBe('อนุมัติแล้ว');
    await app.screenshot('quotations-2-approved-offline-th');
    await expectAccessible(page, 'approved offline, Thai');
    // Ctrl+P: the quotation through the print dialog, a draft while its create waits.
    const printDialog = page.getByTestId('print-dialog');
    await page.keyboard.press('Control+KeyP');
    await printDialog.getByTestId('printed-number').filter({ hasText: number }).waitFor();
    expect(await printDialog.getByTestId('printed-document').textContent()).toContain('ใบเสนอราคา');
    expect(await printDialog.getByTestId('printed-draft').count()).toBe(1);
    expect(baht(await printDialog.getByTestId('printed-total').textContent())).toBeCloseTo(editedAmount, 2);
    await app.screenshot('quotations-2-print-draft-th', { fullPage: false });
    await expectAccessible(page, 'print dialog, Thai');
    await page.keyboard.press('Escape');
    await printDialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'English' }).click();
    await page.locator('html[lang="en"]').waitFor();
    expect(await chain.nth(2).textContent()).toContain('waits for the create');
    await app.screenshot('quotations-2-approved-offline-en');
    await expectAccessible(page, 'approved offline');
    expect(await openCount()).toBe(3);

    // A second quotation, proposed the number after the first one saved, its product found by typing
    // in the picker; a tag added (Alt+T), then voided (Alt+V: the question starts on Cancel, the void
    // is a deliberate Tab and Enter).
    const secondNumber = await openNewQuotation();
    expect(secondNumber).toBe(nextNumber(number));
    await typeInto('quotation-picker', second.sku);
    await form.getByRole('option').filter({ hasText: second.sku }).first().waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => form.getByTestId('document-lines').locator('tbody tr').count()).toBe(1);
    await page.keyboard.press('Control+Enter');
    await form.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: `Quotation ${secondNumber} saved` })
      .waitFor();
    await page.keyboard.press('Alt+KeyT');
    await expect.poll(focused).toMatch(/id="quotation-tag-new"/);
    await page.keyboard.type('call back', { delay: 80 });
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Tag call back added.' }).waitFor();
    expect(await detail.getByTestId('quotation-tags').textContent()).toContain('call back');
    await page.keyboard.press('Alt+KeyV');
    const voidQuestion = page.getByTestId('quotation-void');
    await voidQuestion.waitFor();
    await expect.poll(() => focusedElement(page)).toMatch(/>Go back, change nothing \(Esc\)</);
    await app.screenshot('quotations-3-void-en');
    await expectAccessible(page, 'void question');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await voidQuestion.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: `Quotation ${secondNumber} is void.` })
      .waitFor();
    expect(await detail.getByTestId('quotation-status').textContent()).toBe('Void');
    expect(await chain.evaluateAll((items) => items.map((item) => item.getAttribute('data-write')))).toEqual([
      'create',
      'addTag',
      'void',
    ]);
    expect(await openCount()).toBe(6);

    // The new-quotation form in both languages.
    await dialogInBothLanguages('quotations-4-new', 'quotation-form', async () => {
      await page.keyboard.press('Alt+KeyN');
      await form.waitFor();
      await expect.poll(focused).toMatch(/id="quotation-number"/);
    });

    // The second Esc closed the detail; PgUp (on the first page) puts the focus on the list's row and
    // Enter opens it again.
    await detail.waitFor({ state: 'detached' });
    await page.keyboard.press('PageUp');
    await expect.poll(focused).toMatch(/class="open/);
    await page.keyboard.press('Enter');
    await detail.waitFor();

    // The back office returns: everything drains, and the chain says sent.
    await sandbox.restart({ port: sandbox.handle.port });
    await expect.poll(waitingCount, { timeout: 120_000, interval: 500 }).toBe(0);
    const history = await call('outbox.list', { state: 'all', limit: 100 });
    expect(
      history.items.filter((item) => item.state !== 'done').map((item) => `${item.kind}: ${item.reasonText}`),
    ).toEqual([]);
    await expect
      .poll(() => chain.evaluateAll((items) => items.map((item) => item.getAttribute('data-send'))), {
        timeout: 30_000,
      })
      .toEqual(['sent', 'sent', 'sent']);
    await app.screenshot('quotations-5-sent-en');
    await expectAccessible(page, 'sent');
    // Sent: it prints without the draft mark, from the detail's button this time.
    await detail.getByTestId('quotation-print').click();
    await printDialog.getByTestId('printed-number').waitFor();
    expect(await detail.locator('h3').textContent()).toContain(
      (await printDialog.getByTestId('printed-number').textContent()) ?? '-',
    );
    expect(await printDialog.getByTestId('printed-draft').count()).toBe(0);
    await page.keyboard.press('Escape');
    await printDialog.waitFor({ state: 'detached' });

    // The back office holds it once, approved on that date, with the edited lines.
    const client = storeClient(app, STORE);
    const listed = await client.call('GetQuotations', { query: { keyword: number, limit: 50, page: 1 } });
    const once = listed.list.filter((quotation) => quotation.number === number);
    expect(once).toHaveLength(1);
    const stored = await client.call('GetQuotationDetail', { number });
    expect(stored.status).toBe('Success');
    expect(stored.approvedate).toMatch(/^2026-11-20/);
    expect(stored.amount).toBeCloseTo(editedAmount, 2);
    expect(stored.list?.map((line) => [line.sku, line.number])).toEqual([
      [first.sku, 3],
      [second.sku, 1],
    ]);
    expect(stored.customername).toBe('Khun Somchai');
    const voided = await client.call('GetQuotationDetail', { number: secondNumber });
    expect(voided.status).toBe('Voided');
    expect(voided.tag).toEqual(['call back']);
    expect(
      (
        await client.call('GetQuotations', { query: { keyword: secondNumber, limit: 50, page: 1 } })
      ).list.filter((quotation) => quotation.number === secondNumber),
    ).toHaveLength(1);

    expect(problems.filter((problem) => !/WebSocket connection to .* failed/.test(problem))).toEqual([]);
  }, 300_000);
});
