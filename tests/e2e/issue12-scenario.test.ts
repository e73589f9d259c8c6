// Issue 12's whole scenario in real Chromium through the web host, against a separately started back
// office (the sandbox over loopback, added as a store), from the keyboard and a scanner, in one chain:
//   the back office stops → during a count an unknown code becomes a new product and the count is
//   committed → that new product gets a picture and two serials on its page (still on its local id) →
//   a product's price is fixed → two serials are scanned onto another → 2 units decreased
//   for damage → 10 units transferred W0001 → W0002 → a contact added → the app is quit and started
//   again on the same user data → the back office returns with faults on the write endpoints (answers
//   lost after the commit, failures before it) → everything drains → v4 reads show each write exactly
//   once, and the new product's page shows its picture and serials on its server id. The steps are the
//   ones of products-edit, bundles-serials, stock-moves and contacts.
// Screenshots in English and Thai offline and after the drain; axe on every screen visited.
import { beforeAll, describe, expect, it } from 'vitest';
import { listSerialNumbers } from '../../src-main/sandbox/resources/products/index.js';
import { ean13FromPrefix } from '../../src-shared/barcode/gtin.js';
import { bandedPng } from '../support/png.js';
import type { TestSandbox } from '../support/sandbox-harness.js';
import { scanCode } from '../support/scanner-input.js';
import { externalStore } from './support/external-store.js';
import { moneyPage } from './support/money-page.js';
import {
  expectAccessible,
  findDemoProducts,
  focusedElement,
  inBothLanguages,
} from './support/page-helpers.js';

const STORE = {
  name: 'e2e-issue12',
  apikey: 'e2e-issue12-key-01',
  apisecret: 'e2e-issue12-secret-01',
} as const;
/** The write endpoints whose answer is lost after the commit when the back office returns. */
const RESET_AFTER = [
  'AddProduct',
  'UpdateProduct',
  'AddSerialNo',
  'DecreaseProductStockList',
  'AddContact',
] as const;
const NEW_CODE = ean13FromPrefix('885990012399') ?? '';
/** The new product's name, picture and serials (one typed by hand, one scanned). */
const NEW_NAME = 'Shelf find jasmine rice';
const NEW_PICTURE = bandedPng(24, 24, [
  [240, 230, 200],
  [60, 140, 60],
]);
const NEW_SERIALS = ['SN-I12-NEW-1', 'SN-I12-NEW-2'] as const;

const { app, call, backOffice, stockOf, openCount, waitingCount } = externalStore({
  name: 'issue12-scenario',
  displayName: 'E2E issue 12 store',
  store: STORE,
  products: 60,
  outboxTiming: { settleMs: 1_000, leaseTtlMs: 3_000, backoff: { baseMs: 300, maxMs: 2_000 } },
});
let sandbox: TestSandbox;

beforeAll(() => {
  sandbox = app.sandbox;
});

const { typeInto } = moneyPage(app);
const focused = () => focusedElement(app.page);

describe('issue 12 end to end: offline writes, a restart, faults, one drain', () => {
  it('each write made offline reaches the back office exactly once', async () => {
    const { page, problems } = app;
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await call('contacts.search', {})).total).toBeGreaterThan(0);
    const [damaged, moved, serialProduct, priced] = await findDemoProducts(call, 4, async (product) => {
      if (!/^[A-Za-z0-9-]+$/.test(product.sku)) return false;
      const detail = await call('catalogue.product', { productId: product.id });
      const stock = detail.stockByWarehouse.find((held) => held.warehouseCode === 'W0001')?.expected ?? 0;
      return Number.isInteger(stock) && stock >= 12;
    });
    if (damaged === undefined || moved === undefined || serialProduct === undefined || priced === undefined)
      throw new Error('four stocked demo products are needed');
    expect(await call('catalogue.lookup', { code: NEW_CODE })).toBeNull();
    const before = {
      damaged: await stockOf('W0001', damaged.id),
      movedFrom: await stockOf('W0001', moved.id),
      movedTo: await stockOf('W0002', moved.id),
    };

    // The back office goes away; everything below is recorded on this PC.
    await sandbox.handle.close();

    // During a count an unknown code becomes a new product (Alt+U, Alt+N); the count is committed.
    const session = await call('counting.createSession', { warehouseCode: 'W0001', name: 'Shelf count' });
    await page.keyboard.press('F3');
    await page.getByRole('row').filter({ hasText: 'Shelf count' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Counting: Shelf count' }).waitFor();
    await expect.poll(focused).toMatch(/data-testid="scan-area"/);
    await scanCode(page, NEW_CODE);
    await scanCode(page, NEW_CODE);
    await expect.poll(() => page.getByTestId('unknown-codes').textContent()).toContain(NEW_CODE);
    await page.keyboard.press('Alt+KeyU');
    await page.getByRole('dialog', { name: `Which product is ${NEW_CODE}?` }).waitFor();
    await page.keyboard.press('Alt+KeyN');
    const form = page.getByTestId('product-form');
    await form.getByRole('heading', { name: `New product with code ${NEW_CODE}` }).waitFor();
    const sku = await form.getByLabel('SKU').inputValue();
    expect(sku).toMatch(/-N0001$/);
    // At a person's pace: the counting page takes a fast burst of keys for a scan.
    await form.getByLabel('Name').focus();
    await page.keyboard.type(NEW_NAME, { delay: 110 });
    await form.getByLabel('Sell price (฿)').focus();
    await page.keyboard.type('35', { delay: 110 });
    await expectAccessible(page, 'new product form');
    await page.keyboard.press('Control+Enter');
    await form.waitFor({ state: 'detached' }).catch(() => form.waitFor({ state: 'hidden' }));
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

    // The new product's page (F2, its SKU, Enter), still on its local id: a picture chosen with Alt+I,
    // one serial typed by hand and one scanned.
    await page.keyboard.press('F2');
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await expect.poll(focused).toMatch(/type="search"/);
    await page.keyboard.type(sku, { delay: 60 });
    await page.locator('#product-results tr.selected').filter({ hasText: sku }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: NEW_NAME, level: 2 }).waitFor();
    expect((await call('catalogue.lookup', { code: NEW_CODE }))?.id).toBeLessThan(0);
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Alt+KeyI');
    await (await chooser).setFiles({ name: 'jasmine.png', mimeType: 'image/png', buffer: NEW_PICTURE });
    await page.getByTestId('picture-send-state').filter({ hasText: 'Waiting to send' }).waitFor();
    const newPicture = page.getByRole('img', { name: `Picture of ${NEW_NAME}` });
    await expect
      .poll(() => newPicture.getAttribute('src'))
      .toBe(`data:image/png;base64,${NEW_PICTURE.toString('base64')}`);
    expect(await page.locator('#picture-problem').innerText()).toBe('');
    const serials = page.getByTestId('serials');
    await page.getByLabel('Serial number (scan, or type and press Enter)').focus();
    await page.keyboard.type(NEW_SERIALS[0], { delay: 110 });
    await page.keyboard.press('Enter');
    await serials.getByRole('row').filter({ hasText: NEW_SERIALS[0] }).waitFor();
    await scanCode(page, NEW_SERIALS[1]);
    await serials.getByRole('row').filter({ hasText: NEW_SERIALS[1] }).waitFor();
    expect(await page.locator('#serial-problem').count()).toBe(0);
    // Its other codes wait for its server id; nothing on its page is refused.
    await page.getByText('Other codes can be added once this product is sent to the back office.').waitFor();
    const alerts = await page.getByRole('alert').allInnerTexts();
    expect(alerts.filter((text) => text.trim() !== '')).toEqual([]);
    await expectAccessible(page, 'new product with a picture and serials');
    await inBothLanguages(page, 'issue12-0-new-product-extras-offline', {
      th: page.getByText('เปลี่ยนรูปแล้ว', { exact: true }),
      en: page.getByText('Picture replaced.', { exact: true }),
    });
    await page.keyboard.press('Escape');
    await search.waitFor();

    // A product's price fixed from its page (Alt+E).
    await page.keyboard.press('F2');
    await search.fill(priced.sku);
    await page.getByRole('row').filter({ hasText: priced.sku }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: priced.name, level: 2 }).waitFor();
    // Alt+E waits for the product's fields to load, as its button does.
    const editButton = page.getByRole('button', { name: 'Edit (Alt+E)' });
    await expect.poll(() => editButton.isEnabled()).toBe(true);
    await page.keyboard.press('Alt+KeyE');
    await form.getByRole('heading', { name: `Edit ${priced.name}` }).waitFor();
    const newPrice = String(Math.round(priced.sellprice) + 7);
    await form.getByLabel('Sell price (฿)').fill(newPrice);
    await expectAccessible(page, 'edit form');
    await page.keyboard.press('Control+Enter');
    await page.getByRole('status').filter({ hasText: 'waiting to send' }).first().waitFor();
    await page.keyboard.press('Escape');

    // Two serials scanned into another product's serials field.
    await search.fill(serialProduct.sku);
    await page.locator('#product-results tr.selected').filter({ hasText: serialProduct.name }).waitFor();
    await search.press('Enter');
    await page.getByRole('heading', { name: serialProduct.name, level: 2 }).waitFor();
    await page.locator('#serial-field').focus();
    await scanCode(page, 'SN-I12-1');
    await serials.getByRole('row').filter({ hasText: 'SN-I12-1' }).waitFor();
    await scanCode(page, 'SN-I12-2');
    await serials.getByRole('row').filter({ hasText: 'SN-I12-2' }).waitFor();
    await expectAccessible(page, 'product with two serials');
    await page.locator('#serial-field').focus();
    await page.keyboard.press('Escape');
    await search.waitFor();

    // 2 units damaged (scanned), then 10 units W0001 → W0002 (searched) on the stock-moves page.
    await page.keyboard.press('Alt+KeyS');
    await page.getByRole('heading', { name: 'Stock moves', level: 2 }).waitFor();
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('move-product');
    await scanCode(page, damaged.barcode);
    await page.getByTestId('chosen-product').getByText(damaged.sku).waitFor();
    await page.getByLabel('Reason').selectOption('damaged');
    await page.getByLabel('Quantity').fill('2');
    await page.keyboard.press('Control+Enter');
    await page.getByText('Saved: it is sent when the back office can be reached.').waitFor();
    const moves = page.getByTestId('stock-moves-list');
    await moves.getByRole('row').filter({ hasText: damaged.sku }).getByText('Damaged').waitFor();
    await page.getByRole('searchbox', { name: 'Product (scan or search)' }).fill(moved.sku);
    await page.getByRole('button', { name: new RegExp(moved.sku) }).waitFor();
    await page.getByRole('searchbox', { name: 'Product (scan or search)' }).press('Enter');
    await page.getByTestId('chosen-product').getByText(moved.sku).waitFor();
    await page.getByLabel('Transfer').check();
    await page.getByLabel('To warehouse').selectOption('W0002');
    await page.getByLabel('Quantity').fill('10');
    await page.keyboard.press('Control+Enter');
    await moves.getByRole('row').filter({ hasText: 'W0001 → W0002' }).waitFor();
    await inBothLanguages(page, 'issue12-1-moves-offline', { th: page.getByText('รายการที่ทำบนเครื่องนี้') });

    // A contact with the code proposed for this PC (F11, Alt+N).
    await page.keyboard.press('F11');
    await page.getByRole('heading', { name: 'Contacts', level: 2 }).waitFor();
    await page.keyboard.press('Alt+KeyN');
    await page.getByTestId('contact-form').waitFor();
    await expect.poll(() => page.locator('#contact-code').inputValue()).toMatch(/^[A-Z0-9]+-\d{4}$/);
    const code = await page.locator('#contact-code').inputValue();
    await typeInto('contact-name', 'E2E Issue 12 Shop');
    await typeInto('contact-phone', '081-555-0112');
    await expectAccessible(page, 'new contact form');
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('contact-form').waitFor({ state: 'detached' });
    expect(await page.getByTestId('contact-send-state').textContent()).toBe('waiting to send');
    await expectAccessible(page, 'contact waiting to send');
    const queued = await openCount();
    expect(queued).toBeGreaterThanOrEqual(8);
    expect((await call('outbox.summary', {})).parked).toBe(0);

    // Quit and start again on the same user data, still offline: everything is still queued.
    await app.restart();
    await page.goto(app.host.url);
    await page.getByRole('button', { name: 'Money (F1)' }).waitFor();
    expect(await openCount()).toBe(queued);
    await expectAccessible(page, 'after the restart');

    // The back office returns, losing answers after some writes commit and failing some before.
    await sandbox.restart({ port: sandbox.handle.port });
    for (const endpoint of RESET_AFTER)
      sandbox.handle.scheduleFault({ endpoint, mode: 'reset', timing: 'after' });
    sandbox.handle.scheduleFault({ endpoint: 'IncreaseProductStockList', mode: 'http500', timing: 'before' });
    await expect.poll(waitingCount, { timeout: 150_000, interval: 500 }).toBe(0);
    // Every scheduled fault fired during the drain: a probe with an empty body now gets the
    // endpoint's own refusal, not a reset or an HTTP 500.
    for (const endpoint of [...RESET_AFTER, 'IncreaseProductStockList'] as const) {
      expect((await sandbox.call(endpoint, { body: {} })).status, endpoint).not.toBe(500);
    }
    sandbox.handle.clearFaults();
    const history = await call('outbox.list', { state: 'all', limit: 100 });
    expect(
      history.items.filter((item) => item.state !== 'done').map((item) => `${item.kind}: ${item.reasonText}`),
    ).toEqual([]);

    // v4 reads: each write exactly once.
    let madeId = 0;
    const client = backOffice();
    try {
      const made = await client.call('GetProducts', {
        query: { warehousecode: 'W0001', limit: 10, page: 1 },
        headers: { skulist: [sku] },
      });
      expect(made.list).toHaveLength(1);
      expect(made.list[0]).toMatchObject({ name: NEW_NAME, barcode: NEW_CODE });
      expect(Number(made.list[0]?.stock)).toBe(2);
      expect(Number(made.list[0]?.sellprice)).toBe(35);
      madeId = made.list[0]?.id ?? 0;
      // The picture chosen offline went to the product's server id, once.
      const madeDetail = await client.call('GetProductDetail', { id: madeId });
      expect(madeDetail.imagepath).toMatch(/^\/images\//);
      expect(madeDetail.imageList).toHaveLength(1);
      expect(Number((await client.call('GetProductDetail', { id: priced.id })).sellprice)).toBe(
        Number(newPrice),
      );
      const contacts = (await client.call('GetContacts', { query: { keyword: code, limit: 50 } })).list;
      expect(contacts.filter((contact) => contact.code === code)).toMatchObject([
        { name: 'E2E Issue 12 Shop', phone: '081-555-0112' },
      ]);
    } finally {
      await client.close();
    }
    const storeId = sandbox.handle.stores[0]?.id ?? 0;
    const held = listSerialNumbers(sandbox.handle.db, storeId, serialProduct.id)
      .map((serial) => serial.name)
      .filter((name) => name.startsWith('SN-I12-'));
    expect(held.sort()).toEqual(['SN-I12-1', 'SN-I12-2']);
    // v4 has no read of a product's serials: the sandbox's own table shows the new product's, once each.
    expect(
      listSerialNumbers(sandbox.handle.db, storeId, madeId)
        .map((serial) => serial.name)
        .sort(),
    ).toEqual([...NEW_SERIALS]);
    expect(await stockOf('W0001', damaged.id)).toBe(before.damaged - 2);
    expect(await stockOf('W0001', moved.id)).toBe(before.movedFrom - 10);
    expect(await stockOf('W0002', moved.id)).toBe(before.movedTo + 10);

    // The stock-moves page says sent for every half.
    await page.keyboard.press('F2');
    await page.keyboard.press('Alt+KeyS');
    await page.getByRole('heading', { name: 'Stock moves', level: 2 }).waitFor();
    await expect
      .poll(() => moves.textContent(), { timeout: 30_000 })
      .not.toMatch(/waiting to send|needs attention/);
    await inBothLanguages(page, 'issue12-2-drained', { th: page.getByText('ส่งแล้ว').first() });

    // The new product took its server id; its page shows the picture and both serials added.
    expect((await call('catalogue.lookup', { code: NEW_CODE }))?.id).toBe(madeId);
    await page.keyboard.press('F2');
    await expect.poll(focused).toMatch(/type="search"/);
    await page.keyboard.type(sku, { delay: 60 });
    await page.locator('#product-results tr.selected').filter({ hasText: sku }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: NEW_NAME, level: 2 }).waitFor();
    await expect
      .poll(() => page.getByTestId('serial-list').locator('tbody tr').allInnerTexts(), { timeout: 30_000 })
      .toEqual([
        expect.stringMatching(new RegExp(`${NEW_SERIALS[1]}.*Added`)),
        expect.stringMatching(new RegExp(`${NEW_SERIALS[0]}.*Added`)),
      ]);
    await expect.poll(() => newPicture.getAttribute('src')).toMatch(/^data:image\//);
    // "Sent." until a pull brings the server's picture, then no mark at all.
    await expect
      .poll(async () =>
        (await page.getByTestId('picture-send-state').allInnerTexts()).filter((text) => text !== 'Sent.'),
      )
      .toEqual([]);
    await expectAccessible(page, 'new product after the drain');
    await app.screenshot('issue12-3-new-product-sent');
    expect(
      problems.filter(
        (problem) => !/WebSocket connection to .* failed|Failed to load resource/.test(problem),
      ),
    ).toEqual([]);
  }, 420_000);
});
