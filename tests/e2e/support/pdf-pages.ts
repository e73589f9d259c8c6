// The page's print view as a real PDF (Chromium's own printing, the print CSS applied: what window.print()
// and the desktop shell's printToPDF make), then read back with poppler-utils: its page size, its text
// (pdftotext -layout), the fonts embedded in it (pdffonts), and each page as a PNG (pdftoppm) saved in
// test-results/e2e/ to be looked at.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS } from './page-helpers.js';

export interface PrintedPdf {
  readonly file: string;
  /** e.g. "595.28 x 841.89 pts (A4)". */
  readonly pageSize: string;
  readonly pages: number;
  /** The text of every page, laid out as printed. */
  readonly text: string;
  /** Font names embedded in the file. */
  readonly embeddedFonts: readonly string[];
  /** One PNG per page. */
  readonly pictures: readonly string[];
}

const poppler = (tool: string, args: readonly string[]) => execFileSync(tool, args, { encoding: 'utf8' });

/** Prints the page as the print CSS lays it out (its @page size: no size is forced here). */
export async function printPdf(page: Page, name: string): Promise<PrintedPdf> {
  // The embedded font must be there before printing, as the page's Print waits for it.
  await page.waitForFunction(
    'document.fonts.status === "loaded" && document.fonts.check("16px Sarabun", "ก")',
  );
  const file = join(SCREENSHOTS, `${name}.pdf`);
  await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
  const info = poppler('pdfinfo', [file]);
  const pictures = join(SCREENSHOTS, name);
  poppler('pdftoppm', ['-r', '80', '-png', file, pictures]);
  const fontLines = poppler('pdffonts', [file]).split('\n').slice(2);
  return {
    file,
    pageSize: /Page size:\s+(.+)/.exec(info)?.[1]?.trim() ?? '',
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0),
    text: poppler('pdftotext', ['-layout', file, '-']),
    // pdffonts columns: name type encoding emb sub uni object ID; "yes" in emb.
    embeddedFonts: fontLines
      .map((line) => line.trim().split(/\s+/))
      .filter((columns) => columns.length >= 7 && columns.at(-5) === 'yes')
      .map((columns) => columns[0] ?? ''),
    pictures: readdirSync(SCREENSHOTS)
      .filter((entry) => entry.startsWith(`${name}-`) && entry.endsWith('.png'))
      .sort()
      .map((entry) => join(SCREENSHOTS, entry)),
  };
}
