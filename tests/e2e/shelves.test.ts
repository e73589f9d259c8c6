// Shelves in real Chromium through the web host, from the keyboard, in English and Thai (issue 24,
// decision 0021), against the sandbox over loopback: F3, Alt+W: shelves typed (a bad code refused,
// naming the field, in both languages) and imported from CSV (a bad row refused naming the row and
// field; the good file twice changes nothing); Alt+L prints a label per shelf, decoded back with
// zbarimg at 203 dpi. Then a count: a shelf label's scan → scans → another shelf → the same product
// again → a third shelf confirmed empty (Alt+E, "go back" focused) → the review by shelf, with the
// shelf nobody visited → commit; the back office's stock, read through v4, is each product's sum over
// its shelves, sent once.
import { beforeAll, describe, expect, it } from 'vitest';
import { scanCode } from '../support/scanner-input.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { expectAccessible, focusedElement, inBothLanguages } from './support/page-helpers.js';
import { printPdf } from './support/pdf-pages.js';
import { decodedPages } from './support/printed-barcodes.js';

const STORE = { name: 'e2e-shelves', apikey: 'e2e-shelves-key-01', apisecret: 'e2e-shelves-secret' } as const;
const WAREHOUSE = 'W0001';
const THAI_NAME = 'ชั้นวางเครื่องดื่มเย็น แถวหน้า';

const app = appUnderTest({
  name: 'shelves',
  outboxTiming: { settleMs: 1_000, leaseTtlMs: 3_000, backoff: { baseMs: 300, maxMs: 2_000 } },
  sandbox: { products: 30, stores: [STORE], log: () => {} },
});
const call: Call = (name, args) => app.call(name, args);
const focused = () => focusedElement(app.page);

interface ServerProduct {
  readonly id: number;
  readonly sku: string;
  readonly barcode: string;
  readonly stock: number;
}

async function serverProducts(): Promise<ServerProduct[]> {
  const answer = await app.sandbox.call('GetProducts', { query: { warehousecode: WAREHOUSE, limit: 100 } });
  return (answer.body as { list: Array<Record<string, unknown>> }).list.map((raw) => ({
    id: Number(raw.id),
    sku: String(raw.sku ?? ''),
    barcode: String(raw.barcode ?? ''),
    stock: Number(raw.stock),
  }));
}

beforeAll(async () => {
  await call('profiles.add', {
    displayName: 'E2E shelves store',
    baseUrl: app.sandbox.url,
    storename: STORE.name,
    apikey: STORE.apikey,
    apisecret: STORE.apisecret,
    defaultWarehouseCode: WAREHOUSE,
    activate: true,
  });
});

describe('shelves in Chromium through the web host', () => {
  it('types, imports and labels shelves, then counts shelf by shelf into one figure per product', async () => {
    const { page, problems } = app;
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });
    await page.evaluate('window.print = () => {}');

    // F3, Alt+W: the shelves page, the code field focused.
    await page.keyboard.press('F3');
    await page.getByRole('heading', { name: 'Count sessions', level: 2 }).waitFor();
    await page.keyboard.press('Alt+KeyW');
    await page.getByRole('heading', { name: 'Shelves', level: 2 }).waitFor();
    await expect.poll(focused).toContain('shelf-code');
    // A code not of the shape is refused naming the field, never upper-cased.
    await page.keyboard.type('shelf-a-01');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ชั้น A');
    await page.keyboard.press('Enter');
    const problem = page.getByTestId('shelves-problem-sentence');
    await problem.filter({ hasText: 'code: a shelf code is SHELF- then' }).waitFor();
    await inBothLanguages(page, 'shelves-refused', {
      th: problem.filter({ hasText: 'รหัส: รหัสชั้นวางคือ SHELF-' }),
      en: problem.filter({ hasText: 'code: a shelf code is SHELF-' }),
    });
    expect(await call('shelves.list', { warehouseCode: WAREHOUSE })).toEqual([]);
    await page.getByTestId('shelf-code').fill('');
    await page.getByTestId('shelf-code').focus();
    for (const [code, name] of [
      ['SHELF-A-01', THAI_NAME],
      ['SHELF-A-02', 'Aisle A, row 2'],
    ] as const) {
      await page.keyboard.type(code);
      await page.keyboard.press('Tab');
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
      await page
        .getByTestId('shelves-notice')
        .filter({ hasText: `Shelf ${code} saved.` })
        .waitFor();
      await expect.poll(focused).toContain('shelf-code');
    }

    // Alt+I: a CSV from another PC. A bad row refuses the file, named by row and field, in Thai too.
    const importFile = async (text: string) => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.keyboard.press('Alt+KeyI'),
      ]);
      await chooser.setFiles({ name: 'shelves.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    };
    const good = `\uFEFFwarehouse,code,name\r\n${WAREHOUSE},SHELF-B-01,Cold room\r\n${WAREHOUSE},SHELF-C-01,"Back, top"\r\n`;
    await importFile(`${good}${WAREHOUSE},C-02,no prefix\r\n`);
    await problem.filter({ hasText: 'Row 4, code: a shelf code is SHELF-' }).waitFor();
    await inBothLanguages(page, 'shelves-file-refused', {
      th: problem.filter({ hasText: 'แถว 4 ช่องรหัส:' }),
      en: problem.filter({ hasText: 'Row 4, code:' }),
    });
    expect(await call('shelves.list', { warehouseCode: WAREHOUSE })).toHaveLength(2);
    await importFile(good);
    await page.getByTestId('shelves-notice').filter({ hasText: '2 added, 0 renamed, 0 unchanged' }).waitFor();
    await importFile(good);
    await page.getByTestId('shelves-notice').filter({ hasText: '0 added, 0 renamed, 2 unchanged' }).waitFor();
    await expect.poll(() => page.getByTestId('shelves-table').getByRole('row').count()).toBe(5);
    await expectAccessible(page, 'shelves page');

    // Alt+L: a label per shelf on a 50 × 25 roll; each decodes back to its code (Code 128).
    await page.keyboard.press('Alt+KeyL');
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('printed-label').first().waitFor();
    await page.getByRole('combobox', { name: 'Labels' }).selectOption('roll-50x25');
    await expect
      .poll(() => dialog.locator('.label-page').first().getAttribute('class'))
      .toContain('roll-50x25');
    await dialog.getByText('4 codes, 4 labels, 4 pages').waitFor();
    const pdf = await printPdf(page, 'shelves-labels-50x25');
    expect(pdf.pages).toBe(4);
    expect(pdf.text).toContain('ชั้นวางเครื่องดื่มเย็น');
    expect(decodedPages(pdf.file, 'shelves-labels-50x25')).toEqual(
      ['SHELF-A-01', 'SHELF-A-02', 'SHELF-B-01', 'SHELF-C-01'].map((code) => `CODE-128:${code}`),
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A count of the warehouse: Esc, Alt+N, the warehouse preselected, a name, Enter.
    const [first, second] = (await serverProducts()).filter((product) => /^\d{8,14}$/.test(product.barcode));
    if (first === undefined || second === undefined) throw new Error('two products with barcodes');
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Count sessions', level: 2 }).waitFor();
    await page.keyboard.press('Alt+KeyN');
    await expect.poll(focused).toMatch(/^<select/);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Shelves count');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Counting: Shelves count' }).waitFor();
    await page.getByText('Ready to scan').waitFor();
    const [session] = await call('counting.listSessions', { state: 'open' });
    if (session === undefined) throw new Error('no open session');
    const shelfShown = page.getByTestId('current-shelf');
    await shelfShown.getByText('No shelf: scan a shelf label').waitFor();

    const counted = async () =>
      (await call('counting.lines', { sessionId: session.id })).reduce((sum, line) => sum + line.counted, 0);
    await scanCode(page, 'SHELF-A-01');
    await shelfShown.getByText(`Shelf: SHELF-A-01 ${THAI_NAME}`).waitFor();
    for (const code of [first.barcode, first.barcode, second.barcode]) await scanCode(page, code);
    await expect.poll(counted).toBe(3);
    await scanCode(page, 'SHELF-A-02');
    await shelfShown.getByText('Shelf: SHELF-A-02 Aisle A, row 2').waitFor();
    for (const code of [first.barcode, first.barcode, first.barcode]) await scanCode(page, code);
    await expect.poll(counted).toBe(6);
    await inBothLanguages(page, 'shelves-counting', {
      th: shelfShown.getByText('ชั้นวาง: SHELF-A-02 Aisle A, row 2'),
      en: shelfShown.getByText('Shelf: SHELF-A-02 Aisle A, row 2'),
    });
    // A shelf label the warehouse does not have is refused, and counts nothing.
    await scanCode(page, 'SHELF-Z-99');
    await page
      .getByText(/has no shelf SHELF-Z-99|SHELF-Z-99/)
      .first()
      .waitFor();
    await shelfShown.getByText('Shelf: SHELF-A-02').waitFor();

    // The cold room is empty: Alt+E asks, "go back" focused (Enter would change nothing); Tab, Enter.
    await scanCode(page, 'SHELF-B-01');
    await shelfShown.getByText('Shelf: SHELF-B-01 Cold room').waitFor();
    await page.keyboard.press('Alt+KeyE');
    const question = page.getByTestId('confirm-shelf-empty');
    await question.getByRole('heading', { name: 'Is shelf SHELF-B-01 empty?' }).waitFor();
    await expect.poll(focused).toContain('Go back');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await shelfShown.getByText('confirmed empty').waitFor();
    // The shelf is kept in main's scan log: read back as a restart would.
    expect(await call('counting.currentShelf', { sessionId: session.id })).toMatchObject({
      code: 'SHELF-B-01',
      emptyConfirmed: true,
    });

    // The review by shelf, and the shelf nobody visited.
    const review = await call('counting.shelfReview', { sessionId: session.id });
    expect(
      review.shelves.map((shelf) => [shelf.code, shelf.rows.map((row) => [row.sku, row.counted])]),
    ).toEqual([
      [
        'SHELF-A-01',
        [
          [first.sku, 2],
          [second.sku, 1],
        ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      ],
      ['SHELF-A-02', [[first.sku, 3]]],
      ['SHELF-B-01', []],
    ]);
    expect(review.notVisited).toEqual([{ code: 'SHELF-C-01', name: 'Back, top' }]);
    await page.keyboard.press('F10');
    await expect.poll(focused, { timeout: 15_000 }).toContain('Commit to outbox');
    const byShelf = page.getByTestId('shelf-review');
    await byShelf.getByText('Shelves not visited (1)').waitFor();
    await byShelf.getByText('Back, top').waitFor();
    await inBothLanguages(page, 'shelves-review', {
      th: byShelf.getByText('ชั้นวางที่ยังไม่ได้นับ (1)'),
      en: byShelf.getByText('Shelves not visited (1)'),
    });

    // Commit: each product's sum over its shelves reaches the back office once.
    await page.keyboard.press('Control+Enter');
    await page.getByRole('dialog', { name: 'Commit this count to the outbox' }).waitFor();
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('committed').waitFor();
    await expect
      .poll(
        async () => {
          const server = new Map((await serverProducts()).map((product) => [product.id, product.stock]));
          return [server.get(first.id), server.get(second.id)];
        },
        { timeout: 30_000 },
      )
      .toEqual([5, 1]);
    const sent = (await call('outbox.list', { state: 'all', limit: 100 })).items.filter(
      (item) => item.kind === 'stockCount',
    );
    // One row a product (not a shelf): three shelf parts, two products, each sent once.
    expect(sent.map((item) => item.state)).toEqual(['done', 'done']);
    expect(problems).toEqual([]);
  });
});
