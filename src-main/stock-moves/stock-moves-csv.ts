// The moves of this PC as CSV for a spreadsheet (the reason and note exist nowhere else: v4 has no
// field for them). One line per move, oldest first; a transfer names both warehouses and how each half
// stands. Pure: rows in, text out; the format is src-main/csv's.
import { formatThaiDateTime } from '../../src-shared/time/index.js';
import { csvText, type CsvCell } from '../csv/csv-text.js';
import type { StockMoveView } from '../../src-shared/ipc/schemas/stock-moves.js';

export const STOCK_MOVES_CSV_COLUMNS = [
  'made_at',
  'made_by',
  'kind',
  'sku',
  'name',
  'warehouse',
  'to_warehouse',
  'quantity',
  'reason',
  'note',
  'sent',
] as const;

export function stockMovesCsv(moves: readonly StockMoveView[]): string {
  return csvText(STOCK_MOVES_CSV_COLUMNS, moves.map(cellsOf));
}

function cellsOf(move: StockMoveView): CsvCell[] {
  return [
    { text: formatThaiDateTime(move.madeAt) },
    { text: move.madeBy },
    { text: move.kind },
    { text: move.sku },
    { text: move.name },
    { text: move.warehouseCode },
    move.toWarehouseCode === null ? undefined : { text: move.toWarehouseCode },
    { number: move.quantity },
    move.reason === null ? undefined : { text: move.reason },
    { text: move.note },
    { text: move.halves.map((half) => `${half.change} ${half.warehouseCode}: ${half.sendState}`).join('; ') },
  ];
}
