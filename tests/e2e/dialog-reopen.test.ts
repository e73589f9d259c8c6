// A question closed and the next one opened before the first one's close event came (a busy page
// delivers the key that opens the next question before that queued event): the new question stays open.
// Reproduced without a loaded machine: the close and the next open happen in one task, so the first
// question's close event can only come after the second opened.
import { describe, expect, it } from 'vitest';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { findDemoProducts } from './support/page-helpers.js';

/**
 * "Go back" on the open question, then "Void return" on the detail once the page has taken the first
 * answer in (its effects run in microtasks), all in one task: the first question's close event, queued
 * as a task, can only come after the second question opened. (A string: the tests' types have no DOM.)
 */
const GO_BACK_THEN_VOID_RETURN = `(async () => {
  const settle = async () => { for (let turn = 0; turn < 5; turn++) await Promise.resolve(); };
  const dialog = document.querySelector('[data-testid="return-void-confirm"]');
  dialog.querySelector('.dialog-actions button:not([data-destructive])').click();
  await settle();
  if (dialog.open) throw new Error('the first question did not close');
  [...document.querySelectorAll('[data-testid="return-detail"] button')]
    .find((button) => button.textContent.trim() === 'Void return')
    .click();
  await settle();
  if (!dialog.open) throw new Error('the second question did not open');
})()`;

const app = appUnderTest({ name: 'dialog-reopen' });
const call: Call = (name, args) => app.call(name, args);

describe('a modal question opened right after another closed', () => {
  it('stays open when the earlier one’s close event comes after it opened', async () => {
    const { page } = app;
    await app.openDemoStore();
    const methods = await call('money.paymentMethods', {});
    const [product] = await findDemoProducts(call, 1);
    if (product === undefined) throw new Error('a product');
    const returned = await call('returns.create', {
      warehouseCode: 'W0001',
      lines: [{ sku: product.sku, name: product.name, quantity: 1, unitPrice: 100 }],
      payment: { methodId: methods[0]?.id ?? 0, amount: 40 },
    });
    await page.keyboard.press('F5');
    await page.keyboard.press('Alt+Digit2');
    const panel = page.getByTestId('returns-panel');
    await panel.getByRole('button', { name: returned.number, exact: true }).click();
    const detail = page.getByTestId('return-detail');
    await detail.locator('h3').filter({ hasText: returned.number }).waitFor();
    await detail.getByRole('button', { name: 'Void payment', exact: true }).click();
    const question = page.getByTestId('return-void-confirm');
    await question.waitFor();

    // "Go back", then "Void return" once the page has taken the first answer in (its effects run in
    // microtasks), all before the task queue moves on.
    await page.evaluate(GO_BACK_THEN_VOID_RETURN);
    // The first question's close event has come by the time a new task runs.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(await question.isVisible()).toBe(true);
    expect(await question.locator('h2').textContent()).toBe('Void return');
    expect((await call('returns.detail', { id: returned.id })).status).not.toBe('Voided');
  });
});
