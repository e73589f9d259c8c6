// Several PCs, one count, in real Chromium through the web host, on the demo store. Two sessions of
// W0001 stand for two PCs' aisles (the file is the same whichever PC wrote it): aisle 1 counts p1 ×3 and
// p2 ×2, aisle 2 counts p2 ×4 and p3 ×1. From the sessions page, aisle 1 is exported (a question with
// Cancel focused, then a download) and is handed over; the file is merged into aisle 2 through the file
// picker (the page says what it added), merged again (the page says nothing changed), and aisle 2's
// figures are the sums; its review names each PC's part of p2. Aisle 2 commits once; aisle 1 refuses.
// Screenshots in English and Thai; axe on each state.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appUnderTest, type Call } from './support/app-under-test.js';
import {
  expectAccessible,
  findDemoProducts,
  focusedElement,
  inBothLanguages,
  screenshot,
  type CatalogueProduct,
} from './support/page-helpers.js';

const AISLE_1 = 'E2E aisle 1';
const AISLE_2 = 'E2E aisle 2';

const app = appUnderTest({ name: 'several-pcs' });
const call: Call = (name, args) => app.call(name, args);
const squash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('several PCs: export a session, merge it into another', () => {
  it('exports from one session, merges into another twice, and the figures are the sums', async () => {
    const { page, problems } = app;
    await app.openDemoStore();
    const [p1, p2, p3] = (await findDemoProducts(call, 3, () => Promise.resolve(true))) as [
      CatalogueProduct,
      CatalogueProduct,
      CatalogueProduct,
    ];
    expect(p3).toBeDefined();

    const aisle1 = await call('counting.createSession', { warehouseCode: 'W0001', name: AISLE_1 });
    const aisle2 = await call('counting.createSession', { warehouseCode: 'W0001', name: AISLE_2 });
    const scan = (sessionId: string, code: string, quantity: number) =>
      call('counting.scan', { sessionId, code, quantity });
    await scan(aisle1.id, p1.barcode, 3);
    await scan(aisle1.id, p2.barcode, 2);
    await scan(aisle2.id, p2.barcode, 4);
    await scan(aisle2.id, p3.barcode, 1);

    await page.keyboard.press('F3');
    const rowOf = (name: string) => page.getByRole('row').filter({ hasText: name });
    await rowOf(AISLE_1).waitFor();

    // Export: a question first, Cancel focused (Enter keeps the session as it is).
    await rowOf(AISLE_1)
      .getByRole('button', { name: `Export for another PC · ${AISLE_1}` })
      .click();
    const question = page.getByTestId('export-dialog');
    await question.getByRole('heading', { name: `Export “${AISLE_1}” for another PC?` }).waitFor();
    expect(await focusedElement(page)).toContain('Cancel (Esc)');
    await screenshot(page, 'several-pcs-1-export-question-en', { fullPage: false });
    await expectAccessible(page, 'export question');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'hidden' });
    expect((await call('counting.session', { sessionId: aisle1.id })).handedOverAt).toBeNull();
    // The same question in Thai, Cancel focused there too.
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await page.locator('html[lang="th"]').waitFor();
    await rowOf(AISLE_1)
      .getByRole('button', { name: `ส่งออกให้เครื่องอื่น · ${AISLE_1}` })
      .click();
    await question.getByRole('heading', { name: `ส่งออก “${AISLE_1}” ให้เครื่องอื่นหรือไม่?` }).waitFor();
    expect(await focusedElement(page)).toContain('ยกเลิก (Esc)');
    await screenshot(page, 'several-pcs-1-export-question-th', { fullPage: false });
    await expectAccessible(page, 'export question in Thai');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'English' }).click();
    await page.locator('html[lang="en"]').waitFor();

    await rowOf(AISLE_1)
      .getByRole('button', { name: `Export for another PC · ${AISLE_1}` })
      .click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      question.getByRole('button', { name: 'Export and hand over' }).click(),
    ]);
    const filePath = await download.path();
    const fileText = readFileSync(filePath, 'utf8');
    expect(JSON.parse(fileText)).toMatchObject({ format: 'stockroom-count-session' });
    await page
      .getByTestId('transfer-outcome')
      .filter({ hasText: `Saved ${download.suggestedFilename()}.` })
      .waitFor();
    await expect.poll(async () => squash(await rowOf(AISLE_1).textContent())).toContain('handed over');
    // A handed-over session offers neither export nor merge any more.
    expect(
      await rowOf(AISLE_1)
        .getByRole('button', { name: /Export for another PC|Merge a file/ })
        .count(),
    ).toBe(0);
    expect((await call('counting.session', { sessionId: aisle1.id })).handedOverAt).not.toBeNull();

    // Merge through the file picker, reached by its button.
    const mergeInto = async () => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        rowOf(AISLE_2)
          .getByRole('button', { name: `Merge a file… · ${AISLE_2}` })
          .click(),
      ]);
      await chooser.setFiles({
        name: download.suggestedFilename(),
        mimeType: 'application/json',
        buffer: Buffer.from(fileText),
      });
    };
    await mergeInto();
    const outcome = page.getByTestId('transfer-outcome');
    await outcome.filter({ hasText: 'products added or changed' }).waitFor();
    expect(squash(await outcome.textContent())).toMatch(
      new RegExp(
        `^Merged .* into “${AISLE_2}” from .*: ${AISLE_1}: 2 products added or changed, 0 unchanged\\. Merging the same file again changes nothing\\.$`,
      ),
    );
    await inBothLanguages(page, 'several-pcs-2-merged', {
      th: page.getByTestId('transfer-outcome').filter({ hasText: 'รวม' }),
    });

    // The same file again: nothing changes, and the page says so.
    await mergeInto();
    await outcome.filter({ hasText: 'was already merged' }).waitFor();
    expect(squash(await outcome.textContent())).toContain('nothing changed (2 products the same)');
    await inBothLanguages(page, 'several-pcs-3-merged-again', {
      th: page.getByTestId('transfer-outcome').filter({ hasText: 'ไม่มีอะไรเปลี่ยน' }),
    });

    // The figures: per product the sum of both aisles, p2 counted on both.
    const lines = await call('counting.lines', { sessionId: aisle2.id });
    const countedOf = new Map(
      lines.flatMap((line) => (line.kind === 'product' ? [[line.product.id, line.counted] as const] : [])),
    );
    expect(Object.fromEntries(countedOf)).toEqual({ [p1.id]: 3, [p2.id]: 6, [p3.id]: 1 });
    const parts = (await call('counting.contributions', { sessionId: aisle2.id })).find(
      (line) => line.productId === p2.id,
    );
    expect(parts?.sources.map((source) => [source.thisPc, source.counted])).toEqual([
      [true, 4],
      [false, 2],
    ]);

    // The review names each PC's part of p2.
    await rowOf(AISLE_2)
      .getByRole('button', { name: /^Count/ })
      .click();
    await page.getByRole('heading', { name: `Counting: ${AISLE_2}` }).waitFor();
    await page.keyboard.press('F10');
    await page.getByRole('heading', { name: `Review: ${AISLE_2}`, level: 2 }).waitFor();
    const p2Row = page
      .getByTestId('review-rows')
      .locator('tbody tr')
      .filter({ has: page.getByRole('rowheader', { name: p2.sku, exact: true }) });
    const thisPc = parts?.sources[0]?.source ?? '';
    const other = parts?.sources[1]?.source ?? '';
    expect(squash(await p2Row.getByTestId('contributions').textContent())).toBe(
      `Counted on several PCs: ${thisPc} (this PC): 4 · ${other}: 2`,
    );
    expect(squash(await p2Row.locator('td.counted').textContent())).toBe('6');
    await screenshot(page, 'several-pcs-4-review-contributions-en', { fullPage: false });
    await expectAccessible(page, 'review with contributions');
    await page.getByRole('button', { name: 'ภาษาไทย' }).click();
    await p2Row.getByTestId('contributions').filter({ hasText: 'นับจากหลายเครื่อง' }).waitFor();
    await screenshot(page, 'several-pcs-4-review-contributions-th', { fullPage: false });
    await expectAccessible(page, 'review with contributions in Thai');
    await page.getByRole('button', { name: 'English' }).click();
    await page.locator('html[lang="en"]').waitFor();

    // One commit for both; the handed-over session cannot commit.
    const committed = await call('counting.commit', { sessionId: aisle2.id });
    expect(committed.linesSent).toBe(3);
    await expect(call('counting.commit', { sessionId: aisle1.id })).rejects.toThrow();

    expect(problems).toEqual([]);
  }, 240_000);
});
