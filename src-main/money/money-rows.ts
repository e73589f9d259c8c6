// The local copy's row shapes, and how a record pulled from the back office or made on this PC becomes one.
import type { ExpenseRecord, IncomeRecord, MoneyTransferRecord } from '../../src-shared/api/records.js';
import type { MoneyDocumentKind } from '../../src-shared/domain/vocabulary.js';
import { isVatType, paymentStatus, roundMoney, type VatType } from '../../src-shared/money/index.js';

export interface StoredContact {
  readonly name: string;
  readonly idNumber: string;
  readonly phone: string;
  readonly email: string;
  readonly address: string;
  readonly branchName: string;
  readonly branchNo: string;
}

export interface StoredLine {
  readonly name: string;
  readonly categoryName: string;
  readonly totalPrice: number;
  readonly totalPricePretax: number;
  readonly totalPriceVat: number;
}

export interface StoredPayment {
  readonly methodName: string;
  readonly amount: number;
  readonly paidAt: string;
}

/** What record_json holds: shown in the detail, never queried. */
export interface StoredDetail {
  readonly contact: StoredContact;
  readonly discount: string;
  readonly lines: readonly StoredLine[];
  /** The back office's payments (none on a record not pulled yet). */
  readonly payments: readonly StoredPayment[];
  readonly tags: readonly string[];
}

/** The columns of money_records a pull or a creation writes. */
export interface RecordFields {
  readonly kind: MoneyDocumentKind;
  readonly serverId: number | null;
  readonly uniqueNumber: string;
  readonly docDate: string;
  readonly contactName: string;
  readonly reference: string;
  readonly description: string;
  readonly vattype: VatType;
  readonly amount: number;
  readonly amountPretax: number;
  readonly vatAmount: number;
  readonly serverPaid: number;
  readonly detail: StoredDetail;
}

export interface RecordRow {
  id: number;
  kind: MoneyDocumentKind;
  server_id: number | null;
  unique_number: string;
  operation_id: number | null;
  doc_date: string;
  contact_name: string;
  reference: string;
  description: string;
  vattype: VatType;
  amount: number;
  amount_pretax: number;
  vatamount: number;
  server_paid: number;
  local_paid: number;
  payment_status: string;
  record_json: string;
  pulled_at: number | null;
  created_at: number;
}

export interface LocalPaymentRow {
  id: number;
  record_id: number;
  operation_id: number;
  method_name: string;
  amount: number;
  paid_at: string;
  created_at: number;
  in_server_copy: 0 | 1;
}

export interface TransferFields {
  readonly serverId: number | null;
  readonly uniqueNumber: string;
  readonly actionDate: string;
  readonly amount: number;
  readonly fromMethodId: number;
  readonly fromMethodName: string;
  readonly toMethodId: number;
  readonly toMethodName: string;
  readonly status: string;
  readonly reference: string;
  readonly description: string;
}

export interface TransferRow {
  id: number;
  server_id: number | null;
  unique_number: string;
  operation_id: number | null;
  action_date: string;
  amount: number;
  from_method_id: number;
  from_method_name: string;
  to_method_id: number;
  to_method_name: string;
  status: string;
  reference: string;
  description: string;
  pulled_at: number | null;
  created_at: number;
}

/** The keyword's haystack: lower-cased, one space between parts. */
export function searchText(parts: readonly (string | number | null | undefined)[]): string {
  return parts
    .filter((part) => part !== null && part !== undefined && part !== '')
    .map((part) => String(part).toLowerCase())
    .join(' ');
}

export function recordSearchText(fields: RecordFields): string {
  const { detail } = fields;
  return searchText([
    fields.serverId,
    fields.contactName,
    fields.reference,
    fields.description,
    detail.contact.phone,
    detail.contact.idNumber,
    ...detail.lines.map((line) => line.name),
    ...detail.tags,
  ]);
}

export function transferSearchText(fields: TransferFields): string {
  return searchText([
    fields.serverId,
    fields.fromMethodName,
    fields.toMethodName,
    fields.reference,
    fields.description,
  ]);
}

/** The local view's status of a record: the server's payments plus those still queued here. */
export function localStatus(amount: number, serverPaid: number, localPaid: number): string {
  return paymentStatus(amount, roundMoney(serverPaid + localPaid));
}

/** An income or expense as GetIncomes/GetExpenses answer it, as the local copy keeps it. */
export function fieldsFromServer(
  kind: MoneyDocumentKind,
  record: IncomeRecord | ExpenseRecord,
): RecordFields {
  const dateText =
    kind === 'income'
      ? ((record as IncomeRecord).incomedateString ?? (record as IncomeRecord).incomedate)
      : ((record as ExpenseRecord).expensedateString ?? (record as ExpenseRecord).expensedate);
  const payments = (record.payments ?? []).map((payment) => ({
    methodName: payment.name ?? '',
    amount: payment.amount ?? 0,
    paidAt: payment.paymentdatetimeString ?? (payment.paymentdatetime ?? '').slice(0, 16).replace('T', ' '),
  }));
  const paid = record.paymentamount ?? payments.reduce((sum, payment) => sum + payment.amount, 0);
  const amount = record.amount ?? 0;
  return {
    kind,
    serverId: record.id,
    uniqueNumber: record.uniquenumber ?? '',
    docDate: (dateText ?? '').slice(0, 10),
    contactName: record.contactname ?? '',
    reference: record.reference ?? '',
    description: record.description ?? '',
    vattype: isVatType(record.vattype) ? record.vattype : 1,
    amount,
    amountPretax: record.amount_pretax ?? amount,
    vatAmount: record.vatamount ?? 0,
    serverPaid: roundMoney(paid),
    detail: {
      contact: {
        name: record.contactname ?? '',
        idNumber: record.contactidnumber ?? '',
        phone: record.contactphone ?? '',
        email: record.contactemail ?? '',
        address: record.contactaddress ?? '',
        branchName: record.contactbranchname ?? '',
        branchNo: record.contactbranchno ?? '',
      },
      discount: record.discount ?? '',
      lines: (record.list ?? []).map((item) => ({
        name: item.name ?? '',
        categoryName: item.categoryname ?? '',
        totalPrice: item.totalprice ?? 0,
        totalPricePretax: item.totalprice_pretax ?? item.totalprice ?? 0,
        totalPriceVat: item.totalprice_vat ?? 0,
      })),
      payments,
      tags: record.tag ?? [],
    },
  };
}

export function transferFromServer(record: MoneyTransferRecord): TransferFields {
  return {
    serverId: record.id,
    uniqueNumber: record.uniquenumber ?? '',
    actionDate: (record.actiondateString ?? record.actiondate ?? '').slice(0, 10),
    amount: record.amount ?? 0,
    fromMethodId: record.fromPaymentMethodId ?? 0,
    fromMethodName: record.fromPaymentMethodName ?? '',
    toMethodId: record.toPaymentMethodId ?? 0,
    toMethodName: record.toPaymentMethodName ?? '',
    status: record.status ?? 'Success',
    reference: record.reference ?? '',
    description: record.description ?? '',
  };
}
