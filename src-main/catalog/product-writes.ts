// The port through which product edits queue their outbox writes (AddProduct … DeleteProduct): the
// outbox's write API on the store's database. Synchronous: runs inside the caller's db.transaction, so
// the local row and its write commit together.
import type { Database } from 'better-sqlite3';
import {
  createOperationOf,
  enqueueWrite,
  type QueuedWrite,
  type WriteRequest,
  type WriteTarget,
} from '../outbox/index.js';
import type { ProductLocalWrites } from './product-local-writes.repository.js';

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

/**
 * How a write names a product: one made here by its create (`afterOperation`), also after it moved to
 * its server id, so all its writes keep one order (the create's key) and wait for it; any other by its
 * server id. The one place product writes (edits, pictures) resolve their target.
 */
export function productWriteTarget(
  localWrites: Pick<ProductLocalWrites, 'createOf'>,
  productId: number,
): WriteTarget {
  const create = createOperationOf(productId) ?? localWrites.createOf(productId);
  return create === undefined ? { serverId: productId } : { afterOperation: create };
}
