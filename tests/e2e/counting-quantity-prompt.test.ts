// The counting page's quantity-prompt mode in real Chromium through the web host, on the demo store:
// each scan asks how many (1, selected); a burst of 3 scans while a prompt is open loses none; a
// quantity of 0 is refused in words; Escape cancels one scan and says nothing was counted. Checked with
// axe and photographed in English and Thai; no console error and no CSP violation.
import { describe, expect, it } from 'vitest';
import { scanCode } from '../support/scanner-input.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import {
  countedCell as countedCellOn,
  countedOf as countedOfIn,
  expectAccessible as expectAccessibleOn,
  findDemoProducts,
  focusedElement,
  openSessionToCount,
  type CatalogueProduct,
} from './support/page-helpers.js';

type Product = CatalogueProduct;

const app = appUnderTest({ name: 'counting-quantity-prompt' });
let products: Product[] = [];

/** Read at each use: the app starts in beforeAll. */
const call: Call = (name, args) => app.call(name, args);
const focused = () => focusedElement(app.page);

/** A keyboard-wedge scanner's burst, with scanner timestamps (tests/support/scanner-input.ts). */
const scan = (code: string): Promise<void> => scanCode(app.page, code);

const expectAccessible = () => expectAccessibleOn(app.page);
const screenshot = (name: string) => app.screenshot(name);
const openNewestSession = (name: string): Promise<void> => openSessionToCount(app.page, name);
const countedCell = (sku: string) => countedCellOn(app.page, sku);
const countedOf = (sessionId: string, productId: number) => countedOfIn(call, sessionId, productId);

describe('the quantity prompt in Chromium through the web host', () => {
  it('asks the quantity of each scan in prompt mode and loses none of a burst', async () => {
    const { page } = app;
    await app.openDemoStore();
    products = await findDemoProducts(call, 6, (product) => /^[A-Za-z0-9-]+$/.test(product.sku));
    expect(products).toHaveLength(6);
    const [, , p2, p3, p4, p5] = products as [Product, Product, Product, Product, Product, Product];
    await call('settings.set', { quantityMode: 'prompt' });
    const session = await call('counting.createSession', { warehouseCode: 'W0001', name: 'Prompt count' });
    await page.reload();
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 30_000 });
    await openNewestSession('Prompt count');

    // A scan opens the prompt: 1, selected, for the scanned product.
    await scan(p2.barcode);
    const prompt = page.getByRole('dialog', { name: 'How many?' });
    await prompt.waitFor();
    await prompt.getByText(p2.name).first().waitFor();
    const field = prompt.getByLabel(`Quantity of ${p2.name}`);
    await expect.poll(focused).toMatch(/id="prompt-quantity"/);
    expect(await field.inputValue()).toBe('1');

    // A burst of 3 scans while it is open: all three wait their turn.
    await scan(p3.barcode);
    await scan(p4.barcode);
    await scan(p5.barcode);
    await expect
      .poll(() => prompt.getByTestId('prompt-waiting').textContent())
      .toContain('3 more scans waiting');
    expect(await field.inputValue()).toBe('1'); // no scanned digit typed into the field
    await expectAccessible();
    await screenshot('counting-prompt-en');

    // p2: 5 (typing replaces the selected 1); p3: Enter keeps 1; p4: 12; p5: 3.
    await page.keyboard.type('5', { delay: 110 });
    await expect.poll(() => field.inputValue()).toBe('5');
    await page.keyboard.press('Enter');
    await prompt.getByText(p3.name).first().waitFor();
    await expect
      .poll(() => prompt.getByTestId('prompt-waiting').textContent())
      .toContain('2 more scans waiting');
    await page.keyboard.press('Enter');
    await prompt.getByText(p4.name).first().waitFor();
    await page.keyboard.type('12', { delay: 110 });
    await page.keyboard.press('Enter');
    await prompt.getByText(p5.name).first().waitFor();
    expect(await prompt.getByTestId('prompt-waiting').count()).toBe(0);
    await page.keyboard.type('3', { delay: 110 });
    await page.keyboard.press('Enter');
    await expect.poll(() => prompt.count()).toBe(0);
    await expect.poll(focused).toMatch(/data-testid="scan-area"/);
    await expect.poll(() => countedCell(p5.sku).textContent()).toBe('3');
    expect(await countedOf(session.id, p2.id)).toBe(5);
    expect(await countedOf(session.id, p3.id)).toBe(1);
    expect(await countedOf(session.id, p4.id)).toBe(12);
    expect(await countedOf(session.id, p5.id)).toBe(3);

    // A quantity of 0 is refused in words; Escape cancels the scan and says nothing was counted (Thai).
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.getByRole('heading', { name: 'กำลังนับ: Prompt count' }).waitFor();
    await scan(p2.barcode);
    const thaiPrompt = page.getByRole('dialog', { name: 'จำนวนเท่าไร?' });
    await thaiPrompt.waitFor();
    await page.keyboard.type('0', { delay: 110 });
    await page.keyboard.press('Enter');
    await thaiPrompt.getByRole('alert').filter({ hasText: 'พิมพ์จำนวนที่มากกว่า 0' }).waitFor();
    await expectAccessible();
    await screenshot('counting-prompt-th');
    await page.keyboard.press('Escape');
    await expect.poll(() => thaiPrompt.count()).toBe(0);
    await page.getByText(`ยกเลิกการสแกน ${p2.barcode} แล้ว ไม่ได้นับ`).waitFor();
    expect(await countedOf(session.id, p2.id)).toBe(5);
    await page.getByRole('button', { name: 'English' }).click();
    await call('settings.set', { quantityMode: 'add-one' });
    expect(app.problems).toEqual([]);
  }, 90_000);
});
