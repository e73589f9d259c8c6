// What incomes and expenses share: creation (figures by computeDocument, optional payment, uniquenumber
// idempotency), payments, lists with every filter, and detail. The handlers only map their endpoint's
// names (incomedate/expensedate, customerbranchno/contactbranchno) onto these.
import type { Database, ListResult, ParentRef, StoreContext, WriteResult } from '../../core/handler.js';
import { invalidId, validation } from '../../core/handler.js';
import {
  dayRange,
  readKeyword,
  readPaging,
  type PagingQuery,
  type TimeRange,
} from '../../core/list-helpers.js';
import { parseThaiDateTime } from '../../../../src-shared/time/index.js';
import { assertUniqueNumberUnused, recordUniqueNumber } from '../../core/unique-number.repository.js';
import {
  computeDocument,
  formatDiscount,
  isVatType,
  parseDiscount,
  roundMoney,
  type DocumentError,
} from '../../../../src-shared/money/index.js';
import { addPayment } from '../payments/payment.repository.js';
import { findContactIdByName } from '../contacts/contact.repository.js';
import { auditRanges, type AuditQuery } from '../shared/list-filters.js';
import { requirePaymentMethod } from '../shared/payment-method.js';
import { readTags } from '../shared/tags.js';
import { documentDay } from '../shared/thai-day.js';
import {
  countFinanceDocuments,
  findFinanceDocument,
  insertFinanceDocument,
  listFinanceDocuments,
  touchFinanceDocument,
  type FinanceKind,
} from './finance-document.repository.js';
import { financeRecords, type FinanceRecordParts } from './finance-document.view.js';

/** The body fields AddIncome and AddExpense share (zod output of their rows). */
export interface FinanceBody {
  readonly amount: number;
  readonly contactname?: string | undefined;
  readonly contactidnumber?: string | undefined;
  readonly contactphone?: string | undefined;
  readonly contactemail?: string | undefined;
  readonly contactaddress?: string | undefined;
  readonly contactbranchname?: string | undefined;
  readonly vatamount?: number | undefined;
  readonly vattype?: number | undefined;
  readonly paymentmethod?: string | undefined;
  readonly paymentamount?: number | undefined;
  readonly paymentdate?: string | undefined;
  readonly description?: string | undefined;
  readonly discount?: string | undefined;
  readonly reference?: string | undefined;
  readonly tag?: readonly string[] | undefined;
  readonly list?:
    readonly { name: string; totalprice: number; categoryname?: string | undefined }[] | undefined;
}

/** What the two bodies name differently. */
export interface FinanceBodyNames {
  /** AddIncome's customerbranchno, AddExpense's contactbranchno. */
  readonly contactbranchno: string | undefined;
  /** incomedate or expensedate (yyyy-MM-dd, a Thai day); today when absent. */
  readonly date: string | undefined;
}

/** The creating endpoint of each kind, which scopes its uniquenumber. */
const CREATE_ENDPOINT = { income: 'AddIncome', expense: 'AddExpense' } as const;

/** The context of AddIncome and AddExpense, as far as both read it. */
export interface CreateFinanceContext extends StoreContext {
  readonly query: { readonly uniquenumber?: string | undefined };
  readonly body: FinanceBody;
}

/** AddIncome/AddExpense; `names` are the body's fields that the two name differently. */
export function createFinanceDocument(
  context: CreateFinanceContext,
  kind: FinanceKind,
  names: FinanceBodyNames,
): WriteResult<never> {
  const { db, store, now, body } = context;
  const endpoint = CREATE_ENDPOINT[kind];
  const { uniquenumber } = context.query;
  // First, so a resend of an applied create answers 900 whatever its body says now.
  assertUniqueNumberUnused(db, store.id, endpoint, uniquenumber);
  const createdAt = now();
  const figures = computeFigures(body);
  const payment = readCreationPayment(db, store.id, body, createdAt);
  const contactname = body.contactname?.trim() ?? '';
  const id = insertFinanceDocument(
    db,
    store.id,
    kind,
    {
      contact_id: contactname === '' ? 0 : (findContactIdByName(db, store.id, contactname) ?? 0),
      contact_name: contactname,
      contact_idnumber: body.contactidnumber ?? '',
      contact_email: body.contactemail ?? '',
      contact_phone: body.contactphone ?? '',
      contact_address: body.contactaddress ?? '',
      contact_branchname: body.contactbranchname ?? '',
      contact_branchno: names.contactbranchno ?? '',
      amount: figures.document.amount,
      amount_pretax: figures.document.amount_pretax,
      vatamount: figures.document.vatamount,
      vattype: figures.document.vattype,
      discount: normalisedDiscount(body.discount),
      document_date: documentDay(names.date, createdAt),
      reference: body.reference ?? '',
      description: body.description ?? '',
      tags: JSON.stringify(readTags(body.tag)),
      uniquenumber: uniquenumber ?? '',
      created_at: createdAt,
      updated_at: createdAt,
    },
    (body.list ?? []).map((item, index) => {
      const line = figures.lines[index];
      return {
        name: item.name.trim(),
        categoryname: item.categoryname ?? '',
        totalprice: line?.totalprice ?? item.totalprice,
        totalprice_pretax: line?.totalprice_pretax ?? item.totalprice,
        totalprice_vat: line?.totalprice_vat ?? 0,
      };
    }),
  );
  if (payment) addPayment(db, store.id, { kind, parentId: id, ...payment });
  recordUniqueNumber(db, store.id, endpoint, uniquenumber, id);
  return { id };
}

/** Checks the figures and computes the rest (vattype rule, discount, VAT twins) with computeDocument. */
function computeFigures(body: FinanceBody) {
  if (body.amount < 0) throw validation('amount', 'must not be negative');
  const list = body.list ?? [];
  for (const [index, item] of list.entries()) {
    if (item.name.trim() === '') throw validation(`list[${index}].name`, 'is required');
    if (item.totalprice < 0) throw validation(`list[${index}].totalprice`, 'must not be negative');
  }
  if (body.vattype !== undefined && !isVatType(body.vattype))
    throw validation('vattype', 'must be 1, 2 or 3');
  const result = computeDocument({
    amount: body.amount,
    vattype: body.vattype,
    vatamount: body.vatamount,
    discount: body.discount,
    lines: list.map((item) => ({ totalprice: item.totalprice })),
  });
  if (!result.ok) throw refusal(result);
  return result;
}

/** The discount as every sandbox document stores it: '', '50' or '10%' (computeDocument checked it). */
function normalisedDiscount(text: string | undefined): string {
  const parsed = parseDiscount(text);
  return parsed.ok ? formatDiscount(parsed.discount) : '';
}

/** computeDocument's messages start with the field; validation() puts it first again. */
function refusal({ field, message }: DocumentError) {
  const rest = message.startsWith(field) ? message.slice(field.length).trimStart() : message;
  return validation(field, rest);
}

interface PaymentInput {
  readonly name: string;
  readonly amount: number;
  readonly paidAt: number;
}

/**
 * The payment made with the creation: paymentamount > 0 with paymentmethod (a payment method of the
 * store). A paymentmethod without an amount is still checked; paymentamount 0 records no payment.
 */
function readCreationPayment(
  db: Database,
  storeId: number,
  body: FinanceBody,
  nowMs: number,
): PaymentInput | null {
  const amount = body.paymentamount ?? 0;
  if (amount < 0) throw validation('paymentamount', 'must not be negative');
  // Less than half a satang rounds to no payment at all.
  if (roundMoney(amount) === 0 && amount !== 0) throw validation('paymentamount', 'must be at least 0.01');
  if (amount === 0 && (body.paymentmethod?.trim() ?? '') === '') return null;
  const name = requirePaymentMethod(db, storeId, body.paymentmethod);
  if (amount === 0) return null;
  const paidAt = body.paymentdate === undefined ? nowMs : readDateTime('paymentdate', body.paymentdate);
  return { name, amount, paidAt };
}

export interface PaymentQuery {
  readonly paymentamount: number;
  readonly paymentmethod: string;
  readonly paymentdate?: string | undefined;
}

/** UpdateIncomePayment/UpdateExpensePayment: adds a payment; paymentstatus follows from all payments. */
export function addFinancePayment(
  context: StoreContext & { readonly parent: ParentRef; readonly query: PaymentQuery },
  kind: FinanceKind,
): WriteResult<never> {
  const { db, store, now, query } = context;
  const document = requireDocument(context, kind);
  if (roundMoney(query.paymentamount) <= 0) throw validation('paymentamount', 'must be greater than 0');
  const name = requirePaymentMethod(db, store.id, query.paymentmethod);
  const paidAt = query.paymentdate === undefined ? now() : readDateTime('paymentdate', query.paymentdate);
  addPayment(db, store.id, {
    kind,
    parentId: document.id,
    name,
    amount: query.paymentamount,
    paidAt,
  });
  touchFinanceDocument(db, store.id, document.id, now());
  return {};
}

export interface FinanceListQuery extends PagingQuery, AuditQuery {
  readonly paymentafter?: string | undefined;
  readonly paymentbefore?: string | undefined;
  readonly keyword?: string | undefined;
}

/** GetIncomes/GetExpenses: every filter, newest first, count over all pages; each record shown by `as`. */
export function listFinance<Item>(
  { db, store, query }: StoreContext & { readonly query: FinanceListQuery },
  kind: FinanceKind,
  as: (parts: FinanceRecordParts) => Item,
  { documentDate, ids }: { readonly documentDate: TimeRange; readonly ids: readonly number[] | undefined },
): ListResult<Item> {
  const { limit, offset } = readPaging(query);
  const filter = {
    documentDate,
    ...auditRanges(query),
    payment: dayRange(query.paymentafter, query.paymentbefore),
    keyword: readKeyword(query.keyword),
    ids,
  };
  const rows = listFinanceDocuments(db, store.id, kind, filter, limit, offset);
  return {
    list: financeRecords(db, store.id, kind, rows).map(as),
    count: countFinanceDocuments(db, store.id, kind, filter),
  };
}

/** GetIncomeDetail/GetExpenseDetail. */
export function financeDetail(context: StoreContext & { readonly parent: ParentRef }, kind: FinanceKind) {
  const document = requireDocument(context, kind);
  const [parts] = financeRecords(context.db, context.store.id, kind, [document]);
  if (!parts) throw invalidId();
  return parts;
}

function requireDocument(
  { db, store, parent }: StoreContext & { readonly parent: ParentRef },
  kind: FinanceKind,
) {
  if (parent.id === undefined) throw invalidId();
  const document = findFinanceDocument(db, store.id, kind, parent.id);
  if (!document) throw invalidId(`No ${kind} with id ${parent.id}`);
  return document;
}

/** The row's schema already checked the text; a failure here would be a bug, reported by field anyway. */
function readDateTime(field: string, text: string): number {
  const instant = parseThaiDateTime(text);
  if (instant === undefined) throw validation(field, 'must be a date and time yyyy-MM-dd HH:mm');
  return instant;
}
