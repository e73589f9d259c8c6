// The port through which product edits queue their outbox writes (AddProduct … DeleteProduct) and the
// request each one is. Synchronous: runs inside the caller's db.transaction, so the local row and its
// write commit together.
import type { AddProductBody, UpdateProductBody } from '../../src-shared/products/index.js';

/** Which product a change goes on: a server id, or a product made here by its create's operation. */
export type ProductTarget = { readonly serverId: number } | { readonly afterOperation: number };

export type ProductWriteRequest =
  | { readonly kind: 'addProduct'; readonly body: AddProductBody }
  | { readonly kind: 'updateProduct'; readonly target: ProductTarget; readonly body: UpdateProductBody }
  | {
      readonly kind: 'activateProduct' | 'disableProduct' | 'deleteProduct';
      readonly target: ProductTarget;
    };

export interface ProductWrites {
  enqueue(request: ProductWriteRequest): { readonly operationId: number };
}

/** What deleting a product would leave behind in open counts (the counting service answers it). */
export interface ProductUsageSource {
  openCountsHolding(productId: number): Array<{ sessionId: string; name: string; counted: number }>;
  queuedStockWrites(productId: number): number;
}
