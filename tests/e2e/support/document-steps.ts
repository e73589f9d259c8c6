// The Documents page (F5) driven as a person drives it, for the Chromium e2e tests: a quotation made by
// scanning, its lines edited, approved on a date; a return purchase order made by scanning, paid, set to
// Success; a file attached to a record from the Files tab with Alt+A. Each step is keys only, waits on
// what the page shows (not on words, so it runs in either language), and leaves the page where the next
// step of a scenario expects it. Also the outbox's counts and a v4 client of a sandbox store.
import { expect } from 'vitest';
import { BackofficeClient } from '../../../src-main/backoffice/index.js';
import { scanCode } from '../../support/scanner-input.js';
import type { AppUnderTest, AppWithSandbox, Call } from './app-under-test.js';
import { baht, moneyPage } from './money-page.js';
import { focusedElement } from './page-helpers.js';

export interface SandboxStore {
  readonly name: string;
  readonly apikey: string;
  readonly apisecret: string;
}

/** Adds the app's sandbox store as the active store (W0001 by default). */
export async function addSandboxStore(
  app: AppWithSandbox,
  store: SandboxStore,
  displayName = `E2E ${store.name}`,
): Promise<void> {
  await app.call('profiles.add', {
    displayName,
    baseUrl: app.sandbox.url,
    storename: store.name,
    apikey: store.apikey,
    apisecret: store.apisecret,
    defaultWarehouseCode: 'W0001',
    activate: true,
  });
}

/** A v4 client of the store, for what the back office itself holds; close it after use. */
export function storeClient(app: AppWithSandbox, store: SandboxStore): BackofficeClient {
  return new BackofficeClient({
    baseUrl: app.sandbox.url,
    credentials: { storename: store.name, apikey: store.apikey, apisecret: store.apisecret },
  });
}

/** The outbox's operations not done: `open` counts parked ones too, `waiting` only those still to send. */
export function outboxCounts(call: Call) {
  const summary = () => call('outbox.summary', {});
  return {
    async open(): Promise<number> {
      const s = await summary();
      return s.pending + s.sending + s.retry + s.unclear + s.parked;
    },
    async waiting(): Promise<number> {
      const s = await summary();
      return s.pending + s.sending + s.retry + s.unclear;
    },
  };
}

/** A product's stock in a warehouse as the page's catalogue shows it (the outbox's writes applied). */
export async function expectedStock(call: Call, productId: number, warehouseCode = 'W0001'): Promise<number> {
  const detail = await call('catalogue.product', { productId });
  return detail.stockByWarehouse.find((stock) => stock.warehouseCode === warehouseCode)?.expected ?? 0;
}

/** The number after a document's number in its PC's sequence: 'PC1-Q0007' → 'PC1-Q0008'. */
export function nextNumber(number: string): string {
  const [, prefix = '', digits = '0'] = /^(.*?)(\d+)$/.exec(number) ?? [];
  return `${prefix}${String(Number(digits) + 1).padStart(digits.length, '0')}`;
}

/** A person scans, looks at the screen, picks up the next product. */
export const personsPause = () => new Promise((resolve) => setTimeout(resolve, 700));

export interface ScannedProduct {
  readonly barcode: string;
}

export function documentSteps(app: AppUnderTest) {
  const { focused, tabTo } = moneyPage(app);
  const page = () => app.page;

  /**
   * Tabs to a field and types over it at a person's pace: the forms take scans anywhere, and text typed
   * at a scanner's speed right before a scan would be read as part of it.
   */
  async function typeSlowly(id: string, text: string): Promise<void> {
    await tabTo(id);
    await page().keyboard.press('Control+KeyA');
    if (text === '') await page().keyboard.press('Backspace');
    else await page().keyboard.type(text, { delay: 80 });
  }

  /** Each barcode scanned once, a person's pause before each; waits for the form's lines to follow. */
  async function scanLines(form: string, barcodes: readonly string[], quantityOfFirst?: number) {
    const lines = page().getByTestId(form).getByTestId('document-lines').locator('tbody tr');
    for (const [index, barcode] of barcodes.entries()) {
      await personsPause();
      await scanCode(page(), barcode);
      if (quantityOfFirst === undefined) await expect.poll(() => lines.count()).toBe(index + 1);
    }
    if (quantityOfFirst !== undefined)
      await expect
        .poll(() => lines.first().locator('input').first().inputValue())
        .toBe(String(quantityOfFirst));
  }

  /** The form's figure of the whole document, once its preview has followed the lines. */
  async function documentAmount(form: string): Promise<number> {
    const amount = page().getByTestId(form).getByTestId('document-amount');
    await expect.poll(() => amount.count()).toBe(1);
    return baht(await amount.textContent());
  }

  /** On the returns tab: Alt+N, the form starts on its number; answers the number and date proposed. */
  async function openNewReturn(): Promise<{ number: string; date: string }> {
    await page().keyboard.press('Alt+KeyN');
    await page().getByTestId('return-new-form').waitFor();
    await expect.poll(focused).toMatch(/id="return-number"/);
    await expect.poll(() => page().locator('#return-number').inputValue()).toMatch(/\S+/);
    const number = await page().locator('#return-number').inputValue();
    return { number, date: await page().locator('#return-date').inputValue() };
  }

  /** On the quotations tab: Alt+N, the form starts on its number; answers the number proposed. */
  async function openNewQuotation(): Promise<string> {
    await page().keyboard.press('Alt+KeyN');
    await page().getByTestId('quotation-form').waitFor();
    await expect.poll(focused).toMatch(/id="quotation-number"/);
    await expect.poll(() => page().locator('#quotation-number').inputValue()).toMatch(/\S+/);
    return page().locator('#quotation-number').inputValue();
  }

  return {
    typeSlowly,
    openNewQuotation,
    openNewReturn,

    /**
     * On the quotations tab: Alt+N, Enter keeps the proposed number, a customer typed, the products
     * scanned, Ctrl+Enter. The detail is open after it; answers its number and the amount the form showed.
     */
    async newQuotation(plan: { customer: string; tags: string; products: readonly ScannedProduct[] }) {
      const form = page().getByTestId('quotation-form');
      const number = await openNewQuotation();
      // Enter on the number the app proposed moves on to the next field, as a person accepts it.
      await page().keyboard.press('Enter');
      await expect.poll(focused).not.toMatch(/id="quotation-number"/);
      await typeSlowly('quotation-customer', plan.customer);
      await typeSlowly('quotation-tags', plan.tags);
      await scanLines(
        'quotation-form',
        plan.products.map((product) => product.barcode),
      );
      const amount = await documentAmount('quotation-form');
      await page().keyboard.press('Control+Enter');
      await form.waitFor({ state: 'detached' });
      await page().getByTestId('quotation-detail').locator('h3').filter({ hasText: number }).waitFor();
      return { number, amount };
    },

    /** On an open quotation: Alt+E, the line's quantity typed over, Ctrl+Enter; answers the new amount. */
    async editQuotationQuantity(line: number, quantity: number, expectedAmount: number): Promise<number> {
      await page().keyboard.press('Alt+KeyE');
      const form = page().getByTestId('quotation-form');
      await form.waitFor();
      await expect.poll(() => form.getAttribute('data-mode')).toBe('lines');
      await typeSlowly(`quotation-line-${line}-quantity`, String(quantity));
      await expect
        .poll(async () => baht(await form.getByTestId('document-amount').textContent()))
        .toBeCloseTo(expectedAmount, 2);
      const amount = await documentAmount('quotation-form');
      await page().keyboard.press('Control+Enter');
      await form.waitFor({ state: 'detached' });
      return amount;
    },

    /** On an open quotation: Alt+A starts on the date, typed over, Ctrl+Enter. */
    async approveQuotation(date: string): Promise<void> {
      await page().keyboard.press('Alt+KeyA');
      const approve = page().getByTestId('quotation-approve');
      await approve.waitFor();
      await expect.poll(focused).toMatch(/id="quotation-approve-date"/);
      await page().keyboard.press('Control+KeyA');
      await page().keyboard.type(date, { delay: 50 });
      await page().keyboard.press('Control+Enter');
      await approve.waitFor({ state: 'detached' });
    },

    /**
     * On the returns tab: Alt+N, Enter keeps the proposed number, a supplier typed, the product scanned
     * `quantity` times, Ctrl+Enter. The detail is open after it; answers its number and date.
     */
    async newReturn(plan: { supplier: string; product: ScannedProduct; quantity: number }) {
      const form = page().getByTestId('return-new-form');
      const { number, date } = await openNewReturn();
      await typeSlowly('return-supplierName', plan.supplier);
      // Scans are read on the picker (a focused select would take a scan's digits as its own choice).
      await tabTo('return-new-picker');
      await scanLines(
        'return-new-form',
        Array.from({ length: plan.quantity }, () => plan.product.barcode),
        plan.quantity,
      );
      await page().keyboard.press('Control+Enter');
      await form.waitFor({ state: 'hidden' });
      await page().getByTestId('return-detail').locator('h3').filter({ hasText: number }).waitFor();
      return { number, date };
    },

    /** On an open return: Alt+P starts on the amount, typed, Ctrl+Enter (the first payment method). */
    async payReturn(amount: string): Promise<void> {
      await page().keyboard.press('Alt+KeyP');
      const form = page().getByTestId('return-payment-form');
      await form.waitFor();
      await expect.poll(focused).toMatch(/id="return-payment-amount"/);
      await page().keyboard.type(amount, { delay: 80 });
      await page().keyboard.press('Control+Enter');
      await form.waitFor({ state: 'hidden' });
    },

    /** On an open return: Alt+S, Down twice to Success, the goods' date typed, Ctrl+Enter. */
    async returnSucceeded(date: string): Promise<void> {
      await page().keyboard.press('Alt+KeyS');
      const form = page().getByTestId('return-status-form');
      await form.waitFor();
      await tabTo('return-status');
      await page().keyboard.press('ArrowDown');
      await page().keyboard.press('ArrowDown');
      await expect.poll(() => page().locator('#return-status').inputValue()).toBe('Success');
      await typeSlowly('return-action-date', date);
      await page().keyboard.press('Control+Enter');
      await form.waitFor({ state: 'hidden' });
    },

    /**
     * On the Files tab (Alt+3 puts the focus on its heading): Tab to the number (the record kind's first
     * choice, by number), the number typed, Enter shows the record's files (its attachments panel).
     */
    async showFilesOf(number: string): Promise<void> {
      for (let press = 0; press < 6; press += 1) {
        if ((await focusedElement(page())).includes('files-reference')) break;
        await page().keyboard.press('Tab');
      }
      expect(await focusedElement(page())).toContain('files-reference');
      await page().keyboard.press('Control+KeyA');
      await page().keyboard.type(number);
      await page().keyboard.press('Enter');
      await page().getByTestId('attachments').waitFor();
    },

    /** On a record's files: Alt+A opens the file chooser, the file is given; answers its unique name. */
    async attachFile(file: { name: string; mimeType: string; buffer: Buffer }): Promise<string> {
      const [chooser] = await Promise.all([
        page().waitForEvent('filechooser'),
        page().keyboard.press('Alt+KeyA'),
      ]);
      const stem = file.name.replace(/\.[^.]+$/, '');
      const rows = page()
        .getByTestId('files-list')
        .getByRole('row')
        .filter({ hasText: `${stem}-` });
      const before = await rows.count();
      await chooser.setFiles(file);
      // Sending the bytes and keeping the file are durable writes in main: under a full test run's load
      // they took more than expect.poll's default second (twice in stop 12), so this waits as a
      // locator would.
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(before + 1);
      // The new file is put first and focused.
      const focusedFile = page().getByTestId('files-list').locator('button:focus');
      await focusedFile.filter({ hasText: `${stem}-` }).waitFor();
      return ((await focusedFile.textContent()) ?? '').trim();
    },
  };
}
