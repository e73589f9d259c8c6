// The files service's port on the outbox's write API (enqueueWrite / operationStates) of the store's
// database: one write kind per record kind.
import type { Database } from 'better-sqlite3';
import type { AttachmentRecordKind } from '../../src-shared/domain/vocabulary.js';
import { enqueueWrite, operationStates } from '../outbox/index.js';
import type { FileWrites } from './file-writes.js';

const UPLOAD_KINDS = {
  order: 'addOrderFile',
  purchaseOrder: 'addPurchaseOrderFile',
  quotation: 'addQuotationFile',
} as const satisfies Record<AttachmentRecordKind, string>;

export function outboxFileWrites(db: Database): FileWrites {
  return {
    enqueue: (request) =>
      enqueueWrite(db, {
        kind: UPLOAD_KINDS[request.kind],
        target: request.target,
        args: { file: request.file },
        describe: request.describe,
      }),
    standings(operationIds) {
      if (operationIds.length === 0) return new Map();
      const unique = [...new Set(operationIds)];
      return new Map(operationStates(db, unique).map((state) => [state.operationId, state]));
    },
  };
}
