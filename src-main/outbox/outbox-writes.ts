// The port through which a service (money, quotations, returns) queues its writes and reads how they
// stand: the outbox's write API (enqueueWrite / operationStates) on the store's database. The services
// never touch outbox rows themselves.
import type { Database } from 'better-sqlite3';
import { enqueueWrite, operationStates } from './writes/enqueue-write.js';
import type { QueuedWrite, WriteOperationState, WriteRequest } from './writes/write-request.js';

export interface OutboxWrites {
  /** Synchronous: runs inside the caller's db.transaction, so the local row and the write commit together. */
  enqueue(request: WriteRequest): QueuedWrite;
  /** How each operation stands; ids the outbox does not know are absent. */
  standings(operationIds: readonly number[]): ReadonlyMap<number, WriteOperationState>;
}

export function outboxWrites(db: Database): OutboxWrites {
  return {
    enqueue: (request) => enqueueWrite(db, request),
    standings(operationIds) {
      if (operationIds.length === 0) return new Map();
      const unique = [...new Set(operationIds)];
      return new Map(operationStates(db, unique).map((state) => [state.operationId, state]));
    },
  };
}
