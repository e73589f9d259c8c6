// A PDF whose fonts are left to the viewer, shown in real Chromium through the web host on the demo
// store: Helvetica and Symbol named without their font files, and a Japanese CID font whose encoding is
// a predefined CMap (tests/e2e/support/standard-font-pdf.ts). pdf.js gets its standard-font data and the
// CMaps from the page's own origin (the build ships them): every one is answered 200 under the page's
// CSP, and pdf.js warns about none of them (without them it warns and leaves the CID font out). The
// Helvetica line spans the width Helvetica's metrics give: pdf.js places every glyph by them, drawn in a
// font of the PC's that pdf.js lists for Helvetica (Arial, DejaVu Sans…) or else the shipped Liberation
// Sans, which is then among the files fetched.
import { describe, expect, it } from 'vitest';
import { appUnderTest } from './support/app-under-test.js';
import { expectAccessible } from './support/page-helpers.js';
import {
  HELVETICA_ORIGIN,
  HELVETICA_SIZE,
  helveticaTextWidth,
  PAGE_SIZE,
  standardFontPdf,
} from './support/standard-font-pdf.js';

const app = appUnderTest({ name: 'pdf-fonts' });

/** pdf.js writes its warnings to the console as "Warning: …". */
const PDFJS_WARNING = /^Warning: /;
/** The MS-Gothic font is a Japanese PC's own: its absence here is the PC's matter, not the app's. */
const PC_FONT_MISSING = /^Warning: Cannot load system font: MS-Gothic/;

describe('a PDF with fonts it does not embed', () => {
  it('is drawn with pdf.js standard-font data and CMaps from the page’s own origin', async () => {
    const { page, problems } = app;
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (PDFJS_WARNING.test(message.text())) warnings.push(message.text());
    });
    const dataFiles: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/pdfjs/')) {
        dataFiles.push(`${response.status()} ${url.pathname} ${response.headers()['content-type']}`);
      }
    });
    await app.openDemoStore();

    // Documents (F5), Files (Alt+3), purchase order PO-0001 (the finder's first choices), attach, open.
    await page.keyboard.press('F5');
    await page.keyboard.press('Alt+Digit3');
    await page.getByRole('heading', { name: 'Files', level: 2 }).waitFor();
    await page.getByTestId('files-reference').fill('PO-0001');
    await page.getByTestId('files-reference').press('Enter');
    await page.getByRole('heading', { name: 'Files of Purchase order PO-0001' }).waitFor();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Alt+KeyA')]);
    await chooser.setFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: standardFontPdf() });
    await page.getByText(/^invoice-\S+\.pdf is kept on this PC/).waitFor();
    const row = page.getByTestId('files-list').getByRole('row').filter({ hasText: 'invoice-' });
    await row.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('shown-file').getByText('Page 1 of 1').waitFor({ timeout: 30_000 });
    await expect.poll(() => helveticaInkWidth(), { timeout: 10_000 }).toBeGreaterThan(0);
    // Font loads and drawing settle after the first ink.
    await page.waitForTimeout(500);
    await app.screenshot('pdf-fonts-1-standard-fonts');
    await expectAccessible(page, 'the shown PDF with standard fonts');

    expect(dataFiles).toEqual(
      expect.arrayContaining([
        '200 /pdfjs/standard_fonts/FoxitSymbol.pfb application/x-font-type1',
        '200 /pdfjs/cmaps/90ms-RKSJ-H.bcmap application/octet-stream',
        '200 /pdfjs/cmaps/Adobe-Japan1-UCS2.bcmap application/octet-stream',
      ]),
    );
    // A PC without any font pdf.js lists for Helvetica also fetches Liberation Sans.
    for (const answer of dataFiles) expect(answer).toMatch(/^200 \/pdfjs\/(standard_fonts|cmaps)\//);
    expect(warnings.filter((warning) => !PC_FONT_MISSING.test(warning))).toEqual([]);
    // The line's ink spans its advance width less W's left and l's right side bearings (a few points).
    const expected = helveticaTextWidth() * (await canvasScale());
    const ink = await helveticaInkWidth();
    expect(ink).toBeGreaterThan(expected * 0.96);
    expect(ink).toBeLessThan(expected);
    expect(problems).toEqual([]);
  }, 120_000);
});

/** Canvas pixels per PDF point. */
function canvasScale(): Promise<number> {
  return app.page.evaluate(
    `document.querySelector('[data-testid="pdf-page"]').width / ${PAGE_SIZE.width}`,
  ) as Promise<number>;
}

/** The width in canvas pixels of the dark pixels on the Helvetica line (a string: no DOM types here). */
function helveticaInkWidth(): Promise<number> {
  return app.page.evaluate(`(() => {
    const canvas = document.querySelector('[data-testid="pdf-page"]');
    if (!canvas || canvas.width === 0) return 0;
    const scale = canvas.width / ${PAGE_SIZE.width};
    const baseline = Math.round((${PAGE_SIZE.height} - ${HELVETICA_ORIGIN.y}) * scale);
    const top = baseline - Math.round(${HELVETICA_SIZE} * scale);
    const { data, width } = canvas.getContext('2d').getImageData(0, top, canvas.width, baseline - top);
    let left = Infinity;
    let right = -Infinity;
    for (let index = 0; index < data.length; index += 4) {
      if (data[index + 3] > 0 && data[index] + data[index + 1] + data[index + 2] < 384) {
        const x = (index / 4) % width;
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
    return right < left ? 0 : right - left + 1;
  })()`) as Promise<number>;
}
