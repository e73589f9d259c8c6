// The product detail in real Chromium through the web host, on an external sandbox store with product
// pictures: a product is opened from the search with the keyboard (Up/Down, Enter), its stock per
// warehouse is what catalogue.product says (server, available, expected with the outbox), its picture is
// shown (a data: URL main fetched; naturalWidth > 0). Esc returns to the search with the text and the
// selected row kept. With the sandbox stopped, the picture still shows from the store's cache, a picture
// never fetched says why it cannot be shown, and a count queued offline moves the expected figure.
// No console error, no CSP violation; screenshots in both languages and axe on the page.
import { beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../resources/png.js';
import type { TestSandbox } from '../support/sandbox-harness.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { expectAccessible } from './support/page-helpers.js';

const STORE = { name: 'pictures', apikey: 'pictures-key-31a9', apisecret: 'pictures-secret-77c2' } as const;
const IMAGE_SIZE = 96;

/** A real PNG (IMAGE_SIZE square, a colour gradient), so the page's <img> has something to decode. */
function gradientPng(size: number): Buffer {
  const pixels = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) pixels.set([40 + x * 2, 90 + y, 200 - x], (y * size + x) * 3);
  }
  return encodePng(size, size, 'rgb', pixels);
}

interface SandboxProduct {
  readonly id: number;
  readonly sku: string;
  readonly name: string;
}

const app = appUnderTest({ name: 'product', sandbox: { stores: [STORE], products: 30 } });
/** Read at each use: the app starts in beforeAll. */
const call: Call = (name, args) => app.call(name, args);
let store: TestSandbox;
/** Its picture is opened online, then again offline. */
let pictured: SandboxProduct;
/** Has a picture too, but is first opened offline. */
let neverFetched: SandboxProduct;

beforeAll(async () => {
  store = app.sandbox;
  const listed = await store.call('GetProducts', { query: { limit: 10 } });
  const products = (listed.body as { list: SandboxProduct[] }).list;
  [pictured, neverFetched] = products.filter((product) => product.sku !== '') as [
    SandboxProduct,
    SandboxProduct,
  ];
  for (const product of [pictured, neverFetched]) {
    const uploaded = await store.call('UpdateProductImage', {
      query: { id: product.id },
      file: { fileName: 'picture.png', mimeType: 'image/png', data: gradientPng(IMAGE_SIZE) },
    });
    expect(uploaded.body).toMatchObject({ resCode: '200' });
  }
  const added = await app.services.api.call(
    'profiles.add',
    {
      displayName: 'Pictures',
      baseUrl: store.url,
      storename: STORE.name,
      apikey: STORE.apikey,
      apisecret: STORE.apisecret,
      activate: true,
    },
    'web',
  );
  expect(added).toMatchObject({ ok: true });
});

const english = (value: number): string => new Intl.NumberFormat('en-GB').format(value);

/** The stock table as text, one row per warehouse: code, server, available, expected. */
async function shownStock(): Promise<string[][]> {
  const rows = app.page.locator('table.stock tbody tr');
  const shown: string[][] = [];
  for (const row of await rows.all()) {
    const code = (await row.locator('th .code').innerText()).trim();
    const cells = await row.locator('td').allInnerTexts();
    shown.push([code, ...cells.map((cell) => cell.trim())]);
  }
  return shown;
}

async function expectedStock(productId: number, unit: string): Promise<string[][]> {
  const detail = await call('catalogue.product', { productId });
  return detail.stockByWarehouse.map((line) => [
    line.warehouseCode,
    english(line.stock),
    english(line.availablestock),
    `${english(line.expected)} ${unit}`.trim(),
  ]);
}

async function pictureWidth(name: string): Promise<number> {
  const image = app.page.getByRole('img', { name: `Picture of ${name}` });
  await image.waitFor();
  // The Node tsconfig has no DOM types: the two fields read from the <img>.
  type Decoded = { readonly complete: boolean; readonly naturalWidth: number };
  await expect.poll(() => image.evaluate((element) => (element as unknown as Decoded).complete)).toBe(true);
  return image.evaluate((element) => (element as unknown as Decoded).naturalWidth);
}

/** Types `text` in the search box and opens the result `product` with Up/Down and Enter. */
async function openFromSearch(text: string, product: SandboxProduct): Promise<number> {
  const { page } = app;
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.fill(text);
  const results = await call('catalogue.search', { text, limit: 25 });
  const index = results.findIndex((result) => result.id === product.id);
  expect(index).toBeGreaterThanOrEqual(0);
  await page
    .locator('#product-results tbody tr')
    .nth(results.length - 1)
    .waitFor();
  for (let step = 0; step < index; step++) await box.press('ArrowDown');
  await page.locator('#product-results tr.selected').filter({ hasText: product.name }).waitFor();
  await box.press('Enter');
  await page.getByRole('heading', { name: product.name, level: 2 }).waitFor();
  return index;
}

describe('product detail in Chromium through the web host', () => {
  it('opens from the search by keyboard with stock per warehouse and the picture, then back as it was', async () => {
    const { page, problems } = app;
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 30_000 });

    const word = pictured.name.split(' ')[0] ?? pictured.name;
    const index = await openFromSearch(word, pictured);
    const detail = await call('catalogue.product', { productId: pictured.id });
    expect(detail.stockByWarehouse.length).toBeGreaterThan(0);
    await expect.poll(shownStock).toEqual(await expectedStock(pictured.id, detail.unittext));
    await page.getByText(detail.sku, { exact: true }).waitFor();
    expect(await pictureWidth(pictured.name)).toBe(IMAGE_SIZE);
    await expectAccessible(page);
    await app.screenshot('product-detail-en');
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.locator('html[lang="th"]').waitFor();
    await page.getByRole('img', { name: `รูปของ ${pictured.name}` }).waitFor();
    await expectAccessible(page);
    await app.screenshot('product-detail-th');
    await page.getByRole('button', { name: 'English' }).click();
    await page.locator('html[lang="en"]').waitFor();

    // Esc: the search as it was left, the same row selected.
    await page.keyboard.press('Escape');
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await box.waitFor();
    expect(await box.inputValue()).toBe(word);
    await page.locator('#product-results tbody tr').nth(index).and(page.locator('tr.selected')).waitFor();
    expect(problems).toEqual([]);
  }, 120_000);

  it('offline: the picture comes from the cache, an unfetched one says why, a queued count moves expected', async () => {
    const { page, problems } = app;
    await store.close();
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await box.press('Enter'); // the results are current: Enter opens the selected product
    await page.getByRole('heading', { name: pictured.name, level: 2 }).waitFor();
    expect(await pictureWidth(pictured.name)).toBe(IMAGE_SIZE);

    // A count of 7 committed while offline waits in the outbox: expected shows it, server does not.
    const detail = await call('catalogue.product', { productId: pictured.id });
    const line = detail.stockByWarehouse[0];
    if (line === undefined) throw new Error('the product has no stock line');
    const session = await call('counting.createSession', { warehouseCode: line.warehouseCode });
    await call('counting.scan', { sessionId: session.id, code: pictured.sku, quantity: 7 });
    await call('counting.commit', { sessionId: session.id });
    await expect
      .poll(
        async () =>
          (await call('catalogue.product', { productId: pictured.id })).stockByWarehouse[0]?.expected,
      )
      .toBe(7);
    await expect.poll(shownStock).toEqual(await expectedStock(pictured.id, detail.unittext));
    expect((await shownStock())[0]?.[1]).toBe(english(line.stock));

    // A product whose picture was never fetched: said in words, no broken image.
    await page.keyboard.press('Escape');
    await openFromSearch(neverFetched.sku, neverFetched);
    await page
      .getByText('The picture cannot be loaded: the back office is not reachable and no copy is saved.')
      .waitFor({ timeout: 40_000 });
    expect(await page.getByRole('img', { name: `Picture of ${neverFetched.name}` }).count()).toBe(0);
    await app.screenshot('product-detail-offline-en');
    await expectAccessible(page);
    expect(problems).toEqual([]);
  }, 120_000);
});
