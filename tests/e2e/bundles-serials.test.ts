// Issue 12's pages in real Chromium through the web host, against a separately started back office (the
// sandbox over loopback, added as a store), from the keyboard: the back office stops → on a product's
// detail two serial numbers are scanned into the serials field (a serial typed again is refused next to
// the field and nothing is queued; Delete on a serial asks first, Cancel focused), its picture is
// replaced with a real PNG through Alt+I (a text file is refused before sending, a file that only claims
// to be a PNG is refused by main, both in the page's words) and shows at once "waiting to send" → the
// Bundles page (Alt+B): a bad form names its fields and queues nothing; a bundle of two products (one
// scanned, one searched) is saved with Ctrl+Enter; Delete asks first with Cancel focused → the back
// office returns → the outbox drains → the back office holds each serial once (its own serial table:
// v4 has no serial read), one new picture, and the bundle once with its items. Screenshots in English
// and Thai, axe on every screen.
import { beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../resources/png.js';
import { listSerialNumbers } from '../../src-main/sandbox/resources/products/index.js';
import type { TestSandbox } from '../support/sandbox-harness.js';
import { scanCode } from '../support/scanner-input.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import {
  escapeForm,
  expectAccessible,
  findDemoProducts,
  focusedElement,
  inBothLanguages,
} from './support/page-helpers.js';

const STORE = {
  name: 'e2e-bundles',
  apikey: 'e2e-bundles-key-01',
  apisecret: 'e2e-bundles-secret-01',
} as const;

const app = appUnderTest({
  name: 'bundles',
  outboxTiming: { settleMs: 500, leaseTtlMs: 3_000, backoff: { baseMs: 300, maxMs: 2_000 } },
  sandbox: { products: 40, stores: [STORE], log: () => {} },
});
const call: Call = (name, args) => app.call(name, args);
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = app.sandbox;
  await call('profiles.add', {
    displayName: 'E2E bundles store',
    baseUrl: sandbox.url,
    storename: STORE.name,
    apikey: STORE.apikey,
    apisecret: STORE.apisecret,
    defaultWarehouseCode: 'W0001',
    activate: true,
  });
});

/** A real 48×48 PNG (a gradient) for the picture. */
function picturePng(): Buffer {
  const size = 48;
  const pixels = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) pixels.set([200 - x * 3, 60 + y * 3, 120], (y * size + x) * 3);
  }
  return encodePng(size, size, 'rgb', pixels);
}

async function openCount(): Promise<number> {
  const summary = await call('outbox.summary', {});
  return summary.pending + summary.sending + summary.retry + summary.unclear + summary.parked;
}

async function waitingCount(): Promise<number> {
  const summary = await call('outbox.summary', {});
  return summary.pending + summary.sending + summary.retry + summary.unclear;
}

function sandboxImages(productId: number): number {
  return (
    sandbox.handle.db
      .prepare<[number], { n: number }>('SELECT count(*) AS n FROM product_images WHERE product_id = ?')
      .get(productId)?.n ?? 0
  );
}

describe('serials, a picture and a bundle made offline, then drained', () => {
  it('queues them from the keyboard offline and the back office holds each once', async () => {
    const { page, problems } = app;
    page.setDefaultTimeout(15_000);
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 30_000 });
    const [serialProduct, scanned, searched] = await findDemoProducts(call, 3);
    if (serialProduct === undefined || scanned === undefined || searched === undefined)
      throw new Error('three demo products with barcodes are needed');
    const imagesBefore = sandboxImages(serialProduct.id);

    // The back office stops.
    await sandbox.handle.close();

    // The product's detail from the search.
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await box.fill(serialProduct.sku);
    await page.locator('#product-results tr.selected').filter({ hasText: serialProduct.name }).waitFor();
    await box.press('Enter');
    await page.getByRole('heading', { name: serialProduct.name, level: 2 }).waitFor();

    // Two serials scanned into the field; a third typed twice is refused the second time.
    const serials = page.getByTestId('serials');
    await page.locator('#serial-field').focus();
    await scanCode(page, 'SN-E2E-1');
    await serials.getByRole('row').filter({ hasText: 'SN-E2E-1' }).waitFor();
    await scanCode(page, 'SN-E2E-2');
    await serials.getByRole('row').filter({ hasText: 'SN-E2E-2' }).waitFor();
    expect(await page.locator('#serial-field').inputValue()).toBe('');
    const afterScans = await openCount();
    expect(afterScans).toBe(2);
    await page.keyboard.type('SN-E2E-1', { delay: 90 });
    await page.keyboard.press('Enter');
    await serials
      .getByRole('alert')
      .filter({ hasText: 'Serial number SN-E2E-1 is already added to this product on this PC.' })
      .waitFor();
    expect(await page.locator('#serial-field').getAttribute('aria-invalid')).toBe('true');
    expect(await openCount()).toBe(afterScans);
    const rows = serials.getByTestId('serial-list').locator('tbody tr');
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/SN-E2E-2\s+Add\s+W0001\s+Waiting to send/),
      expect.stringMatching(/SN-E2E-1\s+Add\s+W0001\s+Waiting to send/),
    ]);
    // Delete asks first, with Cancel focused: Enter keeps the serial.
    await serials.getByRole('button', { name: 'SN-E2E-2', exact: true }).focus();
    await page.keyboard.press('Delete');
    const removeDialog = page.getByTestId('serial-remove-dialog');
    await removeDialog.waitFor();
    await expect.poll(() => focusedElement(page)).toMatch(/>Go back, change nothing \(Esc\)</);
    await expectAccessible(page, 'serial removal question');
    await page.keyboard.press('Enter');
    await removeDialog.waitFor({ state: 'hidden' });
    expect(await openCount()).toBe(afterScans);

    // The picture: Alt+I opens the file chooser; a text file is refused here, a fake PNG by main.
    const chooseWith = async (file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> => {
      const chooser = page.waitForEvent('filechooser');
      await page.keyboard.press('Alt+KeyI');
      await (await chooser).setFiles(file);
    };
    const pictureProblem = page.locator('#picture-problem');
    await chooseWith({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect.poll(() => pictureProblem.innerText()).toBe('This file is not a JPEG, PNG or WebP picture.');
    await chooseWith({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture either'),
    });
    await expect.poll(() => pictureProblem.innerText()).toBe('This file is not a JPEG, PNG or WebP picture.');
    expect(await openCount()).toBe(afterScans);
    await chooseWith({ name: 'shelf.png', mimeType: 'image/png', buffer: picturePng() });
    await page.getByTestId('picture-send-state').filter({ hasText: 'Waiting to send' }).waitFor();
    const image = page.getByRole('img', { name: `Picture of ${serialProduct.name}` });
    await expect
      .poll(() => image.getAttribute('src'))
      .toBe(`data:image/png;base64,${picturePng().toString('base64')}`);
    expect(await pictureProblem.innerText()).toBe('');
    expect(await openCount()).toBe(afterScans + 1);
    await inBothLanguages(page, 'bundles-1-product-serials-picture', {
      // What was said in English is said again in Thai.
      th: page.getByText('เปลี่ยนรูปแล้ว', { exact: true }),
      en: page.getByText('Picture replaced.', { exact: true }),
    });

    // The Bundles page: Esc back to the products, Alt+B.
    await page.locator('#serial-field').focus();
    await page.keyboard.press('Escape');
    await box.waitFor();
    await page.keyboard.press('Alt+KeyB');
    await page.getByRole('heading', { name: 'Bundles', level: 2 }).waitFor();
    await page.keyboard.press('Alt+KeyN');
    const form = page.getByTestId('bundle-form');
    await form.waitFor();
    await expect.poll(() => focusedElement(page)).toMatch(/id="bundle-sku"/);
    // A bad form: each field named, nothing queued.
    await page.keyboard.type('AB');
    await page.keyboard.press('Control+Enter');
    await form.getByText('A bundle’s SKU has at least 3 characters.').waitFor();
    await form.getByText('Give the bundle a name.').waitFor();
    await form.getByText('A bundle needs at least one product.').waitFor();
    await expect.poll(() => focusedElement(page)).toMatch(/id="bundle-sku"/);
    expect(await openCount()).toBe(afterScans + 1);
    await app.screenshot('bundles-2-form-refused-en');
    await expectAccessible(page, 'refused form in English');
    // The modal form keeps the frame's language button out of reach: closed, switched, opened again.
    await escapeForm(page, form);
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.locator('html[lang="th"]').waitFor();
    await page.keyboard.press('Alt+KeyN');
    await form.waitFor();
    await page.keyboard.press('Control+Enter');
    await form.getByText('ชุดสินค้าต้องมีสินค้าอย่างน้อยหนึ่งรายการ').waitFor();
    await form.getByText('ใส่รหัสของชุดสินค้า').waitFor();
    await app.screenshot('bundles-2-form-refused-th');
    await expectAccessible(page, 'refused form in Thai');
    await escapeForm(page, form);
    await page.getByRole('button', { name: 'English' }).click();
    await page.locator('html[lang="en"]').waitFor();
    expect(await openCount()).toBe(afterScans + 1);
    await page.keyboard.press('Alt+KeyN');
    await form.waitFor();

    await page.locator('#bundle-sku').fill('E2E-PAIR-1');
    await page.locator('#bundle-name').fill('E2E pair');
    await page.locator('#bundle-price').fill('149.50');
    // One product scanned into the picker, one searched and chosen with Enter.
    await page.locator('#bundle-picker').focus();
    await scanCode(page, scanned.barcode);
    await form.getByText(`${scanned.name} added.`).waitFor();
    await page.keyboard.type(searched.sku, { delay: 60 });
    await form
      .getByTestId('picker-results')
      .locator('li.selected')
      .filter({ hasText: searched.name })
      .waitFor();
    await page.keyboard.press('Enter');
    await form.getByText(`${searched.name} added.`).waitFor();
    const quantity = form.getByRole('textbox', { name: `Quantity: ${searched.name}` });
    await quantity.fill('2');
    await page.keyboard.press('Control+Enter');
    await form.waitFor({ state: 'hidden' });
    await page.getByText('Bundle E2E-PAIR-1 saved: waiting to send.').waitFor();
    const detail = page.getByTestId('bundle-detail');
    await detail.getByRole('heading', { name: 'Bundle E2E-PAIR-1' }).waitFor();
    expect(await detail.getByTestId('bundle-items').locator('tbody tr').allInnerTexts()).toEqual([
      expect.stringMatching(new RegExp(`${scanned.sku}\\s+${scanned.name}\\s+1`)),
      expect.stringMatching(new RegExp(`${searched.sku}\\s+${searched.name}\\s+2`)),
    ]);
    await page
      .getByTestId('bundles-count')
      .filter({ hasText: /1 of 1/ })
      .waitFor();
    expect(await page.getByTestId('bundle-rows').innerText()).toContain('Waiting to send');
    expect(await openCount()).toBe(afterScans + 2);

    // Edit (Alt+E): the price; Ctrl+Enter saves the change on top of the waiting create.
    await page.keyboard.press('Alt+KeyE');
    await form.waitFor();
    await expect.poll(() => focusedElement(page)).toMatch(/id="bundle-name"/);
    await page.locator('#bundle-price').fill('139');
    await page.keyboard.press('Control+Enter');
    await form.waitFor({ state: 'detached' });
    await detail.getByText('139.00').waitFor();
    expect(await openCount()).toBe(afterScans + 3);

    // Delete asks first with Cancel focused; Esc keeps the bundle.
    await page.keyboard.press('Alt+KeyD');
    await page.getByTestId('bundle-delete-dialog').waitFor();
    await expect.poll(() => focusedElement(page)).toMatch(/>Go back, change nothing \(Esc\)</);
    await page.keyboard.press('Escape');
    await page.getByTestId('bundle-delete-dialog').waitFor({ state: 'hidden' });
    expect(await openCount()).toBe(afterScans + 3);
    await inBothLanguages(page, 'bundles-3-list-offline', {
      th: page.getByRole('heading', { name: 'ชุดสินค้า', level: 2 }),
      en: page.getByRole('heading', { name: 'Bundles', level: 2 }),
    });

    // The back office returns; everything drains.
    await sandbox.restart({ port: sandbox.handle.port });
    await expect.poll(waitingCount, { timeout: 90_000, interval: 500 }).toBe(0);
    const history = await call('outbox.list', { state: 'all', limit: 100 });
    expect(
      history.items.filter((item) => item.state !== 'done').map((item) => `${item.kind}: ${item.reasonText}`),
    ).toEqual([]);

    // The back office holds each once.
    const storeId = sandbox.handle.stores[0]?.id ?? 0;
    const held = listSerialNumbers(sandbox.handle.db, storeId, serialProduct.id).map((serial) => [
      serial.name,
      serial.warehouseCode,
    ]);
    expect(held.filter(([name]) => String(name).startsWith('SN-E2E-')).sort()).toEqual([
      ['SN-E2E-1', 'W0001'],
      ['SN-E2E-2', 'W0001'],
    ]);
    expect(sandboxImages(serialProduct.id)).toBe(imagesBefore + 1);
    const listed = (await sandbox.call('GetBundles', { query: { keyword: 'E2E-PAIR-1', limit: 100 } }))
      .body as {
      list: { id: number; sku: string; name: string; sellprice: string | number }[];
    };
    const ours = listed.list.filter((bundle) => bundle.sku === 'E2E-PAIR-1');
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({ name: 'E2E pair' });
    expect(Number(ours[0]?.sellprice)).toBe(139);
    const serverDetail = (await sandbox.call('GetBundleDetail', { query: { id: ours[0]?.id ?? 0 } }))
      .body as {
      list: { id: number; quantity: number }[];
    };
    expect(serverDetail.list.map((item) => [item.id, Number(item.quantity)])).toEqual([
      [scanned.id, 1],
      [searched.id, 2],
    ]);

    // The page says sent, and the serials their result.
    await expect
      .poll(() => page.getByTestId('bundle-rows').innerText(), { timeout: 30_000 })
      .not.toMatch(/Waiting to send|Needs attention/);
    await app.screenshot('bundles-4-list-sent');
    await expectAccessible(page, 'bundles sent');
    await page.keyboard.press('Escape');
    await box.fill(serialProduct.sku);
    await page.locator('#product-results tr.selected').filter({ hasText: serialProduct.name }).waitFor();
    await box.press('Enter');
    await expect
      .poll(() => page.getByTestId('serial-list').locator('tbody tr').allInnerTexts(), { timeout: 30_000 })
      .toEqual([expect.stringMatching(/SN-E2E-2.*Added/), expect.stringMatching(/SN-E2E-1.*Added/)]);
    await app.screenshot('bundles-5-serials-sent');

    expect(
      problems.filter(
        (problem) => !/WebSocket connection to .* failed|Failed to load resource/.test(problem),
      ),
    ).toEqual([]);
  }, 300_000);
});
