// The port through which the contacts service queues its writes (AddContact, UpdateContact) and reads
// how they stand: the outbox's write API on the store's database. The service never touches outbox
// rows itself.
import type { Database } from 'better-sqlite3';
import type { z } from 'zod';
import type { endpoints } from '../../src-shared/api/endpoints/index.js';
import {
  enqueueWrite,
  operationStates,
  type QueuedWrite,
  type WriteOperationState,
} from '../outbox/index.js';

export type { QueuedWrite, WriteOperationState } from '../outbox/index.js';

export type AddContactBody = z.output<typeof endpoints.AddContact.body>;
export type UpdateContactBody = z.output<typeof endpoints.UpdateContact.body>;

/** A contact the back office has, or one made here whose create the change waits for. */
export type ContactTarget = { readonly serverId: number } | { readonly afterOperation: number };

export interface ContactWrites {
  /** Synchronous: inside the caller's db.transaction, so the local row and the write commit together. */
  create(body: AddContactBody, describe: string): QueuedWrite;
  update(target: ContactTarget, body: UpdateContactBody, describe: string): QueuedWrite;
  /** How each operation stands; ids the outbox does not know are absent. */
  standings(operationIds: readonly number[]): ReadonlyMap<number, WriteOperationState>;
}

export function outboxContactWrites(db: Database): ContactWrites {
  return {
    create: (body, describe) => enqueueWrite(db, { kind: 'addContact', body, describe }),
    update: (target, body, describe) =>
      enqueueWrite(db, { kind: 'updateContact', target, args: { body }, describe }),
    standings(operationIds) {
      if (operationIds.length === 0) return new Map();
      const unique = [...new Set(operationIds)];
      return new Map(operationStates(db, unique).map((state) => [state.operationId, state]));
    },
  };
}
