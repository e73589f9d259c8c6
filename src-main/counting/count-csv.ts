// A session's review as CSV (RFC 4180) for a spreadsheet: sku, barcode, name, expected, counted,
// variance, value. Pure: rows in, text out.
//
// - UTF-8 with a byte-order mark: without it Excel reads the file as the local ANSI code page and Thai
//   names come out garbled.
// - CRLF line ends; a field is quoted when it holds a comma, a quote (doubled), a line break or
//   surrounding spaces.
// - A text cell (sku, barcode, name) starting with =, +, -, @, tab or CR gets a leading apostrophe, so a
//   spreadsheet shows it as text instead of running it as a formula (a product name comes from the
//   back office, where anyone with the store's login can type anything).
import { formatMoney } from '../../src-shared/money/index.js';
import type { ReviewRow } from './count-review.js';

export const COUNT_CSV_COLUMNS = [
  'sku',
  'barcode',
  'name',
  'expected',
  'counted',
  'variance',
  'value',
] as const;

const BYTE_ORDER_MARK = '\uFEFF';
const LINE_END = '\r\n';
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Counted lines carry expected (the figure they were counted against), counted, variance and value;
 * products nobody counted carry only their expected figure; unknown codes carry the code (in the
 * barcode column) and what was counted under it.
 */
export function countSessionCsv(rows: readonly ReviewRow[]): string {
  const lines = [COUNT_CSV_COLUMNS.join(','), ...rows.map((row) => csvLine(cellsOf(row)))];
  return BYTE_ORDER_MARK + lines.join(LINE_END) + LINE_END;
}

type Cell = { readonly text: string } | { readonly number: number } | { readonly money: number } | undefined;

function cellsOf(row: ReviewRow): Cell[] {
  switch (row.kind) {
    case 'counted':
      return [
        { text: row.sku },
        { text: row.barcode },
        { text: row.name },
        { number: row.countedAgainst },
        { number: row.counted },
        { number: row.variance },
        { money: row.varianceValue },
      ];
    case 'notCounted':
      return [
        { text: row.sku },
        { text: row.barcode },
        { text: row.name },
        { number: row.expected },
        undefined,
        undefined,
        undefined,
      ];
    case 'unknown':
      return [
        undefined,
        { text: row.code },
        undefined,
        undefined,
        { number: row.counted },
        undefined,
        undefined,
      ];
  }
}

function csvLine(cells: readonly Cell[]): string {
  return cells.map(csvField).join(',');
}

function csvField(cell: Cell): string {
  if (cell === undefined) return '';
  if ('number' in cell) return String(cell.number);
  if ('money' in cell) return formatMoney(cell.money);
  const text = FORMULA_START.test(cell.text) ? `'${cell.text}` : cell.text;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A file name safe on every OS: the session's name without path or reserved characters. */
export function csvFileName(sessionName: string): string {
  const base = [...sessionName]
    .map((character) => (character < ' ' || '\\/:*?"<>|'.includes(character) ? ' ' : character))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return `${base === '' ? 'count' : base}.csv`;
}
