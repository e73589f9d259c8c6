// Words on a Thai page (issue 20): a stock move the back office refuses (a decrease past its stock) and
// the park it leaves in the outbox are said in Thai, in sentences that say what failed and what to do;
// the back office's raw text ("DecreaseProductStockList refused…") is only behind "รายละเอียด" (Details),
// which the keyboard opens. Real Chromium through the web host, the sandbox over loopback.
import { describe, expect, it } from 'vitest';
import { externalStore } from './support/external-store.js';
import { expectAccessible, findDemoProducts } from './support/page-helpers.js';

const STORE = { name: 'e2e-words', apikey: 'e2e-words-key-01', apisecret: 'e2e-words-secret-01' } as const;

const { app, call, openCount } = externalStore({
  name: 'refusal-words',
  displayName: 'E2E words store',
  store: STORE,
  products: 20,
  outboxTiming: { settleMs: 500, leaseTtlMs: 3_000, backoff: { baseMs: 200, maxMs: 1_000 } },
});

const RAW = 'DecreaseProductStockList refused';

describe('refusals on a Thai page', () => {
  it(
    'a refused stock move and its park: a Thai sentence, the raw text only under Details',
    { timeout: 240_000 },
    async () => {
      const { page } = app;
      await page.goto(app.host.url);
      await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'ภาษาไทย' }).click();
      await page.locator('html[lang="th"]').waitFor();
      const [product] = await findDemoProducts(call, 1, async (found) => {
        const detail = await call('catalogue.product', { productId: found.id });
        return (detail.stockByWarehouse.find((stock) => stock.warehouseCode === 'W0001')?.expected ?? 0) >= 0;
      });
      if (product === undefined) throw new Error('a demo product');

      // A decrease far past the stock (asked about first, answered yes): the back office refuses it.
      await call('stockMoves.adjust', {
        productId: product.id,
        warehouseCode: 'W0001',
        direction: 'decrease',
        quantity: '900000',
        reason: 'damaged',
        note: '',
        madeBy: '',
        confirmBelowStock: true,
      });
      await expect.poll(async () => (await call('outbox.summary', {})).parked, { timeout: 60_000 }).toBe(1);
      expect(await openCount()).toBe(1);

      // The stock moves page: the half that needs attention says so in Thai.
      await page.keyboard.press('F2');
      await page.keyboard.press('Alt+KeyS');
      const problem = page.getByTestId('move-problem');
      await problem.waitFor();
      const sentence = problem.getByTestId('move-problem-sentence');
      await expect.poll(() => sentence.textContent()).toContain('ระบบหลังร้านปฏิเสธรายการสต็อกนี้');
      expect(await sentence.textContent()).not.toContain(RAW);
      const details = problem.getByTestId('move-problem-details');
      expect(await details.isVisible()).toBe(false);
      // Details by the keyboard: its summary takes the focus, Enter opens it.
      await problem.getByText('รายละเอียด').focus();
      await page.keyboard.press('Enter');
      await details.waitFor({ state: 'visible' });
      expect(await details.textContent()).toContain(RAW);
      await expectAccessible(page, 'refused stock move in Thai');

      // The outbox (F7): the parked row's reason in Thai; the back office's text only under Details.
      await page.keyboard.press('F7');
      const parked = page.getByRole('listitem').filter({ hasText: product.sku });
      const reason = parked.locator('.reason');
      await expect.poll(() => reason.textContent()).toContain('หลังร้านปฏิเสธรายการนี้');
      expect(await reason.textContent()).not.toContain(RAW);
      const raw = parked.locator('details .code');
      expect(await raw.isVisible()).toBe(false);
      await parked.getByText('รายละเอียด').focus();
      await page.keyboard.press('Enter');
      await raw.waitFor({ state: 'visible' });
      expect(await raw.textContent()).toContain(RAW);
      await expectAccessible(page, 'parked stock line in Thai');
    },
  );
});
