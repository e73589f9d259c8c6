// Issue 24's person at work, in real Chromium through the web host, keyboard only, against the sandbox
// over loopback: F3, Alt+D "Count next" → Enter on the focused "count today's share" → a shelf label
// scanned, the share's products scanned onto it → another shelf scanned and confirmed empty (Alt+E,
// Tab, Enter) → F10, the review by shelf listing the shelf nobody visited → Enter on the focused Commit,
// Enter on the dialog's focused Commit → the outbox drains to the sandbox, whose stock (v4 GetProducts)
// is each product's count → F3, Alt+D, Alt+Y: the accuracy page holds the new lines. Twice: the first
// pass in English, switching to Thai mid-way (after the scans); the second all in Thai, on the next
// day's share (the first share is counted, so no longer due).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { scanCode } from '../support/scanner-input.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { expectAccessible, focusedElement } from './support/page-helpers.js';

const STORE = {
  name: 'e2e-cycle-shelves',
  apikey: 'e2e-cycle-shelves-01',
  apisecret: 'e2e-cycle-secret',
} as const;
const WAREHOUSE = 'W0001';
const SHARE = 2;
const SHELVES = [
  ['SHELF-F-01', 'ชั้นหน้า แถว 1'],
  ['SHELF-F-02', 'Front, row 2'],
  ['SHELF-F-03', 'Back room'],
] as const;

const WORDS = {
  en: {
    sessions: 'Count sessions',
    countNext: 'Count next',
    share: `Count today’s share: ${SHARE} products (Alt+S)`,
    ready: 'Ready to scan',
    shelf: 'Shelf:',
    goBack: 'Go back',
    confirmed: 'confirmed empty',
    notVisited: 'Shelves not visited (1)',
    commit: 'Commit to outbox',
    confirm: 'Commit (Ctrl+Enter)',
    accuracy: 'Count accuracy',
  },
  th: {
    sessions: 'รอบการนับสต็อก',
    countNext: 'นับต่อไป',
    share: `นับส่วนของวันนี้: ${SHARE} รายการ (Alt+S)`,
    ready: 'พร้อมสแกน',
    shelf: 'ชั้นวาง:',
    goBack: 'ย้อนกลับ',
    confirmed: 'ยืนยันว่าว่างแล้ว',
    notVisited: 'ชั้นวางที่ยังไม่ได้นับ (1)',
    commit: 'ยืนยันส่งเข้ารายการรอส่ง',
    confirm: 'ยืนยัน (Ctrl+Enter)',
    accuracy: 'ความแม่นยำของการนับ',
  },
} as const;
type Language = keyof typeof WORDS;

const app = appUnderTest({
  name: 'cycle-shelves-flow',
  outboxTiming: { settleMs: 1_000, leaseTtlMs: 3_000, backoff: { baseMs: 300, maxMs: 2_000 } },
  sandbox: { products: 30, stores: [STORE], log: () => {} },
});
const call: Call = (name, args) => app.call(name, args);
const focused = () => focusedElement(app.page);

/** The sandbox's stock of each product in the warehouse, read through v4 (GetProducts). */
async function serverStock(): Promise<Map<number, number>> {
  const answer = await app.sandbox.call('GetProducts', { query: { warehousecode: WAREHOUSE, limit: 100 } });
  const list = (answer.body as { list: Array<Record<string, unknown>> }).list;
  return new Map(list.map((raw) => [Number(raw.id), Number(raw.stock)]));
}

/** The language button, reached by focus and pressed with Enter. */
async function switchToThai(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'ภาษาไทย' }).focus();
  await page.keyboard.press('Enter');
  await page.locator('html[lang="th"]').waitFor();
}

beforeAll(async () => {
  await call('profiles.add', {
    displayName: 'E2E cycle shelves store',
    baseUrl: app.sandbox.url,
    storename: STORE.name,
    apikey: STORE.apikey,
    apisecret: STORE.apisecret,
    defaultWarehouseCode: WAREHOUSE,
    activate: true,
  });
  await call('cycle.setSettings', { dailyShare: String(SHARE) });
});

describe('Count next to accuracy, shelf by shelf, in Chromium through the web host', () => {
  it('counts two days’ shares by shelf from the keyboard, in English then Thai', async () => {
    const { page, problems } = app;
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
    // The shelves (typed on their own page in shelves.test.ts) once the catalogue knows the warehouse.
    for (const [code, name] of SHELVES) await call('shelves.save', { warehouseCode: WAREHOUSE, code, name });
    const counted = new Set<number>();
    let language: Language = 'en';

    for (const pass of [1, 2] as const) {
      const words = () => WORDS[language];
      const due = await call('cycle.countNext', { warehouseCode: WAREHOUSE, limit: 50 });
      const share = due.rows.slice(0, SHARE).map((row) => row.productId);
      expect(share).toHaveLength(SHARE);
      // What was counted in the first pass is not due in the second.
      expect(share.filter((productId) => counted.has(productId))).toEqual([]);

      // F3, Alt+D: Count next, its "today's share" button focused; Enter opens the scoped count.
      await page.keyboard.press('F3');
      await page.getByRole('heading', { name: words().sessions, level: 2 }).waitFor();
      await page.keyboard.press('Alt+KeyD');
      await page.getByRole('heading', { name: words().countNext, level: 2 }).waitFor();
      await page.getByRole('button', { name: words().share }).waitFor();
      await expect.poll(focused, { timeout: 15_000 }).toContain(words().share.split(':')[0] ?? '');
      await page.keyboard.press('Enter');
      await page.getByText(words().ready).waitFor();
      const session = (await call('counting.listSessions', { state: 'open' }))[0];
      if (session === undefined) throw new Error('no session opened');
      expect(session.scope).toMatchObject({ kind: 'products', products: SHARE });

      // A shelf label, then the share: the first product twice, the second once.
      const [first, second] = await Promise.all(
        share.map((productId) => call('catalogue.product', { productId })),
      );
      if (first === undefined || second === undefined) throw new Error('the share’s products');
      const shelfShown = page.getByTestId('current-shelf');
      const [[onCode, onName], [emptyCode], [notVisitedCode, notVisitedName]] = SHELVES;
      await scanCode(page, onCode);
      await shelfShown.getByText(`${words().shelf} ${onCode} ${onName}`).waitFor();
      for (const product of [first, first, second]) {
        await scanCode(page, product.barcode !== '' ? product.barcode : product.sku);
      }
      const units = async () =>
        (await call('counting.lines', { sessionId: session.id })).reduce(
          (sum, line) => sum + line.counted,
          0,
        );
      await expect.poll(units, { timeout: 20_000 }).toBe(3);
      if (pass === 1) {
        await switchToThai(page);
        language = 'th';
      }

      // Another shelf, confirmed empty: Alt+E asks with "go back" focused; Tab, Enter says yes.
      await scanCode(page, emptyCode);
      await shelfShown.getByText(`${words().shelf} ${emptyCode}`).waitFor();
      await page.keyboard.press('Alt+KeyE');
      await page.getByTestId('confirm-shelf-empty').waitFor();
      await expect.poll(focused).toContain(words().goBack);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await shelfShown.getByText(words().confirmed).waitFor();

      // F10: the review by shelf, the third shelf not visited; Commit focused, Enter, Enter.
      await page.keyboard.press('F10');
      await expect.poll(focused, { timeout: 15_000 }).toContain(words().commit);
      const byShelf = page.getByTestId('shelf-review');
      await byShelf.getByText(words().notVisited).waitFor();
      await byShelf.getByText(`${notVisitedCode}`).waitFor();
      await byShelf.getByText(notVisitedName).waitFor();
      await expectAccessible(page, `review by shelf, pass ${pass}`);
      await app.screenshot(`cycle-shelves-review-${pass}`);
      const review = await call('counting.shelfReview', { sessionId: session.id });
      expect(review.shelves.map((shelf) => [shelf.code, shelf.rows.length])).toEqual([
        [onCode, 2],
        [emptyCode, 0],
      ]);
      const accuracyBefore = await call('cycle.accuracy', { warehouseCode: WAREHOUSE });
      // What the two new lines add to it: each counted against the warehouse's figure, valued at cost.
      const { tolerance } = await call('cycle.settings', {});
      let [within, variance] = [0, 0];
      for (const [product, units] of [
        [first, 2],
        [second, 1],
      ] as const) {
        const against =
          product.stockByWarehouse.find((row) => row.warehouseCode === WAREHOUSE)?.expected ?? 0;
        const slack = tolerance.kind === 'units' ? tolerance.value : (tolerance.value / 100) * against;
        if (Math.abs(units - against) <= slack + 1e-6) within += 1;
        variance += Math.round((units - against) * product.purchaseprice * 100);
      }
      await page.keyboard.press('Enter');
      await page.locator('dialog.commit-dialog[open]').waitFor();
      await expect.poll(focused).toContain(words().confirm);
      await page.keyboard.press('Enter');
      await page.getByTestId('committed').waitFor();

      // Through the outbox to the sandbox: its stock, read through v4, is what was counted, sent once.
      await expect
        .poll(
          async () => {
            const stock = await serverStock();
            return [stock.get(first.id), stock.get(second.id)];
          },
          { timeout: 60_000 },
        )
        .toEqual([2, 1]);
      const sent = (await call('outbox.list', { state: 'all', limit: 100 })).items.filter(
        (item) => item.kind === 'stockCount',
      );
      expect(sent.map((item) => item.state)).toEqual(Array(SHARE * pass).fill('done'));
      for (const productId of share) counted.add(productId);

      // F3, Alt+D, Alt+Y: the accuracy page holds two more counted lines.
      await page.keyboard.press('F3');
      await page.getByRole('heading', { name: words().sessions, level: 2 }).waitFor();
      await page.keyboard.press('Alt+KeyD');
      await page.getByRole('heading', { name: words().countNext, level: 2 }).waitFor();
      await page.keyboard.press('Alt+KeyY');
      await page.getByRole('heading', { name: `${words().accuracy} · ${WAREHOUSE}` }).waitFor();
      const total = (report: typeof accuracyBefore) => report.rows.reduce((sum, row) => sum + row.lines, 0);
      const report = await call('cycle.accuracy', { warehouseCode: WAREHOUSE });
      expect(total(report)).toBe(total(accuracyBefore) + SHARE);
      expect(total(report)).toBe(SHARE * pass);
      const sum = (report: typeof accuracyBefore, field: 'withinTolerance' | 'varianceValue') =>
        report.rows.reduce((sum, row) => sum + Math.round(row[field] * 100), 0);
      expect(sum(report, 'withinTolerance') - sum(accuracyBefore, 'withinTolerance')).toBe(within * 100);
      expect(sum(report, 'varianceValue') - sum(accuracyBefore, 'varianceValue')).toBe(variance);
      // The page's "lines" column adds up to the same figure.
      await expect
        .poll(async () => {
          const cells = await page.getByRole('table').locator('tbody tr td:nth-child(3)').allInnerTexts();
          return cells.reduce((sum, cell) => sum + Number(cell.replace(/,/g, '')), 0);
        })
        .toBe(SHARE * pass);
      await app.screenshot(`cycle-shelves-accuracy-${pass}`);
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
