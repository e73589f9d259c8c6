// File attachments in real Chromium through the web host, against a separately started back office
// (the sandbox over loopback, added as a store), from the keyboard:
//   the back office stops → the Files page (F5) finds a purchase order by its number → a program dropped
//   on the panel is refused in words, nothing queued → a delivery photo (a real PNG) is attached with
//   Alt+A and the file chooser, kept on this PC and shown "waiting to send" → the back office returns →
//   the outbox drains → v4's GetPurchaseOrderFiles lists the photo exactly once, under the app's unique
//   name → Enter opens it and the picture is shown. Then a real PDF (Chromium's own printing, two pages)
//   is attached and opened: pdf.js draws its first page on a canvas under the page's CSP (no violation),
//   PageDown goes to page 2; a file that only starts like a PDF is refused in words and offers Save.
//   A program another user planted on the back office under a right-to-left-override name is listed
//   cleaned and never opened: held with its whole name and a warning, saved only when asked.
//   Screenshots in both languages and axe on each screen.
import { beforeAll, describe, expect, it } from 'vitest';
import { bandedPng } from '../support/png.js';
import { storeId } from '../sandbox/finance/sandbox-calls.js';
import type { TestSandbox } from '../support/sandbox-harness.js';
import { seedOrdersAndPurchaseOrders } from '../../src-main/sandbox/resources/files/index.js';
import { findParentByNumber } from '../../src-main/sandbox/resources/files/attachment.repository.js';
import { appUnderTest, type Call } from './support/app-under-test.js';
import { addSandboxStore, outboxCounts } from './support/document-steps.js';
import { expectAccessible, focusedElement, inBothLanguages } from './support/page-helpers.js';

const STORE = { name: 'e2e-files', apikey: 'e2e-files-key-01', apisecret: 'e2e-files-secret-01' } as const;
const PHOTO = bandedPng(240, 160, [
  [214, 69, 65],
  [244, 180, 0],
  [15, 157, 88],
  [66, 133, 244],
]);

const app = appUnderTest({
  name: 'files',
  outboxTiming: { settleMs: 1_000, leaseTtlMs: 3_000, backoff: { baseMs: 300, maxMs: 2_000 } },
  sandbox: { products: 10, stores: [STORE], log: () => {} },
});
const call: Call = (name, args) => app.call(name, args);
let sandbox: TestSandbox;
let purchaseOrder = '';

beforeAll(async () => {
  sandbox = app.sandbox;
  // Purchase orders have no v4 endpoint: the sandbox's seed support makes one.
  const store = storeId(sandbox, STORE.name);
  seedOrdersAndPurchaseOrders(sandbox.handle.db, store, 1);
  purchaseOrder = 'PO-0001';
  expect(findParentByNumber(sandbox.handle.db, store, 'purchaseOrder', purchaseOrder)).toBeDefined();
  await addSandboxStore(app, STORE, 'E2E files store');
});

const { open: openCount } = outboxCounts(call);
/** A file dropped on the attachments panel (the page's own drop handler, with a real DataTransfer). */
const DROP_PROGRAM = `(() => {
  const data = new DataTransfer();
  data.items.add(new File(['MZ\\u0090\\u0000'], 'setup.exe', { type: 'application/x-msdownload' }));
  const panel = document.querySelector('[data-testid="attachments"]');
  panel.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
  panel.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
})()`;

describe('files on a purchase order, attached offline and sent later', () => {
  it('keeps a delivery photo on this PC, uploads it once, and shows it', async () => {
    const { page, problems } = app;
    await page.goto(app.host.url);
    await page.getByText('Catalogue: up to date').waitFor({ timeout: 60_000 });

    const port = sandbox.handle.port;
    await sandbox.handle.close();

    // Documents (F5), then its Files tab (Alt+3), which puts the focus on its heading.
    await page.keyboard.press('F5');
    await page.keyboard.press('Alt+Digit3');
    await page.getByRole('heading', { name: 'Files', level: 2 }).waitFor();
    // Purchase order by number are the finder's first choices: Tab to the number and type it.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedElement(page)).toContain('files-reference');
    await page.keyboard.press('Enter');
    await page.getByText('Type the record’s number or id.').waitFor();
    await page.keyboard.type(purchaseOrder);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Files of Purchase order ${purchaseOrder}` }).waitFor();
    await page.getByText('never read on this PC').waitFor({ timeout: 20_000 });

    // A program dropped on the panel is refused before anything is sent or queued.
    const queuedBefore = await openCount();
    await page.evaluate(DROP_PROGRAM);
    await page.getByTestId('files-error').getByText('setup.exe cannot be attached').waitFor();
    expect(await openCount()).toBe(queuedBefore);

    // Alt+A opens the file chooser; the photo is kept on this PC and waits to be sent.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Alt+KeyA')]);
    await chooser.setFiles({ name: 'delivery photo.png', mimeType: 'image/png', buffer: PHOTO });
    await page.getByText('is kept on this PC and waits to be sent').waitFor();
    const row = page.getByTestId('files-list').getByRole('row').filter({ hasText: 'delivery photo-' });
    await row.getByText('Waiting to send').waitFor();
    const uniqueName = (await row.getByRole('button').textContent())?.trim() ?? '';
    expect(uniqueName).toMatch(/^delivery photo-[a-z2-9]{6}-1\.png$/);
    expect(await focusedElement(page)).toContain(uniqueName);
    expect(await openCount()).toBe(queuedBefore + 1);
    await inBothLanguages(page, 'files-1-waiting', { th: row.getByText('รอส่ง') });

    // The back office returns: the outbox drains and the page marks the photo sent.
    await sandbox.restart({ port });
    await expect.poll(openCount, { timeout: 30_000 }).toBe(0);
    await row.locator('td.send-sent').getByText('Sent').waitFor({ timeout: 20_000 });
    const listed = await sandbox.call('GetPurchaseOrderFiles', {
      query: { number: purchaseOrder },
      as: STORE,
    });
    expect(listed.body).toEqual([
      { id: expect.any(Number) as number, fileName: uniqueName, type: 'image/png' },
    ]);

    // Enter on the file opens it: the picture is shown, Esc closes it (in each language; the page
    // behind a dialog is inert, so the language is switched between openings).
    const shown = page.getByTestId('shown-file');
    for (const language of ['en', 'th'] as const) {
      if (language === 'th') {
        await page.getByRole('button', { name: 'ภาษาไทย' }).click();
        await page.locator('html[lang="th"]').waitFor();
      }
      await row.getByRole('button').focus();
      await page.keyboard.press('Enter');
      const picture = shown.getByRole('img', { name: uniqueName });
      await picture.waitFor();
      expect(
        await picture.evaluate((image: unknown) => (image as { naturalWidth: number }).naturalWidth),
      ).toBe(240);
      await app.screenshot(`files-2-shown-${language}`);
      await expectAccessible(page, `the shown picture in ${language}`);
      await page.keyboard.press('Escape');
      await picture.waitFor({ state: 'detached' });
      expect(await focusedElement(page)).toContain(uniqueName);
    }
    await page.getByRole('button', { name: 'English' }).click();
    await page.locator('html[lang="en"]').waitFor();

    await inBothLanguages(page, 'files-3-sent', { th: row.getByText('ส่งแล้ว') });
    expect(problems).toEqual([]);
  }, 180_000);

  it('shows a PDF’s pages on a canvas, and offers Save for one it cannot read', async () => {
    const { page, problems } = app;
    const shown = page.getByTestId('shown-file');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Alt+KeyA')]);
    await chooser.setFiles({
      name: 'delivery note.pdf',
      mimeType: 'application/pdf',
      buffer: await twoPagePdf(),
    });
    await page.getByText(/^delivery note-\S+\.pdf is kept on this PC/).waitFor();
    // The list is read again as the upload is sent: focus the file's button, then Enter opens it.
    const row = page.getByTestId('files-list').getByRole('row').filter({ hasText: 'delivery note-' });
    await row.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await shown.getByText('Page 1 of 2').waitFor({ timeout: 30_000 });
    const canvas = shown.getByTestId('pdf-page');
    await expect.poll(() => inkedPixels(), { timeout: 10_000 }).toBeGreaterThan(1_000);
    const firstPage = await inkedPixels();
    await app.screenshot('files-4-pdf-en');
    await expectAccessible(page, 'the shown PDF');
    await page.keyboard.press('PageDown');
    await shown.getByText('Page 2 of 2').waitFor();
    // Page 2 is mostly blank paper with one line: far less ink than page 1's black block.
    await expect.poll(() => inkedPixels(), { timeout: 10_000 }).toBeLessThan(firstPage / 2);
    expect(await canvas.getAttribute('aria-label')).toBe('Page 2 of 2');
    await page.keyboard.press('Escape');
    await canvas.waitFor({ state: 'detached' });
    expect(await page.evaluate('document.activeElement.textContent')).toContain('delivery note-');

    // Bytes that only start like a PDF: attached (the signature matches), shown as unreadable, saved.
    // The Attach button this time (Alt+A is proven above); under a full run's load an Alt+A here once
    // opened no chooser, which is noted as an open question rather than hidden by a retry.
    const [again] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.locator('button', { hasText: 'Attach a file (Alt+A)' }).click(),
    ]);
    await again.setFiles({
      name: 'broken.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\nthis is not a PDF body\n'),
    });
    await page.getByText(/^broken-\S+\.pdf is kept on this PC/).waitFor();
    const broken = page.getByTestId('files-list').getByRole('row').filter({ hasText: 'broken-' });
    await broken.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await shown.getByTestId('pdf-error').getByText('cannot be shown').waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Control+KeyS'),
    ]);
    expect(download.suggestedFilename()).toMatch(/^broken-.*\.pdf$/);
    await page.keyboard.press('Escape');
    await page.getByText('was saved to your downloads').waitFor();
    expect(problems).toEqual([]);
  }, 120_000);

  it('never opens a program another user planted: its whole name, a warning, saved only when asked', async () => {
    const { page, problems } = app;
    // Planted on the back office under a name whose right-to-left override makes it read "…exe.pdf",
    // with a PDF's content type.
    await sandbox.call('AddPurchaseOrderFile', {
      query: { number: purchaseOrder },
      file: {
        fileName: 'report\u202Efdp.exe',
        mimeType: 'application/pdf',
        data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]),
      },
      as: STORE,
    });
    // Attaching reads the list again, which brings the planted file.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.locator('button', { hasText: 'Attach a file (Alt+A)' }).click(),
    ]);
    await chooser.setFiles({ name: 'label.png', mimeType: 'image/png', buffer: PHOTO });
    await page.getByText(/^label-\S+\.png is kept on this PC/).waitFor();
    const planted = page.getByTestId('files-list').getByRole('row').filter({ hasText: 'reportfdp.exe' });
    await planted.waitFor({ timeout: 20_000 });
    expect(await planted.getByRole('button').textContent()).toBe('reportfdp.exe');
    expect(await planted.locator('td.code').textContent()).toBe('application/octet-stream');

    const held = page.getByTestId('held-file');
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    await planted.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await held.getByText('could be a program').waitFor();
    expect(await held.getByTestId('held-file-name').textContent()).toBe('reportfdp.exe');
    expect(await page.getByTestId('shown-file').isVisible()).toBe(false);
    await app.screenshot('files-5-held-en');
    await expectAccessible(page, 'a held program');
    // The focus starts on Close: Enter leaves the file unsaved.
    await page.keyboard.press('Enter');
    await held.getByText('could be a program').waitFor({ state: 'detached' });
    expect(downloads).toEqual([]);

    await planted.getByRole('button').focus();
    await page.keyboard.press('Enter');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      held.getByRole('button', { name: 'Save the file' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('reportfdp.exe');
    await page.getByText('reportfdp.exe was saved to your downloads').waitFor();
    expect(problems).toEqual([]);
  }, 120_000);
});

/** Two A4 pages printed by Chromium: a heading and a large black block, then one line of text. */
async function twoPagePdf(): Promise<Buffer> {
  const printer = await app.page.context().newPage();
  await printer.setContent(
    '<h1>Delivery note</h1><div style="height:400px;background:#000"></div>' +
      '<p style="break-before:page">Page two</p>',
  );
  const pdf = await printer.pdf({ format: 'A4' });
  await printer.close();
  return pdf;
}

/** How many pixels of the shown PDF's canvas are dark (a string: this file has no DOM types). */
function inkedPixels(): Promise<number> {
  return app.page.evaluate(`(() => {
    const canvas = document.querySelector('[data-testid="pdf-page"]');
    if (!canvas || canvas.width === 0) return 0;
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let index = 0; index < data.length; index += 4) {
      if (data[index + 3] > 0 && data[index] + data[index + 1] + data[index + 2] < 200) dark += 1;
    }
    return dark;
  })()`) as Promise<number>;
}
