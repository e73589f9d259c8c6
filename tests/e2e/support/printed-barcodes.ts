// The barcodes of a printed PDF read back as a thermal printer would print them (issue 25): its pages
// rasterised at 203 dpi (a thermal printer's dots) once by pdftoppm, as greyscale PGM, and every picture
// decoded by a single zbarimg run. An A4 label sheet's cells are cut out of that one render here (a PGM
// is a header and a byte a dot), since zbar reports identical symbols of one picture only once.
import { spawnSync, execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { SCREENSHOTS } from './page-helpers.js';

const DPI = 203;

interface Grey {
  readonly width: number;
  readonly height: number;
  readonly dots: Buffer;
}

/** Every page at 203 dpi as PGM files, in page order. */
function renderPages(pdfFile: string, name: string): string[] {
  const prefix = `${name}-203dpi`;
  execFileSync('pdftoppm', ['-r', String(DPI), '-gray', pdfFile, join(SCREENSHOTS, prefix)]);
  return readdirSync(SCREENSHOTS)
    .filter((entry) => entry.startsWith(`${prefix}-`) && entry.endsWith('.pgm'))
    .sort()
    .map((entry) => join(SCREENSHOTS, entry));
}

function readPgm(file: string): Grey {
  const bytes = readFileSync(file);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString('latin1'));
  if (header === null) throw new Error(`${file} is not an 8-bit PGM`);
  const [whole = '', width = '0', height = '0'] = header;
  return { width: Number(width), height: Number(height), dots: bytes.subarray(whole.length) };
}

function writePgmCut(picture: Grey, file: string, x: number, y: number, width: number, height: number): void {
  const dots = Buffer.alloc(width * height);
  for (let row = 0; row < height; row += 1) {
    const start = (y + row) * picture.width + x;
    picture.dots.copy(dots, row * width, start, start + width);
  }
  writeFileSync(file, Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), dots]));
}

/** zbarimg once over all the files: each file's symbols ("EAN-13:8850…", one a line) in the order given. */
function zbarEach(files: readonly string[]): string[] {
  const run = spawnSync('zbarimg', ['-q', '--xml', '-Supca.enable=1', ...files], { encoding: 'utf8' });
  // zbarimg exits non-zero when some picture held nothing: its XML still says which.
  const found = new Map<string, string[]>();
  for (const [, href = '', body = ''] of run.stdout.matchAll(
    /<source href='([^']*)'>([\s\S]*?)<\/source>/g,
  )) {
    const symbols = [
      ...body.matchAll(/<symbol type='([^']+)'[^>]*><data><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g),
    ];
    found.set(
      basename(href),
      symbols.map(([, type = '', data = '']) => `${type}:${data}`),
    );
  }
  return files.map((file) => {
    const symbols = found.get(basename(file)) ?? [];
    return symbols.length === 0 ? `(nothing decoded in ${file})` : symbols.join('\n');
  });
}

/** Every page of the PDF at 203 dpi, decoded: "EAN-13:8850…" a page, in page order. */
export function decodedPages(pdfFile: string, name: string): string[] {
  return zbarEach(renderPages(pdfFile, name));
}

/**
 * Each label of an A4 sheet decoded on its own: every cell of the grid (A4 edge to edge, `columns` ×
 * `rows`) cut out of its page's one render, a dot inside its edges, in reading order, `count` labels.
 */
export function decodedCells(
  pdfFile: string,
  name: string,
  columns: number,
  rows: number,
  count: number,
): string[] {
  const pages = renderPages(pdfFile, name).map(readPgm);
  const dots = (mm: number) => (mm / 25.4) * DPI;
  const [cellWidth, cellHeight] = [dots(210 / columns), dots(297 / rows)];
  const cells: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const page = pages[Math.floor(index / (columns * rows))];
    if (page === undefined) throw new Error(`label ${index + 1} has no page in ${pdfFile}`);
    const cell = index % (columns * rows);
    const file = join(SCREENSHOTS, `${name}-cell-${String(index).padStart(3, '0')}.pgm`);
    writePgmCut(
      page,
      file,
      Math.ceil((cell % columns) * cellWidth) + 1,
      Math.ceil(Math.floor(cell / columns) * cellHeight) + 1,
      Math.floor(cellWidth) - 2,
      Math.floor(cellHeight) - 2,
    );
    cells.push(file);
  }
  return zbarEach(cells);
}
