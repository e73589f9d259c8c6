// The count sessions list in real Chromium through the web host, on the demo store: its state filter
// (Open, Committed, All, by Alt+O/C/A) with each session's figures, and a committed session's review
// opened read-only. The three sessions are made through the contract (one discarded, one open with
// an unknown code, one to commit); counting them on the page is proven in counting-scan-outcomes and
// counting-quantity-prompt. Checked with axe and photographed in English and Thai; no console error
// and no CSP violation.
import { describe, expect, it } from 'vitest';
import { ean13FromPrefix } from '../../src-shared/barcode/gtin.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import {
  expectAccessible as expectAccessibleOn,
  findDemoProducts,
  focusedElement,
} from './support/page-helpers.js';

/** A valid EAN-13 no demo product carries. */
const UNKNOWN_CODE = ean13FromPrefix('999000333444') ?? '';

const app = appUnderTest({ name: 'sessions-list-filter' });

/** Read at each use: the app starts in beforeAll. */
const call: Call = (name, args) => app.call(name, args);
const focused = () => focusedElement(app.page);
const expectAccessible = () => expectAccessibleOn(app.page);
const screenshot = (name: string) => app.screenshot(name);

/**
 * The sessions the list shows: "Flows count" discarded, "Quiet count" open with one product counted
 * twice and one unknown code, "Prompt count" open with four products (the test commits it).
 */
async function countThreeSessions(): Promise<void> {
  const products = await findDemoProducts(call, 5, (product) => /^[A-Za-z0-9-]+$/.test(product.sku));
  const [p0, ...others] = products;
  if (p0 === undefined || others.length !== 4) throw new Error('the demo store has too few products');
  expect(await call('catalogue.lookup', { code: UNKNOWN_CODE })).toBeNull();
  const flows = await call('counting.createSession', { warehouseCode: 'W0001', name: 'Flows count' });
  await call('counting.discard', { sessionId: flows.id });
  const quiet = await call('counting.createSession', { warehouseCode: 'W0001', name: 'Quiet count' });
  for (const code of [p0.barcode, p0.barcode, UNKNOWN_CODE]) {
    await call('counting.scan', { sessionId: quiet.id, code });
  }
  const prompted = await call('counting.createSession', { warehouseCode: 'W0001', name: 'Prompt count' });
  for (const [index, product] of others.entries()) {
    await call('counting.scan', { sessionId: prompted.id, code: product.barcode, quantity: index + 1 });
  }
}

describe('the count sessions list in Chromium through the web host', () => {
  it('filters the sessions list by state and opens a committed session’s review read-only', async () => {
    const { page } = app;
    await app.openDemoStore();
    await countThreeSessions();
    const [prompted] = await call('counting.listSessions', { state: 'open' }).then((sessions) =>
      sessions.filter((session) => session.name === 'Prompt count'),
    );
    if (prompted === undefined) throw new Error('no Prompt count session');
    await call('counting.commit', { sessionId: prompted.id, discardUnknownCodes: true });

    await page.keyboard.press('F3');
    await page.getByRole('heading', { name: 'Count sessions', level: 2 }).waitFor();
    const filters = page.getByRole('group', { name: 'Show sessions' });
    await expect
      .poll(() => filters.getByRole('button', { pressed: true }).textContent())
      .toContain('Open (1)');
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.filter({ hasText: 'Quiet count' }).count()).toBe(1);
    expect(await rows.filter({ hasText: 'Prompt count' }).count()).toBe(0);
    expect(await rows.filter({ hasText: 'Quiet count' }).textContent()).toContain(
      '1 lines, 2 units, 1 unknown codes',
    );

    await page.keyboard.press('Alt+KeyC');
    await expect
      .poll(() => filters.getByRole('button', { pressed: true }).textContent())
      .toContain('Committed (1)');
    await expect.poll(() => rows.filter({ hasText: 'Prompt count' }).count()).toBe(1);
    expect(await rows.filter({ hasText: 'Quiet count' }).count()).toBe(0);
    await page.keyboard.press('Alt+KeyA');
    await expect
      .poll(() => filters.getByRole('button', { pressed: true }).textContent())
      .toContain('All (3)');
    await expect.poll(() => rows.filter({ hasText: 'Flows count' }).count()).toBe(1);
    await expectAccessible();
    await screenshot('sessions-all-en');
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.getByRole('heading', { name: 'รอบการนับสต็อก', level: 2 }).waitFor();
    await screenshot('sessions-all-th');
    await page.getByRole('button', { name: 'English' }).click();

    await page.keyboard.press('Alt+KeyC');
    await expect.poll(focused).toMatch(/Review \(read-only\)/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Prompt count/, level: 2 }).waitFor();
    expect(await page.getByRole('heading', { name: /^Counting:/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Count sessions', level: 2 }).count()).toBe(0);
    expect(app.problems).toEqual([]);
  }, 60_000);
});
