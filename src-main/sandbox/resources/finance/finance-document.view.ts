// Stored incomes and expenses as the v4 IncomeTransaction/ExpenseTransaction records. Everything but
// the date's name is shared; the income and expense handlers add incomedate or expensedate.
import type { Database } from '../../core/handler.js';
import { thaiDateString, thaiIsoDateTime } from '../../core/list-helpers.js';
import { paymentsByParent, statusOfPayments, type PaymentView } from '../payments/payment.repository.js';
import { roundMoney } from '../../../../src-shared/money/index.js';
import { apiCreator } from '../shared/api-user.js';
import { presentChangeTimes } from '../shared/change-times.js';
import { itemsByDocument, type FinanceDocumentRow, type FinanceKind } from './finance-document.repository.js';

interface FinanceItemView {
  id: number;
  name: string;
  categoryname: string;
  totalprice: number;
  totalprice_pretax: number;
  totalprice_vat: number;
}

/** The fields an income and an expense record share (all of them but the date). */
export interface FinanceRecordView {
  id: number;
  contactid: number;
  contactname: string;
  contactidnumber: string;
  contactemail: string;
  contactphone: string;
  contactaddress: string;
  contactbranchname: string;
  contactbranchno: string;
  paymentstatus: string;
  amount: number;
  amount_pretax: number;
  vatamount: number;
  paymentamount: number;
  reference: string;
  description: string;
  discount: string;
  vattype: number;
  list: FinanceItemView[];
  payments: PaymentView[];
  tag: string[];
  createdatetime: string;
  createdatetimeString: string;
  updatedatetime: string;
  updatedatetimeString: string;
  createuserid: number;
  createusername: string;
  createdby: string;
  uniquenumber: string;
}

/** A record without its date fields, and the date (epoch ms) the caller names. */
export interface FinanceRecordParts {
  readonly record: FinanceRecordView;
  readonly date: number;
}

/** Date (`incomedate`) and text twin (`incomedateString`) of a record, in Thai time. */
export function dateFields(instant: number): { readonly iso: string; readonly text: string } {
  return { iso: thaiIsoDateTime(instant), text: thaiDateString(instant) };
}

/** Builds the records of several documents with two queries for their items and payments. */
export function financeRecords(
  db: Database,
  storeId: number,
  kind: FinanceKind,
  rows: readonly FinanceDocumentRow[],
): FinanceRecordParts[] {
  const ids = rows.map((row) => row.id);
  const items = itemsByDocument(db, storeId, ids);
  const payments = paymentsByParent(db, storeId, kind, ids);
  return rows.map((row) => {
    const paid = payments.get(row.id) ?? [];
    const paymentamount = roundMoney(paid.reduce((sum, payment) => sum + payment.amount, 0));
    const record: FinanceRecordView = {
      id: row.id,
      contactid: row.contact_id,
      contactname: row.contact_name,
      contactidnumber: row.contact_idnumber,
      contactemail: row.contact_email,
      contactphone: row.contact_phone,
      contactaddress: row.contact_address,
      contactbranchname: row.contact_branchname,
      contactbranchno: row.contact_branchno,
      paymentstatus: statusOfPayments(row.amount, paymentamount),
      amount: row.amount,
      amount_pretax: row.amount_pretax,
      vatamount: row.vatamount,
      paymentamount,
      reference: row.reference,
      description: row.description,
      discount: row.discount,
      vattype: row.vattype,
      list: (items.get(row.id) ?? []).map(({ document_id: _documentId, ...item }) => item),
      payments: paid,
      tag: parseStoredTags(row.tags),
      ...presentChangeTimes(row),
      ...apiCreator,
      uniquenumber: row.uniquenumber,
    };
    return { record, date: row.document_date };
  });
}

/** The tags column: a JSON array of the document's tags. */
function parseStoredTags(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((tag): tag is string => typeof tag === 'string') : [];
}
