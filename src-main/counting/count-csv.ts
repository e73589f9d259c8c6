// A session's review as CSV for a spreadsheet: sku, barcode, name, expected, counted, variance,
// value. Pure: rows in, text out; the format (BOM, quoting, formula guard) is src-main/csv's.
import { csvFileName as safeCsvFileName, csvText, type CsvCell } from '../csv/csv-text.js';
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

/**
 * Counted lines carry expected (the figure they were counted against), counted, variance and value;
 * products nobody counted carry only their expected figure; unknown codes carry the code (in the
 * barcode column) and what was counted under it.
 */
export function countSessionCsv(rows: readonly ReviewRow[]): string {
  return csvText(COUNT_CSV_COLUMNS, rows.map(cellsOf));
}

function cellsOf(row: ReviewRow): CsvCell[] {
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

/** A file name safe on every OS: the session's name without path or reserved characters. */
export function csvFileName(sessionName: string): string {
  return safeCsvFileName(sessionName, 'count');
}
