// GetQuotations in SQL: every filter of the spec, count and total amount over all matching quotations,
// one page newest first (highest id first).
import type { Database } from 'better-sqlite3';
import { SqlWhere } from '../shared/sql-where.js';
import { documentListWhere, type DocumentListFilter } from './document-list-filter.js';
import type { QuotationRow } from './quotation.repository.js';

export interface QuotationFilter extends DocumentListFilter {
  /** Statuses named by the status codes; undefined for every status (Voided included). */
  readonly statuses?: readonly string[] | undefined;
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
  const ofStore = new SqlWhere().add('store_id = ?', storeId);
  const where = documentListWhere(filter, KEYWORD_COLUMNS, ofStore).oneOf('status', filter.statuses);
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
