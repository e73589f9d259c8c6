// Taking a write back before it is sent (issue 20), in real Chromium through the web host, against a
// separately started back office that goes away: two incomes are recorded offline; on the Outbox page
// the first is taken back from the keyboard (its dialog names it, Cancel has the focus so Enter keeps
// it; English, then Thai); the money list no longer shows it; the back office returns, the other
// income reaches it, the withdrawn one never does. Screenshots and axe in both languages.
import { beforeAll, describe, expect, it } from 'vitest';
import { BackofficeClient } from '../../src-main/backoffice/index.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { moneyPage, type DraftPlan } from './support/money-page.js';
import { expectAccessible } from './support/page-helpers.js';

const STORE = {
  name: 'e2e-withdraw',
  apikey: 'e2e-withdraw-key-1',
  apisecret: 'e2e-withdraw-secret',
} as const;

const app = appUnderTest({
  name: 'outbox-withdraw',
  outboxTiming: { settleMs: 1_000, leaseTtlMs: 3_000, backoff: { baseMs: 300, maxMs: 2_000 } },
  sandbox: { products: 20, stores: [STORE], log: () => {} },
});
const call: Call = (name, args) => app.call(name, args);

beforeAll(async () => {
  await call('profiles.add', {
    displayName: 'E2E withdraw store',
    baseUrl: app.sandbox.url,
    storename: STORE.name,
    apikey: STORE.apikey,
    apisecret: STORE.apisecret,
    defaultWarehouseCode: 'W0001',
    activate: true,
  });
});

const plan = (contact: string, price: string, reference: string): DraftPlan => ({
  contact,
  lines: [{ name: 'Walk-in sale', category: '', price }],
  vat: 0,
  discount: '',
  reference,
  payNow: false,
});
const TAKEN_BACK = plan('Khun Takeback', '123.45', 'E2E-WD-1');
const KEPT = plan('Khun Keep', '67', 'E2E-WD-2');

async function waitingCount(): Promise<number> {
  const summary = await call('outbox.summary', {});
  return summary.pending + summary.sending + summary.retry + summary.unclear + summary.parked;
}

/** Incomes' references the back office holds, read through v4. */
async function referencesOnServer(): Promise<string[]> {
  const client = new BackofficeClient({
    baseUrl: app.sandbox.url,
    credentials: { storename: STORE.name, apikey: STORE.apikey, apisecret: STORE.apisecret },
  });
  try {
    const answer = await client.call('GetIncomes', { query: { limit: 500, page: 1 } });
    return answer.list.map((income) => String(income.reference ?? ''));
  } finally {
    await client.close();
  }
}

describe('taking back a write before it is sent', () => {
  it('withdraws an income made offline from the keyboard; it never reaches the back office', async () => {
    const { page, problems } = app;
    const money = moneyPage(app);
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
    const port = app.sandbox.handle.port;
    await app.sandbox.handle.close();

    await page.keyboard.press('F1');
    await page.getByRole('heading', { name: 'Money', level: 2 }).waitFor();
    await money.showList('Alt+Digit1');
    await money.recordDraft(TAKEN_BACK);
    await money.recordDraft(KEPT);
    await page.getByRole('row').filter({ hasText: 'Khun Takeback' }).waitFor();

    // The Outbox: Tab to the first income's "Take back", Enter opens the dialog with Cancel focused.
    await page.keyboard.press('F7');
    await page.getByRole('heading', { name: 'Outbox', level: 2 }).waitFor();
    const takeBack = page.getByRole('button', { name: /^Take back Income ฿123\.45 from Khun Takeback/ });
    await takeBack.waitFor();
    await takeBack.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('withdraw-dialog');
    await dialog.getByText('Take back before it is sent?').waitFor();
    await dialog.getByTestId('withdraw-item').filter({ hasText: 'Khun Takeback' }).waitFor();
    await expect.poll(() => money.focused()).toContain('<button');
    expect((await page.locator(':focus').textContent())?.trim()).toBe('Keep them');
    await app.screenshot('outbox-withdraw-dialog-en');
    await expectAccessible(page, 'withdraw dialog, English');
    // Enter on the default keeps it.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await waitingCount()).toBe(2);
    // The focus is back on the button that opened it.
    await expect
      .poll(async () => /aria-label="([^"]*)"/.exec(await money.focused())?.[1] ?? '')
      .toMatch(/^Take back Income ฿123\.45/);

    // In Thai: the same dialog, then Tab to the confirmation and Enter.
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.locator('html[lang="th"]').waitFor();
    const takeBackTh = page.getByRole('button', { name: /^ดึงกลับ Income ฿123\.45 from Khun Takeback/ });
    await takeBackTh.focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('ดึงกลับก่อนส่งหรือไม่?').waitFor();
    expect((await page.locator(':focus').textContent())?.trim()).toBe('เก็บไว้');
    await app.screenshot('outbox-withdraw-dialog-th');
    await expectAccessible(page, 'withdraw dialog, Thai');
    await page.keyboard.press('Tab');
    expect((await page.locator(':focus').textContent())?.trim()).toBe('ดึงกลับ 1 รายการ');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: 'ดึงกลับแล้ว 1 รายการ' }).waitFor();
    await expect.poll(waitingCount).toBe(1);
    await page.getByRole('button', { name: 'English' }).click();
    await page.locator('html[lang="en"]').waitFor();

    // The money list reads as if it had never been made.
    await page.keyboard.press('F1');
    await money.showList('Alt+Digit1');
    await page.getByRole('row').filter({ hasText: 'Khun Keep' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Khun Takeback' }).count()).toBe(0);
    const listed = await call('money.list', { kind: 'income', keyword: 'Takeback' });
    expect(listed.total).toBe(0);

    // The back office returns: the kept income goes, the withdrawn one never does.
    await app.sandbox.restart({ port });
    await expect.poll(waitingCount, { timeout: 60_000, interval: 250 }).toBe(0);
    const references = await referencesOnServer();
    expect(references).toContain('E2E-WD-2');
    expect(references).not.toContain('E2E-WD-1');
    expect(problems).toEqual([]);
  }, 240_000);
});
