// GetQuotations in SQL: every filter of the spec, count and total amount over all matching quotations,
// one page newest first (highest id first).
import type { Database } from 'better-sqlite3';
import type { TimeRange } from '../../list-helpers.js';
import { SqlWhere } from '../shared/sql-where.js';
import type { QuotationRow } from './quotation.repository.js';

export interface QuotationFilter {
  readonly documentDate: TimeRange;
  readonly created: TimeRange;
  readonly updated: TimeRange;
  /** Statuses named by the status codes; undefined for every status (Voided included). */
  readonly statuses?: readonly string[] | undefined;
  readonly fromAmount?: number | undefined;
  readonly toAmount?: number | undefined;
  readonly keyword?: string | undefined;
  readonly createusername?: string | undefined;
  readonly ids?: readonly number[] | undefined;
  readonly numbers?: readonly string[] | undefined;
}

/** Keyword matches the number, the customer (name, phone) and the reference. */
const KEYWORD_COLUMNS = ['number', 'customername', 'customerphone', 'reference'] as const;

interface TotalsRow {
  readonly count: number;
  readonly totalAmount: number | null;
}

export function listQuotations(
  db: Database,
  storeId: number,
  filter: QuotationFilter,
  page: { limit: number; offset: number },
): { rows: QuotationRow[]; count: number; totalAmount: number } {
  const where = new SqlWhere()
    .add('store_id = ?', storeId)
    .range('document_date', filter.documentDate)
    .range('created_at', filter.created)
    .range('updated_at', filter.updated)
    .oneOf('status', filter.statuses)
    .between('amount', filter.fromAmount, filter.toAmount)
    .keyword(KEYWORD_COLUMNS, filter.keyword)
    .equals('createusername', filter.createusername)
    .oneOf('id', filter.ids)
    .oneOf('number', filter.numbers);
  const totals = db
    .prepare<unknown[], TotalsRow>(
      `SELECT COUNT(*) AS count, SUM(amount) AS totalAmount FROM quotations WHERE ${where.sql}`,
    )
    .get(...where.params);
  const rows = db
    .prepare<unknown[], QuotationRow>(
      `SELECT * FROM quotations WHERE ${where.sql} ORDER BY id DESC LIMIT ? OFFSET ?`,
    )
    .all(...where.params, page.limit, page.offset);
  return { rows, count: totals?.count ?? 0, totalAmount: totals?.totalAmount ?? 0 };
}
