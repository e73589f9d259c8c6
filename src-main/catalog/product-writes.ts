// The port through which product edits queue their outbox writes (AddProduct … DeleteProduct): the
// outbox's write API on the store's database. Synchronous: runs inside the caller's db.transaction, so
// the local row and its write commit together.
import type { Database } from 'better-sqlite3';
import { enqueueWrite, type QueuedWrite, type WriteRequest } from '../outbox/index.js';

type ProductKind = 'addProduct' | 'updateProduct' | 'activateProduct' | 'disableProduct' | 'deleteProduct';
export type ProductWriteRequest = Extract<WriteRequest, { readonly kind: ProductKind }>;

export interface ProductWrites {
  enqueue(request: ProductWriteRequest): QueuedWrite;
}

export function outboxProductWrites(db: Database): ProductWrites {
  return { enqueue: (request) => enqueueWrite(db, request) };
}

/** What deleting a product would leave behind (the counting service and the outbox answer it). */
export interface ProductUsageSource {
  openCountsHolding(productId: number): Array<{ sessionId: string; name: string; counted: number }>;
  queuedStockWrites(productId: number): number;
}
