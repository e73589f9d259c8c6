// Page helpers shared by the Chromium end-to-end tests: screenshots in test-results/e2e, the axe check,
// the focused element, a screen captured in both languages, the counting page's counted cell, a session
// opened for counting, and demo products with barcodes found through the contract.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_SEED } from '../../../src-main/sandbox/seed/demo-store.js';
import { generateCatalogue } from '../../../src-main/sandbox/seed/products.js';
import type { CallArgs, CallName, CallValue } from '../../../src-shared/ipc/index.js';
import { PROJECT_ROOT } from '../../app/support/build-app.js';
import { checkAccessibility } from '../../support/axe.js';

export const SCREENSHOTS = resolve(PROJECT_ROOT, 'test-results', 'e2e');

export interface ScreenshotOptions {
  /** The whole scrollable page (default) or only the viewport. */
  readonly fullPage?: boolean;
}

/** Saves test-results/e2e/<name>.png. */
export async function screenshot(page: Page, name: string, options: ScreenshotOptions = {}): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: options.fullPage ?? true });
}

/**
 * What the page showed when a test failed (a wait or an expectation that timed out, most often), for a
 * CI flake to be read afterwards: test-results/e2e/failed-<name>.png and .txt (its URL and text). Bounded
 * and never throwing, as the page may be the thing that hangs. Answers the files written.
 */
export async function saveFailure(page: Page, name: string): Promise<string[]> {
  const base = join(SCREENSHOTS, `failed-${name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 120)}`);
  const saved: string[] = [];
  try {
    await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 15_000 });
    saved.push(`${base}.png`);
  } catch {
    // No picture (the page closed or hung): the text may still come.
  }
  try {
    const text = await Promise.race([
      page.evaluate('document.body?.innerText ?? ""') as Promise<string>,
      new Promise<string>((_, reject) => setTimeout(() => reject(new Error('no text in 15 s')), 15_000)),
    ]);
    writeFileSync(`${base}.txt`, `${page.url()}\n\n${text}`);
    saved.push(`${base}.txt`);
  } catch {
    // Nothing more to save.
  }
  return saved;
}

/** axe-core on the page as it is now: no serious or critical violation (`message` names the state). */
export async function expectAccessible(page: Page, message?: string): Promise<void> {
  expect(await checkAccessibility(page), message).toEqual([]);
}

/** The focused element's markup (a string expression: tests are type-checked without the DOM library). */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate('document.activeElement?.outerHTML ?? ""') as Promise<string>;
}

/** What marks each language's screen as ready, besides <html lang> (e.g. the page's translated heading). */
export interface LanguageReady {
  readonly th?: Locator;
  readonly en?: Locator;
}

/** Screenshot and axe check in English, then the same in Thai, and back to English. */
export async function inBothLanguages(page: Page, name: string, ready: LanguageReady = {}): Promise<void> {
  await screenshot(page, `${name}-en`);
  await expectAccessible(page, `${name} in English`);
  await page.getByRole('button', { name: 'ภาษาไทย' }).click();
  await page.locator('html[lang="th"]').waitFor();
  await ready.th?.waitFor();
  await screenshot(page, `${name}-th`);
  await expectAccessible(page, `${name} in Thai`);
  await page.getByRole('button', { name: 'English' }).click();
  await page.locator('html[lang="en"]').waitFor();
  await ready.en?.waitFor();
}

/** The counting page's "counted" cell of the line with this SKU. */
export function countedCell(page: Page, sku: string): Locator {
  return page.getByTestId('count-lines').getByRole('row').filter({ hasText: sku }).locator('.counted');
}

/** A call through the same services the page uses; throws with the error's message when it fails. */
export type Call = <N extends CallName>(name: N, args: CallArgs<N>) => Promise<CallValue<N>>;

export type CatalogueProduct = CallValue<'catalogue.search'>[number];

/** Words of demo product names (the seed is deterministic), to search the catalogue with. */
const DEMO_SEARCH_WORDS = [
  ...new Set(
    generateCatalogue({ seed: DEMO_SEED, count: 60, anchor: Date.now() }).products.map(
      (product) => product.body.name.split(' ')[0] ?? '',
    ),
  ),
];

/**
 * The first `wanted` active demo products with a barcode of 8 or more digits that `accept` keeps, in the
 * order the catalogue search finds them (words of demo names, 20 results a word). May return fewer.
 */
export async function findDemoProducts(
  call: Call,
  wanted: number,
  accept: (product: CatalogueProduct) => boolean | Promise<boolean> = () => true,
): Promise<CatalogueProduct[]> {
  const found = new Map<number, CatalogueProduct>();
  for (const text of DEMO_SEARCH_WORDS) {
    if (found.size >= wanted) break;
    for (const product of await call('catalogue.search', { text, limit: 20 })) {
      if (found.size >= wanted || found.has(product.id)) continue;
      if (!/^\d{8,}$/.test(product.barcode) || !product.active) continue;
      if (await accept(product)) found.set(product.id, product);
    }
  }
  return [...found.values()];
}

/** A demo product with the units W0001 expects of it. */
export interface StockedProduct {
  readonly id: number;
  readonly sku: string;
  readonly barcode: string;
  readonly expected: number;
}

/** `findDemoProducts` whose whole-unit stock expected in W0001 `accept` keeps, with that figure. */
export async function findStockedDemoProducts(
  call: Call,
  wanted: number,
  accept: (expected: number) => boolean,
): Promise<StockedProduct[]> {
  const expectedOf = new Map<number, number>();
  const products = await findDemoProducts(call, wanted, async (product) => {
    const detail = await call('catalogue.product', { productId: product.id });
    const expected = detail.stockByWarehouse.find((stock) => stock.warehouseCode === 'W0001')?.expected ?? 0;
    expectedOf.set(product.id, expected);
    return Number.isInteger(expected) && accept(expected);
  });
  return products.map((product) => ({
    id: product.id,
    sku: product.sku,
    barcode: product.barcode,
    expected: expectedOf.get(product.id) ?? 0,
  }));
}

/**
 * Whether the content of a fixed-size box (the counting page's big display) fits in it: such a box
 * clips what overflows, so a scan's name, codes or figures would be cut off unseen.
 */
export function fitsInItsBox(box: Locator): Promise<boolean> {
  return box.evaluate((element) => element.scrollHeight <= element.clientHeight + 1);
}

/**
 * Esc on a form dialog, as a person leaves it: when fields were typed in, the dialog asks first ("keep
 * editing" focused) and Tab, Enter drops them; then the dialog is gone.
 */
export async function escapeForm(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  const question = dialog.getByTestId('drop-typed-question');
  await expect.poll(async () => (await question.isVisible()) || !(await dialog.isVisible())).toBe(true);
  if (await question.isVisible()) {
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
  }
  await dialog.waitFor({ state: 'detached' });
}

/** From the sessions page (F3), opens the newest open session called `name` for counting. */
export async function openSessionToCount(page: Page, name: string): Promise<void> {
  await page.keyboard.press('F3');
  await page.getByRole('row').filter({ hasText: name }).waitFor();
  await expect.poll(() => focusedElement(page)).toMatch(/Count/);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: `Counting: ${name}` }).waitFor();
  await expect.poll(() => focusedElement(page)).toMatch(/data-testid="scan-area"/);
}

/** The units main counted of a product in a session (undefined: no line of it). */
export async function countedOf(
  call: Call,
  sessionId: string,
  productId: number,
): Promise<number | undefined> {
  const lines = await call('counting.lines', { sessionId });
  return lines.find((line) => line.kind === 'product' && line.product.id === productId)?.counted;
}
