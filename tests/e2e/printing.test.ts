// Printing in real Chromium through the web host, from the keyboard, with the back office stopped: a
// Thai income recorded offline prints as a receipt (Ctrl+P on the record, the title chosen in the print
// dialog), a blind count session prints its count sheet, its review the variance report; then a
// quotation and a return purchase order, read from the real sandbox with GetQuotationDetail and
// GetReturnPurchaseOrderDetail and built with the pure v4 builders, print through the same dialog (the
// app has no quotation page yet: the dialog's model call is answered with them on the page's socket).
// Each print is Chromium's own PDF of the print view; poppler reads it back: A4, the embedded Sarabun
// font, the Thai store name, the number, the total, "draft — waiting to send" on the unsent record, no
// expected figure on the blind sheet; each page is saved as a PNG in test-results/e2e/ to look at.
import { beforeAll, describe, expect, it } from 'vitest';
import { BackofficeClient } from '../../src-main/backoffice/index.js';
import type { PageCallFrame } from '../../src-shared/ipc/frames.js';
import {
  quotationPrintable,
  returnPurchaseOrderPrintable,
  type PrintableDocument,
  type PrintSeller,
} from '../../src-shared/printing/index.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { moneyPage } from './support/money-page.js';
import { expectAccessible, findStockedDemoProducts, screenshot } from './support/page-helpers.js';
import { printPdf, type PrintedPdf } from './support/pdf-pages.js';

const STORE = { name: 'e2e-print', apikey: 'e2e-print-key-01', apisecret: 'e2e-print-secret-01' } as const;
const A4 = /^59[45]\.\d+ x 841\.\d+ pts \(A4\)$/;
const SESSION_NAME = 'นับสต็อกสิ้นเดือน';

const app = appUnderTest({ name: 'printing', sandbox: { products: 40, stores: [STORE], log: () => {} } });
const call: Call = (name, args) => app.call(name, args);

/** The answer the test gives to the page's next print.moneyRecord calls (null: main answers). */
let substitute: PrintableDocument | null = null;

beforeAll(async () => {
  // Every frame goes through to the web host, except print.moneyRecord while a substitute is set.
  await app.page.routeWebSocket(/\/api\?/, (socket) => {
    const host = socket.connectToServer();
    socket.onMessage((message) => {
      const frame = JSON.parse(String(message)) as PageCallFrame;
      if (frame.type === 'call' && frame.name === 'print.moneyRecord' && substitute !== null) {
        socket.send(
          JSON.stringify({ type: 'result', id: frame.id, result: { ok: true, value: substitute } }),
        );
      } else {
        host.send(message);
      }
    });
  });
  await call('profiles.add', {
    displayName: 'E2E printing store',
    baseUrl: app.sandbox.url,
    storename: STORE.name,
    apikey: STORE.apikey,
    apisecret: STORE.apisecret,
    defaultWarehouseCode: 'W0001',
    activate: true,
  });
});

function backOffice(): BackofficeClient {
  return new BackofficeClient({
    baseUrl: app.sandbox.url,
    credentials: { storename: STORE.name, apikey: STORE.apikey, apisecret: STORE.apisecret },
  });
}

/** The PDF's text with the layout's runs of spaces made one. */
const flat = (pdf: PrintedPdf) => pdf.text.replace(/[ \t]+/g, ' ');

function expectA4WithSarabun(pdf: PrintedPdf): void {
  expect(pdf.pageSize).toMatch(A4);
  // Only the embedded font: no glyph fell back to one of the PC's fonts.
  expect(pdf.embeddedFonts.length).toBeGreaterThan(0);
  expect(pdf.embeddedFonts.filter((font) => !/\+Sarabun-(Regular|Bold)$/.test(font))).toEqual([]);
  expect(pdf.pictures).toHaveLength(pdf.pages);
}

async function switchLanguage(to: 'th' | 'en'): Promise<void> {
  await app.page.getByRole('button', { name: to === 'th' ? 'ภาษาไทย' : 'English' }).click();
  await app.page.locator(`html[lang="${to}"]`).waitFor();
}

/** The print dialog's preview of the page. */
const preview = () => app.page.getByTestId('print-dialog').locator('.print-preview');

/** Ctrl+P, the dialog's preview ready; `name` its screenshot (the viewport). */
async function openPrintDialog(name: string, previewText: string): Promise<void> {
  const { page } = app;
  await page.keyboard.press('Control+KeyP');
  await preview().getByText(previewText).first().waitFor();
  await screenshot(page, name, { fullPage: false });
  await expectAccessible(page, name);
}

async function closePrintDialog(): Promise<void> {
  await app.page.keyboard.press('Escape');
  await app.page.getByTestId('print-dialog').waitFor({ state: 'detached' });
}

describe('printing in Chromium through the web host', () => {
  it('prints a Thai receipt offline, a blind count sheet, a variance report, a quotation and a return', async () => {
    const { page, problems } = app;
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
    // The window.print() the page calls: counted here (a headless browser has no print dialog).
    await page.evaluate('window.printCalls = 0; window.print = () => { window.printCalls += 1; }');
    const methods = await call('money.paymentMethods', {});
    const client = backOffice();
    const merchant = await client.call('GetMerchantProfile');
    const quotationId = (await client.call('GetQuotations', { query: { limit: 1 } })).list[0]?.id ?? 0;
    const quotation = await client.call('GetQuotationDetail', { id: quotationId });
    const returnId = (await client.call('GetReturnPurchaseOrders', { query: { limit: 1 } })).list[0]?.id ?? 0;
    const purchaseReturn = await client.call('GetReturnPurchaseOrderDetail', { id: returnId });
    const stocked = await findStockedDemoProducts(call, 2, (expected) => expected >= 2);

    // The back office goes away: what follows is made and printed on this PC alone.
    await app.sandbox.handle.close();

    // 1. A Thai income, not sent yet, printed as a receipt.
    const income = await call('money.create', {
      kind: 'income',
      vatType: 'excludeVat',
      discount: '10%',
      reference: 'RC-6911-0007',
      contact: {
        name: 'บริษัท ข้าวหอม จำกัด',
        idNumber: '0105561234560',
        address: '12 ถนนเพชรบุรี แขวงทุ่งพญาไท เขตราชเทวี กรุงเทพฯ 10400',
        branchName: 'สำนักงานใหญ่',
      },
      lines: [
        { name: 'ข้าวหอมมะลิ 5 กก.', categoryName: 'อาหาร', totalPrice: 1250 },
        { name: 'น้ำปลาแท้ ขวดใหญ่', categoryName: 'เครื่องปรุง', totalPrice: 80.5 },
      ],
      payment: { methodId: methods[0]?.id ?? 0, amount: 500 },
    });
    expect(income.sendState).toBe('waitingToSend');
    await page.keyboard.press('F1');
    await page.getByRole('heading', { name: 'Money', level: 2 }).waitFor();
    await switchLanguage('th');
    await page.keyboard.press('Alt+Digit1');
    await moneyPage(app).openRecord('RC-6911-0007');
    await openPrintDialog('printing-1-receipt-dialog-th', 'ใบเสร็จรับเงิน');
    await page.getByLabel('พิมพ์เป็น').selectOption('taxInvoiceReceipt');
    await preview().getByRole('heading', { name: 'ใบกำกับภาษี/ใบเสร็จรับเงิน' }).waitFor();
    await page.getByLabel('พิมพ์เป็น').selectOption('receipt');
    await preview().getByRole('heading', { name: 'ใบเสร็จรับเงิน' }).waitFor();
    const receipt = await printPdf(page, 'printing-receipt-th');
    expectA4WithSarabun(receipt);
    const receiptText = flat(receipt);
    expect(receiptText).toContain(merchant.name ?? '');
    expect(receiptText).toContain(merchant.taxid ?? '');
    expect(receiptText).toContain('ใบเสร็จรับเงิน');
    expect(receiptText).toContain('RC-6911-0007');
    expect(receiptText).toContain('บริษัท ข้าวหอม จำกัด');
    expect(receiptText).toContain('ร่าง — รอส่ง');
    // 1,330.50 − 10% = 1,197.45 pretax, VAT 83.82, total 1,281.27 (the figures main stored).
    expect([income.amountPretax, income.vatAmount, income.amount]).toEqual([1197.45, 83.82, 1281.27]);
    expect(receiptText).toMatch(/ภาษีมูลค่าเพิ่ม 7% 83\.82/);
    expect(receiptText).toMatch(/จำนวนเงินทั้งสิ้น 1,281\.27/);
    expect(receipt.pages).toBe(1);

    // Print and Save as PDF from the keyboard: the web host has no PDF maker, so both print the page.
    await page.keyboard.press('Control+KeyP');
    await expect.poll(() => page.evaluate('window.printCalls')).toBe(1);
    await page.keyboard.press('Control+KeyS');
    await expect.poll(() => page.evaluate('window.printCalls')).toBe(2);
    await closePrintDialog();
    await page.keyboard.press('Escape');
    await page.getByTestId('money-record').waitFor({ state: 'detached' });
    await switchLanguage('en');

    // 2. A blind count session: its count sheet has no expected figure.
    const session = await call('counting.createSession', {
      warehouseCode: 'W0001',
      name: SESSION_NAME,
      blind: true,
    });
    const sheetModel = await call('print.countSheet', { sessionId: session.id });
    expect(sheetModel.rows.length).toBeGreaterThan(20);
    expect(sheetModel.rows.every((row) => row.expected === null)).toBe(true);
    await page.keyboard.press('F3');
    await page
      .getByRole('row')
      .filter({ hasText: SESSION_NAME })
      .getByRole('button', { name: /^Count/ })
      .click();
    await page.getByRole('heading', { name: `Counting: ${SESSION_NAME}` }).waitFor();
    await openPrintDialog('printing-2-count-sheet-dialog-en', 'Blind count: expected figures are not shown.');
    const sheetEn = await printPdf(page, 'printing-count-sheet-en');
    expectA4WithSarabun(sheetEn);
    expect(flat(sheetEn)).toContain('Count sheet');
    // The header goes from the unit straight to the blank column: no expected figure.
    expect(flat(sheetEn)).toMatch(/SKU Barcode Product Unit Counted\n/);
    expect(flat(sheetEn)).not.toContain('Expected');
    await closePrintDialog();
    await switchLanguage('th');
    await openPrintDialog('printing-2-count-sheet-dialog-th', 'นับแบบไม่เห็นยอด');
    const sheet = await printPdf(page, 'printing-count-sheet-th');
    expectA4WithSarabun(sheet);
    const sheetText = flat(sheet);
    expect(sheetText).toContain('ใบตรวจนับสินค้า');
    expect(sheetText).toContain(SESSION_NAME);
    expect(sheetText).toMatch(/รหัสสินค้า บาร์โค้ด สินค้า หน่วย นับได้\n/);
    for (const row of sheetModel.rows) expect(sheetText).toContain(row.sku);
    await closePrintDialog();
    await switchLanguage('en');

    // 3. Two lines counted (one short), then the review's variance report.
    const [short, exact] = stocked;
    if (short === undefined || exact === undefined) throw new Error('two stocked demo products');
    await call('counting.scan', { sessionId: session.id, code: short.barcode, quantity: short.expected - 1 });
    await call('counting.scan', { sessionId: session.id, code: exact.barcode, quantity: exact.expected });
    await page.keyboard.press('F10');
    await page.getByRole('heading', { name: `Review: ${SESSION_NAME}`, level: 2 }).waitFor();
    await openPrintDialog('printing-3-variance-dialog-en', 'Count variance report');
    const report = await printPdf(page, 'printing-variance-report-en');
    expectA4WithSarabun(report);
    const reportText = flat(report);
    expect(reportText).toMatch(/Lines counted 2/);
    expect(reportText).toMatch(/Lines with a variance 1/);
    expect(reportText).toContain(short.sku);
    await closePrintDialog();

    // 4. A quotation and a return purchase order from their v4 details, through the same dialog.
    const seller: PrintSeller = {
      name: merchant.name ?? '',
      address: merchant.address ?? '',
      taxId: merchant.taxid ?? '',
      phone: merchant.phone ?? '',
      email: merchant.email ?? '',
    };
    await page.keyboard.press('F1');
    await page.getByRole('heading', { name: 'Money', level: 2 }).waitFor();
    await switchLanguage('th');
    await page.keyboard.press('Alt+Digit1');
    await moneyPage(app).openRecord('RC-6911-0007');
    substitute = quotationPrintable(quotation, { seller, draft: false });
    await openPrintDialog('printing-4-quotation-dialog-th', 'ใบเสนอราคา');
    const printedQuotation = await printPdf(page, 'printing-quotation-th');
    expectA4WithSarabun(printedQuotation);
    const quotationText = flat(printedQuotation);
    expect(quotationText).toContain(quotation.number ?? '');
    expect(quotationText).toContain(quotation.customername ?? '');
    expect(quotationText).not.toContain('ร่าง — รอส่ง');
    const total = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2 }).format(quotation.amount ?? 0);
    expect(quotationText).toMatch(new RegExp(`จำนวนเงินทั้งสิ้น ${total.replace(/[.,]/g, '\\$&')}`));
    await closePrintDialog();
    substitute = returnPurchaseOrderPrintable(purchaseReturn, { seller, draft: true });
    await openPrintDialog('printing-5-return-dialog-th', 'ใบส่งคืนสินค้า');
    const printedReturn = await printPdf(page, 'printing-return-th');
    expectA4WithSarabun(printedReturn);
    expect(flat(printedReturn)).toContain(purchaseReturn.number ?? '');
    expect(flat(printedReturn)).toContain('ร่าง — รอส่ง');
    await closePrintDialog();
    substitute = null;

    expect(problems).toEqual([]);
  }, 300_000);
});
