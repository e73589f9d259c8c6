// The port through which the money service queues its writes and reads how they stand. The outbox
// implements it (outbox-money-writes.ts); the service never touches outbox rows itself.
import type { z } from 'zod';
import type { endpoints } from '../../src-shared/api/endpoints/index.js';
import type { OperationState } from '../../src-shared/domain/vocabulary.js';

export type AddIncomeBody = z.output<typeof endpoints.AddIncome.body>;
export type AddExpenseBody = z.output<typeof endpoints.AddExpense.body>;
export type AddMoneyTransferBody = z.output<typeof endpoints.AddMoneyTransfer.body>;

/** A payment as UpdateIncomePayment/UpdateExpensePayment send it (query fields). */
export interface PaymentFields {
  readonly paymentamount: number;
  readonly paymentmethod: string;
  /** 'yyyy-MM-dd HH:mm', Thai time. */
  readonly paymentdate: string;
}

/** The record a payment is on: known to the back office, or made offline (its create's operation). */
export type PaymentTarget = { readonly serverId: number } | { readonly afterOperation: number };

export type MoneyWriteRequest =
  | { readonly kind: 'addIncome'; readonly body: AddIncomeBody; readonly describe: string }
  | { readonly kind: 'addExpense'; readonly body: AddExpenseBody; readonly describe: string }
  | { readonly kind: 'addMoneyTransfer'; readonly body: AddMoneyTransferBody; readonly describe: string }
  | {
      readonly kind: 'incomePayment' | 'expensePayment';
      readonly target: PaymentTarget;
      readonly payment: PaymentFields;
      readonly describe: string;
    };

export interface QueuedWrite {
  readonly operationId: number;
  /** The uniquenumber fixed at enqueue (keyed creates); null for payments. */
  readonly uniqueNumber: string | null;
}

export interface WriteStanding {
  readonly state: OperationState;
  /** The id the back office gave a create, once known. */
  readonly serverId: number | null;
  /** When it reached a finished state (done or discarded). */
  readonly finishedAt: number | null;
}

export interface MoneyWrites {
  /** Synchronous: runs inside the caller's db.transaction, so the local row and the write commit together. */
  enqueue(request: MoneyWriteRequest): QueuedWrite;
  /** How each operation stands; ids the outbox does not know are absent. */
  standings(operationIds: readonly number[]): ReadonlyMap<number, WriteStanding>;
}
