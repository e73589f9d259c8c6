// The sessions page's new-session form and list in real Chromium through the web host, on the demo
// store: a session counting a list of products (a code no product has is named, in the form, and
// nothing is created until it is corrected), with a counter's name; the list then shows when it
// started, who counts, the warehouse's name and what it counts. A categories session too. Both screens
// photographed in English and Thai and checked with axe; no console error or CSP violation.
import { describe, expect, it } from 'vitest';
import { appUnderTest, type Call } from './support/app-under-test.js';
import {
  findDemoProducts,
  focusedElement,
  inBothLanguages,
  type CatalogueProduct,
} from './support/page-helpers.js';

const app = appUnderTest({ name: 'sessions-scope' });
const call: Call = (name, args) => app.call(name, args);

describe('count scope and the sessions list in Chromium through the web host', () => {
  it('creates a products-scope session from the form and lists who, when and what', async () => {
    const { page, problems } = app;
    await app.openDemoStore();
    const [p0, p1] = (await findDemoProducts(call, 2)) as [CatalogueProduct, CatalogueProduct];

    await page.keyboard.press('F3');
    await page.getByRole('heading', { name: 'Count sessions' }).waitFor();
    await page.keyboard.press('Alt+KeyN');
    await page.getByRole('radio', { name: 'A list of products' }).check();
    const codes = page.getByLabel('Products: one barcode or SKU a line (Ctrl+Enter)');
    await codes.fill(`${p0.barcode}\nNO-SUCH-CODE\n${p1.sku}`);
    await page.getByLabel('Name (optional)').fill('Scoped count');
    await page.getByLabel('Counted by (optional)').fill('Somchai');
    await codes.focus();
    await page.keyboard.press('Control+Enter');
    await page.getByRole('alert').filter({ hasText: 'No product has these codes: NO-SUCH-CODE.' }).waitFor();
    await expect.poll(() => focusedElement(page)).toMatch(/^<textarea/);
    expect(await codes.getAttribute('aria-invalid')).toBe('true');
    expect(await call('counting.listSessions', {})).toEqual([]);
    await inBothLanguages(page, 'sessions-scope-form', {
      th: page.getByRole('radio', { name: 'รายการสินค้าที่ระบุ' }),
      en: page.getByRole('radio', { name: 'A list of products' }),
    });

    await codes.fill(`${p0.barcode}\n${p1.sku}`);
    await codes.focus();
    await page.keyboard.press('Control+Enter');
    await page.getByRole('heading', { name: 'Counting: Scoped count' }).waitFor();
    const [session] = await call('counting.listSessions', {});
    expect(session?.scope).toEqual({ kind: 'products', categories: [], products: 2 });
    expect(session?.startedBy).toBe('Somchai');

    // A categories session, straight through the call: the list words both.
    const [category] = await call('catalogue.categories', {});
    if (category === undefined) throw new Error('the demo catalogue has no category');
    await call('counting.createSession', {
      warehouseCode: 'W0001',
      name: 'Category count',
      scope: { kind: 'categories', categoryIds: [category.id] },
    });
    await page.keyboard.press('F3');
    const row = page.getByRole('row').filter({ hasText: 'Scoped count' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Somchai');
    expect(text).toContain('2 products');
    expect(text).toContain(`W0001 · ${session?.warehouseName ?? '?'}`);
    expect(text).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
    const categoryRow = page.getByRole('row').filter({ hasText: 'Category count' });
    expect(await categoryRow.textContent()).toContain(`categories: ${category.name}`);
    await inBothLanguages(page, 'sessions-list-scope', {
      th: page.getByRole('columnheader', { name: 'ขอบเขต' }),
      en: page.getByRole('columnheader', { name: 'Counts' }),
    });
    expect(problems).toEqual([]);
  }, 120_000);
});
