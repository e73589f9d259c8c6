// Finding a return purchase order or quotation by the id-or-number rule. findQuotation is also the
// files module's way to find the parent of a quotation's attachments.
import type { Database } from 'better-sqlite3';
import type { ParentRef } from '../../handler.js';
import { resolveParent } from './document-common.js';
import {
  findQuotationRow,
  newestQuotationIdByNumber,
  quotationIdExists,
  type QuotationRow,
} from './quotation.repository.js';
import {
  findReturnPurchaseOrder,
  newestReturnPurchaseOrderIdByNumber,
  returnPurchaseOrderIdExists,
  type ReturnPurchaseOrderRow,
} from './return-purchase-order.repository.js';

/** The order named by id (when non-zero) or number (the newest with it); '100' "Invalid ID." otherwise. */
export function requireReturnPurchaseOrder(
  db: Database,
  storeId: number,
  parent: ParentRef,
): ReturnPurchaseOrderRow {
  const id = resolveParent(
    parent,
    'return purchase order',
    (candidate) => (returnPurchaseOrderIdExists(db, storeId, candidate) ? candidate : undefined),
    (number) => newestReturnPurchaseOrderIdByNumber(db, storeId, number),
  );
  const row = findReturnPurchaseOrder(db, storeId, id);
  if (!row) throw new Error(`Return purchase order ${id} vanished while being read`);
  return row;
}

/** The quotation named by id (when non-zero) or number (the newest with it); '100' "Invalid ID." otherwise. */
export function requireQuotation(db: Database, storeId: number, parent: ParentRef): QuotationRow {
  const id = resolveParent(
    parent,
    'quotation',
    (candidate) => (quotationIdExists(db, storeId, candidate) ? candidate : undefined),
    (number) => newestQuotationIdByNumber(db, storeId, number),
  );
  const row = findQuotationRow(db, storeId, id);
  if (!row) throw new Error(`Quotation ${id} vanished while being read`);
  return row;
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
    const row = findQuotationRow(db, storeId, parent.id);
    return row ? { id: row.id, number: row.number } : undefined;
  }
  const number = parent.number?.trim() ?? '';
  if (number === '') return undefined;
  const id = newestQuotationIdByNumber(db, storeId, number);
  return id === undefined ? undefined : { id, number };
}
