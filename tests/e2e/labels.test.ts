// Barcode labels and the Thai quotation in real Chromium through the web host, from the keyboard (issue
// 25). Four products carry one code of each symbology (EAN-13, EAN-8, UPC-A, and a store's own code in
// Code 128), one a long Thai name. Labels come from a product page (Ctrl+P), from products marked in
// the search (Ctrl+Space, then Alt+L, copies per product) and from the code a count gave (Alt+L on the
// counting page); they print as Chromium's own PDF of the print view (what Print and Save as PDF make),
// read back with poppler: the page is the label (40 × 30, 50 × 25, 60 × 40 mm rolls, A4 for a sheet),
// only the embedded Sarabun font, the Thai name in two lines without a cut cluster, the price; then each
// page is rasterised once at 203 dpi (a thermal printer's dots) and every label decoded with zbarimg
// (a sheet's cells cut from that render): each symbology and code as printed, in order. The layout
// chosen is remembered on this PC. Then the store sets a PromptPay id on the settings page; a quotation
// prints its validity date, its total in Thai words and a PromptPay QR that decodes to an EMVCo payload
// with the total and a right CRC, with its number beside it.
import { beforeAll, describe, expect, it } from 'vitest';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { expectAccessible } from './support/page-helpers.js';
import { printPdf, type PrintedPdf } from './support/pdf-pages.js';
import { decodedCells, decodedPages } from './support/printed-barcodes.js';
import { expectPromptPayPayload } from '../printing/support/promptpay-payload.js';

const STORE = { name: 'e2e-labels', apikey: 'e2e-labels-key-01', apisecret: 'e2e-labels-secret-01' } as const;
const LONG_THAI_NAME = 'น้ำปลาแท้ตราปลาหมึก ขวดใหญ่ 700 มล. สูตรดั้งเดิม หอมอร่อยที่สุดในประเทศไทย';
const CODES = {
  ean8: '96385074',
  upca: '036000291452',
  code128: 'SR-00042',
  /** The code a count gives an unlabelled product. */
  given: 'UNL-0042',
} as const;

const app = appUnderTest({ name: 'labels', sandbox: { products: 30, stores: [STORE], log: () => {} } });
const call: Call = (name, args) => app.call(name, args);

interface Labelled {
  readonly id: number;
  readonly sku: string;
  readonly name: string;
  readonly code: string;
  readonly symbology: string;
}
const labelled: Labelled[] = [];

beforeAll(async () => {
  const listed = await app.sandbox.call('GetProducts', { query: { limit: 10 } });
  const products = (
    listed.body as { list: { id: number; sku: string; name: string; barcode: string }[] }
  ).list
    .filter((product) => product.sku !== '' && product.barcode !== '')
    .slice(0, 4);
  const [ean13, ean8, upca, code128] = products;
  if (ean13 === undefined || ean8 === undefined || upca === undefined || code128 === undefined) {
    throw new Error('four products');
  }
  const changes: Array<[typeof ean13, Record<string, string>, string, string]> = [
    [ean13, { name: LONG_THAI_NAME, sellprice: '89.5' }, ean13.barcode, 'EAN-13'],
    [ean8, { barcode: CODES.ean8 }, CODES.ean8, 'EAN-8'],
    [upca, { barcode: CODES.upca }, CODES.upca, 'UPC-A'],
    [code128, { barcode: CODES.code128 }, CODES.code128, 'CODE-128'],
  ];
  for (const [product, body, code, symbology] of changes) {
    const answer = await app.sandbox.call('UpdateProduct', { query: { id: product.id }, body });
    expect(answer.body).toMatchObject({ resCode: '200' });
    labelled.push({ id: product.id, sku: product.sku, name: body['name'] ?? product.name, code, symbology });
  }
  await call('profiles.add', {
    displayName: 'E2E labels store',
    baseUrl: app.sandbox.url,
    storename: STORE.name,
    apikey: STORE.apikey,
    apisecret: STORE.apisecret,
    defaultWarehouseCode: 'W0001',
    activate: true,
  });
});

function expectOnlySarabun(pdf: PrintedPdf): void {
  expect(pdf.embeddedFonts.length).toBeGreaterThan(0);
  expect(pdf.embeddedFonts.filter((font) => !/\+Sarabun-(Regular|Bold)$/.test(font))).toEqual([]);
}

/** The page size in mm ("113.04 x 84.96 pts"): Chromium rounds a page to its CSS pixels. */
function expectPageMm(pdf: PrintedPdf, width: number, height: number): void {
  const [w, h] = (/^([\d.]+) x ([\d.]+) pts/.exec(pdf.pageSize) ?? []).slice(1).map(Number);
  expect((w ?? 0) * (25.4 / 72)).toBeCloseTo(width, 0);
  expect((h ?? 0) * (25.4 / 72)).toBeCloseTo(height, 0);
}

const flat = (pdf: PrintedPdf) => pdf.text.replace(/[ \t]+/g, ' ');
const dialog = () => app.page.getByTestId('label-dialog');

async function switchLanguage(to: 'th' | 'en'): Promise<void> {
  await app.page.getByRole('button', { name: to === 'th' ? 'ภาษาไทย' : 'English' }).click();
  await app.page.locator(`html[lang="${to}"]`).waitFor();
}

/** F2, the product's SKU typed in the search, Enter on it: its page. */
async function openProduct(product: Labelled, searchLabel: string): Promise<void> {
  const { page } = app;
  await page.keyboard.press('F2');
  const box = page.getByRole('searchbox', { name: searchLabel });
  await box.fill(product.sku);
  await page.locator('#product-results tr.selected').filter({ hasText: product.sku }).waitFor();
  await box.press('Enter');
  await page.getByRole('heading', { name: product.name, level: 2 }).waitFor();
}

/** `key` (Ctrl+P on a product page, Alt+L elsewhere): the label dialog, its preview ready. */
async function openLabels(key: string): Promise<void> {
  await app.page.keyboard.press(key);
  await dialog().getByTestId('printed-label').first().waitFor();
}

/** The layout and the copies of each chosen in the open dialog, its preview on that layout. */
async function chooseLabels(layoutLabel: string, layout: string, copiesLabel: string, copies: string) {
  const { page } = app;
  await page.getByRole('combobox', { name: layoutLabel }).selectOption(layout);
  await page.getByRole('textbox', { name: copiesLabel }).fill(copies);
  await expect
    .poll(() => dialog().locator('.label-page').first().getAttribute('class'))
    .toContain(`label-page-${layout}`);
}

async function closeLabels(): Promise<void> {
  await app.page.keyboard.press('Escape');
  await dialog().waitFor({ state: 'detached' });
}

describe('labels and Thai papers in Chromium through the web host', () => {
  it('prints labels of every symbology that decode back at 203 dpi, in English and Thai', async () => {
    const { page, problems } = app;
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
    await page.evaluate('window.print = () => {}');
    const [thai, ...others] = labelled;
    if (thai === undefined) throw new Error('products');

    // The Thai name on a 40 × 30 mm roll, two copies: two pages of 40 × 30 mm.
    await openProduct(thai, 'Search products');
    await openLabels('Control+KeyP');
    await chooseLabels('Labels', 'roll-40x30', 'Copies of each', '2');
    await dialog().getByText('1 codes, 2 labels, 2 pages').waitFor();
    await expectAccessible(page, 'label dialog');
    await app.screenshot('labels-1-dialog-en', { fullPage: false });
    const roll = await printPdf(page, 'labels-roll-40x30-en');
    expect(roll.pages).toBe(2);
    expectPageMm(roll, 40, 30);
    expectOnlySarabun(roll);
    const [firstLine, secondLine] = await dialog()
      .locator('.label-name')
      .first()
      .locator('p')
      .allInnerTexts();
    expect(firstLine).toBe('น้ำปลาแท้ตราปลาหมึก ขวดใหญ่');
    expect(secondLine?.endsWith('…')).toBe(true);
    expect(flat(roll)).toContain('Price 89.50');
    expect(decodedPages(roll.file, 'labels-roll-40x30-en')).toEqual([
      `EAN-13:${thai.code}`,
      `EAN-13:${thai.code}`,
    ]);
    // A copies figure that is not a whole number is refused, not rounded.
    await page.getByRole('textbox', { name: 'Copies of each' }).fill('1.5');
    await dialog().getByText('Copies must be a whole number from 1 to 500.').waitFor();
    await closeLabels();

    // In Thai, from the product search: EAN-8, UPC-A and Code 128 marked one search after another
    // (Ctrl+Space), Alt+L prints them together, each with its own copies: one PDF, one print.
    await switchLanguage('th');
    await page.keyboard.press('F2');
    const box = page.getByRole('searchbox', { name: 'ค้นหาสินค้า' });
    for (const [index, product] of others.entries()) {
      await box.fill(product.sku);
      const row = page.locator('#product-results tr.selected').filter({ hasText: product.sku });
      await row.waitFor();
      await box.press('Control+Space');
      await expect.poll(() => row.getByRole('checkbox').isChecked()).toBe(true);
      await page.getByText(`เลือกพิมพ์ฉลาก ${index + 1} รายการ`).waitFor();
    }
    await openLabels('Alt+KeyL');
    await chooseLabels('ฉลาก', 'roll-50x25', 'จำนวนต่อรหัส', '1');
    await dialog()
      .getByRole('textbox', { name: `จำนวนของ ${CODES.upca}` })
      .fill('2');
    await dialog().getByText('3 รหัส 4 ดวง 4 หน้า').waitFor();
    // One product's figure that is not a whole number is refused naming its code.
    await dialog()
      .getByRole('textbox', { name: `จำนวนของ ${CODES.ean8}` })
      .fill('0');
    await dialog().getByText(`จำนวนของ ${CODES.ean8} ต้องเป็นจำนวนเต็ม 1 ถึง 500`).waitFor();
    await dialog()
      .getByRole('textbox', { name: `จำนวนของ ${CODES.ean8}` })
      .fill('1');
    await dialog().getByText('3 รหัส 4 ดวง 4 หน้า').waitFor();
    await expectAccessible(page, 'label dialog with copies of each code');
    const rolls = await printPdf(page, 'labels-selection-50x25-th');
    expect(rolls.pages).toBe(4);
    expectPageMm(rolls, 50, 25);
    expectOnlySarabun(rolls);
    expect(flat(rolls)).toContain('ราคา');
    for (const product of others) expect(flat(rolls)).toContain(product.code);
    expect(decodedPages(rolls.file, 'labels-selection-50x25-th')).toEqual(
      [others[0], others[1], others[1], others[2]].map((product) => `${product?.symbology}:${product?.code}`),
    );

    // The same selection on an A4 sheet of 3 × 8, ten of each: 30 labels on two A4 pages, every
    // label decodes to its product's code, in order.
    await chooseLabels('ฉลาก', 'a4-3x8', 'จำนวนต่อรหัส', '10');
    await dialog().getByText('3 รหัส 30 ดวง 2 หน้า').waitFor();
    await app.screenshot('labels-2-sheet-th', { fullPage: false });
    const sheet = await printPdf(page, 'labels-a4-3x8-th');
    expect(sheet.pageSize).toMatch(/^59[45]\.\d+ x 841\.\d+ pts \(A4\)$/);
    expect(sheet.pages).toBe(2);
    expect(decodedCells(sheet.file, 'labels-a4-3x8-th', 3, 8, 30)).toEqual(
      others.flatMap((product) => Array<string>(10).fill(`${product.symbology}:${product.code}`)),
    );
    await closeLabels();

    // A count gave an unlabelled product's goods a code of their own (kept as an alias): on the
    // counting page, Alt+L prints that code with the product's name and price. The dialog, after a
    // reload, opens on this PC's last layout.
    const session = await call('counting.createSession', { warehouseCode: 'W0001', name: 'ฉลากนับ' });
    const unknown = await call('counting.scan', { sessionId: session.id, code: CODES.given });
    await call('counting.resolveUnknown', {
      sessionId: session.id,
      lineId: unknown.lineId,
      productId: thai.id,
      keepCodeAs: 'alias',
    });
    expect((await call('settings.get', {})).labelLayout).toBe('a4-3x8');
    await page.reload();
    await page.locator('html[lang="th"]').waitFor();
    await page.keyboard.press('F3');
    await expect
      .poll(() => page.evaluate<string>(`document.activeElement?.closest('tr')?.textContent ?? ''`))
      .toContain('ฉลากนับ');
    await page.keyboard.press('Enter');
    await page.getByTestId('scan-area').waitFor();
    await openLabels('Alt+KeyL');
    expect(await page.getByRole('combobox', { name: 'ฉลาก' }).inputValue()).toBe('a4-3x8');
    await chooseLabels('ฉลาก', 'roll-60x40', 'จำนวนต่อรหัส', '1');
    await dialog().getByText('1 รหัส 1 ดวง 1 หน้า').waitFor();
    const given = await printPdf(page, 'labels-count-code-60x40-th');
    expectPageMm(given, 60, 40);
    expect(flat(given)).toContain(thai.sku);
    expect(flat(given)).toContain('89.50');
    expect(decodedPages(given.file, 'labels-count-code-60x40-th')).toEqual([`CODE-128:${CODES.given}`]);
    await closeLabels();
    await switchLanguage('en');
    expect(problems).toEqual([]);
  }, 300_000);

  it('prints a quotation with its validity, the total in Thai words and a PromptPay QR that decodes', async () => {
    const { page, problems } = app;
    // The store's papers, set on the settings page from the keyboard.
    await page.keyboard.press('F8');
    const papers = page.getByTestId('paper-settings');
    const id = page.getByRole('textbox', { name: /^PromptPay id/ });
    await expect.poll(() => papers.getByRole('button', { name: 'Save papers' }).isEnabled()).toBe(true);
    await id.fill('081-234-5678');
    await id.press('Enter');
    await papers.getByText(/^A PromptPay id is a 10-digit phone number/).waitFor();
    expect((await call('papers.settings', {})).promptPayId).toBeNull();
    await id.fill('0812345678');
    await page.getByRole('textbox', { name: 'Quotations are valid for (days)' }).fill('15');
    await id.press('Enter');
    await papers.getByText('Saved.').waitFor();
    expect(await call('papers.settings', {})).toEqual({ promptPayId: '0812345678', quotationValidDays: 15 });

    const [product] = labelled;
    if (product === undefined) throw new Error('a product');
    const { number } = await call('documents.proposeQuotationNumber', {});
    await call('documents.createQuotation', {
      number,
      date: '2026-11-25',
      customer: { name: 'ร้านสมชาย' },
      lines: [{ productId: product.id, sku: product.sku, name: product.name, quantity: 3, unitPrice: 470.8 }],
      vatType: 'noVat',
    });
    await page.keyboard.press('F5');
    await page.keyboard.press('Alt+Digit1');
    await page.getByTestId('quotations').getByRole('button', { name: number }).click();
    await switchLanguage('th');
    await page.keyboard.press('Control+KeyP');
    const printDialog = page.getByTestId('print-dialog');
    await printDialog.getByTestId('printed-promptpay').waitFor();
    await app.screenshot('labels-3-quotation-promptpay-th', { fullPage: false });
    const pdf = await printPdf(page, 'quotation-promptpay-th');
    expectOnlySarabun(pdf);
    const text = flat(pdf);
    expect(text).toContain('ยืนราคาถึง');
    // 25 November + 15 days, as the page words the date.
    const created = (await call('documents.quotations', {})).items.find((each) => each.number === number);
    expect((await call('print.quotation', { id: created?.id ?? 0 })).validUntil).toBe('2026-12-10');
    const shownValidity = (await printDialog.getByTestId('printed-valid-until').textContent()) ?? '-';
    expect(text).toContain(shownValidity.trim());
    expect(text).toContain('หนึ่งพันสี่ร้อยสิบสองบาทสี่สิบสตางค์');
    expect(text).toContain(`กรุณาระบุ ${number} ในบันทึกการโอน`);
    const [qr] = decodedPages(pdf.file, 'quotation-promptpay-th');
    expect(qr?.startsWith('QR-Code:')).toBe(true);
    expectPromptPayPayload(qr?.slice('QR-Code:'.length) ?? '', '0812345678', 1412.4);
    await page.keyboard.press('Escape');
    await printDialog.waitFor({ state: 'detached' });
    await switchLanguage('en');
    expect(problems).toEqual([]);
  }, 300_000);
});
