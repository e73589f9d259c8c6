// Every destructive question of the app, in real Chromium through the web host on the demo store, in
// English and then in Thai: each is opened as a person opens it, its buttons read (no two alike), and
// Enter pressed on whatever it starts on. Nothing may change: the parked write is still parked (not
// discarded), the product still active and not deleted, the quotation not void, the return and its
// payment not void, the bundle still there, and nothing more is queued. The questions:
//   Outbox: D on a parked row, a note typed, Enter in the note
//   Product: Alt+D (disable, for the whole store; in the Thai pass as a Thai layout sends it) and
//   Alt+Delete (delete)
//   Quotation: Alt+V (void) · Return: void its payment, void it · Bundle: Alt+D (delete)
// A payment past what is owed asks too (issue 20, 1): an income of ฿1,412.40, Alt+P, 99999999, Enter →
// owed, this payment and "Excess Payment" side by side, Enter goes back; nothing is queued.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { backOffice } from './support/outbox-helpers.js';
import { expectAccessible, findDemoProducts, focusedElement } from './support/page-helpers.js';

const WAREHOUSE = 'W0001';

const app = appUnderTest({
  name: 'safe-dialogs',
  outboxTiming: { backoff: { baseMs: 200, maxMs: 1_000 } },
});
const call: Call = (name, args) => app.call(name, args);

/** The labels of the buttons of the open dialog named by test id, trimmed. */
async function buttonLabels(page: Page, testId: string): Promise<string[]> {
  const labels = await page.getByTestId(testId).locator(':scope > .dialog-actions button').allInnerTexts();
  return labels.map((label) => label.trim());
}

/** Opens a question, checks its buttons are distinct, presses Enter, and waits for it to close. */
async function enterOnDefault(page: Page, testId: string, open: () => Promise<void>): Promise<void> {
  await open();
  const dialog = page.getByTestId(testId);
  await dialog.waitFor();
  const labels = await buttonLabels(page, testId);
  expect(labels.length, `${testId}: its answers`).toBeGreaterThanOrEqual(2);
  expect(new Set(labels).size, `${testId}: ${labels.join(' | ')}`).toBe(labels.length);
  await expectAccessible(page, testId);
  const startsInField = /^<(input|textarea)/.test(await focusedElement(page));
  await page.keyboard.press('Enter');
  // Enter in a field moves to "go back"; Enter there closes the question. The second Enter waits for
  // the first to land (a busy machine is slow to move the focus).
  if (startsInField) {
    await expect.poll(() => focusedElement(page), { timeout: 10_000 }).toMatch(/^<button/);
    await page.keyboard.press('Enter');
  }
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Alt and a letter key as a Thai keyboard layout sends them (a Thai `key`, the US `code`), through the
 * DevTools protocol: the Thai pass presses Alt+D this way, as a person typing Thai does.
 */
async function altUnderThaiLayout(page: Page, code: string, thaiKey: string, keyCode: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const key = { modifiers: 1, key: thaiKey, code, windowsVirtualKeyCode: keyCode };
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
  await cdp.detach();
}

async function switchTo(page: Page, language: 'en' | 'th'): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === language) return;
  await page.getByRole('button', { name: language === 'th' ? 'ภาษาไทย' : 'English' }).click();
  await page.locator(`html[lang="${language}"]`).waitFor();
}

describe('destructive questions in Chromium', () => {
  it('never destroy on Enter, in English or Thai, and show distinct answers', async () => {
    const { page, problems } = app;
    await app.openDemoStore();
    const profile = await call('profiles.active', {});
    const server = backOffice(profile?.baseUrl ?? '');
    const methods = await call('money.paymentMethods', {});
    const methodId = methods[0]?.id ?? 0;
    const [product, other, third] = await findDemoProducts(call, 3);
    if (product === undefined || other === undefined || third === undefined) throw new Error('products');
    const line = (sku: string, name: string) => ({ sku, name, quantity: 1, unitPrice: 100 });

    // A parked write (a count line whose stock was sold meanwhile, drift policy "ask").
    const [sold] = (await server.products(WAREHOUSE)).filter((item) => item.stock >= 5);
    if (sold === undefined) throw new Error('a stocked product');
    const session = await call('counting.createSession', {
      warehouseCode: WAREHOUSE,
      driftPolicy: 'ask',
      name: 'Safe dialogs',
    });
    await call('counting.scan', { sessionId: session.id, code: sold.sku, quantity: sold.stock });
    await server.sell(WAREHOUSE, sold.id, 2);
    await call('counting.commit', { sessionId: session.id });
    await expect.poll(async () => (await call('outbox.parked', {})).length, { timeout: 20_000 }).toBe(1);

    const quotation = await call('documents.createQuotation', {
      lines: [line(product.sku, product.name)],
    });
    const returned = await call('returns.create', {
      warehouseCode: WAREHOUSE,
      lines: [line(other.sku, other.name)],
      payment: { methodId, amount: 40 },
    });
    const bundle = await call('bundles.create', {
      sku: 'SAFE-BUNDLE',
      name: 'Safe bundle',
      sellprice: 150,
      items: [{ productId: third.id, quantity: 1 }],
    });
    // Everything else is sent before the questions: only the parked row is open.
    await expect
      .poll(async () => (await call('outbox.list', { state: 'open' })).total, { timeout: 30_000 })
      .toBe(1);
    const writesBefore = (await call('outbox.list', { state: 'all' })).total;

    for (const language of ['en', 'th'] as const) {
      await switchTo(page, language);

      // Outbox: D on the parked row, a note typed, Enter in the note.
      await page.keyboard.press('F7');
      const row = page.getByTestId('parked-row').first();
      await row.waitFor();
      await enterOnDefault(page, 'parked-discard', async () => {
        await row.focus();
        await page.keyboard.press('KeyD');
        await expect
          .poll(() => focusedElement(page), { timeout: 10_000 })
          .toMatch(/^<input[^>]*parked-\d+-note/);
        await page.keyboard.type('recounted', { delay: 30 });
      });
      expect(await call('outbox.parked', {})).toHaveLength(1);

      // The product: Alt+D (disable) and Alt+Delete (delete).
      await page.keyboard.press('F2');
      const search = page.getByRole('searchbox').first();
      await search.fill(product.sku);
      await page.getByRole('row').filter({ hasText: product.sku }).first().waitFor();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: product.name, level: 2 }).waitFor();
      // The heading comes with the product; Alt+D acts once its changes are read too (the Disable
      // button, enabled). Pressed before, on a loaded machine, the key did nothing and the wait timed out.
      await expect
        .poll(() => page.locator('.product-actions button:not([disabled])').count(), { timeout: 30_000 })
        .toBe(3);
      await enterOnDefault(page, 'disable-product', () =>
        language === 'th' ? altUnderThaiLayout(page, 'KeyD', 'ก', 68) : page.keyboard.press('Alt+KeyD'),
      );
      await enterOnDefault(page, 'delete-product', () => page.keyboard.press('Alt+Delete'));
      const fields = await call('catalogue.productFields', { productId: product.id });
      expect(fields.active).toBe(true);
      expect(fields.deleting).toBe(false);
      await page.keyboard.press('Escape');

      // The quotation: Alt+V.
      await page.keyboard.press('F5');
      await page.keyboard.press('Alt+Digit1');
      const tab = page.getByTestId('quotations-tab');
      await tab.waitFor();
      await tab.locator(`tr[data-number="${quotation.number}"] button.open`).click();
      await page.getByTestId('quotation-detail').waitFor();
      await enterOnDefault(page, 'quotation-void', () => page.keyboard.press('Alt+KeyV'));
      expect((await call('documents.quotation', { id: quotation.id })).status).not.toBe('Void');

      // The return: void its payment, void it.
      await page.keyboard.press('Alt+Digit2');
      const panel = page.getByTestId('returns-panel');
      await panel.getByRole('button', { name: returned.number, exact: true }).click();
      const detail = page.getByTestId('return-detail');
      await detail.locator('h3').filter({ hasText: returned.number }).waitFor();
      for (const name of language === 'en'
        ? ['Void payment', 'Void return']
        : ['ยกเลิกการชำระ', 'ยกเลิกใบส่งคืน']) {
        await enterOnDefault(page, 'return-void-confirm', async () => {
          await detail.getByRole('button', { name, exact: true }).focus();
          await page.keyboard.press('Enter');
        });
      }
      const kept = await call('returns.detail', { id: returned.id });
      expect(kept.status).not.toBe('Voided');
      expect(kept.payments).toHaveLength(1);

      // The bundle: Alt+D.
      await page.keyboard.press('F2');
      await page.keyboard.press('Alt+KeyB');
      await page.getByText(bundle.sku).first().click();
      // Alt+D acts on the bundle shown: its detail, read after the click, must be there first.
      await page.getByTestId('bundle-detail').locator('h3').filter({ hasText: bundle.sku }).waitFor();
      await enterOnDefault(page, 'bundle-delete-dialog', () => page.keyboard.press('Alt+KeyD'));
      expect((await call('bundles.detail', { bundleId: bundle.id })).sku).toBe(bundle.sku);

      // Nothing was queued by any of it.
      expect((await call('outbox.list', { state: 'all' })).total).toBe(writesBefore);
      expect((await call('outbox.list', { state: 'open' })).total).toBe(1);
    }
    await server.close();
    expect(problems).toEqual([]);
  }, 300_000);
});
