// The Money page in real Chromium through the web host, against a separately started back office (the
// sandbox over loopback, added as a store), from the keyboard only:
//   the back office stops → 3 incomes, 2 expenses (lines, VAT types, discounts, a payment made with two
//   of them), a transfer and 4 payments (on records not sent yet) are recorded, each showing "waiting to
//   send" → the app is quit and started again on the same data → the back office returns with faults
//   (resets, HTTP 500, resCode "500", before and after the write) → everything drains → the back
//   office, read through the v4 client, holds each record exactly once with the amounts and VAT the
//   page showed before saving, and each payment once. Screenshots in both languages (the list, a record
//   with the payment form, the new transfer) and axe on every screen. Bad input and a reference used
//   twice are in money-form-refusals.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { BackofficeClient } from '../../src-main/backoffice/index.js';
import type { TestSandbox } from '../support/sandbox-harness.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { moneyPage, TRANSFER_ROWS, type Shown } from './support/money-page.js';
import { EXPENSES, INCOMES } from './support/money-plans.js';
import { expectAccessible, inBothLanguages } from './support/page-helpers.js';

const STORE = { name: 'e2e-money', apikey: 'e2e-money-key-01', apisecret: 'e2e-money-secret-01' } as const;

const app = appUnderTest({
  name: 'money',
  outboxTiming: { settleMs: 1_000, leaseTtlMs: 3_000, backoff: { baseMs: 300, maxMs: 2_000 } },
  sandbox: { products: 40, stores: [STORE], log: () => {} },
});
const call: Call = (name, args) => app.call(name, args);
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = app.sandbox;
  await call('profiles.add', {
    displayName: 'E2E money store',
    baseUrl: sandbox.url,
    storename: STORE.name,
    apikey: STORE.apikey,
    apisecret: STORE.apisecret,
    defaultWarehouseCode: 'W0001',
    activate: true,
  });
});

/** The v4 client of the store (the real one the app uses), for what the back office itself holds. */
function backOffice(): BackofficeClient {
  return new BackofficeClient({
    baseUrl: sandbox.url,
    credentials: { storename: STORE.name, apikey: STORE.apikey, apisecret: STORE.apisecret },
  });
}

/** Operations still to be sent (not parked). */
async function waitingCount(): Promise<number> {
  const summary = await call('outbox.summary', {});
  return summary.pending + summary.sending + summary.retry + summary.unclear;
}

async function openCount(): Promise<number> {
  const summary = await call('outbox.summary', {});
  return summary.pending + summary.sending + summary.retry + summary.unclear + summary.parked;
}

const money = moneyPage(app);
const {
  focused,
  tabTo,
  typeInto,
  chooseDown,
  recordDraft,
  recordPayment,
  openRecord,
  showList,
  dialogInBothLanguages,
} = money;

describe('the Money page, offline, quit, and drained against a faulty back office', () => {
  it('records incomes, expenses, a transfer and payments that reach the back office exactly once', async () => {
    const { page, problems } = app;
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await call('money.paymentMethods', {})).length).toBeGreaterThanOrEqual(2);
    const methods = await call('money.paymentMethods', {});
    // A contact of the store with a code to find it by, as the back office lists it (the page's copy
    // was synced from the same list).
    const storeContacts = (await backOffice().call('GetContacts', { query: { limit: 50, page: 1 } })).list;
    const withCode = storeContacts.find((contact) => /^[\x20-\x7e]{3,}$/.test(contact.code ?? ''));
    const savedContact =
      withCode === undefined ? undefined : { code: withCode.code ?? '', name: withCode.name ?? '' };
    expect(savedContact, 'a store contact with a code').toBeDefined();
    if (savedContact !== undefined) money.useSavedContact(savedContact);

    // The back office goes away; everything below is recorded on this PC.
    await sandbox.handle.close();
    await page.keyboard.press('F1');
    await page.getByRole('heading', { name: 'Money', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Money (F1)' }).waitFor();

    // Three incomes and two expenses, the figures read from the preview before saving.
    const shown = new Map<string, Shown>();
    await page.keyboard.press('Alt+Digit1');
    for (const plan of INCOMES) shown.set(plan.reference, await recordDraft(plan));
    await showList('Alt+Digit2');
    for (const plan of EXPENSES) shown.set(plan.reference, await recordDraft(plan));

    // A transfer from the first method to the second.
    await showList('Alt+Digit3');
    const newTransfer = async () => {
      await page.keyboard.press('Alt+KeyN');
      await page.getByTestId('money-transfer').waitFor();
      await expect.poll(focused).toMatch(/id="money-transfer-fromMethodId"/);
      // To is the person's own choice: nothing is proposed (Down twice: past "Choose a method").
      expect(await page.locator('#money-transfer-toMethodId').inputValue()).toBe('');
      await chooseDown('money-transfer-toMethodId', 2);
      await typeInto('money-transfer-amount', '500');
      await typeInto('money-transfer-reference', 'E2E-TR-1');
    };
    await dialogInBothLanguages('money-5-new-transfer', 'money-transfer', newTransfer);
    await newTransfer();
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('money-transfer').waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: /Transfer of ฿500.00 saved/ })
      .waitFor();
    // Soft from here on where main decides (a write it cannot send is parked, "needs attention"): the
    // run goes on and reports every difference at the end.
    const transferRow = page
      .getByTestId('money-transfers')
      .locator('tbody tr')
      .filter({ hasText: 'E2E-TR-1' });
    await transferRow.waitFor();
    expect.soft(await transferRow.textContent()).toContain('Waiting to send');

    // Four payments on records not sent yet: two on the second income (part, then the rest), the third
    // income in full, part of the first expense by another method.
    await showList('Alt+Digit1');
    const in2 = shown.get('E2E-IN-2');
    if (in2 === undefined) throw new Error('E2E-IN-2 not recorded');
    expect(await recordPayment('E2E-IN-2', '50')).toMatch(/Pending → Partial payment/);
    expect(await recordPayment('E2E-IN-2', null)).toMatch(/Partial payment → Paid/);
    expect(await recordPayment('E2E-IN-3', null)).toMatch(/Pending → Paid/);
    await showList('Alt+Digit2');
    expect(await recordPayment('E2E-EX-1', '300', 1)).toMatch(/Pending → Partial payment/);

    // Filters: a date in the wrong form is named next to its field; a keyword narrows the list and
    // its totals; the filter stays when another list is chosen and back.
    await showList('Alt+Digit1');
    await page.keyboard.press('Alt+KeyF');
    await expect.poll(focused).toMatch(/id="money-filter-from"/);
    await page.keyboard.type('yesterday');
    await page.keyboard.press('Enter');
    expect(await page.locator('#money-filter-from-issue').textContent()).toBe(
      'Type a date as yyyy-MM-dd, for example 2026-11-24.',
    );
    await page.keyboard.press('Control+KeyA');
    await page.keyboard.press('Backspace');
    await typeInto('money-filter-keyword', 'E2E-IN');
    await page.keyboard.press('Enter');
    const totals = page.getByTestId('money-totals');
    await expect
      .poll(() => totals.textContent())
      .toMatch(/^\s*3 records · amount ฿1,468\.26 · paid ฿1,468\.26/);
    await expect.poll(() => page.locator('#money-filter-from-issue').count()).toBe(0);
    // No expense matches E2E-IN: the list says so.
    await page.keyboard.press('Alt+Digit2');
    await page.getByText('No expense matches.').waitFor();
    await showList('Alt+Digit1');
    expect(await page.locator('#money-filter-keyword').inputValue()).toBe('E2E-IN');
    expect(await totals.textContent()).toMatch(/^\s*3 records/);
    await page.keyboard.press('Alt+KeyF');
    await tabTo('money-filter-clear');
    await page.keyboard.press('Enter');
    await expect.poll(() => totals.textContent()).not.toMatch(/^\s*3 records/);

    // The lists say what waits; a record's detail with the payment form, in both languages.
    await showList('Alt+Digit1');
    const incomeRows = page.getByTestId('money-records');
    expect.soft(await incomeRows.textContent()).toContain('Waiting to send');
    expect.soft(await incomeRows.textContent()).not.toContain('Needs attention');
    await inBothLanguages(page, 'money-1-incomes-offline', {
      th: page.getByRole('heading', { name: 'การเงิน', level: 2 }),
    });
    await showList('Alt+Digit1');
    await dialogInBothLanguages('money-3-income-payment', 'money-record', async () => {
      await showList('Alt+Digit2');
      await openRecord('E2E-EX-1');
      await page.keyboard.press('Alt+KeyP');
      await expect.poll(focused).toMatch(/id="money-payment-method"/);
      await expect.poll(() => page.getByTestId('payment-preview').textContent()).toMatch(/→/);
    });

    // 5 creates, 1 transfer, 4 payments: all queued, none needing a person.
    expect(await openCount()).toBe(10);
    expect.soft((await call('outbox.summary', {})).parked, 'parked while offline').toBe(0);

    // Quit and start again on the same data, still offline: the records are all still there.
    await app.restart();
    await page.goto(app.host.url);
    await page.getByRole('button', { name: 'Money (F1)' }).waitFor();
    await page.keyboard.press('F1');
    await page.getByRole('heading', { name: 'Money', level: 2 }).waitFor();
    await page.getByTestId('money-records').waitFor();
    expect(await openCount()).toBe(10);

    // The back office returns, failing some requests before and some after the write commits.
    await sandbox.restart({
      port: sandbox.handle.port,
      faults: { failRate: 0.3, seed: 20261124 },
    });
    sandbox.handle.scheduleFault({ endpoint: 'AddIncome', mode: 'reset', timing: 'after' });
    sandbox.handle.scheduleFault({ endpoint: 'AddExpense', mode: 'res500', timing: 'after' });
    sandbox.handle.scheduleFault({ endpoint: 'UpdateIncomePayment', mode: 'http500', timing: 'after' });
    sandbox.handle.scheduleFault({ endpoint: 'AddMoneyTransfer', mode: 'reset', timing: 'before' });
    // Every operation settles (done, or parked for a person); the ones not done are listed below.
    await expect
      .poll(waitingCount, { timeout: 120_000, interval: 500 })
      .toBe(0)
      .catch(() => undefined);
    sandbox.handle.clearFaults();
    const history = await call('outbox.list', { state: 'all', limit: 100 });
    expect
      .soft(
        history.items
          .filter((item) => item.state !== 'done')
          .map((item) => `${item.kind}: ${item.reasonText}`),
        'operations not done',
      )
      .toEqual([]);

    // The page says sent for every record written here.
    await showList('Alt+Digit1');
    await expect
      .poll(() => page.getByTestId('money-records').textContent(), { timeout: 30_000 })
      .not.toMatch(/Waiting to send|Needs attention/);
    await app.screenshot('money-4-incomes-sent');
    await expectAccessible(page, 'incomes sent');

    // A transfer opened from its row (Alt+3, Up/Down, Enter): read from the back office now, sent.
    await dialogInBothLanguages('money-9-transfer-detail', 'money-transfer-detail', async () => {
      await showList('Alt+Digit3');
      await openRecord('E2E-TR-1', TRANSFER_ROWS);
      const detail = page.getByTestId('money-transfer-detail');
      expect.soft(await detail.getByTestId('transfer-read').getAttribute('data-read')).toBe('read');
      expect.soft(await detail.getByTestId('transfer-send-state').textContent()).toMatch(/^(Sent|ส่งแล้ว)$/);
    });

    // The outbox lists the money writes in plain words.
    await page.keyboard.press('F7');
    await page.getByRole('heading', { name: 'Outbox', level: 2 }).waitFor();
    await page.keyboard.press('Alt+KeyH');
    await page.getByTestId('operations').waitFor();
    await app.screenshot('money-6-outbox-history');

    // The back office, read through the v4 client: each record once, with the page's figures.
    const client = backOffice();
    const incomes = (await client.call('GetIncomes', { query: { keyword: 'E2E-IN', limit: 100, page: 1 } }))
      .list;
    const expenses = (await client.call('GetExpenses', { query: { keyword: 'E2E-EX', limit: 100, page: 1 } }))
      .list;
    const paidInFull = new Set(['E2E-IN-1', 'E2E-IN-2', 'E2E-IN-3', 'E2E-EX-2']);
    const paymentCounts = new Map([
      ['E2E-IN-1', 1],
      ['E2E-IN-2', 2],
      ['E2E-IN-3', 1],
      ['E2E-EX-1', 1],
      ['E2E-EX-2', 1],
    ]);
    for (const [reference, figures] of shown) {
      const found = [...incomes, ...expenses].filter((record) => record.reference === reference);
      expect.soft(found, reference).toHaveLength(1);
      const record = found[0];
      expect.soft(record?.amount, `${reference} amount`).toBeCloseTo(figures.amount, 2);
      expect.soft(record?.amount_pretax, `${reference} amount_pretax`).toBeCloseTo(figures.amountPretax, 2);
      expect.soft(record?.vatamount, `${reference} vatamount`).toBeCloseTo(figures.vatAmount, 2);
      expect
        .soft(record?.payments ?? [], `${reference} payments`)
        .toHaveLength(paymentCounts.get(reference) ?? 0);
      if (paidInFull.has(reference)) {
        expect.soft(record?.paymentamount, `${reference} paid`).toBeCloseTo(figures.amount, 2);
        expect.soft(record?.paymentstatus, `${reference} status`).toBe('Paid');
      }
    }
    const ex2 = expenses.find((record) => record.reference === 'E2E-EX-2');
    expect.soft(ex2?.contactname, 'the picked contact').toBe(savedContact?.name);
    const ex1 = expenses.find((record) => record.reference === 'E2E-EX-1');
    expect.soft(ex1?.paymentamount).toBeCloseTo(300, 2);
    expect.soft(ex1?.payments?.[0]?.name).toBe(methods[1]?.name);
    const in2Server = incomes.find((record) => record.reference === 'E2E-IN-2');
    expect
      .soft(in2Server?.payments?.map((payment) => payment.amount ?? 0).sort((a, b) => a - b))
      .toEqual([50, Math.round((in2.amount - 50) * 100) / 100].sort((a, b) => a - b));
    const transfers = (
      await client.call('GetMoneyTransfers', { query: { keyword: 'E2E-TR', limit: 100, page: 1 } })
    ).list;
    const transfer = transfers.filter((item) => item.reference === 'E2E-TR-1');
    expect.soft(transfer).toHaveLength(1);
    expect.soft(transfer[0]?.amount).toBe(500);
    expect.soft(transfer[0]?.fromPaymentMethodId).toBe(methods[0]?.id);
    expect.soft(transfer[0]?.toPaymentMethodId).toBe(methods[1]?.id);

    expect(problems.filter((problem) => !isExpectedWhileAway(problem))).toEqual([]);
  }, 420_000);
});
/** The page logs failed socket connects while the app is quit, and failed requests to the stopped store. */
function isExpectedWhileAway(problem: string): boolean {
  return /WebSocket connection to .* failed/.test(problem);
}
