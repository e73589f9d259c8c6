// The read-backs of the finance writes: a keyed create's server id by its uniquenumber (after a 900,
// which carries no id), and a record's payments before and after a payment (a delta without a key).
import { roundMoney, toSatang } from '../../../src-shared/money/index.js';
import { DAY_MS, formatThaiDateTime } from '../../../src-shared/time/index.js';
import type { BackofficeCaller } from '../operation-types.js';
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
type ListPage = (query: { createdatetimeafter: string; limit: number; page: number }) => Promise<{
  readonly list: ReadonlyArray<{ readonly id: number; readonly uniquenumber?: string | undefined }>;
}>;

/** Walks a list, newest first, for the record created with this uniquenumber. */
async function findByUniqueNumber(
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
  }>;
}

export async function readPayments(
  client: BackofficeCaller,
  record: 'income' | 'expense',
  id: number,
): Promise<PaymentsSnapshot> {
  const detail =
    record === 'income'
      ? await client.call('GetIncomeDetail', { id })
      : await client.call('GetExpenseDetail', { id });
  const payments = (detail.payments ?? []).map((payment, index) => {
    const satang = toSatang(payment.amount ?? 0);
    const method = (payment.name ?? '').trim();
    const key =
      payment.id !== undefined && payment.id > 0
        ? `id:${payment.id}`
        : `at:${payment.paymentdatetime ?? ''}|${method}|${satang}|${index}`;
    return { key, method, satang };
  });
  return { paidSatang: toSatang(detail.paymentamount ?? 0), payments };
}

/**
 * Applied: exactly one payment appeared, equal to ours (method and amount), and the paid sum grew by
 * exactly our amount. Not applied: the same payments and the same sum as before sending. Anything else
 * (another payment meanwhile, a payment voided, figures that do not add up) is for a person.
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
    after.paidSatang === before.paidSatang + ours
  ) {
    return 'applied';
  }
  return 'uncertain';
}

export function showPayments(snapshot: PaymentsSnapshot): string {
  const count = snapshot.payments.length;
  return `฿${bahtText(snapshot.paidSatang / 100)} paid in ${count} payment${count === 1 ? '' : 's'}`;
}
