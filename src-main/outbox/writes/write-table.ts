// The write-kind table: one row per v4 write the outbox sends, declaring which endpoint, its shape
// (WRITES.md: keyed create, keyless create, absolute change, delta), the read-back it reconciles with
// and how its row reads to a person. The drainer's kinds are built from these rows (write-kinds.ts), so
// adding the next write is a row here and, at most, a small read-back function (finance-readback.ts).
// See docs/decisions/0012-write-kind-table.md.
import type { z } from 'zod';
import type { EndpointName, Endpoints } from '../../../src-shared/api/endpoints/index.js';
import type { BackofficeCaller } from '../operation-types.js';
import {
  findFinanceByUniqueNumber,
  findTransferByUniqueNumber,
  bahtText,
  judgePayment,
  readPayments,
  showPayments,
  type PaymentsSnapshot,
} from './finance-readback.js';
import { findQuotationByUniqueNumber } from './document-readback.js';
import type { PaymentFields, WriteKind } from './write-request.js';
import type { DeltaVerdict } from './write-shapes.js';

/** The creates that take `uniquenumber` (a repeat answers 900 and creates nothing). */
export type KeyedCreateEndpoint = {
  [N in EndpointName]: Endpoints[N] extends { readonly idempotent: true } ? N : never;
}[EndpointName];

export type KeyedBody<N extends KeyedCreateEndpoint> = z.output<Endpoints[N]['body']>;

export interface KeyedCreateRow<N extends KeyedCreateEndpoint = KeyedCreateEndpoint> {
  readonly shape: 'keyedCreate';
  readonly endpoint: N;
  /** What the record is called in descriptions and in the payments that wait for it. */
  readonly record: string;
  /**
   * The server id of the record created with this key, read back (after a 900 answer, which carries no
   * id) only when a dependent write needs it. `since`: when the row was queued (epoch ms).
   */
  readonly findByKey: (
    client: BackofficeCaller,
    uniqueNumber: string,
    since: number,
  ) => Promise<number | undefined>;
  readonly describe: (body: KeyedBody<N>) => string;
}

/** The endpoints that add a payment to a record: deltas without a key. */
export type PaymentEndpoint = 'UpdateIncomePayment' | 'UpdateExpensePayment';

/** What every delta row declares, whatever its read-back's snapshot. */
export interface DeltaRowBase {
  readonly shape: 'delta';
  readonly endpoint: PaymentEndpoint;
  readonly record: string;
  /** The create whose records this write may wait for (a payment on an income made offline). */
  readonly after: WriteKind;
  readonly describe: (payment: PaymentFields, record: string) => string;
}

/** A delta row with its read-back: `S` is what the record holds (stored as JSON before sending). */
export interface DeltaRow<S> extends DeltaRowBase {
  /** What the record holds now (read before sending and again after an unclear failure). */
  readonly readBack: (client: BackofficeCaller, targetId: number) => Promise<S>;
  /** Before vs. after for the write: certain (applied, not applied) or a person decides. */
  readonly judge: (before: S, after: S, payment: PaymentFields) => DeltaVerdict;
  /** A snapshot in words, for the reason a person reads ("฿1,000.00 paid in 2 payments"). */
  readonly show: (snapshot: S) => string;
}

export type WriteRow = KeyedCreateRow | DeltaRowBase;

function keyedCreate<N extends KeyedCreateEndpoint>(
  row: Omit<KeyedCreateRow<N>, 'shape'>,
): KeyedCreateRow<N> {
  return { shape: 'keyedCreate', ...row };
}

const paymentRow = (
  endpoint: PaymentEndpoint,
  record: 'income' | 'expense',
  after: WriteKind,
): DeltaRow<PaymentsSnapshot> => ({
  shape: 'delta',
  endpoint,
  record,
  after,
  readBack: (client, id) => readPayments(client, record, id),
  judge: judgePayment,
  show: showPayments,
  describe: (payment, on) =>
    `Payment ฿${bahtText(payment.paymentamount)} on ${on} by ${payment.paymentmethod}`,
});

function financeDescription(
  what: string,
  body: { amount: number; contactname?: string | undefined },
): string {
  const contact = body.contactname?.trim() ? ` — ${body.contactname.trim()}` : '';
  return `${what} ฿${bahtText(body.amount)}${contact}`;
}

export const writeTable = {
  addIncome: keyedCreate({
    endpoint: 'AddIncome',
    record: 'income',
    findByKey: (client, key, since) => findFinanceByUniqueNumber(client, 'income', key, since),
    describe: (body) => financeDescription('Income', body),
  }),
  addExpense: keyedCreate({
    endpoint: 'AddExpense',
    record: 'expense',
    findByKey: (client, key, since) => findFinanceByUniqueNumber(client, 'expense', key, since),
    describe: (body) => financeDescription('Expense', body),
  }),
  addMoneyTransfer: keyedCreate({
    endpoint: 'AddMoneyTransfer',
    record: 'money transfer',
    findByKey: findTransferByUniqueNumber,
    describe: (body) =>
      `Transfer ฿${bahtText(body.amount)} from ${body.fromPaymentMethodName ?? `#${body.fromPaymentMethodId}`} ` +
      `to ${body.toPaymentMethodName ?? `#${body.toPaymentMethodId}`}`,
  }),
  incomePayment: paymentRow('UpdateIncomePayment', 'income', 'addIncome'),
  expensePayment: paymentRow('UpdateExpensePayment', 'expense', 'addExpense'),
  addQuotation: keyedCreate({
    endpoint: 'AddQuotation',
    record: 'quotation',
    findByKey: findQuotationByUniqueNumber,
    describe: (body) =>
      `Quotation ${body.number} ฿${bahtText(body.amount)}` +
      (body.customername?.trim() ? ` — ${body.customername.trim()}` : ''),
  }),
} as const satisfies Record<WriteKind, WriteRow>;

export type WriteTable = typeof writeTable;
