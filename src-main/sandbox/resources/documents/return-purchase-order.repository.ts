// Return purchase orders: the header table and its single-record queries. paymentamount is never
// stored: it is the sum of the order's rows in the shared payments table, so it cannot drift.
import type { Database } from 'better-sqlite3';
import type { NamesEvery } from '../shared/columns.js';
import {
  CREATION_COLUMNS,
  CREATION_COLUMNS_SQL,
  CUSTOMER_COLUMNS,
  CUSTOMER_COLUMNS_SQL,
  KEY_COLUMNS_SQL,
  MONEY_COLUMNS,
  MONEY_COLUMNS_SQL,
  type DocumentCreationFields,
  type DocumentCustomerFields,
  type DocumentMoneyFields,
} from './document-header.js';
import { documentTable } from './document-table.repository.js';

export const returnPurchaseOrderSchemaSql = `
CREATE TABLE IF NOT EXISTS return_purchase_orders (
  ${KEY_COLUMNS_SQL},
  customercode TEXT NOT NULL DEFAULT '',
  ${CUSTOMER_COLUMNS_SQL},
  reference TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  document_date INTEGER NOT NULL,
  warehousecode TEXT NOT NULL,
  ${MONEY_COLUMNS_SQL},
  referenceid INTEGER NOT NULL DEFAULT 0,
  referencenumber TEXT NOT NULL DEFAULT '',
  ${CREATION_COLUMNS_SQL}
);
CREATE INDEX IF NOT EXISTS return_purchase_orders_by_number ON return_purchase_orders (store_id, number, id);`;

/** The columns a new order is written with (everything but id, paymentamount). */
export interface NewReturnPurchaseOrder
  extends DocumentCustomerFields, DocumentMoneyFields, DocumentCreationFields {
  readonly number: string;
  readonly status: string;
  readonly customercode: string;
  readonly reference: string;
  readonly description: string;
  readonly document_date: number;
  readonly warehousecode: string;
  readonly referenceid: number;
  readonly referencenumber: string;
}

/** A stored order with its paid total, as every read returns it. */
export interface ReturnPurchaseOrderRow extends NewReturnPurchaseOrder {
  readonly id: number;
  readonly customerid: number;
  readonly paymentamount: number;
}

/**
 * Orders of one store with their paid total: the FROM of every read. Its one `?` is the store id.
 * ROUND keeps float noise of the SUM out of filters and answers.
 */
export const ORDERS_WITH_PAYMENTS = `
  SELECT o.*, ROUND(COALESCE((SELECT SUM(p.amount) FROM payments p
    WHERE p.store_id = o.store_id AND p.parent_kind = 'returnPurchaseOrder' AND p.parent_id = o.id), 0), 2)
    AS paymentamount
  FROM return_purchase_orders o WHERE o.store_id = ?`;

/** Every column of NewReturnPurchaseOrder: a fixed list, so no caller's extra key can reach the SQL. */
const INSERT_COLUMNS = [
  'number',
  'status',
  'customercode',
  ...CUSTOMER_COLUMNS,
  'reference',
  'description',
  'document_date',
  'warehousecode',
  ...MONEY_COLUMNS,
  'referenceid',
  'referencenumber',
  ...CREATION_COLUMNS,
] as const satisfies readonly (keyof NewReturnPurchaseOrder)[];
/** Compile-time check that INSERT_COLUMNS names every column of NewReturnPurchaseOrder. */
const insertColumnsComplete: NamesEvery<NewReturnPurchaseOrder, (typeof INSERT_COLUMNS)[number]> = true;
void insertColumnsComplete;

export const returnPurchaseOrderTable = documentTable<NewReturnPurchaseOrder, ReturnPurchaseOrderRow>({
  table: 'return_purchase_orders',
  insertColumns: INSERT_COLUMNS,
  rowsOfStore: ORDERS_WITH_PAYMENTS,
});

export function updateReturnPurchaseOrderStatus(
  db: Database,
  storeId: number,
  id: number,
  change: { status: string; warehousecode: string; updatedAt: number },
): void {
  db.prepare(
    `UPDATE return_purchase_orders SET status = @status, warehousecode = @warehousecode, updated_at = @updatedAt
     WHERE store_id = @storeId AND id = @id`,
  ).run({ storeId, id, ...change });
}
