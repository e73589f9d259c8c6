// The review screen in real Chromium through the web host, on the demo store. A blind session in W0001
// is counted through the contract (exact, short, over, an unknown code, most products left uncounted),
// and one counted product's stock then changes on the store (another session's commit, drained and
// pulled back), so it has drifted. The page is reached as a person does (F3 → the session → F10); its
// totals, rows, filters and pages are compared with `counting.review`, the CSV it saves with
// `counting.exportCsv`; the commit dialog refuses with the unknown code, then commits discarding it, and
// the outbox holds the operations. Screenshots in English and Thai; axe-core on each state.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appUnderTest, type Call } from './support/app-under-test.js';
import {
  expectAccessible,
  findStockedDemoProducts,
  type StockedProduct as Counted,
} from './support/page-helpers.js';

const UNKNOWN_CODE = '9990001112229';
const SESSION_NAME = 'E2E review count';
/** The page's rows per page (src-renderer/features/review/review.svelte.ts). */
const PAGE_SIZE = 100;

const app = appUnderTest({ name: 'review' });
/** Read at each use: the app starts in beforeAll. */
const call: Call = (name, args) => app.call(name, args);

// The page's number forms in English (en-GB), written out here so the test does not import the page.
const number = (value: number) => new Intl.NumberFormat('en-GB').format(value);
const sign = (value: number) => (value > 0 ? '+' : value < 0 ? '\u2212' : '');
const signed = (value: number) => sign(value) + number(Math.abs(value));
const baht = (value: number) =>
  sign(value) +
  new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'THB',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
  }).format(Math.abs(value));
const word = (value: number) => (value < 0 ? 'short' : value > 0 ? 'over' : 'exact');
const squash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
// Strings, not functions: this file is type-checked without the DOM's types.
const focusedText = () => app.page.evaluate('document.activeElement?.textContent ?? ""') as Promise<string>;
const focusedValue = () =>
  app.page.evaluate('document.activeElement?.getAttribute("value") ?? ""') as Promise<string>;

async function capture(name: string): Promise<void> {
  // The viewport: a full page of 100 rows is too tall to look at.
  await app.screenshot(`review-${name}`, { fullPage: false });
  await expectAccessible(app.page, name);
}

/** Demo products with a barcode and at least 2 units expected in W0001. */
const stockedProducts = (wanted: number) =>
  findStockedDemoProducts(call, wanted, (expected) => expected >= 2);

describe('review and commit in Chromium through the web host', () => {
  it('shows the totals and rows of counting.review, filters, pages, exports CSV and commits', async () => {
    const { page, problems } = app;
    await app.openDemoStore();

    const products = await stockedProducts(4);
    expect(products).toHaveLength(4);
    const [exact, short, over, drifting] = products as [Counted, Counted, Counted, Counted];

    // The counted session: blind (the review still shows expected figures), with a mix of outcomes.
    const session = await call('counting.createSession', {
      warehouseCode: 'W0001',
      name: SESSION_NAME,
      blind: true,
    });
    const sessionId = session.id;
    const scan = (code: string, quantity: number) => call('counting.scan', { sessionId, code, quantity });
    await scan(exact.barcode, exact.expected);
    await scan(short.barcode, short.expected - 1);
    await scan(over.barcode, over.expected + 2);
    await scan(drifting.barcode, drifting.expected);
    await scan(UNKNOWN_CODE, 3);

    // Meanwhile another count of `drifting` reaches the store, and the catalogue pulls the new figure.
    const other = await call('counting.createSession', { warehouseCode: 'W0001', name: 'E2E other count' });
    await call('counting.scan', {
      sessionId: other.id,
      code: drifting.barcode,
      quantity: drifting.expected + 5,
    });
    const otherCommit = await call('counting.commit', { sessionId: other.id });
    await expect
      .poll(
        async () =>
          (await call('outbox.list', { state: 'all' })).items.filter(
            (item) => otherCommit.operationIds.includes(item.id) && item.state === 'done',
          ).length,
        { timeout: 30_000 },
      )
      .toBe(otherCommit.operationIds.length);
    await call('sync.syncNow', {});
    await expect
      .poll(async () => (await call('counting.review', { sessionId, filter: 'drifted' })).totals.drifted, {
        timeout: 30_000,
      })
      .toBe(1);

    const review = await call('counting.review', { sessionId, filter: 'all', limit: PAGE_SIZE });
    const { totals } = review;
    expect(totals).toMatchObject({ countedLines: 4, linesWithVariance: 2, drifted: 1, unknownCodes: 1 });
    expect(review.matching).toBeGreaterThan(PAGE_SIZE);

    // As a person gets there: F3, the session's Count button, then F10 on the counting page.
    await page.keyboard.press('F3');
    await page
      .getByRole('row')
      .filter({ hasText: SESSION_NAME })
      .getByRole('button', { name: /^Count/ })
      .click();
    await page.getByRole('heading', { name: `Counting: ${SESSION_NAME}` }).waitFor();
    await page.keyboard.press('F10');
    await page.getByRole('heading', { name: `Review: ${SESSION_NAME}`, level: 2 }).waitFor();
    await expect.poll(() => focusedText()).toContain('Commit to outbox');

    // Totals, as counting.review counts them.
    const total = (id: string) => page.getByTestId(`total-${id}`).textContent().then(squash);
    expect(await total('countedLines')).toBe(number(totals.countedLines));
    expect(await total('countedUnits')).toBe(number(totals.countedUnits));
    expect(await total('linesWithVariance')).toBe(number(totals.linesWithVariance));
    expect(await total('varianceUnits')).toBe(
      `${signed(totals.varianceUnits)} ${word(totals.varianceUnits)}`,
    );
    expect(await total('varianceValue')).toBe(`${baht(totals.varianceValue)} ${word(totals.varianceValue)}`);
    expect(await total('drifted')).toBe(number(totals.drifted));
    expect(await total('notCounted')).toBe(number(totals.notCounted));
    expect(await total('unknownCodes')).toBe(number(totals.unknownCodes));

    // The first page of all rows: the same rows in the same order, each counted one with its figures.
    const table = page.getByTestId('review-rows');
    const bodyRows = table.locator('tbody tr');
    const rowHeads = () =>
      table
        .locator('tbody th')
        .allTextContents()
        .then((texts) => texts.map(squash));
    const keyOf = (row: (typeof review.rows)[number]) => (row.kind === 'unknown' ? row.code : row.sku);
    await expect.poll(rowHeads).toEqual(review.rows.map(keyOf));
    expect(await page.getByTestId('rows-range').textContent()).toBe(
      `Rows 1–${number(PAGE_SIZE)} of ${number(review.matching)}`,
    );
    for (const row of review.rows) {
      if (row.kind !== 'counted') continue;
      const line = bodyRows.filter({ has: page.getByRole('rowheader', { name: row.sku, exact: true }) });
      const cells = (await line.locator('th, td').allTextContents()).map(squash);
      expect(cells.slice(2, 7)).toEqual([
        number(row.countedAgainst),
        number(row.counted),
        `${signed(row.variance)} ${word(row.variance)}`,
        baht(row.varianceValue),
        row.drift === 0 ? number(row.expected) : `${number(row.expected)} ${signed(row.drift)} since counted`,
      ]);
    }
    const shortRow = review.rows.find((row) => row.kind === 'counted' && row.productId === short.id);
    expect(shortRow).toMatchObject({ variance: -1, countedAgainst: short.expected });
    await capture('rows-en');

    // Filters from the keyboard (Alt+2 … Alt+5) show the rows counting.review gives for each.
    const filters = [
      ['Digit2', 'variance', 'With variance'],
      ['Digit3', 'notCounted', 'Not counted'],
      ['Digit4', 'unknown', 'Unknown codes'],
      ['Digit5', 'drifted', 'Changed since counted'],
    ] as const;
    for (const [key, filter, label] of filters) {
      await page.keyboard.press(`Alt+${key}`);
      const expected = await call('counting.review', { sessionId, filter, limit: PAGE_SIZE });
      await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toContain(label);
      await expect.poll(rowHeads).toEqual(expected.rows.map(keyOf));
      expect(expected.rows.length).toBeGreaterThan(0);
    }
    expect(squash(await bodyRows.first().locator('[data-testid="expected-now"]').textContent())).toBe(
      `${number(drifting.expected + 5)} +5 since counted`,
    );

    // Back to all with the arrow keys of the tabs, then the next page and back (Alt+PgDn / Alt+PgUp).
    await page.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('Home');
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toContain('All');
    // Paging acts on the list shown: wait for the first page of "all" (a person sees it before paging).
    await expect.poll(rowHeads).toEqual(review.rows.map(keyOf));
    await page.keyboard.press('Alt+PageDown');
    const second = await call('counting.review', { sessionId, offset: PAGE_SIZE, limit: PAGE_SIZE });
    await expect.poll(rowHeads).toEqual(second.rows.map(keyOf));
    const lastOnSecond = Math.min(2 * PAGE_SIZE, review.matching);
    expect(await page.getByTestId('rows-range').textContent()).toBe(
      `Rows ${number(PAGE_SIZE + 1)}–${number(lastOnSecond)} of ${number(review.matching)}`,
    );
    await page.keyboard.press('Alt+PageUp');
    await expect.poll(rowHeads).toEqual(review.rows.map(keyOf));

    // Ctrl+E saves the CSV main writes, byte for byte (its byte-order mark included).
    const exported = await call('counting.exportCsv', { sessionId });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Control+KeyE'),
    ]);
    expect(download.suggestedFilename()).toBe(exported.fileName);
    expect(readFileSync(await download.path(), 'utf8')).toBe(exported.csv);
    await page.getByText(`Saved ${exported.fileName}.`).waitFor();

    // The commit dialog (Ctrl+Enter): the unknown-code question first, refuse chosen by default.
    await page.keyboard.press('Control+Enter');
    const dialog = page.getByRole('dialog', { name: 'Commit this count to the outbox' });
    await dialog.waitFor();
    await expect.poll(() => focusedValue()).toBe('refuse');
    expect(await dialog.getByTestId('lines-to-send').textContent()).toBe(
      `Lines to send: ${number(totals.countedLines)}`,
    );
    await dialog.getByLabel('Count them as 0: their stock becomes 0').check();
    expect(await dialog.getByTestId('lines-to-send').textContent()).toBe(
      `Lines to send: ${number(totals.countedLines + totals.notCounted)}`,
    );
    await dialog.getByLabel('Leave their stock as it is').check();
    await capture('dialog-en');

    // Refused: the unknown code is not resolved, and the session stays open.
    await page.keyboard.press('Control+Enter');
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Not committed: unknown codes are not resolved (1)' })
      .waitFor();
    expect((await call('counting.session', { sessionId })).state).toBe('open');

    // Esc cancels; the Thai page and dialog are captured before the commit.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.getByRole('heading', { name: `ตรวจทาน: ${SESSION_NAME}` }).waitFor();
    await capture('rows-th');
    await page.getByRole('button', { name: /^ยืนยันส่งเข้ารายการรอส่ง/ }).click();
    await page.getByRole('dialog', { name: 'ยืนยันผลการนับเข้ารายการรอส่ง' }).waitFor();
    await capture('dialog-th');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'English' }).click();

    // Discard the unknown code, leave the not counted: committed.
    await page.getByRole('button', { name: /^Commit to outbox/ }).click();
    await dialog.getByLabel('Discard them: their units are not sent').check();
    await dialog.getByRole('button', { name: 'Commit (Ctrl+Enter)' }).click();
    const committedPanel = page.getByTestId('committed');
    await committedPanel.waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const committed = await call('counting.session', { sessionId });
    expect(committed.state).toBe('committed');
    expect(committed.notCounted).toBe('leave');
    expect(committed.outboxOperationIds).toHaveLength(totals.countedLines);
    expect(await committedPanel.textContent()).toContain(
      `Lines sent to the outbox: ${number(totals.countedLines)}`,
    );
    expect(await committedPanel.textContent()).toContain('Unknown codes discarded: 1');
    const ids = committed.outboxOperationIds.map((id) => `#${id}`);
    for (const id of [ids[0], ids.at(-1)])
      expect(await committedPanel.getByTestId('operation-ids').textContent()).toContain(id);
    const queued = (await call('outbox.list', { state: 'all', limit: 500 })).items.filter(
      (item) => item.sessionId === sessionId,
    );
    expect(queued.map((item) => item.id).sort()).toEqual([...committed.outboxOperationIds].sort());

    // The expected figures are those frozen at commit, and the heading says so (it said "Expected now").
    await expect
      .poll(() => page.getByTestId('expected-heading').textContent())
      .toMatch(/^\s*Expected at commit\s*$/);
    // Read-only now: no commit button, still exportable; the outbox is a key away.
    expect(await page.getByRole('button', { name: /^Commit to outbox/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Export CSV (Ctrl+E)' }).waitFor();
    await expect.poll(() => focusedText()).toContain('Open the Outbox');
    await capture('committed-en');
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.getByRole('heading', { name: 'ยืนยันเข้ารายการรอส่งแล้ว' }).waitFor();
    expect((await page.getByTestId('expected-heading').textContent())?.trim()).toBe('ควรมีตอนยืนยัน');
    await capture('committed-th');
    await page.getByRole('button', { name: 'English' }).click();

    // Esc goes back to counting; reopened, the read-only review starts on Export; the Outbox button
    // leads to the outbox page.
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: `Counting: ${SESSION_NAME}` }).waitFor();
    await page.keyboard.press('F10');
    await expect.poll(focusedText).toContain('Export CSV');
    await page.getByRole('button', { name: 'Open the Outbox (F7)' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /^Outbox/ }).getAttribute('aria-current'))
      .toBe('page');

    expect(problems).toEqual([]);
  }, 180_000);

  it('keeps a large variance inside its boxes at 1366×768, in English and Thai', async () => {
    const { page, problems } = app;
    const [first, second] = (await stockedProducts(2)) as [Counted, Counted];
    const name = 'E2E big variance';
    const session = await call('counting.createSession', { warehouseCode: 'W0001', name });
    // Far over: the most a count line takes (the typed-number rule's bound), a variance worth millions.
    await call('counting.scan', { sessionId: session.id, code: first.barcode, quantity: 1_000_000 });
    await call('counting.scan', { sessionId: session.id, code: second.barcode, quantity: 1_000_000 });
    await page.setViewportSize({ width: 1366, height: 768 });
    try {
      await page.keyboard.press('F3');
      await page
        .getByRole('row')
        .filter({ hasText: name })
        .getByRole('button', { name: /^Count/ })
        .click();
      await page.getByRole('heading', { name: `Counting: ${name}` }).waitFor();
      await page.keyboard.press('F10');
      await page.getByRole('heading', { name: `Review: ${name}`, level: 2 }).waitFor();
      await expect.poll(() => focusedText()).toContain('Commit to outbox');
      expect(squash(await page.getByTestId('total-varianceValue').textContent()).length).toBeGreaterThan(18);

      // What spills out of its box: a totals figure wider than its box, or the page wider than the window.
      const overflowing = () =>
        page.evaluate(`[
          ...[...document.querySelectorAll('.totals .figure')]
            .filter((box) => box.scrollWidth > box.clientWidth + 1)
            .map((box) => box.textContent.replace(/\\s+/g, ' ').trim()),
          ...(document.documentElement.scrollWidth > window.innerWidth + 1 ? ['the page'] : []),
        ]`) as Promise<string[]>;
      expect(await overflowing()).toEqual([]);
      await app.screenshot('review-big-variance-en', { fullPage: false });
      await expectAccessible(page, 'big variance in English');
      await page.getByRole('button', { name: 'ภาษาไทย' }).click();
      await page.getByRole('heading', { name: `ตรวจทาน: ${name}`, level: 2 }).waitFor();
      expect(await overflowing()).toEqual([]);
      await app.screenshot('review-big-variance-th', { fullPage: false });
      await expectAccessible(page, 'big variance in Thai');
      await page.getByRole('button', { name: 'English' }).click();
      await call('counting.discard', { sessionId: session.id });
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
    expect(problems).toEqual([]);
  }, 90_000);
});
