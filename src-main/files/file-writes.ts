// The port through which the files service queues uploads and reads how they stand: the outbox's write
// API on the store's database. The service never touches outbox rows itself.
import type { AttachmentRecordKind } from '../../src-shared/domain/vocabulary.js';
import type { WriteOperationState } from '../outbox/index.js';

/** Which record an upload goes on: known to the back office by id or number, or made on this PC. */
export type UploadTarget =
  { readonly serverId: number } | { readonly number: string } | { readonly afterOperation: number };

export interface FileUploadRequest {
  readonly kind: AttachmentRecordKind;
  readonly target: UploadTarget;
  /** The copy in the store's files folder (absolute), the unique name it goes up under, its type. */
  readonly file: { readonly path: string; readonly fileName: string; readonly type: string };
  readonly describe: string;
}

export interface FileWrites {
  /** Synchronous: runs inside the caller's db.transaction, so the attachment row and its upload commit together. */
  enqueue(request: FileUploadRequest): { readonly operationId: number };
  /** How each operation stands; ids the outbox does not know are absent. */
  standings(operationIds: readonly number[]): ReadonlyMap<number, WriteOperationState>;
}
