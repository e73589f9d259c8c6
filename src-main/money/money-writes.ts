// The port through which the money service queues its writes and reads how they stand: the outbox's
// write API (enqueueWrite / operationStates) on the store's database. The service never touches
// outbox rows itself.
import type { Database } from 'better-sqlite3';
import {
  enqueueWrite,
  operationStates,
  type QueuedWrite,
  type WriteOperationState,
  type WriteRequest,
} from '../outbox/index.js';

export type {
  AddExpenseBody,
  AddIncomeBody,
  AddMoneyTransferBody,
  WriteTarget,
  QueuedWrite,
  WriteOperationState,
  WriteRequest,
} from '../outbox/index.js';

export interface MoneyWrites {
  /** Synchronous: runs inside the caller's db.transaction, so the local row and the write commit together. */
  enqueue(request: WriteRequest): QueuedWrite;
  /** How each operation stands; ids the outbox does not know are absent. */
  standings(operationIds: readonly number[]): ReadonlyMap<number, WriteOperationState>;
}

export function outboxMoneyWrites(db: Database): MoneyWrites {
  return {
    enqueue: (request) => enqueueWrite(db, request),
    standings(operationIds) {
      if (operationIds.length === 0) return new Map();
      const unique = [...new Set(operationIds)];
      return new Map(operationStates(db, unique).map((state) => [state.operationId, state]));
    },
  };
}
