// The stock-moves page in real Chromium through the web host, against a separately started back office
// (the sandbox over loopback, added as a store), from the keyboard and a scanner:
//   the back office stops → a bad form is named next to its fields and queues nothing → 2 units
//   decreased for damage (the product scanned) → 10 units transferred W0001 → W0002 → a warehouse added
//   (offered at once, waiting to send) and 1 unit transferred into it → the CSV export holds the reasons
//   → the back office returns with faults on the stock lists and the warehouse create → everything
//   drains → v4 GetProducts per warehouse shows each move exactly once, the warehouse exists once, and
//   the page says sent for every half. Screenshots in both languages and axe on every screen.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestSandbox } from '../support/sandbox-harness.js';
import { scanCode } from '../support/scanner-input.js';
import { externalStore } from './support/external-store.js';
import { expectAccessible, findDemoProducts, inBothLanguages } from './support/page-helpers.js';

const STORE = { name: 'e2e-moves', apikey: 'e2e-moves-key-01', apisecret: 'e2e-moves-secret-01' } as const;

const { app, call, backOffice, stockOf, openCount, waitingCount } = externalStore({
  name: 'stock-moves',
  displayName: 'E2E stock moves store',
  store: STORE,
  products: 40,
  outboxTiming: { settleMs: 1_000, leaseTtlMs: 3_000, backoff: { baseMs: 300, maxMs: 2_000 } },
});
let sandbox: TestSandbox;

beforeAll(() => {
  sandbox = app.sandbox;
});

/** The expected stock of a product in a warehouse, as the page's catalogue shows it. */
async function expectedIn(productId: number, code: string): Promise<number> {
  const detail = await call('catalogue.product', { productId });
  return detail.stockByWarehouse.find((stock) => stock.warehouseCode === code)?.expected ?? 0;
}

describe('the stock-moves page, offline, then drained against a faulty back office', () => {
  it(
    'adjusts, transfers and adds a warehouse, each reaching the back office exactly once',
    { timeout: 300_000 },
    async () => {
      const { page, problems } = app;
      await page.goto(app.host.url);
      await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
      const [damaged, moved] = await findDemoProducts(call, 2, async (product) => {
        const stock = await expectedIn(product.id, 'W0001');
        return Number.isInteger(stock) && stock >= 12;
      });
      if (damaged === undefined || moved === undefined) throw new Error('two stocked demo products');
      const before = {
        damaged: await stockOf('W0001', damaged.id),
        movedFrom: await stockOf('W0001', moved.id),
        movedTo: await stockOf('W0002', moved.id),
      };

      // The back office goes away; everything below is recorded on this PC.
      await sandbox.handle.close();
      await page.keyboard.press('F2');
      await page.keyboard.press('Alt+KeyS');
      await page.getByRole('heading', { name: 'Stock moves', level: 2 }).waitFor();
      await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('move-product');

      // A bad form: no product, no quantity, reason Other without a note — each said next to its field.
      await page.getByLabel('Reason').selectOption('other');
      await page.keyboard.press('Control+Enter');
      await page.getByText('Choose a product: scan it or search for it.').waitFor();
      await page.getByText('Type a number here.').waitFor();
      await page.getByText('Say what happened when the reason is Other.').waitFor();
      expect(await openCount()).toBe(0);
      await inBothLanguages(page, 'stock-moves-1-refused', {
        th: page.getByText('เลือกสินค้า: สแกนหรือค้นหา'),
      });

      // 2 units damaged: the scanner picks the product wherever the focus is.
      await scanCode(page, damaged.barcode);
      await page.getByTestId('chosen-product').getByText(damaged.sku).waitFor();
      await page.getByLabel('Reason').selectOption('damaged');
      await page.getByLabel('Quantity').fill('2');
      await page.keyboard.press('Control+Enter');
      await page.getByText('Saved: it is sent when the back office can be reached.').waitFor();
      const list = page.getByTestId('stock-moves-list');
      await list.getByRole('row').filter({ hasText: damaged.sku }).getByText('Damaged').waitFor();

      // 10 units from W0001 to W0002: the product found by typing its SKU.
      await page.getByRole('searchbox', { name: 'Product (scan or search)' }).fill(moved.sku);
      await page.getByRole('button', { name: new RegExp(moved.sku) }).waitFor();
      await page.getByRole('searchbox', { name: 'Product (scan or search)' }).press('Enter');
      await page.getByTestId('chosen-product').getByText(moved.sku).waitFor();
      await page.getByLabel('Transfer').check();
      await page.getByLabel('To warehouse').selectOption('W0002');
      await page.getByLabel('Quantity').fill('10');
      await page.getByLabel('Note').fill('ย้ายไปหน้าร้าน');
      await page.keyboard.press('Control+Enter');
      await list.getByRole('row').filter({ hasText: 'W0001 → W0002' }).waitFor();

      // A new warehouse (Alt+W): its code proposed, offered at once as waiting to send.
      await page.keyboard.press('Alt+KeyW');
      const dialog = page.getByRole('dialog', { name: 'Add a warehouse' });
      await dialog.waitFor();
      await expect.poll(() => dialog.getByLabel('Code (at least 3 characters)').inputValue()).toBe('W0004');
      await dialog.getByLabel('Name').fill('คลังหลังร้าน');
      // The page behind a modal dialog is inert (the language switch too): English only here.
      await app.screenshot('stock-moves-2-add-warehouse-en');
      await expectAccessible(page, 'add warehouse dialog');
      await page.keyboard.press('Control+Enter');
      await page.getByText(/Warehouse W0004 added/).waitFor();
      // 1 unit of the damaged product into it: it waits for the warehouse to be created.
      await scanCode(page, damaged.barcode);
      await page.getByTestId('chosen-product').getByText(damaged.sku).waitFor();
      await page.getByLabel('To warehouse').selectOption('W0004');
      await expect.poll(() => page.getByLabel('To warehouse').textContent()).toContain('(waiting to send)');
      await page.getByLabel('Quantity').fill('1');
      await page.keyboard.press('Control+Enter');
      await list.getByText('(waits for the new warehouse)').waitFor();
      // addWarehouse + decrease + two transfers of two halves each.
      expect(await openCount()).toBe(6);
      await inBothLanguages(page, 'stock-moves-3-offline', { th: page.getByText('รายการที่ทำบนเครื่องนี้') });

      // The CSV (Ctrl+E) carries the reasons and notes v4 has no field for.
      const exported = await call('stockMoves.exportCsv', {});
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.keyboard.press('Control+KeyE'),
      ]);
      expect(download.suggestedFilename()).toBe(exported.fileName);
      const csv = readFileSync(await download.path(), 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      expect(csv).toContain(',damaged,');
      expect(csv).toContain('ย้ายไปหน้าร้าน');

      // The back office returns, losing answers after some writes commit and failing some before.
      await sandbox.restart({ port: sandbox.handle.port });
      sandbox.handle.scheduleFault({ endpoint: 'DecreaseProductStockList', mode: 'reset', timing: 'after' });
      sandbox.handle.scheduleFault({
        endpoint: 'IncreaseProductStockList',
        mode: 'http500',
        timing: 'before',
      });
      sandbox.handle.scheduleFault({ endpoint: 'AddWarehouse', mode: 'res500', timing: 'after' });
      await expect.poll(waitingCount, { timeout: 120_000, interval: 500 }).toBe(0);
      const history = await call('outbox.list', { state: 'all', limit: 100 });
      expect(history.items.filter((item) => item.state !== 'done').map((item) => item.reasonText)).toEqual(
        [],
      );

      // Each move exactly once, per warehouse, read through v4.
      expect(await stockOf('W0001', damaged.id)).toBe(before.damaged - 2 - 1);
      expect(await stockOf('W0004', damaged.id)).toBe(1);
      expect(await stockOf('W0001', moved.id)).toBe(before.movedFrom - 10);
      expect(await stockOf('W0002', moved.id)).toBe(before.movedTo + 10);
      const client = backOffice();
      const warehouses = (await client.call('GetWarehouses', { query: { limit: 500, page: 1 } })).list;
      await client.close();
      expect(warehouses.filter((warehouse) => warehouse.code === 'W0004')).toHaveLength(1);

      // The page says sent for every half.
      await expect
        .poll(() => list.textContent(), { timeout: 30_000 })
        .not.toMatch(/waiting to send|needs attention/);
      // The warehouse made here is no longer waiting in the pickers.
      await expect
        .poll(() => page.getByLabel('To warehouse').textContent(), { timeout: 30_000 })
        .not.toContain('(waiting to send)');
      await inBothLanguages(page, 'stock-moves-4-sent', { th: page.getByText('ส่งแล้ว').first() });
      await expectAccessible(page, 'moves sent');
      expect(problems).toEqual([]);
    },
  );
});
