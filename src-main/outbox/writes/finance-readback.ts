// The read-backs of the finance writes: a keyed create's server id by its uniquenumber (after a 900,
// which carries no id), and a record's payments before and after a payment (a delta without a key).
import { roundMoney, toSatang } from '../../../src-shared/money/index.js';
import { DAY_MS, formatThaiDateTime } from '../../../src-shared/time/index.js';
import { DATETIME_PATTERN } from '../../../src-shared/api/wire.js';
import type { BackofficeCaller } from '../../backoffice/index.js';
import type { DeltaVerdict } from './write-shapes.js';
import type { z } from 'zod';
import type { endpoints } from '../../../src-shared/api/endpoints/index.js';

/** UpdateIncomePayment / UpdateExpensePayment's query without the record id: a delta, no key. */
export type PaymentFields = z.output<typeof endpoints.UpdateIncomePayment.query>;

/** The pages a key read-back walks at most (newest first, since the day before the row was queued). */
const KEY_READBACK_PAGES = 20;
const PAGE = 500;
/** PC and server clocks differ; a record is looked for from this long before the row was queued. */
const CLOCK_MARGIN_MS = 2 * DAY_MS;

/** "1,250.00": baht as people read them. */
export function bahtText(amount: number): string {
  return roundMoney(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** One page of a list of records created since a time (GetIncomes, GetExpenses, GetMoneyTransfers). */
export type ListPage = (query: { createdatetimeafter: string; limit: number; page: number }) => Promise<{
  readonly list: ReadonlyArray<{ readonly id: number; readonly uniquenumber?: string | undefined }>;
}>;

/** Walks a list, newest first, for the record created with this uniquenumber. */
export async function findByUniqueNumber(
  listPage: ListPage,
  uniqueNumber: string,
  since: number,
): Promise<number | undefined> {
  const createdatetimeafter = formatThaiDateTime(since - CLOCK_MARGIN_MS);
  for (let page = 1; page <= KEY_READBACK_PAGES; page++) {
    const answer = await listPage({ createdatetimeafter, limit: PAGE, page });
    const found = answer.list.find((item) => item.uniquenumber === uniqueNumber);
    if (found) return found.id;
    if (answer.list.length < PAGE) return undefined;
  }
  return undefined;
}

/** An income's or expense's server id by the uniquenumber it was created with. */
export function findFinanceByUniqueNumber(
  client: BackofficeCaller,
  record: 'income' | 'expense',
  uniqueNumber: string,
  since: number,
): Promise<number | undefined> {
  const listPage: ListPage =
    record === 'income'
      ? (query) => client.call('GetIncomes', { query })
      : (query) => client.call('GetExpenses', { query });
  return findByUniqueNumber(listPage, uniqueNumber, since);
}

/** A money transfer's server id by its uniquenumber. */
export function findTransferByUniqueNumber(
  client: BackofficeCaller,
  uniqueNumber: string,
  since: number,
): Promise<number | undefined> {
  return findByUniqueNumber((query) => client.call('GetMoneyTransfers', { query }), uniqueNumber, since);
}

/** A record's payments as the back office holds them. */
export interface PaymentsSnapshot {
  /** The record's `paymentamount` (the sum of its payments), in satang. */
  readonly paidSatang: number;
  readonly payments: ReadonlyArray<{
    /** The payment's id, or its figures when the answer has no id. */
    readonly key: string;
    readonly method: string;
    readonly satang: number;
    /** When it was paid as the back office shows it (yyyy-MM-dd HH:mm), or '' when it shows none. */
    readonly at: string;
  }>;
}

/** A payment's time to the minute: its `paymentdatetimeString`, else its ISO `paymentdatetime` cut. */
function paymentMinute(payment: { paymentdatetime?: string; paymentdatetimeString?: string }): string {
  const shown = (payment.paymentdatetimeString ?? '').trim();
  if (DATETIME_PATTERN.test(shown)) return shown;
  const iso = (payment.paymentdatetime ?? '').trim().replace('T', ' ').slice(0, 16);
  return DATETIME_PATTERN.test(iso) ? iso : '';
}

/** A record's payments as its detail shows them (incomes, expenses, return purchase orders). */
export async function readPayments(
  client: BackofficeCaller,
  record: 'income' | 'expense' | 'return purchase order',
  id: number,
): Promise<PaymentsSnapshot> {
  const detail =
    record === 'income'
      ? await client.call('GetIncomeDetail', { id })
      : record === 'expense'
        ? await client.call('GetExpenseDetail', { id })
        : await client.call('GetReturnPurchaseOrderDetail', { id });
  const payments = (detail.payments ?? []).map((payment, index) => {
    const satang = toSatang(payment.amount ?? 0);
    const method = (payment.name ?? '').trim();
    const key =
      payment.id !== undefined && payment.id > 0
        ? `id:${payment.id}`
        : `at:${payment.paymentdatetime ?? ''}|${method}|${satang}|${index}`;
    return { key, method, satang, at: paymentMinute(payment) };
  });
  return { paidSatang: toSatang(detail.paymentamount ?? 0), payments };
}

/**
 * Applied: exactly one payment appeared, equal to ours — amount, method and, when we named one, the
 * payment date to the minute — and the paid sum grew by exactly our amount. Not applied: the same
 * payments and the same sum as before sending. Anything else is for a person: another payment meanwhile,
 * a payment voided, figures that do not add up, or one payment of our amount by another method or at
 * another time (someone else paid at the till: judging it ours would lose ours silently). A payment the
 * back office shows without a date cannot be told by it, so only its amount and method are compared;
 * without our own paymentdate the server stamps its clock, which says nothing about whose it is.
 */
export function judgePayment(
  before: PaymentsSnapshot,
  after: PaymentsSnapshot,
  payment: PaymentFields,
): DeltaVerdict {
  const had = new Set(before.payments.map((item) => item.key));
  const has = new Set(after.payments.map((item) => item.key));
  const appeared = after.payments.filter((item) => !had.has(item.key));
  const vanished = before.payments.filter((item) => !has.has(item.key));
  const ours = toSatang(payment.paymentamount);
  if (vanished.length > 0) return 'uncertain';
  if (appeared.length === 0) return after.paidSatang === before.paidSatang ? 'notApplied' : 'uncertain';
  const [only] = appeared;
  if (
    appeared.length === 1 &&
    only !== undefined &&
    only.satang === ours &&
    only.method === payment.paymentmethod.trim() &&
    sameMinute(only.at, payment.paymentdate) &&
    after.paidSatang === before.paidSatang + ours
  ) {
    return 'applied';
  }
  return 'uncertain';
}

function sameMinute(shown: string, ours: string | undefined): boolean {
  return ours === undefined || shown === '' || shown === ours.trim();
}

/** Payments a reason text lists; a record with more says how many it left out. */
const SHOWN_PAYMENTS = 5;

/**
 * The sum and count, and the payments newest first (by the date the back office shows): a person telling
 * ours from someone else's of the same amount needs each one's method and time.
 */
export function showPayments(snapshot: PaymentsSnapshot): string {
  const count = snapshot.payments.length;
  // `at` is absent from snapshots stored before it existed.
  const newestFirst = [...snapshot.payments].sort((a, b) => (b.at ?? '').localeCompare(a.at ?? ''));
  const listed = newestFirst
    .slice(0, SHOWN_PAYMENTS)
    .map(
      (item) =>
        `฿${bahtText(item.satang / 100)} by ${item.method || 'no method'}${item.at ? ` at ${item.at}` : ''}`,
    );
  const more = count > SHOWN_PAYMENTS ? ` and ${count - SHOWN_PAYMENTS} more` : '';
  const list = count === 0 ? '' : ` (${listed.join('; ')}${more})`;
  return `฿${bahtText(snapshot.paidSatang / 100)} paid in ${count} payment${count === 1 ? '' : 's'}${list}`;
}
