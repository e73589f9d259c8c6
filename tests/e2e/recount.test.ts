// The blind recount in real Chromium through the web host, on the demo store. A session in W0001 has a
// line 2 short, one 1 over and one exact. From the review, the lines 2 or more units off are marked
// (the dialog, Alt+M) and one more by its row's Recount button; the commit dialog says how many
// recounts are pending. On the recount screen (Alt+R) another person names themselves and recounts by
// scanning and by typing, seeing neither the first count nor the expected figure. The review then shows
// both counts and which is sent; choosing the first count changes what is sent, and the commit sends
// exactly what the review said. Screenshots in English and Thai; axe on each screen.
import { describe, expect, it } from 'vitest';
import { scanCode } from '../support/scanner-input.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import {
  expectAccessible,
  findStockedDemoProducts,
  inBothLanguages,
  screenshot,
  type StockedProduct as Stocked,
} from './support/page-helpers.js';

const SESSION_NAME = 'E2E recount';
const RECOUNTER = 'Malee';

const app = appUnderTest({ name: 'recount' });
const call: Call = (name, args) => app.call(name, args);
const squash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

const stockedProducts = (wanted: number) =>
  findStockedDemoProducts(call, wanted, (expected) => expected >= 3 && expected < 1000);

/**
 * A dialog photographed and checked in English, then closed, the language switched (the page's button is
 * inert under a modal dialog), opened again in Thai, then the same back in English, left open.
 */
async function dialogInBothLanguages(
  name: string,
  open: () => Promise<void>,
  title: { en: string; th: string },
) {
  const { page } = app;
  for (const [language, next] of [
    ['en', 'ภาษาไทย'],
    ['th', 'English'],
  ] as const) {
    await page.getByRole('dialog', { name: title[language] }).waitFor();
    await screenshot(page, `${name}-${language}`, { fullPage: false });
    await expectAccessible(page, `${name} in ${language}`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: title[language] }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: next }).click();
    await open();
  }
  await page.getByRole('dialog', { name: title.en }).waitFor();
}

describe('blind recount in Chromium through the web host', () => {
  it('marks lines by threshold and by line, recounts them blind, shows both counts and sends the chosen one', async () => {
    const { page, problems } = app;
    await app.openDemoStore();
    const [short, over, exact] = (await stockedProducts(3)) as [Stocked, Stocked, Stocked];
    expect(exact).toBeDefined();

    const session = await call('counting.createSession', { warehouseCode: 'W0001', name: SESSION_NAME });
    const sessionId = session.id;
    await call('counting.scan', { sessionId, code: short.barcode, quantity: short.expected - 2 });
    await call('counting.scan', { sessionId, code: over.barcode, quantity: over.expected + 1 });
    await call('counting.scan', { sessionId, code: exact.barcode, quantity: exact.expected });

    await page.keyboard.press('F3');
    await page
      .getByRole('row')
      .filter({ hasText: SESSION_NAME })
      .getByRole('button', { name: /^Count/ })
      .click();
    await page.getByRole('heading', { name: `Counting: ${SESSION_NAME}` }).waitFor();
    await page.keyboard.press('F10');
    await page.getByRole('heading', { name: `Review: ${SESSION_NAME}`, level: 2 }).waitFor();

    // Alt+M: lines 2 or more units off (only `short`).
    await page.keyboard.press('Alt+KeyM');
    const dialog = page.getByTestId('recount-dialog');
    await dialog.getByRole('heading', { name: 'Mark lines for a blind recount' }).waitFor();
    // A blank dialog marks nothing and says why.
    await page.keyboard.press('Enter');
    await dialog.getByRole('alert').filter({ hasText: 'Type a number of units or baht' }).waitFor();
    const openMarkDialog = async () => {
      await page.keyboard.press('Alt+KeyM');
      await page.keyboard.press('Enter');
      await dialog.getByRole('alert').waitFor();
    };
    await dialogInBothLanguages('recount-1-mark-dialog', openMarkDialog, {
      en: 'Mark lines for a blind recount',
      th: 'เลือกรายการที่จะนับซ้ำแบบปิด',
    });
    await dialog.getByLabel('Variance of at least (units)').fill('2');
    await page.keyboard.press('Enter');
    await page.getByText('Lines marked for recount: 1.').waitFor();
    expect(await dialog.isVisible()).toBe(false);

    // One more, chosen: the exact line, by its row's button.
    const rows = page.getByTestId('review-rows');
    const rowOf = (sku: string) =>
      rows.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: sku, exact: true }) });
    await rowOf(exact.sku)
      .getByRole('button', { name: `Recount · ${exact.sku}` })
      .click();
    await page.getByText('Recounts not done yet: 2').waitFor();
    expect(squash(await rowOf(short.sku).getByTestId('recount').textContent())).toBe(
      `Waiting for a recount (first count ${short.expected - 2})`,
    );
    expect(await rowOf(over.sku).getByTestId('recount').getByRole('button').count()).toBe(1);

    // The commit dialog says how many are pending; Esc leaves it.
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('recounts-pending').waitFor();
    expect(squash(await page.getByTestId('recounts-pending').textContent())).toContain(
      'Lines marked for recount that nobody recounted yet: 2.',
    );
    await dialogInBothLanguages('recount-2-commit-pending', () => page.keyboard.press('Control+Enter'), {
      en: 'Commit this count to the outbox',
      th: 'ยืนยันผลการนับเข้ารายการรอส่ง',
    });
    await page.keyboard.press('Escape');

    // The recount screen: products only, nothing of the first count or the expected figure.
    await page.keyboard.press('Alt+KeyR');
    await page.getByRole('heading', { name: `Recount: ${SESSION_NAME}` }).waitFor();
    const recountTable = page.getByTestId('recount-lines');
    expect((await recountTable.locator('thead th').allTextContents()).map(squash)).toEqual([
      'SKU',
      'Barcode',
      'Name',
      'Recount',
      'Recounted by',
    ]);
    expect(await recountTable.locator('tbody tr').count()).toBe(2);
    for (const sku of [short.sku, exact.sku]) {
      const cells = await recountTable
        .locator('tbody tr')
        .filter({ hasText: sku })
        .locator('td')
        .allTextContents();
      // Barcode, name and unit, then the recount (none yet) and who: no other figure on the line.
      expect(cells.slice(2).map(squash)).toEqual([`not yet Record · ${sku}`, '']);
    }

    // A scan before the recounter is named records nothing.
    await scanCode(page, short.barcode);
    await page.getByTestId('recount-problem').filter({ hasText: 'Type who recounts first' }).waitFor();
    await page.getByLabel('Who recounts (required)').fill(RECOUNTER);
    // Three scans of `short`: its recount is 3; a typed figure for `exact`.
    for (let scan = 0; scan < 3; scan += 1) await scanCode(page, short.barcode);
    const recountedOf = (sku: string) =>
      recountTable.locator('tbody tr').filter({ hasText: sku }).getByTestId('recounted').textContent();
    await expect.poll(() => recountedOf(short.sku)).toBe('3');
    await page.getByLabel(`Recount of ${exact.sku}`).fill(String(exact.expected + 4));
    await page.keyboard.press('Enter');
    await expect.poll(() => recountedOf(exact.sku)).toBe(String(exact.expected + 4));
    await page.getByText('Still to recount: 0 of 2').waitFor();
    await inBothLanguages(page, 'recount-3-blind-screen');

    // Back in the review: both counts, the recount sent by default.
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: `Review: ${SESSION_NAME}`, level: 2 }).waitFor();
    expect(squash(await rowOf(short.sku).getByTestId('recount').textContent())).toContain(
      `First count ${short.expected - 2} · recount 3 by ${RECOUNTER}`,
    );
    expect(squash(await rowOf(short.sku).locator('td.counted').textContent())).toBe('3');
    // A person keeps the first count for `exact`.
    await rowOf(exact.sku).getByRole('combobox', { name: 'Send' }).selectOption('first');
    await expect
      .poll(async () => squash(await rowOf(exact.sku).locator('td.counted').textContent()))
      .toBe(String(exact.expected));
    // The viewport: a page of 100 rows is too tall to look at.
    for (const [language, next] of [
      ['en', 'ภาษาไทย'],
      ['th', 'English'],
    ] as const) {
      await page.locator(`html[lang="${language}"]`).waitFor();
      await screenshot(page, `recount-4-review-both-counts-${language}`, { fullPage: false });
      await expectAccessible(page, `review with both counts in ${language}`);
      await page.getByRole('button', { name: next }).click();
    }
    await page.locator('html[lang="en"]').waitFor();

    const review = await call('counting.review', { sessionId, filter: 'all' });
    expect(review.totals.recountsPending).toBe(0);
    const counted = new Map(
      review.rows.flatMap((row) => (row.kind === 'counted' ? [[row.productId, row] as const] : [])),
    );
    expect(counted.get(short.id)).toMatchObject({
      counted: 3,
      recount: { firstCount: short.expected - 2, recounted: 3, recountedBy: RECOUNTER, use: 'recount' },
    });
    expect(counted.get(exact.id)).toMatchObject({
      counted: exact.expected,
      recount: { firstCount: exact.expected, recounted: exact.expected + 4, use: 'first' },
    });
    expect(counted.get(over.id)).toMatchObject({ counted: over.expected + 1, recount: null });

    // The commit dialog no longer speaks of pending recounts.
    await page.keyboard.press('Control+Enter');
    await page.getByRole('heading', { name: 'Commit this count to the outbox' }).waitFor();
    expect(await page.getByTestId('recounts-pending').count()).toBe(0);
    await page.keyboard.press('Escape');

    expect(problems).toEqual([]);
  }, 240_000);
});
