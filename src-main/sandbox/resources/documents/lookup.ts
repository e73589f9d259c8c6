// Finding a return purchase order or quotation by the id-or-number rule, and naming it in a refusal of
// its state. findQuotation is also the files module's way to find the parent of a quotation's attachments.
import type { Database } from 'better-sqlite3';
import type { ParentRef } from '../../core/handler.js';
import { resolveParent } from './document-common.js';
import type { DocumentRef } from './document-states.js';
import type { DocumentTable } from './document-table.repository.js';
import { quotationTable, type QuotationRow } from './quotation.repository.js';
import { returnPurchaseOrderTable, type ReturnPurchaseOrderRow } from './return-purchase-order.repository.js';

/** The record named by id (when non-zero) or number (the newest with it); '100' "Invalid ID." otherwise. */
function requireDocument<Row>(
  db: Database,
  storeId: number,
  parent: ParentRef,
  table: DocumentTable<never, Row>,
  label: string,
): Row {
  const id = resolveParent(
    parent,
    label,
    (candidate) => (table.idExists(db, storeId, candidate) ? candidate : undefined),
    (number) => table.newestIdByNumber(db, storeId, number),
  );
  const row = table.find(db, storeId, id);
  if (!row) throw new Error(`${label[0]?.toUpperCase()}${label.slice(1)} ${id} vanished while being read`);
  return row;
}

/** The order named by id (when non-zero) or number (the newest with it); '100' "Invalid ID." otherwise. */
export function requireReturnPurchaseOrder(
  db: Database,
  storeId: number,
  parent: ParentRef,
): ReturnPurchaseOrderRow {
  return requireDocument(db, storeId, parent, returnPurchaseOrderTable, 'return purchase order');
}

/** The quotation named by id (when non-zero) or number (the newest with it); '100' "Invalid ID." otherwise. */
export function requireQuotation(db: Database, storeId: number, parent: ParentRef): QuotationRow {
  return requireDocument(db, storeId, parent, quotationTable, 'quotation');
}

/** How a state refusal names the order: "Return purchase order <number> is <status>: …". */
export function returnPurchaseOrderRef(order: ReturnPurchaseOrderRow): DocumentRef {
  return { label: 'Return purchase order', number: order.number, status: order.status };
}

/** How a state refusal names the quotation: "Quotation <number> is <status>: …". */
export function quotationRef(row: QuotationRow): DocumentRef {
  return { label: 'Quotation', number: row.number, status: row.status };
}

/**
 * For the files module: the quotation named by id (when non-zero) or else number, the newest when
 * several share the number; undefined when the store has none (or neither is given).
 */
export function findQuotation(
  db: Database,
  storeId: number,
  parent: { id?: number; number?: string },
): { id: number; number: string } | undefined {
  if (parent.id !== undefined && parent.id !== 0) {
    const row = quotationTable.find(db, storeId, parent.id);
    return row ? { id: row.id, number: row.number } : undefined;
  }
  const number = parent.number?.trim() ?? '';
  if (number === '') return undefined;
  const id = quotationTable.newestIdByNumber(db, storeId, number);
  return id === undefined ? undefined : { id, number };
}
