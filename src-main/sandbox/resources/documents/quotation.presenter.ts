// Stored quotations as the v4 Quotation record (detail) and list item.
import type { Database } from 'better-sqlite3';
import type { HandlerResult } from '../../core/handler.js';
import { thaiDateString, thaiIsoDateTime } from '../../core/list-helpers.js';
import { presentChangeTimes } from '../shared/change-times.js';
import {
  presentCreator,
  presentCustomer,
  presentDiscount,
  presentTotals,
} from './document-header.presenter.js';
import { presentLine } from './document-line.presenter.js';
import { linesByDocument, tagsByDocument, type DocumentLineRow } from './document-lines.repository.js';
import type { QuotationRow } from './quotation.repository.js';

export type QuotationView = HandlerResult<'GetQuotationDetail'>;

function present(
  row: QuotationRow,
  lines: readonly DocumentLineRow[],
  tags: readonly string[],
): QuotationView {
  return {
    id: row.id,
    number: row.number,
    customerid: row.customerid,
    ...presentCustomer(row),
    reference: row.reference,
    description: row.description,
    status: row.status,
    ...presentTotals(row),
    quotationdate: thaiIsoDateTime(row.document_date),
    quotationdateString: thaiDateString(row.document_date),
    ...presentDiscount(row),
    saleschannel: row.saleschannel,
    // Lines come from the body's sku list; the v4 bodies cannot name a bundle, so these stay null.
    list: lines.map((line) => ({ ...presentLine(line), bundleid: null, bundleitemid: null })),
    tag: [...tags],
    ...presentChangeTimes(row),
    approvedate: thaiIsoDateTime(row.approve_date),
    approvedateString: thaiDateString(row.approve_date),
    expiredate: thaiIsoDateTime(row.expire_date),
    expiredateString: thaiDateString(row.expire_date),
    ...presentCreator(row),
    uniquenumber: row.uniquenumber,
    currency: row.currency,
  };
}

/** Full records of several quotations, loading their lines and tags. */
function presentAll(db: Database, storeId: number, rows: readonly QuotationRow[]): QuotationView[] {
  const ids = rows.map((row) => row.id);
  const lines = linesByDocument(db, storeId, 'quotation', ids);
  const tags = tagsByDocument(db, storeId, 'quotation', ids);
  return rows.map((row) => present(row, lines.get(row.id) ?? [], tags.get(row.id) ?? []));
}

export function presentQuotation(db: Database, storeId: number, row: QuotationRow): QuotationView {
  const [record] = presentAll(db, storeId, [row]);
  if (!record) throw new Error(`Quotation ${row.id} vanished while being read`);
  return record;
}

/** List items: the spec names the quotation date's text twin orderdateString there; both are given. */
export function presentQuotationItems(
  db: Database,
  storeId: number,
  rows: readonly QuotationRow[],
): QuotationView[] {
  return presentAll(db, storeId, rows).map((record) => ({
    ...record,
    orderdateString: record.quotationdateString,
  }));
}
