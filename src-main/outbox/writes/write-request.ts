// What another service asks the outbox to send: one request per write, a union by write kind typed
// from the rows of the write-kind table (a create carries its endpoint's body; a write on a record its
// target and the endpoint's own arguments). This module is only the contract callers compile against.
import type { z } from 'zod';
import type { endpoints } from '../../../src-shared/api/endpoints/index.js';
import type { OperationState } from '../core/operation-types.js';
import type { ChangeArgs, CreateBody, RecordWriteEndpoint } from './write-rows.js';
import type { WriteKind, WriteTable } from './write-table.js';

export { WRITE_KINDS, type WriteKind } from './write-table.js';

export type AddIncomeBody = z.output<typeof endpoints.AddIncome.body>;
export type AddExpenseBody = z.output<typeof endpoints.AddExpense.body>;
export type AddMoneyTransferBody = z.output<typeof endpoints.AddMoneyTransfer.body>;
export type AddQuotationBody = z.output<typeof endpoints.AddQuotation.body>;

export type { PaymentFields } from './finance-readback.js';

/**
 * Which record a write goes on:
 * - `serverId`: a record the back office already has;
 * - `number`: a record the app does not hold, by its number (endpoints that take id or number);
 * - `afterOperation`: a record made on this PC, by the operation id its create returned. The write
 *   waits (in order) for that create; the server id is written into it in the transaction that marks
 *   the create done. While the create is parked the write waits with it; if the create is discarded
 *   the write is parked saying so. A record made here is always named this way, also after its create
 *   was sent, so every write on it keeps one order.
 */
export type WriteTarget =
  { readonly serverId: number } | { readonly number: string } | { readonly afterOperation: number };

interface Described {
  /**
   * How the row reads to a person in the Outbox ("Payment ฿1,250.00 on income IN-… by Cash"); at most
   * 500 characters. Empty or absent: the table's own wording for the kind.
   */
  readonly describe?: string;
}

type RequestOf<K extends WriteKind> = WriteTable[K] extends {
  readonly shape: 'keyedCreate' | 'keylessCreate';
}
  ? Described & { readonly kind: K; readonly body: CreateBody<WriteTable[K]['endpoint']> }
  : WriteTable[K] extends { readonly endpoint: infer N extends RecordWriteEndpoint }
    ? Described & { readonly kind: K; readonly target: WriteTarget; readonly args: ChangeArgs<N> }
    : never;

/**
 * A write to queue. Creates carry the endpoint's own body (checked against the endpoint table at
 * enqueue; a bad one is refused before anything is stored); a keyed create's `uniquenumber` is made at
 * enqueue. Writes on a record carry its target and the endpoint's arguments besides the record.
 */
export type WriteRequest = { [K in WriteKind]: RequestOf<K> }[WriteKind];

export interface QueuedWrite {
  /** The outbox operation; keep it to follow the write (operationStates) or to chain writes on it. */
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
   * The server id of the record: a create's own id once known; a write's target (known at enqueue,
   * or written when its create was done). null until known.
   */
  readonly serverId: number | null;
  /** Why it needs attention (parked), or what it last waited for. */
  readonly reasonCode: string | null;
  readonly reasonText: string | null;
  /** A write on a record made offline whose create is not done yet: that create and its state. */
  readonly waitingFor: { readonly operationId: number; readonly state: OperationState } | null;
}
