// What the Money page's income form refuses or holds, in real Chromium through the web host, against a
// separately started back office (the sandbox over loopback, added as a store), from the keyboard only:
// - a second income with a reference another income already has (issue 20, point 5): named under the
//   field as it is typed, the first Ctrl+Enter held with the other record named, the second keeps it;
// - with the back office away, bad input (a price with 3 decimals, a date in the wrong form) named next
//   to its field in the page's language, what was typed kept, nothing queued; Esc on typed fields asks
//   first.
// In English and in Thai, with screenshots and axe. The offline scenario that records and drains every
// kind of money record is tests/e2e/money.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestSandbox } from '../support/sandbox-harness.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { moneyPage } from './support/money-page.js';
import { INCOMES } from './support/money-plans.js';
import { expectAccessible } from './support/page-helpers.js';

const STORE = {
  name: 'e2e-money-refusals',
  apikey: 'e2e-money-refusals-key-01',
  apisecret: 'e2e-money-refusals-secret-01',
} as const;

const app = appUnderTest({
  name: 'money-form-refusals',
  outboxTiming: { settleMs: 1_000, leaseTtlMs: 3_000, backoff: { baseMs: 300, maxMs: 2_000 } },
  sandbox: { products: 40, stores: [STORE], log: () => {} },
});
const call: Call = (name, args) => app.call(name, args);
let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = app.sandbox;
  await call('profiles.add', {
    displayName: 'E2E money refusals store',
    baseUrl: sandbox.url,
    storename: STORE.name,
    apikey: STORE.apikey,
    apisecret: STORE.apisecret,
    defaultWarehouseCode: 'W0001',
    activate: true,
  });
});

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
const { focused, typeInto, recordDraft, showList } = money;

/** What the page says of a reference another income already has, before saving and when a save is held. */
const REFERENCE_WORDS = {
  en: {
    hint: /^Already the reference of Income \d{4}-\d{2}-\d{2} \(.+, ฿[\d,]+\.\d{2}\)\. Receipts print it/,
    held: /two receipts would share one number\. Save again \(Ctrl\+Enter\)/,
  },
  th: {
    hint: /^เลขอ้างอิงนี้ใช้แล้วกับรายรับวันที่ \d{4}-\d{2}-\d{2} .*ใบเสร็จจะพิมพ์เลขนี้/,
    held: /ใบเสร็จสองใบจะมีเลขที่เดียวกัน กดบันทึกอีกครั้ง/,
  },
} as const;

describe('the Money page’s income form: a reference used twice, and bad input offline', () => {
  it('holds a reference another income has once, and names bad input without queueing it', async () => {
    const { page, problems } = app;
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await call('money.paymentMethods', {})).length).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('F1');
    await page.getByRole('heading', { name: 'Money', level: 2 }).waitFor();

    // The income whose reference is typed again below, sent to the back office.
    const [first] = INCOMES;
    if (first === undefined) throw new Error('no income to record');
    await showList('Alt+Digit1');
    await recordDraft(first);
    await expect.poll(waitingCount, { timeout: 60_000 }).toBe(0);

    // A second income with a reference already used (issue 20, point 5): the first Ctrl+Enter is held
    // with the other record named next to the field, the second keeps it. In English, then in Thai.
    await showList('Alt+Digit1');
    // Every write made on this PC, sent or not (the back office is back: a new one drains at once).
    const writesMade = async () => (await call('outbox.list', { state: 'all', limit: 500 })).items.length;
    const sameReferenceTwice = async (words: { hint: RegExp; held: RegExp }) => {
      await page.keyboard.press('Alt+KeyN');
      const draft = page.getByTestId('money-draft');
      await draft.waitFor();
      await typeInto('money-draft-line-0-name', 'Walk-in sale');
      await typeInto('money-draft-line-0-price', '20');
      await typeInto('money-draft-reference', 'e2e-in-1');
      await expect.poll(() => page.locator('#money-draft-reference-hint').textContent()).toMatch(words.hint);
      const queuedBefore = await writesMade();
      await page.keyboard.press('Control+Enter');
      await expect.poll(() => page.locator('#money-draft-reference-issue').textContent()).toMatch(words.held);
      await expect.poll(focused).toMatch(/id="money-draft-reference"/);
      expect(await writesMade()).toBe(queuedBefore);
      await app.screenshot(`money-8-reference-used-${words === REFERENCE_WORDS.en ? 'en' : 'th'}`);
      await page.keyboard.press('Control+Enter');
      await draft.waitFor({ state: 'detached' });
      expect(await writesMade()).toBe(queuedBefore + 1);
    };
    await sameReferenceTwice(REFERENCE_WORDS.en);
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.locator('html[lang="th"]').waitFor();
    await sameReferenceTwice(REFERENCE_WORDS.th);
    await page.getByRole('button', { name: 'English' }).click();
    await page.locator('html[lang="en"]').waitFor();

    // Everything written so far is sent: "nothing is queued" below means nothing new.
    await expect.poll(waitingCount, { timeout: 60_000 }).toBe(0);
    expect(await openCount()).toBe(0);

    // The back office goes away; the bad input below is typed on this PC only.
    await sandbox.handle.close();
    await page.keyboard.press('F1');
    await page.getByRole('heading', { name: 'Money', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Money (F1)' }).waitFor();

    // Bad input: a price of 12.345 (3 decimals: refused by the one rule of typed numbers, never saved as
    // ฿12.35) and a date in the wrong form are named next to their fields, in the page's language,
    // nothing is queued, and what was typed stays. Seen in Thai first.
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.locator('html[lang="th"]').waitFor();
    await page.keyboard.press('Alt+KeyN');
    await page.getByTestId('money-draft').waitFor();
    await typeInto('money-draft-date', '24/11/2026');
    await typeInto('money-draft-line-0-name', 'Crates');
    await typeInto('money-draft-line-0-price', '12.345');
    await page.keyboard.press('Control+Enter');
    await page.locator('#money-draft-line-0-price-issue').waitFor();
    expect(await page.locator('#money-draft-line-0-price-issue').textContent()).toBe(
      '“12.345” มีทศนิยมเกิน 2 ตำแหน่ง: พิมพ์ไม่เกิน 2 ตำแหน่ง เช่น 12.34',
    );
    expect(await page.locator('#money-draft-date-issue').textContent()).toContain('yyyy-MM-dd');
    await expect.poll(focused).toMatch(/aria-invalid="true"/);
    await app.screenshot('money-2-new-income-refused-th');
    await expectAccessible(page, 'new income with refused fields, Thai');
    expect(await openCount()).toBe(0);
    // Esc on typed fields asks first ("keep editing" focused); Tab, Enter drops them.
    await page.keyboard.press('Escape');
    await page.getByTestId('money-draft').getByTestId('drop-typed-question').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByTestId('money-draft').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'English' }).click();
    await page.locator('html[lang="en"]').waitFor();

    await page.keyboard.press('Alt+KeyN');
    await page.getByTestId('money-draft').waitFor();
    await typeInto('money-draft-date', '2026-02-30');
    await typeInto('money-draft-line-0-name', 'Crates');
    await typeInto('money-draft-line-0-price', '12.345');
    await page.keyboard.press('Control+Enter');
    await page.locator('#money-draft-line-0-price-issue').waitFor();
    expect(await page.locator('#money-draft-line-0-price-issue').textContent()).toBe(
      '“12.345” has more than 2 decimals: type at most 2, e.g. 12.34.',
    );
    expect(await page.locator('#money-draft-date-issue').textContent()).toBe(
      'Type a date as yyyy-MM-dd, for example 2026-11-24.',
    );
    expect(await page.locator('#money-draft-line-0-price').inputValue()).toBe('12.345');
    await app.screenshot('money-2-new-income-refused-en');
    await expectAccessible(page, 'new income with refused fields');
    expect(await openCount()).toBe(0);
    // Esc on typed fields asks first ("keep editing" focused); Tab, Enter drops them.
    await page.keyboard.press('Escape');
    await page.getByTestId('money-draft').getByTestId('drop-typed-question').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByTestId('money-draft').waitFor({ state: 'detached' });

    expect(problems).toEqual([]);
  }, 240_000);
});
