// The filters both document lists take (GetQuotations, GetReturnPurchaseOrders): read from the query
// by the handlers, and as SQL conditions for the list repositories.
import { readKeyword, type TimeRange } from '../../core/list-helpers.js';
import { auditRanges, textFilter, type AuditQuery } from '../shared/list-filters.js';
import { SqlWhere } from '../shared/sql-where.js';

export interface DocumentListQuery extends AuditQuery {
  readonly fromamount?: number | undefined;
  readonly toamount?: number | undefined;
  readonly keyword?: string | undefined;
  readonly createusername?: string | undefined;
}

/** The filters, already read from the query (ranges in epoch ms, keyword checked). */
export interface DocumentListFilter {
  readonly documentDate: TimeRange;
  readonly created: TimeRange;
  readonly updated: TimeRange;
  readonly fromAmount?: number | undefined;
  readonly toAmount?: number | undefined;
  readonly keyword?: string | undefined;
  readonly createusername?: string | undefined;
  readonly ids?: readonly number[] | undefined;
  readonly numbers?: readonly string[] | undefined;
}

/** The shared filters of a list query; the kind's own date filter and list headers are passed in. */
export function readDocumentListFilter(
  query: DocumentListQuery,
  documentDate: TimeRange,
  lists: { readonly ids: readonly number[] | undefined; readonly numbers: readonly string[] | undefined },
): DocumentListFilter {
  return {
    documentDate,
    ...auditRanges(query),
    fromAmount: query.fromamount,
    toAmount: query.toamount,
    keyword: readKeyword(query.keyword),
    createusername: textFilter(query.createusername),
    ids: lists.ids,
    numbers: lists.numbers,
  };
}

/** The shared filters as conditions; `keywordColumns` are the columns the kind's keyword searches. */
export function documentListWhere(
  filter: DocumentListFilter,
  keywordColumns: readonly string[],
  where: SqlWhere = new SqlWhere(),
): SqlWhere {
  return where
    .range('document_date', filter.documentDate)
    .range('created_at', filter.created)
    .range('updated_at', filter.updated)
    .between('amount', filter.fromAmount, filter.toAmount)
    .keyword(keywordColumns, filter.keyword)
    .equals('createusername', filter.createusername)
    .oneOf('id', filter.ids)
    .oneOf('number', filter.numbers);
}
