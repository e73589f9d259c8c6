// The counting page's own actions in real Chromium through the web host, on the demo store:
// - lines newest first by last counted: a product scanned again comes back to the top;
// - a scan through a pack code counts the pack's units and says "1 pack (code) = 24";
// - one unknown code removed from the keyboard (Delete on its button asks, Cancel focused so Enter
//   keeps it; Tab to "Remove the code" removes it), the other codes stay; Alt+X asks about the first
//   code from the scan area, Cancel focused;
// - the session discarded from the page (asked first, Cancel focused: Enter keeps the session);
// - "Sync now" in the status line pulls the catalogue (the last sync time moves);
// - the Outbox history names the product and the code of a barcode change.
// Each question photographed in English and Thai and checked with axe; no console error or CSP violation.
import { describe, expect, it } from 'vitest';
import { ean13FromPrefix } from '../../src-shared/barcode/gtin.js';
import { scanCode } from '../support/scanner-input.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import type { Locator } from 'playwright-core';
import {
  expectAccessible,
  findDemoProducts,
  fitsInItsBox,
  focusedElement,
  screenshot,
  type CatalogueProduct,
} from './support/page-helpers.js';

const CODE_REMOVED = ean13FromPrefix('999000777111') ?? '';
const CODE_KEPT = ean13FromPrefix('999000777222') ?? '';
const CODE_GIVEN = ean13FromPrefix('999000777333') ?? '';
const PACK_CODE = '19990007774440';

const app = appUnderTest({ name: 'counting-actions' });
const call: Call = (name, args) => app.call(name, args);
const focused = () => focusedElement(app.page);
const scan = (code: string): Promise<void> => scanCode(app.page, code);

let products: CatalogueProduct[] = [];
let sessionId = '';

/**
 * A question photographed and checked with axe in English, then asked again in Thai (the language button
 * is outside the modal dialog) and the same there; closed (Esc) and back in English at the end.
 */
async function questionInBothLanguages(
  name: string,
  ask: () => Promise<void>,
  dialogs: { en: Locator; th: Locator },
): Promise<void> {
  const { page } = app;
  await screenshot(page, `${name}-en`, { fullPage: false });
  await expectAccessible(page, `${name} in English`);
  await page.keyboard.press('Escape');
  await dialogs.en.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'ภาษาไทย' }).click();
  await page.locator('html[lang="th"]').waitFor();
  await ask();
  await dialogs.th.waitFor();
  await screenshot(page, `${name}-th`, { fullPage: false });
  await expectAccessible(page, `${name} in Thai`);
  await page.keyboard.press('Escape');
  await dialogs.th.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'English' }).click();
  await page.locator('html[lang="en"]').waitFor();
  await ask();
  await dialogs.en.waitFor();
}

/** The SKUs of the counting page's lines, top to bottom. */
async function shownSkus(): Promise<string[]> {
  return app.page.getByTestId('count-lines').locator('.line .code').allTextContents();
}

describe('the counting page’s actions in Chromium through the web host', () => {
  it('lists lines newest first and removes one unknown code after asking', async () => {
    const { page, problems } = app;
    await app.openDemoStore();
    products = await findDemoProducts(call, 3, (product) => /^[A-Za-z0-9-]+$/.test(product.sku));
    const [p0, p1, p2] = products as [CatalogueProduct, CatalogueProduct, CatalogueProduct];

    sessionId = (await call('counting.createSession', { warehouseCode: 'W0001', name: 'Actions count' })).id;
    await page.keyboard.press('F3');
    await page.getByRole('row').filter({ hasText: 'Actions count' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Counting: Actions count' }).waitFor();
    await expect.poll(focused).toMatch(/data-testid="scan-area"/);

    for (const product of [p0, p1, p2]) {
      await scan(product.barcode);
      await expect.poll(shownSkus).toContain(product.sku);
    }
    expect(await shownSkus()).toEqual([p2.sku, p1.sku, p0.sku]);
    // Counted again: back on top (not where it was first counted).
    await page.waitForTimeout(500);
    await scan(p0.barcode);
    await expect.poll(shownSkus).toEqual([p0.sku, p2.sku, p1.sku]);

    await scan(CODE_REMOVED);
    await scan(CODE_KEPT);
    const unknownList = page.getByTestId('unknown-codes');
    await expect.poll(() => unknownList.textContent()).toContain(CODE_KEPT);

    // Delete on the code's button asks; Cancel has the focus, so Enter keeps the code.
    const askRemove = async () => {
      await page.getByRole('button', { name: new RegExp(`^(Find product|หาสินค้า).*${CODE_REMOVED}`) }).focus();
      await page.keyboard.press('Delete');
    };
    await askRemove();
    const question = page.getByRole('dialog', { name: `Remove the code ${CODE_REMOVED}?` });
    await question.waitFor();
    await expect.poll(focused).toMatch(/^<button[^>]*>Go back, change nothing \(Esc\)<\/button>/);
    await questionInBothLanguages('counting-remove-code', askRemove, {
      th: page.getByRole('dialog', { name: `ลบรหัส ${CODE_REMOVED} หรือไม่?` }),
      en: question,
    });
    await expect.poll(focused).toMatch(/^<button[^>]*>Go back, change nothing \(Esc\)<\/button>/);
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    expect(await unknownList.textContent()).toContain(CODE_REMOVED);
    const stateOf = async (code: string) =>
      (await call('counting.lines', { sessionId })).find(
        (line) => line.kind === 'unknown' && line.code === code,
      );
    expect(await stateOf(CODE_REMOVED)).toMatchObject({ state: 'open', counted: 1 });

    // Asked again, the removal is a second, deliberate choice: Tab, then Enter.
    await page.getByRole('button', { name: `Find product for ${CODE_REMOVED}` }).focus();
    await page.keyboard.press('Delete');
    await question.waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(focused).toContain('Remove the code');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    await page.getByText(`Code ${CODE_REMOVED} removed: its units are not counted.`).waitFor();
    await expect.poll(() => unknownList.textContent()).not.toContain(CODE_REMOVED);
    expect(await unknownList.textContent()).toContain(CODE_KEPT);
    expect(await stateOf(CODE_REMOVED)).toMatchObject({ state: 'discarded' });
    expect(await stateOf(CODE_KEPT)).toMatchObject({ state: 'open', counted: 1 });

    // Alt+X from the scan area asks about the first code (the one Alt+U takes), no Tabs; Cancel focused.
    await expect.poll(focused).toMatch(/data-testid="scan-area"/);
    await page.keyboard.press('Alt+X');
    const keptQuestion = page.getByRole('dialog', { name: `Remove the code ${CODE_KEPT}?` });
    await keptQuestion.waitFor();
    await expect.poll(focused).toMatch(/^<button[^>]*>Go back, change nothing \(Esc\)<\/button>/);
    await page.keyboard.press('Enter');
    await keptQuestion.waitFor({ state: 'detached' });
    expect(await stateOf(CODE_KEPT)).toMatchObject({ state: 'open', counted: 1 });
    expect(problems).toEqual([]);
  }, 120_000);

  it('shows what one scan of a pack code counted', async () => {
    const { page, problems } = app;
    const product = products[2] as CatalogueProduct;
    await call('catalogue.addAlias', { productId: product.id, code: PACK_CODE, units: 24 });
    const before = (await call('counting.lines', { sessionId })).find(
      (line) => line.kind === 'product' && line.product.id === product.id,
    )?.counted;
    await scan(PACK_CODE);
    const pack = page.getByTestId('last-pack');
    await pack.waitFor();
    expect(await pack.textContent()).toContain(`1 pack (${PACK_CODE}) = 24`);
    // The display makes room for the pack's line: nothing of it is cut off.
    expect(await fitsInItsBox(app.page.getByTestId('last-scan'))).toBe(true);
    const after = (await call('counting.lines', { sessionId })).find(
      (line) => line.kind === 'product' && line.product.id === product.id,
    )?.counted;
    expect(after).toBe((before ?? NaN) + 24);
    expect(problems).toEqual([]);
  }, 60_000);

  it('discards the session only on the explicit choice', async () => {
    const { page, problems } = app;
    const askDiscard = () =>
      page.getByRole('button', { name: /^(Discard session…|ยกเลิกรอบการนับ…)$/ }).click();
    await askDiscard();
    const question = page.getByRole('dialog', { name: 'Discard the session “Actions count”?' });
    await question.waitFor();
    expect(await question.textContent()).toContain('All 3 counted lines and 28 units');
    await expect.poll(focused).toContain('Cancel, keep it');
    await questionInBothLanguages('counting-discard-session', askDiscard, {
      th: page.getByRole('dialog', { name: 'ยกเลิกรอบการนับ “Actions count” หรือไม่?' }),
      en: question,
    });
    await expect.poll(focused).toContain('Cancel, keep it');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    expect((await call('counting.session', { sessionId })).state).toBe('open');

    await page.getByRole('button', { name: 'Discard session…' }).click();
    await question.getByRole('button', { name: 'Discard the session' }).click();
    await question.waitFor({ state: 'detached' });
    await page.getByText('This session is discarded: it can no longer be counted.').waitFor();
    expect((await call('counting.session', { sessionId })).state).toBe('discarded');
    expect(await page.getByRole('button', { name: 'Discard session…' }).count()).toBe(0);
    expect(problems).toEqual([]);
  }, 120_000);

  it('pulls the catalogue now from the status line', async () => {
    const { page, problems } = app;
    const before = (await call('sync.status', {})).lastSyncedAt ?? 0;
    await page.waitForTimeout(1_100);
    const button = page.getByRole('button', { name: 'Sync now' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await call('sync.status', {})).lastSyncedAt ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(before);
    await page.getByRole('button', { name: 'Sync now' }).waitFor();
    // The focus stays on the button through the pull (aria-disabled, never disabled).
    await expect.poll(focused).toContain('sync-now');
    await page.getByText('Catalogue: up to date').waitFor();
    expect(problems).toEqual([]);
  }, 60_000);

  it('names the product and the code of a barcode change in the Outbox history', async () => {
    const { page, problems } = app;
    const product = products[1] as CatalogueProduct;
    const session = await call('counting.createSession', { warehouseCode: 'W0001', name: 'Barcode count' });
    const unknown = await call('counting.scan', { sessionId: session.id, code: CODE_GIVEN });
    await call('counting.resolveUnknown', {
      sessionId: session.id,
      lineId: unknown.lineId,
      productId: product.id,
      keepCodeAs: 'barcode',
    });
    await page.keyboard.press('F7');
    await page.getByRole('heading', { name: 'Outbox', level: 2 }).waitFor();
    await page.keyboard.press('Alt+KeyH');
    const row = page.getByTestId('operations').getByRole('row').filter({ hasText: 'Product barcode' });
    await row.first().waitFor();
    const text = await row.first().textContent();
    expect(text).toContain(`${product.name} (${product.sku})`);
    expect(text).toContain(`barcode ${CODE_GIVEN}`);
    expect(problems).toEqual([]);
  }, 60_000);
});
