// Stored product lines as the v4 line records (ReturnPurchaseOrderProduct, QuotationProduct) show them.
import { pickColumns } from '../shared/columns.js';
import { LINE_COLUMNS, type DocumentLine, type DocumentLineRow } from './document-lines.repository.js';

/** ReturnPurchaseOrderProduct (and the shared part of QuotationProduct): the line without its document. */
export function presentLine(row: DocumentLineRow): DocumentLine {
  return pickColumns(row, LINE_COLUMNS);
}
