// The keyboard of forms and list+detail pages in real Chromium through the web host, on the demo store,
// acting as a person (issue 20, points 1, 7 and 11):
// 1. A new income with a line typed: Esc in the contact suggestions closes the suggestions, not the
//    form; a pick moves on to the next field; Esc on the form asks before dropping what was typed
//    ("Keep editing" focused: Enter keeps it, in English and in Thai); Tab, Enter drops it. Nothing
//    is queued.
// 2. An income of ฿1,412.40: Alt+P, 99999999, Enter → the question with owed, this payment and the
//    resulting status side by side, "go back" focused; Enter goes back with the amount kept; in Thai
//    the same. No payment is queued.
// 3. A quotation opened at the end of a 30-row list is scrolled into view and has the focus, in
//    English and then in Thai; after saving its info the focus is on it again.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { moneyPage } from './support/money-page.js';
import { expectAccessible, findDemoProducts, focusedElement } from './support/page-helpers.js';

const app = appUnderTest({ name: 'form-keys' });
const call: Call = (name, args) => app.call(name, args);
const money = moneyPage(app);

async function switchTo(page: Page, language: 'en' | 'th'): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === language) return;
  await page.getByRole('button', { name: language === 'th' ? 'ภาษาไทย' : 'English' }).click();
  await page.locator(`html[lang="${language}"]`).waitFor();
}

const openWrites = async (): Promise<number> => (await call('outbox.list', { state: 'all' })).total;

/** The labels of an open dialog's answers (its own .dialog-actions). */
async function answers(page: Page, testId: string): Promise<string[]> {
  const labels = await page.getByTestId(testId).locator(':scope > .dialog-actions button').allInnerTexts();
  return labels.map((label) => label.trim());
}

describe('forms and list pages from the keyboard', () => {
  it('Esc closes suggestions, not the form, and asks before dropping what was typed', async () => {
    const { page, problems } = app;
    await app.openDemoStore();
    const [contact] = (await call('money.contacts', { text: '', limit: 50 })).filter(
      (item) => item.name.length >= 4,
    );
    if (contact === undefined) throw new Error('a cached contact');
    const writesBefore = await openWrites();

    await page.keyboard.press('F1');
    await money.showList('Alt+Digit1');
    await page.keyboard.press('Alt+KeyN');
    const draft = page.getByTestId('money-draft');
    await draft.waitFor();
    await money.typeInto('money-draft-line-0-name', 'Shelf labels');
    await money.typeInto('money-draft-line-0-price', '120');
    await money.typeInto('money-draft-contact', contact.name.slice(0, 3));
    const suggestions = page.getByRole('list', { name: 'Saved contacts' });
    await suggestions.waitFor();

    // Esc in the suggestions: they close, the form and its line stay, the focus is in the field.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await suggestions.waitFor({ state: 'detached' });
    expect(await draft.isVisible()).toBe(true);
    expect(await page.locator('#money-draft-line-0-name').inputValue()).toBe('Shelf labels');
    await expect.poll(() => focusedElement(page)).toMatch(/^<input[^>]*id="money-draft-contact"/);

    // Typing again opens them; Down and Enter pick one and move on to the next field.
    await page.keyboard.type(contact.name.slice(3, 4));
    await suggestions.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByTestId('contact-picked').waitFor();
    await expect
      .poll(() => focusedElement(page))
      .toMatch(/^<(input|select)[^>]*id="money-draft-(?!contact")/);

    // Esc on the form: asked first, "Keep editing" focused; Enter keeps the form as it was.
    const question = draft.getByTestId('drop-typed-question');
    await page.keyboard.press('Escape');
    await question.waitFor();
    await expect.poll(() => focusedElement(page)).toMatch(/>Keep editing \(Esc\)</);
    const labels = await answers(page, 'drop-typed-question');
    expect(new Set(labels).size).toBe(labels.length);
    await expectAccessible(page, 'the question before dropping a form');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'hidden' });
    expect(await page.locator('#money-draft-line-0-name').inputValue()).toBe('Shelf labels');
    // Esc, then Esc in the question: kept too.
    await page.keyboard.press('Escape');
    await question.waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    expect(await draft.isVisible()).toBe(true);
    // A third Esc (Chromium lets a page cancel one Esc, not the next) still asks.
    await page.keyboard.press('Escape');
    await question.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await draft.waitFor({ state: 'detached' });

    // The same in Thai: the question's words are Thai, Enter keeps the form.
    await switchTo(page, 'th');
    await page.keyboard.press('Alt+KeyN');
    await draft.waitFor();
    await money.typeInto('money-draft-line-0-name', 'ป้ายชั้นวาง');
    await page.keyboard.press('Escape');
    await question.waitFor();
    await expect.poll(() => focusedElement(page)).toMatch(/>แก้ไขต่อ \(Esc\)</);
    const thaiLabels = await answers(page, 'drop-typed-question');
    expect(new Set(thaiLabels).size).toBe(thaiLabels.length);
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'hidden' });
    expect(await page.locator('#money-draft-line-0-name').inputValue()).toBe('ป้ายชั้นวาง');
    await page.keyboard.press('Escape');
    await question.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await draft.waitFor({ state: 'detached' });
    await switchTo(page, 'en');

    expect(await openWrites()).toBe(writesBefore);
    expect(problems).toEqual([]);
  }, 240_000);

  it('asks before a payment that pays more than is owed', async () => {
    const { page, problems } = app;
    const income = await call('money.create', {
      kind: 'income',
      reference: 'INV-OVERPAY-01',
      lines: [{ name: 'Walk-in sale', totalPrice: 1412.4 }],
    });
    const writesBefore = await openWrites();
    await page.keyboard.press('F1');
    await money.showList('Alt+Digit1');

    for (const language of ['en', 'th'] as const) {
      await switchTo(page, language);
      await money.showList('Alt+Digit1');
      await money.openRecord(income.reference);
      await page.keyboard.press('Alt+KeyP');
      await page.locator('#money-payment-amount').waitFor();
      await money.typeInto('money-payment-amount', '99999999');
      await page.keyboard.press('Enter');
      const question = page.getByTestId('overpay-question');
      await question.waitFor();
      const figures = (await question.getByTestId('overpay-figures').innerText()).replace(/\s+/g, ' ');
      expect(figures).toContain('฿1,412.40');
      expect(figures).toContain('฿99,999,999.00');
      expect(figures).toContain(language === 'en' ? 'Excess payment' : 'ชำระเกิน');
      expect(await question.innerText()).toContain(
        language === 'en' ? 'cannot be voided from this app' : 'ยกเลิกจากแอปนี้ไม่ได้',
      );
      await expect
        .poll(() => focusedElement(page))
        .toMatch(language === 'en' ? />Go back and change the amount \(Esc\)</ : />กลับไปแก้ยอด \(Esc\)</);
      const labels = await answers(page, 'overpay-question');
      expect(new Set(labels).size).toBe(labels.length);
      await expectAccessible(page, `the overpay question in ${language}`);
      await page.keyboard.press('Enter');
      await question.waitFor({ state: 'hidden' });
      // Back in the amount, to correct it from the keyboard.
      await expect.poll(() => focusedElement(page)).toMatch(/id="money-payment-amount"/);
      expect(await page.locator('#money-payment-amount').inputValue()).toBe('99999999');
      expect((await call('money.detail', { id: income.id })).payments).toHaveLength(0);
      // Out of the payment form (what was typed is dropped on purpose) and the record.
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="money-record"] > [data-testid="drop-typed-question"]').waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.locator('#money-payment-amount').waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await page.getByTestId('money-record').waitFor({ state: 'detached' });
    }
    expect(await openWrites()).toBe(writesBefore);
    await switchTo(page, 'en');
    expect(problems).toEqual([]);
  }, 240_000);

  it('brings an opened quotation into view with the focus, and again after a save', async () => {
    const { page, problems } = app;
    if ((await call('profiles.active', {})) === null) await app.openDemoStore();
    const [product] = await findDemoProducts(call, 1);
    if (product === undefined) throw new Error('a product');
    const made: string[] = [];
    for (let count = 0; count < 30; count += 1) {
      const quotation = await call('documents.createQuotation', {
        lines: [{ sku: product.sku, name: product.name, quantity: 1, unitPrice: 10 + count }],
      });
      made.push(quotation.number);
    }
    // All sent first: the list and the detail are not read again while the person works.
    await expect
      .poll(async () => (await call('outbox.list', { state: 'open' })).total, { timeout: 60_000 })
      .toBe(0);
    await page.keyboard.press('F5');
    await page.keyboard.press('Alt+Digit1');
    const tab = page.getByTestId('quotations-tab');
    await tab.waitFor();
    const rows = tab.locator('tr[data-number]');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(30);
    const detail = page.getByTestId('quotation-detail');
    /** The detail has the focus and its top is on the screen. */
    const revealed = async (): Promise<boolean> =>
      (await page.evaluate(`(() => {
        const panel = document.querySelector('[data-testid="quotation-detail"]');
        if (panel === null || document.activeElement !== panel) return false;
        // Scrolled to its start (less a fraction of a pixel).
        const top = panel.getBoundingClientRect().top;
        return top > -1 && top < window.innerHeight;
      })()`)) as boolean;

    for (const language of ['en', 'th'] as const) {
      await switchTo(page, language);
      // The last row of the list, reached with the keyboard, opened with Enter.
      await rows.last().locator('button.open').focus();
      await page.keyboard.press('Enter');
      await detail.waitFor();
      await expect.poll(revealed).toBe(true);
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
    }
    // After a save (Alt+I, Ctrl+Enter), the focus is back on the quotation (one of ours: Pending).
    await tab.locator(`tr[data-number="${made[0] ?? ''}"] button.open`).focus();
    await page.keyboard.press('Enter');
    await expect.poll(revealed).toBe(true);
    await page.keyboard.press('Alt+KeyI');
    const form = page.getByTestId('quotation-form');
    await form.waitFor();
    await page.keyboard.press('Control+Enter');
    await form.waitFor({ state: 'detached' });
    await expect.poll(revealed).toBe(true);
    await switchTo(page, 'en');
    expect(problems).toEqual([]);
  }, 240_000);
});
