// Issue 11's whole scenario in real Chromium through the web host, against a separately started back
// office (the sandbox over loopback, added as a store), from the keyboard and a scanner, in one chain:
//   the back office stops → F5 Documents, Alt+1: a quotation made by scanning two products, its lines
//   edited, approved on a date, printed to a PDF (a draft) and saved as PDF with Ctrl+S → the language
//   switched mid-way → Alt+2: a return purchase order from W0001 made by scanning, paid (Alt+P), set to
//   Success (Alt+S) → Alt+3: a delivery photo attached to a purchase order (Alt+A) → the app is quit
//   and started again on the same user data: every document and write still shown and queued → the
//   back office returns with faults on the document endpoints (answers lost after the commit, HTTP 500
//   and resCode "500" before or after it) → everything drains → v4 reads show each document, payment,
//   status, line, stock move and file exactly once, and the page shows them sent.
// The steps are the ones of quotations, returns and files (support/document-steps.ts). Screenshots in
// English and Thai offline and after the drain; axe on every screen visited.
import { beforeAll, describe, expect, it } from 'vitest';
import { findParentByNumber } from '../../src-main/sandbox/resources/files/attachment.repository.js';
import { seedOrdersAndPurchaseOrders } from '../../src-main/sandbox/resources/files/index.js';
import { storeId } from '../sandbox/finance/sandbox-calls.js';
import { bandedPng } from '../support/png.js';
import { verdict } from '../support/sandbox-harness.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import {
  addSandboxStore,
  documentSteps,
  expectedStock,
  outboxCounts,
  storeClient,
} from './support/document-steps.js';
import {
  expectAccessible,
  findStockedDemoProducts,
  inBothLanguages,
  screenshot,
} from './support/page-helpers.js';
import { printPdf } from './support/pdf-pages.js';

const STORE = {
  name: 'e2e-issue11',
  apikey: 'e2e-issue11-key-01',
  apisecret: 'e2e-issue11-secret-01',
} as const;
const PURCHASE_ORDER = 'PO-0001';
const APPROVED_ON = '2026-11-20';
const PHOTO = bandedPng(200, 120, [
  [66, 133, 244],
  [244, 180, 0],
  [15, 157, 88],
]);
/** Faults on the document endpoints when the back office returns (each fires once). */
const FAULTS = [
  { endpoint: 'AddQuotation', mode: 'reset', timing: 'after' },
  { endpoint: 'EditQuotation', mode: 'http500', timing: 'before' },
  { endpoint: 'ApproveQuotation', mode: 'res500', timing: 'after' },
  { endpoint: 'AddReturnPurchaseOrder', mode: 'reset', timing: 'after' },
  { endpoint: 'UpdateReturnPurchaseOrderPayment', mode: 'res500', timing: 'after' },
  { endpoint: 'UpdateReturnPurchaseOrderStatus', mode: 'http500', timing: 'after' },
  { endpoint: 'AddPurchaseOrderFile', mode: 'reset', timing: 'after' },
] as const;

const app = appUnderTest({
  name: 'issue11-scenario',
  outboxTiming: { settleMs: 1_000, leaseTtlMs: 3_000, backoff: { baseMs: 300, maxMs: 2_000 } },
  sandbox: { products: 40, stores: [STORE], log: () => {} },
});
const call: Call = (name, args) => app.call(name, args);
const counts = outboxCounts(call);
const steps = documentSteps(app);

beforeAll(async () => {
  // Purchase orders have no v4 endpoint: the sandbox's seed support makes one.
  const store = storeId(app.sandbox, STORE.name);
  seedOrdersAndPurchaseOrders(app.sandbox.handle.db, store, 1);
  expect(findParentByNumber(app.sandbox.handle.db, store, 'purchaseOrder', PURCHASE_ORDER)).toBeDefined();
  await addSandboxStore(app, STORE);
});

async function switchLanguage(to: 'th' | 'en'): Promise<void> {
  await app.page.getByRole('button', { name: to === 'th' ? 'ภาษาไทย' : 'English' }).click();
  await app.page.locator(`html[lang="${to}"]`).waitFor();
}

const expectedInW0001 = (productId: number) => expectedStock(call, productId);

describe('issue 11 end to end: documents offline, a restart, faults, one drain', () => {
  it('each document made offline reaches the back office exactly once', async () => {
    const { page, problems } = app;
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
    // The window.print() the print dialog calls: counted (a headless browser has no print dialog).
    await page.evaluate('window.printCalls = 0; window.print = () => { window.printCalls += 1; }');
    const [first, second, returned] = await findStockedDemoProducts(call, 3, (expected) => expected >= 5);
    if (first === undefined || second === undefined || returned === undefined)
      throw new Error('three demo products with stock in W0001');
    const priceOf = async (id: number) => (await call('catalogue.product', { productId: id })).sellprice;
    const [firstPrice, secondPrice] = [await priceOf(first.id), await priceOf(second.id)];
    const stockBefore = returned.expected;

    // The back office goes away; everything below is recorded on this PC.
    await app.sandbox.handle.close();

    // F5 Documents, Alt+1 quotations: one made by scanning, its first line made 3, approved.
    await page.keyboard.press('F5');
    await page.getByRole('heading', { name: 'Documents', level: 2 }).waitFor();
    await page.keyboard.press('Alt+Digit1');
    await page.getByTestId('quotations-tab').waitFor();
    const quotation = await steps.newQuotation({
      customer: 'Khun Malee Trading',
      tags: 'e2e-11',
      products: [first, second],
    });
    expect(quotation.amount).toBeCloseTo(firstPrice + secondPrice, 2);
    const editedAmount = await steps.editQuotationQuantity(0, 3, 3 * firstPrice + secondPrice);
    await steps.approveQuotation(APPROVED_ON);
    const quotationDetail = page.getByTestId('quotation-detail');
    const quotationChain = quotationDetail.getByTestId('quotation-chain').locator('li');
    await expect
      .poll(() => quotationChain.evaluateAll((items) => items.map((item) => item.getAttribute('data-write'))))
      .toEqual(['create', 'edit', 'approve']);
    expect(await quotationDetail.getByTestId('quotation-status').textContent()).toBe('Approved');
    await expectAccessible(page, 'quotation approved offline');

    // Ctrl+P: the print dialog; its page as a real PDF (a draft: not sent yet); Ctrl+S saves as PDF.
    const printDialog = page.getByTestId('print-dialog');
    await page.keyboard.press('Control+KeyP');
    await printDialog.getByTestId('printed-number').filter({ hasText: quotation.number }).waitFor();
    expect(await printDialog.getByTestId('printed-draft').count()).toBe(1);
    await screenshot(page, 'issue11-1-quotation-print-en', { fullPage: false });
    await expectAccessible(page, 'quotation print dialog');
    const pdf = await printPdf(page, 'issue11-quotation-en');
    expect(pdf.pageSize).toMatch(/A4/);
    const printed = pdf.text.replace(/[ \t]+/g, ' ');
    expect(printed).toContain(quotation.number);
    expect(printed).toContain('Khun Malee Trading');
    expect(printed).toContain(first.sku);
    expect(printed).toMatch(/draft/i);
    await page.keyboard.press('Control+KeyS');
    await expect.poll(() => page.evaluate('window.printCalls')).toBe(1);
    await page.keyboard.press('Escape');
    await printDialog.waitFor({ state: 'detached' });

    // The language changes mid-way: the return is made in Thai (Alt+2).
    await switchLanguage('th');
    await page.keyboard.press('Alt+Digit2');
    await page.getByRole('heading', { name: 'ใบส่งคืนสินค้า', level: 2 }).waitFor();
    const purchaseReturn = await steps.newReturn({
      supplier: 'Siam Supplies',
      product: returned,
      quantity: 2,
    });
    const returnDetail = page.getByTestId('return-detail');
    await steps.payReturn('25');
    await expect.poll(() => returnDetail.textContent()).toContain('฿25.00');
    expect(await expectedInW0001(returned.id)).toBe(stockBefore);
    await steps.returnSucceeded(purchaseReturn.date);
    await expect.poll(() => returnDetail.locator('h3').textContent()).toContain('สำเร็จ');
    // The goods are gone from the local stock at once, before anything is sent.
    expect(await expectedInW0001(returned.id)).toBe(stockBefore - 2);
    await switchLanguage('en');
    await inBothLanguages(page, 'issue11-2-return-offline', {
      th: page.getByRole('heading', { name: 'ใบส่งคืนสินค้า', level: 2 }),
    });

    // Alt+3 files: a delivery photo on the purchase order, kept here until it can be sent.
    await page.keyboard.press('Alt+Digit3');
    await page.getByRole('heading', { name: 'Files', level: 2 }).waitFor();
    await steps.showFilesOf(PURCHASE_ORDER);
    const photoName = await steps.attachFile({
      name: 'delivery photo.png',
      mimeType: 'image/png',
      buffer: PHOTO,
    });
    expect(photoName).toMatch(/^delivery photo-[a-z2-9]{6}-1\.png$/);
    const photoRow = page.getByTestId('files-list').getByRole('row').filter({ hasText: photoName });
    await photoRow.getByText('Waiting to send').waitFor();
    await inBothLanguages(page, 'issue11-3-photo-offline', { th: photoRow.getByText('รอส่ง') });

    // 3 quotation writes, create + payment + status of the return, the upload: all queued, none parked.
    const queued = await counts.open();
    expect(queued).toBe(7);
    expect((await call('outbox.summary', {})).parked).toBe(0);

    // Quit and start again on the same user data, still offline: everything is still there and queued.
    await app.restart();
    await page.goto(app.host.url);
    await page.getByRole('button', { name: 'Documents (F5)' }).waitFor();
    expect(await counts.open()).toBe(queued);
    await page.keyboard.press('F5');
    await page.getByRole('heading', { name: 'Documents', level: 2 }).waitFor();
    const quotationRow = page
      .getByTestId('quotations')
      .getByRole('row')
      .filter({ hasText: quotation.number });
    await quotationRow.waitFor();
    expect(await quotationRow.textContent()).toContain('Waiting to send');
    await page.keyboard.press('Alt+Digit2');
    const returnRow = page
      .getByTestId('returns-list')
      .getByRole('row')
      .filter({ hasText: purchaseReturn.number });
    await returnRow.waitFor();
    expect(await returnRow.textContent()).toContain('Success');
    await page.keyboard.press('Alt+Digit3');
    await steps.showFilesOf(PURCHASE_ORDER);
    await photoRow.getByText('Waiting to send').waitFor();
    await expectAccessible(page, 'after the restart');

    // The back office returns, losing answers after some writes commit and failing some before.
    await app.sandbox.restart({ port: app.sandbox.handle.port });
    for (const fault of FAULTS) app.sandbox.handle.scheduleFault(fault);
    await expect.poll(counts.waiting, { timeout: 150_000, interval: 500 }).toBe(0);
    // Every scheduled fault fired during the drain: a probe with an empty body now gets the endpoint's
    // own refusal, not a reset, an HTTP 500 or a resCode "500".
    for (const { endpoint } of FAULTS) {
      const probe = await app.sandbox.call(endpoint, { body: {} });
      expect(probe.status, endpoint).not.toBe(500);
      expect(verdict(probe.body)?.code, endpoint).not.toBe('500');
    }
    app.sandbox.handle.clearFaults();
    const history = await call('outbox.list', { state: 'all', limit: 100 });
    expect(
      history.items.filter((item) => item.state !== 'done').map((item) => `${item.kind}: ${item.reasonText}`),
    ).toEqual([]);

    // v4 reads: each document, payment, status, line, stock move and file exactly once.
    const client = storeClient(app, STORE);
    try {
      const quotations = await client.call('GetQuotations', {
        query: { keyword: quotation.number, limit: 50, page: 1 },
      });
      expect(quotations.list.filter((listed) => listed.number === quotation.number)).toHaveLength(1);
      const storedQuotation = await client.call('GetQuotationDetail', { number: quotation.number });
      expect(storedQuotation.status).toBe('Success');
      expect(storedQuotation.approvedate).toMatch(new RegExp(`^${APPROVED_ON}`));
      expect(storedQuotation.amount).toBeCloseTo(editedAmount, 2);
      expect(storedQuotation.customername).toBe('Khun Malee Trading');
      expect(storedQuotation.tag).toEqual(['e2e-11']);
      expect(storedQuotation.list?.map((line) => [line.sku, line.number])).toEqual([
        [first.sku, 3],
        [second.sku, 1],
      ]);

      const returns = await client.call('GetReturnPurchaseOrders', {
        query: { limit: 50, page: 1 },
        headers: { numberlist: [purchaseReturn.number] },
      });
      const once = returns.list.filter((listed) => listed.number === purchaseReturn.number);
      expect(once).toHaveLength(1);
      expect(once[0]?.status).toBe('Success');
      expect(once[0]?.paymentamount).toBeCloseTo(25, 2);
      const storedReturn = await client.call('GetReturnPurchaseOrderDetail', {
        number: purchaseReturn.number,
      });
      expect(storedReturn.list?.map((line) => [line.sku, line.number])).toEqual([[returned.sku, 2]]);
      const stocked = await client.call('GetProducts', {
        query: { warehousecode: 'W0001', limit: 10, page: 1 },
        headers: { productidlist: [returned.id] },
      });
      expect(Number(stocked.list[0]?.stock)).toBe(stockBefore - 2);
    } finally {
      await client.close();
    }
    const files = await app.sandbox.call('GetPurchaseOrderFiles', {
      query: { number: PURCHASE_ORDER },
      as: STORE,
    });
    expect(files.body).toEqual([
      { id: expect.any(Number) as number, fileName: photoName, type: 'image/png' },
    ]);

    // The page shows them sent: the photo, the return (no write waiting), the quotation's chain.
    await photoRow.locator('td.send-sent').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Alt+Digit2');
    await returnRow.getByRole('button', { name: purchaseReturn.number }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => returnDetail.getByTestId('return-chain').locator('li').count(), { timeout: 30_000 })
      .toBe(0);
    await expect.poll(() => returnRow.textContent(), { timeout: 30_000 }).not.toMatch(/waiting|Needs/i);
    await page.keyboard.press('Alt+Digit1');
    await quotationRow.getByRole('button').first().focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(
        () => quotationChain.evaluateAll((items) => items.map((item) => item.getAttribute('data-send'))),
        { timeout: 30_000 },
      )
      .toEqual(['sent', 'sent', 'sent']);
    // Sent: the detail never says "not sent yet" (its id is the back office's, or comes with the next read).
    expect((await quotationDetail.getByTestId('quotation-server-id').textContent())?.trim()).toMatch(
      /^\d+$|^sent; the id comes with the next read$/,
    );
    await inBothLanguages(page, 'issue11-4-drained', {
      th: page.getByRole('heading', { name: 'เอกสาร', level: 2 }),
    });
    expect(await expectedInW0001(returned.id)).toBe(stockBefore - 2);
    expect(
      problems.filter(
        (problem) => !/WebSocket connection to .* failed|Failed to load resource/.test(problem),
      ),
    ).toEqual([]);
  }, 420_000);
});
