// Labels from a committed count's page in real Chromium through the web host (issue 25), against the
// sandbox over loopback: a count of two products (3 and 2 units, one with a Thai name) committed, then
// F3, Alt+C, the count's review, Alt+L: the copies begin at the units counted (5 labels, 5 pages on a
// 50 × 25 mm roll). The printed PDF is read back: pdftotext for the names, SKUs and prices, in English
// and then in Thai; each page rasterised at 203 dpi by pdftoppm and decoded with zbarimg, compared with
// the products' codes, as many of each as units counted.
import { beforeAll, describe, expect, it } from 'vitest';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { expectAccessible, focusedElement } from './support/page-helpers.js';
import { printPdf, type PrintedPdf } from './support/pdf-pages.js';
import { decodedPages } from './support/printed-barcodes.js';

const STORE = {
  name: 'e2e-counted-labels',
  apikey: 'e2e-counted-key-01',
  apisecret: 'e2e-counted-secret',
} as const;
const WAREHOUSE = 'W0001';
const THAI_NAME = 'ข้าวหอมมะลิ ถุง 5 กก.';
const SESSION_NAME = 'Counted labels';

const app = appUnderTest({
  name: 'counted-labels',
  sandbox: { products: 30, stores: [STORE], log: () => {} },
});
const call: Call = (name, args) => app.call(name, args);

interface Counted {
  readonly sku: string;
  readonly name: string;
  readonly barcode: string;
  readonly price: string;
  readonly units: number;
}
const counted: Counted[] = [];

beforeAll(async () => {
  const listed = await app.sandbox.call('GetProducts', { query: { warehousecode: WAREHOUSE, limit: 30 } });
  const [thai, english] = (
    listed.body as { list: { id: number; sku: string; name: string; barcode: string }[] }
  ).list.filter((product) => product.sku !== '' && /^\d{13}$/.test(product.barcode));
  if (thai === undefined || english === undefined) throw new Error('two products with EAN-13 codes');
  for (const [product, body, units] of [
    [thai, { name: THAI_NAME, sellprice: '189.5' }, 3],
    [english, { sellprice: '42' }, 2],
  ] as const) {
    const answer = await app.sandbox.call('UpdateProduct', { query: { id: product.id }, body });
    expect(answer.body).toMatchObject({ resCode: '200' });
    const name = 'name' in body ? body.name : product.name;
    counted.push({ sku: product.sku, name, barcode: product.barcode, price: body.sellprice, units });
  }
  await call('profiles.add', {
    displayName: 'E2E counted labels store',
    baseUrl: app.sandbox.url,
    storename: STORE.name,
    apikey: STORE.apikey,
    apisecret: STORE.apisecret,
    defaultWarehouseCode: WAREHOUSE,
    activate: true,
  });
});

const flat = (pdf: PrintedPdf) => pdf.text.replace(/[ \t]+/g, ' ');

describe('labels from a committed count in Chromium through the web host', () => {
  it('prints a label a unit counted, each decoding back to its product’s code, in English and Thai', async () => {
    const { page, problems } = app;
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
    await page.evaluate('window.print = () => {}');
    const session = await call('counting.createSession', { warehouseCode: WAREHOUSE, name: SESSION_NAME });
    for (const product of counted) {
      await call('counting.scan', { sessionId: session.id, code: product.barcode, quantity: product.units });
    }
    await call('counting.commit', { sessionId: session.id });

    // F3, Alt+C: the committed counts; Enter on the count's Review button.
    await page.keyboard.press('F3');
    await page.getByRole('heading', { name: 'Count sessions', level: 2 }).waitFor();
    await page.keyboard.press('Alt+KeyC');
    const review = page.getByRole('button', { name: `Review (read-only) · ${SESSION_NAME}` });
    await review.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Review: ${SESSION_NAME}`, level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Labels of the products counted… (Alt+L)' }).waitFor();

    const dialog = page.getByTestId('label-dialog');
    const expectedCodes = counted
      .flatMap((product) => Array.from({ length: product.units }, () => `EAN-13:${product.barcode}`))
      .sort();
    for (const language of ['en', 'th'] as const) {
      if (language === 'th') {
        await page.getByRole('button', { name: 'ภาษาไทย' }).click();
        await page.locator('html[lang="th"]').waitFor();
      }
      // Alt+L: the copies begin at the units counted, 3 + 2.
      await page.keyboard.press('Alt+KeyL');
      await dialog.getByTestId('printed-label').first().waitFor();
      if (language === 'en') {
        await page.getByRole('combobox', { name: 'Labels' }).selectOption('roll-50x25');
      }
      // The layout chosen in English is remembered for the Thai print.
      await expect
        .poll(() => dialog.locator('.label-page').first().getAttribute('class'))
        .toContain('label-page-roll-50x25');
      await dialog
        .getByText(language === 'en' ? '2 codes, 5 labels, 5 pages' : '2 รหัส 5 ดวง 5 หน้า')
        .waitFor();
      await expectAccessible(page, `labels of a committed count in ${language}`);
      const pdf = await printPdf(page, `counted-labels-${language}`);
      expect(pdf.pages).toBe(5);
      const text = flat(pdf);
      const [sku, price] = language === 'en' ? ['SKU', 'Price'] : ['รหัสสินค้า', 'ราคา'];
      for (const product of counted) {
        expect(text).toContain(`${sku} ${product.sku}`);
        expect(text).toContain(`${price} ${Number(product.price).toFixed(2)}`);
      }
      expect(text).toContain('ข้าวหอมมะลิ');
      expect(text).toContain(counted[1]?.name ?? '(no name)');
      expect([...decodedPages(pdf.file, `counted-labels-${language}`)].sort()).toEqual(expectedCodes);
      // Esc closes the dialog, the focus back on the page (its Export CSV button).
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => focusedElement(page)).toMatch(/^<button[^>]*>[^<]*CSV/);
    }
    expect(problems).toEqual([]);
  });
});
