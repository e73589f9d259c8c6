// GetReturnPurchaseOrders in SQL: every filter of the spec, count and totals over all matching orders,
// one page newest first (highest id first).
import type { Database } from 'better-sqlite3';
import type { TimeRange } from '../../core/list-helpers.js';
import { SqlWhere } from '../shared/sql-where.js';
import { documentListWhere, type DocumentListFilter } from './document-list-filter.js';
import { ORDERS_WITH_PAYMENTS, type ReturnPurchaseOrderRow } from './return-purchase-order.repository.js';

/** The filters, already read from the query (ranges in epoch ms, keyword checked). */
export interface ReturnPurchaseOrderFilter extends DocumentListFilter {
  /** Orders with at least one payment made in this range. */
  readonly paid: TimeRange | undefined;
  readonly fromPaymentAmount?: number | undefined;
  readonly toPaymentAmount?: number | undefined;
  readonly warehousecode?: string | undefined;
}

export interface ReturnPurchaseOrderPage {
  readonly rows: ReturnPurchaseOrderRow[];
  readonly count: number;
  readonly totalAmount: number;
  readonly totalPaymentAmount: number;
}

/** Keyword matches the number, the customer (name, code, phone) and the reference. */
const KEYWORD_COLUMNS = ['number', 'customername', 'customercode', 'customerphone', 'reference'] as const;

function whereOf(filter: ReturnPurchaseOrderFilter): SqlWhere {
  const where = documentListWhere(filter, KEYWORD_COLUMNS)
    .between('paymentamount', filter.fromPaymentAmount, filter.toPaymentAmount)
    .equals('warehousecode', filter.warehousecode);
  if (filter.paid !== undefined) {
    const paid = new SqlWhere().range('p.paid_at', filter.paid);
    where.add(
      `EXISTS (SELECT 1 FROM payments p WHERE p.store_id = orders.store_id
         AND p.parent_kind = 'returnPurchaseOrder' AND p.parent_id = orders.id AND ${paid.sql})`,
      ...paid.params,
    );
  }
  return where;
}

interface TotalsRow {
  readonly count: number;
  readonly totalAmount: number | null;
  readonly totalPaymentAmount: number | null;
}

export function listReturnPurchaseOrders(
  db: Database,
  storeId: number,
  filter: ReturnPurchaseOrderFilter,
  page: { limit: number; offset: number },
): ReturnPurchaseOrderPage {
  const where = whereOf(filter);
  const from = `(${ORDERS_WITH_PAYMENTS}) AS orders WHERE ${where.sql}`;
  const totals = db
    .prepare<unknown[], TotalsRow>(
      `SELECT COUNT(*) AS count, SUM(amount) AS totalAmount, SUM(paymentamount) AS totalPaymentAmount FROM ${from}`,
    )
    .get(storeId, ...where.params);
  const rows = db
    .prepare<unknown[], ReturnPurchaseOrderRow>(`SELECT * FROM ${from} ORDER BY id DESC LIMIT ? OFFSET ?`)
    .all(storeId, ...where.params, page.limit, page.offset);
  return {
    rows,
    count: totals?.count ?? 0,
    totalAmount: totals?.totalAmount ?? 0,
    totalPaymentAmount: totals?.totalPaymentAmount ?? 0,
  };
}
