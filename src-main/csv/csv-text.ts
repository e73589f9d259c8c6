// CSV (RFC 4180) for a spreadsheet, the one writer of every export (a count's review, the stock moves):
//
// - UTF-8 with a byte-order mark: without it Excel reads the file as the local ANSI code page and Thai
//   names come out garbled.
// - CRLF line ends; a field is quoted when it holds a comma, a quote (doubled), a line break or
//   surrounding spaces.
// - A text cell starting with =, +, -, @, tab or CR gets a leading apostrophe, so a spreadsheet shows it
//   as text instead of running it as a formula (names and notes come from people, anyone can type
//   anything).
import { formatMoney } from '../../src-shared/money/index.js';

export type CsvCell =
  { readonly text: string } | { readonly number: number } | { readonly money: number } | undefined;

const BYTE_ORDER_MARK = '\uFEFF';
const LINE_END = '\r\n';
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** The header line, then one line per row of cells. */
export function csvText(columns: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const lines = [columns.join(','), ...rows.map((cells) => cells.map(csvField).join(','))];
  return BYTE_ORDER_MARK + lines.join(LINE_END) + LINE_END;
}

function csvField(cell: CsvCell): string {
  if (cell === undefined) return '';
  if ('number' in cell) return String(cell.number);
  if ('money' in cell) return formatMoney(cell.money);
  const text = FORMULA_START.test(cell.text) ? `'${cell.text}` : cell.text;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A file name safe on every OS: `name` without path or reserved characters (`fallback` when empty). */
export function csvFileName(name: string, fallback: string): string {
  const base = [...name]
    .map((character) => (character < ' ' || '\\/:*?"<>|'.includes(character) ? ' ' : character))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return `${base === '' ? fallback : base}.csv`;
}
