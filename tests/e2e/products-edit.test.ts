// Products kept from the warehouse PC (issue 12) in real Chromium through the web host, against a
// separately started back office, from the keyboard:
//   the back office stops → during a count an unknown code becomes a new product (Alt+U, Alt+N, the
//   code as its barcode; a bad form names its field and queues nothing) and the code's units move to
//   it → the count is committed → a product's price is fixed (Alt+E) and another disabled (Alt+D) →
//   the products page shows "25 of N" with more on demand and finds the new product by the last digits
//   of its barcode → the back office returns → everything drains → v4 reads show each write once: one
//   product with the counted stock and its price, the fixed price, the disabled product.
// Screenshots in both languages and axe on every screen.
import { beforeAll, describe, expect, it } from 'vitest';
import { BackofficeClient } from '../../src-main/backoffice/index.js';
import { ean13FromPrefix } from '../../src-shared/barcode/gtin.js';
import { scanCode } from '../support/scanner-input.js';
import type { TestSandbox } from '../support/sandbox-harness.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { expectAccessible, focusedElement, inBothLanguages } from './support/page-helpers.js';

const STORE = {
  name: 'e2e-products',
  apikey: 'e2e-products-key-01',
  apisecret: 'e2e-products-secret-01',
} as const;
const NEW_CODE = ean13FromPrefix('885990012345') ?? '';

const app = appUnderTest({
  name: 'products-edit',
  outboxTiming: { settleMs: 1_000, leaseTtlMs: 3_000, backoff: { baseMs: 300, maxMs: 2_000 } },
  sandbox: { products: 60, stores: [STORE], log: () => {} },
});
const call: Call = (name, args) => app.call(name, args);
const focused = () => focusedElement(app.page);
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = app.sandbox;
  await call('profiles.add', {
    displayName: 'E2E products store',
    baseUrl: sandbox.url,
    storename: STORE.name,
    apikey: STORE.apikey,
    apisecret: STORE.apisecret,
    defaultWarehouseCode: 'W0001',
    activate: true,
  });
});

function backOffice(): BackofficeClient {
  return new BackofficeClient({
    baseUrl: sandbox.url,
    credentials: { storename: STORE.name, apikey: STORE.apikey, apisecret: STORE.apisecret },
  });
}

async function openCount(): Promise<number> {
  const summary = await call('outbox.summary', {});
  return summary.pending + summary.sending + summary.retry + summary.unclear + summary.parked;
}

describe('products made and changed offline from the products and counting pages', () => {
  it('a new product from an unknown code, a fixed price and a disabled product reach the back office once', async () => {
    const { page, problems } = app;
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
    const listed = (await call('catalogue.searchPage', { text: 'a', limit: 50 })).products.filter(
      (product) => product.active && /^[A-Za-z0-9-]+$/.test(product.sku),
    );
    const [priced, disabled] = listed;
    if (priced === undefined || disabled === undefined) throw new Error('The store has too few products');
    expect(await call('catalogue.lookup', { code: NEW_CODE })).toBeNull();

    // The back office goes away; everything below is done on this PC.
    await sandbox.handle.close();
    const session = await call('counting.createSession', { warehouseCode: 'W0001', name: 'Shelf count' });
    await page.keyboard.press('F3');
    await page.getByRole('row').filter({ hasText: 'Shelf count' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Counting: Shelf count' }).waitFor();
    await expect.poll(focused).toMatch(/data-testid="scan-area"/);
    await scanCode(page, NEW_CODE);
    await scanCode(page, NEW_CODE);
    await expect.poll(() => page.getByTestId('unknown-codes').textContent()).toContain(NEW_CODE);

    // Alt+U, then Alt+N: the product form with the code as its barcode.
    await page.keyboard.press('Alt+KeyU');
    await page.getByRole('dialog', { name: `Which product is ${NEW_CODE}?` }).waitFor();
    await page.keyboard.press('Alt+KeyN');
    const form = page.getByTestId('product-form');
    await form.getByRole('heading', { name: `New product with code ${NEW_CODE}` }).waitFor();
    expect(await form.getByLabel('Barcode').inputValue()).toBe(NEW_CODE);
    const sku = await form.getByLabel('SKU').inputValue();
    expect(sku).toMatch(/-N0001$/);

    // A bad form: nothing queued, the problem next to its field, what was typed kept.
    const queuedBefore = await openCount();
    await form.getByLabel('Sell price (฿)').focus();
    await page.keyboard.type('3x', { delay: 110 });
    await page.keyboard.press('Control+Enter');
    await form.getByText('Type a number, e.g. 12.50.').waitFor();
    await form.getByText('Required.').waitFor();
    expect(await openCount()).toBe(queuedBefore);
    await app.screenshot('products-edit-1-new-from-code-refused-en');
    await expectAccessible(page, 'new product form with refused fields');

    // At a person's pace: the counting page takes a fast burst of keys for a scan.
    await form.getByLabel('Name').focus();
    await page.keyboard.type('Shelf find jasmine rice', { delay: 110 });
    await form.getByLabel('Sell price (฿)').fill('');
    await form.getByLabel('Sell price (฿)').focus();
    await page.keyboard.type('35', { delay: 110 });
    await page.keyboard.press('Control+Enter');
    await form.waitFor({ state: 'detached' }).catch(() => form.waitFor({ state: 'hidden' }));
    // The code's two units now count on the new product's line.
    await expect
      .poll(
        async () =>
          (await call('counting.lines', { sessionId: session.id })).find(
            (line) => line.kind === 'product' && line.product.sku === sku,
          )?.counted,
      )
      .toBe(2);
    await expectAccessible(page, 'counting after the new product');
    await call('counting.commit', { sessionId: session.id });

    // Fix a product's price from its page (Alt+E), disable another (Alt+D).
    await page.keyboard.press('F2');
    const search = page.getByRole('searchbox');
    await search.fill(priced.sku);
    await page.getByRole('row').filter({ hasText: priced.sku }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: priced.name, level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Edit (Alt+E)', disabled: false }).waitFor();
    // The form in Thai first (the page behind a dialog is inert: the language is switched before).
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.locator('html[lang="th"]').waitFor();
    await page.keyboard.press('Alt+KeyE');
    await form.getByText('ราคาขาย (฿)').waitFor();
    await app.screenshot('products-edit-2-edit-form-th');
    await expectAccessible(page, 'edit form in Thai');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'English' }).click();
    await page.locator('html[lang="en"]').waitFor();
    await page.keyboard.press('Alt+KeyE');
    await form.getByRole('heading', { name: `Edit ${priced.name}` }).waitFor();
    const newPrice = String(Math.round(priced.sellprice) + 7);
    await form.getByLabel('Sell price (฿)').fill(newPrice);
    await app.screenshot('products-edit-2-edit-form-en');
    await expectAccessible(page, 'edit form');
    await page.keyboard.press('Control+Enter');
    await page.getByRole('status').filter({ hasText: 'waiting to send' }).first().waitFor();
    await page.keyboard.press('Escape');

    await search.fill(disabled.sku);
    await page.getByRole('row').filter({ hasText: disabled.sku }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: disabled.name, level: 2 }).waitFor();
    // The actions come with the product's own state, a read after the heading: a person presses Alt+D
    // once they see its button (a key before that finds nothing to disable, as on a loaded machine).
    await page.getByRole('button', { name: 'Disable (Alt+D)', disabled: false }).waitFor();
    // Alt+D asks first (the whole store loses the product); Enter keeps it, Tab then Enter disables.
    await page.keyboard.press('Alt+KeyD');
    const disableQuestion = page.getByTestId('disable-product');
    await disableQuestion.waitFor();
    await page.keyboard.press('Enter');
    await disableQuestion.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Disable (Alt+D)' }).waitFor();
    await page.keyboard.press('Alt+KeyD');
    await disableQuestion.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Activate (Alt+A)' }).waitFor();
    await inBothLanguages(page, 'products-edit-3-disabled-waiting', {
      en: page.getByRole('button', { name: 'Activate (Alt+A)' }),
      th: page.getByRole('button', { name: 'เปิดใช้ (Alt+A)' }),
    });
    await page.keyboard.press('Escape');

    // "25 of N", more on demand; the new product by the last digits of its barcode.
    // Every product with a barcode of the demo store's prefix: more than one page.
    const broad = await call('catalogue.searchPage', { text: '885' });
    expect(broad.total).toBeGreaterThan(25);
    await search.fill('885');
    await page.getByText(`25 of ${broad.total}`).waitFor();
    await page.getByRole('button', { name: 'More results (PageDown)' }).click();
    await page.getByText(`${Math.min(50, broad.total)} of ${broad.total}`).waitFor();
    await search.fill(NEW_CODE.slice(-5));
    const madeRow = page.getByRole('row').filter({ hasText: sku });
    await madeRow.waitFor();
    expect(await madeRow.textContent()).toContain('made on this PC');
    await inBothLanguages(page, 'products-edit-4-list', {
      en: madeRow.getByText('made on this PC'),
      th: madeRow.getByText('สร้างที่เครื่องนี้'),
    });

    // The back office returns: everything drains, each write once.
    await sandbox.restart({ port: sandbox.handle.port });
    await expect.poll(openCount, { timeout: 120_000, interval: 500 }).toBe(0);
    const client = backOffice();
    try {
      const made = await client.call('GetProducts', {
        query: { warehousecode: 'W0001', limit: 10, page: 1 },
        headers: { skulist: [sku] },
      });
      expect(made.list).toHaveLength(1);
      expect(made.list[0]).toMatchObject({ name: 'Shelf find jasmine rice', barcode: NEW_CODE });
      expect(Number(made.list[0]?.stock)).toBe(2);
      expect(Number(made.list[0]?.sellprice)).toBe(35);
      expect(Number((await client.call('GetProductDetail', { id: priced.id })).sellprice)).toBe(
        Number(newPrice),
      );
      expect((await client.call('GetProductDetail', { id: disabled.id })).active).toBe(false);
    } finally {
      await client.close();
    }
    // On this PC the product made here is one row, now with its server id.
    const found = await call('catalogue.searchPage', { text: sku });
    expect(found.products.filter((product) => product.sku === sku)).toHaveLength(1);
    expect(found.products[0]?.id).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  }, 420_000);
});
