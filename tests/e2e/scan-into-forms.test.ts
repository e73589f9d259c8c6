// Issue 20, point 4: a scan while the caret is in a form's text field, in real Chromium through the web
// host, from the keyboard: in a new bundle, a new quotation and a new return (the last in Thai, with the
// Thai keyboard layout on), a person types a few letters at their pace into a text field (Name,
// customer, supplier...), then scans a product: the field holds only the letters, the product is a
// line. A person typing a barcode's digits slowly into the field stays typing: no line comes of it.
// A form that takes no products (a saved bundle edited, a quotation's info) takes the scan all the
// same, says so, and types nothing.
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanCode, scanCodeWithThaiLayout } from '../support/scanner-input.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { addSandboxStore, documentSteps, personsPause } from './support/document-steps.js';
import { moneyPage } from './support/money-page.js';
import { findDemoProducts, focusedElement, type CatalogueProduct } from './support/page-helpers.js';

const STORE = {
  name: 'e2e-scan-forms',
  apikey: 'e2e-scan-forms-key-01',
  apisecret: 'e2e-scan-forms-secret-01',
} as const;

const app = appUnderTest({
  name: 'scan-into-forms',
  outboxTiming: { settleMs: 500, leaseTtlMs: 3_000, backoff: { baseMs: 300, maxMs: 2_000 } },
  sandbox: { products: 40, stores: [STORE], log: () => {} },
});
const call: Call = (name, args) => app.call(name, args);

beforeAll(async () => {
  await addSandboxStore(app, STORE, 'E2E scan into forms');
});

const { tabTo } = moneyPage(app);
const { openNewQuotation, openNewReturn } = documentSteps(app);

/** A person's pace: each key held 90 ms, the next one right after. */
const typeAsAPerson = (text: string) => app.page.keyboard.type(text, { delay: 90 });

/**
 * In the focused field `fieldId` (already holding `before`): letters typed, a scan, the digits of
 * `slow`'s barcode typed slowly. The field must hold only what was typed, and the lines (`lines`)
 * must have gained the scanned product alone.
 */
async function scanWhileTyping(options: {
  fieldId: string;
  lines: Locator;
  scanned: CatalogueProduct;
  slow: CatalogueProduct;
  scan: (code: string) => Promise<void>;
}): Promise<void> {
  const { page } = app;
  const field = page.locator(`#${options.fieldId}`);
  await tabTo(options.fieldId);
  await page.keyboard.press('Control+KeyA');
  await typeAsAPerson('Gift');
  await expect.poll(() => field.inputValue()).toBe('Gift');
  await personsPause();
  await options.scan(options.scanned.barcode);
  await options.lines.filter({ hasText: options.scanned.name }).waitFor();
  expect(await options.lines.count()).toBe(1);
  expect(await field.inputValue()).toBe('Gift');
  await expect.poll(() => focusedElement(page)).toMatch(new RegExp(`^<[^>]* id="${options.fieldId}"`));
  // The same digits a scanner sends, typed at a person's pace, are typing.
  await personsPause();
  await typeAsAPerson(options.slow.barcode);
  await expect.poll(() => field.inputValue()).toBe(`Gift${options.slow.barcode}`);
  await personsPause();
  expect(await options.lines.count()).toBe(1);
}

/**
 * In a form that takes no products: a scan in `fieldId` (holding `holds`) is not typed, and is named;
 * then ' ok' typed at the end.
 */
async function scanIntoFormWithoutLines(fieldId: string, holds: string, code: string): Promise<void> {
  const { page } = app;
  await tabTo(fieldId);
  expect(await page.locator(`#${fieldId}`).inputValue()).toBe(holds);
  await personsPause();
  await scanCode(page, code);
  await page.getByTestId('scan-not-here').filter({ hasText: code }).waitFor();
  expect(await page.locator(`#${fieldId}`).inputValue()).toBe(holds);
  // Typing goes on as typed (and gives the form a change to save).
  await page.keyboard.press('End');
  await typeAsAPerson(' ok');
  await expect.poll(() => page.locator(`#${fieldId}`).inputValue()).toBe(`${holds} ok`);
}

describe('a scan while the caret is in a form’s text field', () => {
  it('adds the product as a line in the bundle, quotation and return forms, never typing it', async () => {
    const { page, problems } = app;
    page.setDefaultTimeout(15_000);
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
    const [scanned, slow, another] = await findDemoProducts(call, 3, (product) => product.sellprice > 0);
    if (scanned === undefined || slow === undefined || another === undefined)
      throw new Error('three demo products with barcodes and prices are needed');

    // A new bundle (Alt+B, Alt+N): Name.
    await page.getByRole('searchbox', { name: 'Search products' }).waitFor();
    await page.keyboard.press('Alt+KeyB');
    await page.getByRole('heading', { name: 'Bundles', level: 2 }).waitFor();
    await page.keyboard.press('Alt+KeyN');
    const bundle = page.getByTestId('bundle-form');
    await bundle.waitFor();
    await scanWhileTyping({
      fieldId: 'bundle-name',
      lines: bundle.getByTestId('bundle-form-items').locator('tbody tr'),
      scanned,
      slow,
      scan: (code) => scanCode(page, code),
    });
    expect(await page.locator('#bundle-sku').inputValue()).toBe('');
    // Saved, then edited (Alt+E): a saved bundle's products are not changed here, and a scan in Name
    // is still not typed; the form says so.
    await tabTo('bundle-sku');
    await typeAsAPerson('E2E-SCAN-1');
    await tabTo('bundle-price');
    await typeAsAPerson('99');
    await page.keyboard.press('Control+Enter');
    await bundle.waitFor({ state: 'detached' });
    await page.getByTestId('bundle-detail').getByRole('heading', { name: 'Bundle E2E-SCAN-1' }).waitFor();
    await page.keyboard.press('Alt+KeyE');
    await bundle.waitFor();
    await scanIntoFormWithoutLines('bundle-name', `Gift${slow.barcode}`, another.barcode);
    await page.keyboard.press('Control+Enter');
    await bundle.waitFor({ state: 'detached' });

    // A new quotation (F5, Alt+1, Alt+N): the customer, then the description.
    await page.keyboard.press('F5');
    await page.getByRole('heading', { name: 'Documents', level: 2 }).waitFor();
    await page.keyboard.press('Alt+Digit1');
    await page.getByTestId('quotations-tab').waitFor();
    await openNewQuotation();
    const quotationLines = page
      .getByTestId('quotation-form')
      .getByTestId('document-lines')
      .locator('tbody tr');
    await scanWhileTyping({
      fieldId: 'quotation-description',
      lines: quotationLines,
      scanned,
      slow,
      scan: (code) => scanCode(page, code),
    });
    await tabTo('quotation-customer');
    await personsPause();
    await scanCode(page, another.barcode);
    await quotationLines.filter({ hasText: another.name }).waitFor();
    expect(await page.locator('#quotation-customer').inputValue()).toBe('');
    await typeAsAPerson('Walk-in');
    await page.keyboard.press('Control+Enter');
    const quotationForm = page.getByTestId('quotation-form');
    await quotationForm.waitFor({ state: 'detached' });
    await page.getByTestId('quotation-detail').waitFor();
    // Its info (Alt+I) takes no lines: a scan in the description is not typed, and the form says so.
    await page.keyboard.press('Alt+KeyI');
    await expect.poll(() => quotationForm.getAttribute('data-mode')).toBe('info');
    await scanIntoFormWithoutLines('quotation-description', `Gift${slow.barcode}`, another.barcode);
    await page.keyboard.press('Control+Enter');
    await quotationForm.waitFor({ state: 'detached' });

    // Thai mid-way, and the Thai layout on (its number row types ๅ / - ภ …): a new return's supplier.
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.locator('html[lang="th"]').waitFor();
    await page.keyboard.press('Alt+Digit2');
    await page.getByTestId('returns-panel').waitFor();
    await openNewReturn();
    await scanWhileTyping({
      fieldId: 'return-supplierName',
      lines: page.getByTestId('return-new-form').getByTestId('document-lines').locator('tbody tr'),
      scanned,
      slow,
      scan: (code) => scanCodeWithThaiLayout(page, code),
    });
    expect(problems).toEqual([]);
  }, 300_000);
});

describe('a scan while a return’s status or payment dialog is open', () => {
  it('changes no focused select and types into no field; a person’s slow typing still types', async () => {
    const { page, problems } = app;
    page.setDefaultTimeout(15_000);
    await page.goto(app.host.url);
    // The page in English whatever the test before left it in.
    await page.locator('html[lang]').waitFor();
    if ((await page.locator('html').getAttribute('lang')) === 'th')
      await page.getByRole('button', { name: 'English' }).click();
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
    const [product] = await findDemoProducts(call, 1, (found) => found.purchaseprice > 0);
    if (product === undefined) throw new Error('a demo product with a barcode and a price is needed');

    // A return to work on (F5, Alt+2, Alt+N, a product scanned, Ctrl+Enter).
    await page.keyboard.press('F5');
    await page.getByRole('heading', { name: 'Documents', level: 2 }).waitFor();
    await page.keyboard.press('Alt+Digit2');
    await page.getByTestId('returns-panel').waitFor();
    await openNewReturn();
    await personsPause();
    await scanCode(page, product.barcode);
    const newForm = page.getByTestId('return-new-form');
    await newForm.getByTestId('document-lines').locator('tbody tr').first().waitFor();
    // A payment at creation past what the return comes to asks first; Enter on its default goes back.
    await tabTo('return-pay-amount');
    await typeAsAPerson('99999999');
    await page.keyboard.press('Control+Enter');
    const question = page.getByTestId('overpay-question');
    await question.waitFor();
    expect(await question.getByTestId('overpay-figures').innerText()).toContain('฿99,999,999.00');
    expect(await question.innerText()).toContain('cannot be voided from this app');
    await expect.poll(() => focusedElement(page)).toMatch(/>Go back and change the amount \(Esc\)</);
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedElement(page)).toMatch(/id="return-pay-amount"/);
    expect(await page.locator('#return-pay-amount').inputValue()).toBe('99999999');
    expect(await newForm.isVisible()).toBe(true);
    await page.keyboard.press('Control+KeyA');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+Enter');
    await newForm.waitFor({ state: 'hidden' });
    await page.getByTestId('return-detail').waitFor();

    let scans = 0;
    /**
     * A code a Code 128 label can hold, distinct per scan, starting with the first letter of an option
     * the select `id` does not hold: the select's own type-ahead would pick that option.
     */
    async function codeFor(id: string): Promise<string> {
      scans += 1;
      const letter = await page.locator(`#${id}`).evaluate((element) => {
        const select = element as unknown as {
          tagName: string;
          selectedIndex: number;
          options: ArrayLike<{ text: string }>;
        };
        if (select.tagName !== 'SELECT') return 'R';
        const other = Array.from(select.options).find(
          (option, at) => at !== select.selectedIndex && /^[a-z]/i.test(option.text.trim()),
        );
        return other?.text.trim()[0]?.toUpperCase() ?? 'R';
      });
      return `${letter}${scans}0042719`;
    }

    /** A scan at scanner pace with `id` focused: it holds `holds` still and the dialog stays open. */
    async function scanInto(dialog: string, id: string, holds: string): Promise<void> {
      await tabTo(id);
      expect(await page.locator(`#${id}`).inputValue()).toBe(holds);
      const code = await codeFor(id);
      await personsPause();
      await scanCode(page, code);
      await page.getByTestId(dialog).getByTestId('scan-not-here').filter({ hasText: code }).waitFor();
      expect(await page.locator(`#${id}`).inputValue()).toBe(holds);
      expect(await page.getByTestId(dialog).isVisible()).toBe(true);
    }

    // Alt+S: the status select, then (Success) the date and the warehouse select.
    await page.keyboard.press('Alt+KeyS');
    await page.getByTestId('return-status-form').waitFor();
    await scanInto('return-status-form', 'return-status', 'Waiting');
    // A person's type-ahead on the select still chooses, as the browser's own would.
    await personsPause();
    await typeAsAPerson('su');
    await expect.poll(() => page.locator('#return-status').inputValue()).toBe('Success');
    await scanInto('return-status-form', 'return-status', 'Success');
    await scanInto('return-status-form', 'return-action-date', '');
    await scanInto('return-status-form', 'return-status-warehouse', 'W0001');
    await page.getByTestId('return-status-form').getByRole('button', { name: 'Cancel (Esc)' }).click();
    await page.getByTestId('return-status-form').waitFor({ state: 'hidden' });

    // Alt+P: the amount field and the method select; then the amount typed at a person's pace.
    await page.keyboard.press('Alt+KeyP');
    await page.getByTestId('return-payment-form').waitFor();
    const method = await page.locator('#return-payment-method').inputValue();
    await scanInto('return-payment-form', 'return-payment-amount', '');
    await scanInto('return-payment-form', 'return-payment-method', method);
    await tabTo('return-payment-amount');
    await personsPause();
    await typeAsAPerson('1250');
    await expect.poll(() => page.locator('#return-payment-amount').inputValue()).toBe('1250');
    expect(await page.locator('#return-payment-method').inputValue()).toBe(method);
    expect(problems).toEqual([]);
  }, 300_000);
});
