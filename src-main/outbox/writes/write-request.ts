// What another service asks the outbox to send: one request per write, a union by write kind. The
// kinds, their endpoints and their reconciliation rules are the rows of write-table.ts; this module is
// only the contract callers compile against (the money service, later the quotation and return
// services).
import type { z } from 'zod';
import type { endpoints } from '../../../src-shared/api/endpoints/index.js';
import type { OperationState } from '../operation-types.js';

/** Every write kind the table declares; also the `kind` column of their rows. */
export const WRITE_KINDS = [
  'addIncome',
  'addExpense',
  'addMoneyTransfer',
  'incomePayment',
  'expensePayment',
  'addQuotation',
] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

export type AddIncomeBody = z.output<typeof endpoints.AddIncome.body>;
export type AddExpenseBody = z.output<typeof endpoints.AddExpense.body>;
export type AddMoneyTransferBody = z.output<typeof endpoints.AddMoneyTransfer.body>;
export type AddQuotationBody = z.output<typeof endpoints.AddQuotation.body>;

/** UpdateIncomePayment / UpdateExpensePayment's query without the record id: a delta, no key. */
export type PaymentFields = z.output<typeof endpoints.UpdateIncomePayment.query>;

/**
 * Which record a payment goes on:
 * - `serverId`: a record the back office already has;
 * - `afterOperation`: a record made on this PC, by the operation id its create returned. The payment
 *   waits (in order) for that create; the server id is written into it in the transaction that marks
 *   the create done. While the create is parked the payment waits with it; if the create is discarded
 *   the payment is parked saying so.
 */
export type PaymentTarget = { readonly serverId: number } | { readonly afterOperation: number };

interface Described {
  /**
   * How the row reads to a person in the Outbox ("Payment ฿1,250.00 on income IN-… by Cash"); at most
   * 500 characters. Empty or absent: the table's own wording for the kind.
   */
  readonly describe?: string;
}

/**
 * A write to queue. Keyed creates carry the endpoint's own body (checked against the endpoint table at
 * enqueue; a bad one is refused before anything is stored); their `uniquenumber` is made at enqueue.
 */
export type WriteRequest =
  | (Described & { readonly kind: 'addIncome'; readonly body: AddIncomeBody })
  | (Described & { readonly kind: 'addExpense'; readonly body: AddExpenseBody })
  | (Described & { readonly kind: 'addMoneyTransfer'; readonly body: AddMoneyTransferBody })
  | (Described & { readonly kind: 'addQuotation'; readonly body: AddQuotationBody })
  | (Described & {
      readonly kind: 'incomePayment' | 'expensePayment';
      readonly target: PaymentTarget;
      readonly payment: PaymentFields;
    });

export interface QueuedWrite {
  /** The outbox operation; keep it to follow the write (operationStates) or to chain payments on it. */
  readonly operationId: number;
  /** Keyed creates only: the idempotency key sent with every attempt (also the record's `uniquenumber`). */
  readonly uniqueNumber?: string;
}

/** How a person sees a write on its record's page. */
export const WRITE_MARKS = ['waiting', 'sent', 'needsAttention', 'discarded'] as const;
export type WriteMark = (typeof WRITE_MARKS)[number];

/** Where one queued write stands, for the service that queued it. */
export interface WriteOperationState {
  readonly operationId: number;
  readonly kind: string;
  readonly state: OperationState;
  /** waiting to send / sent / needs attention (parked, or waiting on a parked create) / discarded. */
  readonly mark: WriteMark;
  /**
   * The server id of the record: a create's own id once known; a payment's target (known at enqueue,
   * or written when its create was done). null until known.
   */
  readonly serverId: number | null;
  /** Why it needs attention (parked), or what it last waited for. */
  readonly reasonCode: string | null;
  readonly reasonText: string | null;
  /** A write on a record made offline whose create is not done yet: that create and its state. */
  readonly waitingFor: { readonly operationId: number; readonly state: OperationState } | null;
}
