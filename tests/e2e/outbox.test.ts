// The Outbox page and the frame's status in real Chromium through the web host, on real services.
// 1. Demo store: three lines counted with the drift policy "ask", stock sold on the back office (v4)
//    before the commit, so the drainer parks each line with a drift reason. The page opens with the
//    focus on the first parked row, shows the reason in words and the figures; "send again" with
//    "keep the difference", "edit figure" (bad input named, then 7) and "discard" with a note each act
//    (checked through outbox.list/parked and the back office's stock over v4); the frame's parked
//    count follows and the drain progress shows.
// 2. A store of our own (a sandbox we drive): failing requests make the frame say offline and why, with
//    the waiting count; revoked credentials pause the queue (banner, reason); restored, Resume drains
//    two batches while the page shows "n of 6" progress, and the back office has the counted figures;
//    a spent daily quota holds sending until a time the page names.
// Screenshots in both languages, axe (no serious/critical), no console error or CSP violation.
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_STORE } from '../../src-main/services/demo-credentials.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-harness.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { backOffice, outboxInBothLanguages } from './support/outbox-helpers.js';
import { expectAccessible, focusedElement, screenshot } from './support/page-helpers.js';

const WAREHOUSE = 'W0001';

const app = appUnderTest({
  name: 'outbox',
  // Short retry waits: the offline rows come round again in a second, not minutes.
  outboxTiming: { backoff: { baseMs: 200, maxMs: 1_000 } },
});
/** Read at each use: the app starts in beforeAll. */
const call: Call = (name, args) => app.call(name, args);
/** The store of the second test, started there. */
let ownStore: TestSandbox | undefined;

afterAll(async () => {
  await ownStore?.close();
});

const figure = (value: number | null) => (value ?? NaN).toLocaleString('en-GB');

/** Counts each product (by SKU, with a quantity) in a new session and commits it; the operation ids. */
async function countAndCommit(
  warehouseCode: string,
  driftPolicy: 'ask' | 'keepCounted',
  lines: ReadonlyArray<{ sku: string; counted: number }>,
  beforeCommit: () => Promise<void> = async () => {},
): Promise<number[]> {
  const session = await call('counting.createSession', {
    warehouseCode,
    driftPolicy,
    name: `Outbox ${warehouseCode}`,
  });
  for (const line of lines)
    await call('counting.scan', { sessionId: session.id, code: line.sku, quantity: line.counted });
  await beforeCommit();
  return (await call('counting.commit', { sessionId: session.id })).operationIds;
}

describe('the Outbox page and the frame in Chromium through the web host', () => {
  it('parks drifted count lines and lets a person send again, edit and discard them', async () => {
    const { page, problems } = app;
    await app.openDemoStore();
    await page.getByTestId('outbox-waiting').filter({ hasText: 'Waiting to send: 0' }).waitFor();
    const lastSync = page.getByText(/^Last sync: (now|\d+ min ago)$/);
    await lastSync.waitFor();
    // The absolute time, in Thai time, is the title of the relative one.
    expect(await lastSync.getAttribute('title')).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);

    const profile = await call('profiles.active', {});
    const server = backOffice(profile?.baseUrl ?? '');
    try {
      const [p0, p1, p2] = (await server.products(WAREHOUSE)).filter((product) => product.stock >= 5);
      if (p0 === undefined || p1 === undefined || p2 === undefined) throw new Error('too few products');
      // Counted: exact, one over, one short; then 2 of each are sold on the back office before sending.
      const counted = new Map([
        [p0.id, p0.stock],
        [p1.id, p1.stock + 1],
        [p2.id, p2.stock - 1],
      ]);
      const ids = await countAndCommit(
        WAREHOUSE,
        'ask',
        [p0, p1, p2].map((product) => ({ sku: product.sku, counted: counted.get(product.id) ?? 0 })),
        async () => {
          for (const product of [p0, p1, p2]) await server.sell(WAREHOUSE, product.id, 2);
        },
      );
      expect(ids).toHaveLength(3);
      await expect.poll(async () => (await call('outbox.parked', {})).length, { timeout: 20_000 }).toBe(3);
      const parked = await call('outbox.parked', {});
      expect(parked.map((row) => row.reasonCode)).toEqual(['DRIFT_ASK', 'DRIFT_ASK', 'DRIFT_ASK']);

      // The frame counts them; its button opens the Outbox with the focus on the first parked row.
      await page.getByRole('button', { name: 'Need attention: 3' }).click();
      await page.getByRole('heading', { name: 'Outbox', level: 2 }).waitFor();
      await expect.poll(() => focusedElement(page)).toMatch(/^<li[^>]*data-testid="parked-row"/);
      const rows = page.getByTestId('parked-row');
      expect(await rows.count()).toBe(3);
      for (const [index, row] of parked.entries()) {
        const shown = rows.nth(index);
        expect(await shown.textContent()).toContain(row.sku ?? '?');
        expect(await shown.getByRole('paragraph').first().textContent()).toBe(
          `The stock changed on the back office after this was counted: counted ${figure(row.value)} when ` +
            `${figure(row.countedAgainst)} was expected, and the back office now has ${figure(row.serverBefore)}. ` +
            'Choose which figure to keep.',
        );
        expect(await shown.getByTestId('server-before').textContent()).toBe(figure(row.serverBefore));
        expect(await shown.getByTestId('this-pc').textContent()).toBe(figure(row.value));
        expect(row.serverBefore).toBe((row.countedAgainst ?? NaN) - 2);
      }
      await page.getByRole('heading', { name: 'Need attention (3)' }).waitFor();
      await outboxInBothLanguages(page, 'outbox-parked');
      await rows.first().focus();

      // Up/Down move between the rows; D opens the discard question, Esc takes it back to the row.
      const rowTitle = (index: number) => `aria-labelledby="parked-${parked[index]?.id ?? 0}-title"`;
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focusedElement(page)).toContain(rowTitle(1));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focusedElement(page)).toContain(rowTitle(2));
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => focusedElement(page)).toContain(rowTitle(0));
      await page.keyboard.press('d');
      await expect.poll(() => focusedElement(page)).toMatch(/^<input[^>]*parked-\d+-note/);
      await page.keyboard.press('Escape');
      await expect.poll(() => focusedElement(page)).toContain(rowTitle(0));
      expect(await page.getByLabel('Note (optional): why it is discarded').count()).toBe(0);

      // R on the first row: the drift choice; "keep the difference" sends counted − 2.
      const [first, second, third] = parked as [(typeof parked)[0], (typeof parked)[0], (typeof parked)[0]];
      const keepDifference = (first.value ?? NaN) - 2;
      await page.keyboard.press('r');
      await page.getByRole('group', { name: 'Which figure should the back office keep?' }).waitFor();
      await expect
        .poll(() => focusedElement(page))
        .toContain(`Keep the difference: send ${figure(keepDifference)}`);
      await screenshot(page, 'outbox-retry-choice-en');
      await page.keyboard.press('Enter');
      await page.getByText(/^Sent again: Stock count line: /).waitFor();
      await expect
        .poll(async () => (await call('outbox.list', { state: 'done' })).items.map((item) => item.id), {
          timeout: 20_000,
        })
        .toContain(first.id);
      expect(await server.stockOf(WAREHOUSE, first.productId ?? 0)).toBe(keepDifference);
      await page.getByText(/^Last run: \d+ of \d+ settled$/).waitFor();
      expect(await page.getByRole('progressbar', { name: 'Sending progress' }).count()).toBe(1);
      await page.getByRole('button', { name: 'Need attention: 2' }).waitFor();

      // E on the next row (it has the focus now): bad figures are named, 7 is sent.
      await expect.poll(() => focusedElement(page)).toMatch(/^<li[^>]*data-testid="parked-row"/);
      await page.keyboard.press('e');
      const field = page.getByLabel('New figure to send (0 or more)');
      await expect.poll(() => focusedElement(page)).toMatch(/^<input[^>]*parked-\d+-figure/);
      expect(await field.inputValue()).toBe(String(second.value));
      await field.fill('abc');
      await page.keyboard.press('Enter');
      await page
        .getByRole('alert')
        .filter({ hasText: '“abc” is not a number. Type a figure such as 12 or 2.5.' })
        .waitFor();
      await field.fill('-1');
      await page.keyboard.press('Enter');
      await page
        .getByRole('alert')
        .filter({ hasText: 'The figure cannot be below 0 (you typed -1).' })
        .waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, 'outbox-edit-error-en');
      expect((await call('outbox.parked', {})).map((row) => row.id)).toContain(second.id);
      await field.fill('7');
      await page.keyboard.press('Enter');
      await page.getByText(/^Figure 7 will be sent: /).waitFor();
      await expect
        .poll(async () => (await call('outbox.list', { state: 'done' })).items.map((item) => item.id), {
          timeout: 20_000,
        })
        .toContain(second.id);
      expect(await server.stockOf(WAREHOUSE, second.productId ?? 0)).toBe(7);

      // Alt+D from anywhere: discard the last one with a note; it stays in the history.
      await page.getByRole('heading', { name: 'Outbox', level: 2 }).click();
      await page.keyboard.press('Alt+KeyD');
      await page.getByLabel('Note (optional): why it is discarded').fill('Shelf recounted next week');
      // Enter in the note discards nothing: it moves to "go back". The discard is Tab, then Enter.
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedElement(page)).toMatch(/>Go back, change nothing \(Esc\)</);
      expect((await call('outbox.parked', {})).map((row) => row.id)).toEqual([third.id]);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByText(/^Discarded: Stock count line: /).waitFor();
      expect(await call('outbox.parked', {})).toEqual([]);
      const discarded = await call('outbox.list', { state: 'discarded' });
      expect(discarded.items.map((item) => item.id)).toEqual([third.id]);
      expect(await server.stockOf(WAREHOUSE, third.productId ?? 0)).toBe(third.serverBefore);
      await page.getByRole('button', { name: 'Need attention: 0' }).waitFor();
      await page.getByText('Nothing needs attention.').waitFor();
      await expect.poll(() => focusedElement(page)).toMatch(/^<h2[^>]*id="outbox-title"/);

      // Alt+H: the history, with every row's state in words.
      await page.keyboard.press('Alt+KeyH');
      await page.getByRole('button', { name: 'All, with history (Alt+H)', pressed: true }).waitFor();
      const table = page.getByTestId('operations');
      for (const [id, state] of [
        [first.id, 'Sent'],
        [second.id, 'Sent'],
        [third.id, 'Discarded'],
      ] as const) {
        const row = (await call('outbox.list', { state: 'all' })).items.find((item) => item.id === id);
        await table
          .getByRole('row')
          .filter({ hasText: row?.sku ?? '?' })
          .filter({ hasText: state })
          .waitFor();
      }
      await screenshot(page, 'outbox-history-en');
      await expectAccessible(page);
    } finally {
      await server.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('shows offline and why, a paused queue with Resume, a drain in two batches and a quota hold', async () => {
    const { page, problems } = app;
    ownStore = await startTestSandbox({ products: 12 });
    const sandbox = ownStore;
    await call('profiles.add', {
      displayName: 'Test shop',
      baseUrl: sandbox.url,
      storename: DEMO_STORE.name,
      apikey: DEMO_STORE.apikey,
      apisecret: DEMO_STORE.apisecret,
      activate: true,
    });
    await page.getByText('Store: Test shop').waitFor();
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 30_000 });
    const server = backOffice(sandbox.url);
    try {
      const plans = await Promise.all(
        ['W0001', 'W0002'].map(async (warehouseCode) => ({
          warehouseCode,
          lines: (await server.products(warehouseCode)).slice(0, 3).map((product) => ({
            id: product.id,
            sku: product.sku,
            counted: product.stock + 3,
          })),
        })),
      );
      // Every request fails: the count is kept and waits; the frame says offline and why.
      sandbox.handle.setFaults({ failRate: 1, failModes: [{ mode: 'http500', timing: 'before' }] });
      for (const plan of plans) await countAndCommit(plan.warehouseCode, 'keepCounted', plan.lines);
      await page.getByText('Back office: offline (work is kept and sent later)').waitFor({ timeout: 20_000 });
      await page
        .getByTestId('connectivity-reason')
        .filter({ hasText: 'the store’s server failed while answering' })
        .waitFor();
      await page.getByTestId('outbox-waiting').filter({ hasText: 'Waiting to send: 6' }).waitFor();
      await page.keyboard.press('F7');
      await page.getByRole('heading', { name: 'Outbox', level: 2 }).waitFor();
      // Another store: the page starts again from what is not yet sent, with no message of the last one.
      await page.getByRole('button', { name: 'Not yet sent', pressed: true }).waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'Discarded:' }).count()).toBe(0);
      await page
        .getByTestId('operations')
        .getByRole('row')
        .filter({ hasText: 'Will try again' })
        // The server's own words are behind Details, not the message.
        .filter({ hasText: 'Last try failed: The back office had a problem answering' })
        .first()
        .waitFor();
      await outboxInBothLanguages(page, 'outbox-offline');

      // The store refuses the key: the queue pauses, the page says why and offers Resume.
      sandbox.handle.revokeStore(DEMO_STORE.name);
      sandbox.handle.clearFaults();
      await page.getByRole('heading', { name: 'Sending is paused' }).waitFor({ timeout: 30_000 });
      await page.getByText('Back office: sending paused').waitFor();
      await page
        .getByTestId('connectivity-reason')
        .filter({ hasText: 'the store refused the API key or secret' })
        .waitFor();
      await page
        .getByTestId('paused-reason-sentence')
        .getByText('The back office refused this store’s key')
        .waitFor();
      expect(await page.getByTestId('paused-reason-details').textContent()).toContain('Invalid API');
      expect((await call('outbox.summary', {})).paused).toBe(true);
      // The run that hit the refusal is over: no "sending" figure is left standing.
      expect(await page.getByText(/^Sending \d+ of \d+$/).count()).toBe(0);
      await outboxInBothLanguages(page, 'outbox-paused');

      // Fixed; Resume (Alt+S) drains the two warehouses' batches one after the other, slowly enough to see.
      sandbox.handle.restoreStore(DEMO_STORE.name);
      sandbox.handle.setFaults({ latencyMs: 400 });
      // Both batches due (no retry wait left), so one run takes the six rows.
      await expect
        .poll(async () =>
          (await call('outbox.list', {})).items.every((item) => (item.nextAttemptAt ?? 0) <= Date.now()),
        )
        .toBe(true);
      await page.keyboard.press('Alt+KeyS');
      await page.getByText('Sending: 3 of 6 settled').waitFor({ timeout: 20_000 });
      await page.getByText('Last run: 6 of 6 settled').waitFor({ timeout: 20_000 });
      await page.getByTestId('outbox-waiting').filter({ hasText: 'Waiting to send: 0' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Sending is paused' }).count()).toBe(0);
      for (const plan of plans) {
        for (const line of plan.lines)
          expect(await server.stockOf(plan.warehouseCode, line.id)).toBe(line.counted);
      }
      sandbox.handle.clearFaults();

      // The store's daily limit is used up: sending waits until the next Thai day and says until when.
      sandbox.handle.setQuota(10_000);
      sandbox.handle.setQuotaUsed(DEMO_STORE.name, 10_000);
      const [line] = plans[0]?.lines ?? [];
      await countAndCommit('W0001', 'keepCounted', [{ sku: line?.sku ?? '?', counted: 1 }]);
      await expect
        .poll(async () => (await call('outbox.summary', {})).holdUntil, { timeout: 20_000 })
        .not.toBeNull();
      const until = (await call('outbox.summary', {})).holdUntil ?? 0;
      const untilText = new Intl.DateTimeFormat('en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Asia/Bangkok',
      }).format(until);
      await page.getByRole('heading', { name: `Sending waits until ${untilText}` }).waitFor();
      await page.getByRole('button', { name: 'Try now (Alt+S)' }).waitFor();
      await page
        .getByTestId('connectivity-reason')
        .filter({ hasText: 'the store’s daily request limit is used up' })
        .waitFor();
      await outboxInBothLanguages(page, 'outbox-held');
    } finally {
      await server.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
