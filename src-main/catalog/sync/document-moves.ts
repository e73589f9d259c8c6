// A document's move (a return purchase order's Success) is added to the stock figure held when its write
// is confirmed. A pull that landed between the back office applying the move and that confirmation
// read the figure with the move in it already, and the move would show twice until a later pull: the
// moved products' stock is read again (one request per warehouse) and what the back office holds wins.
import type { Logger } from '../../logging/index.js';
import type { AppliedWrite } from '../../outbox/index.js';
import type { CatalogueSync } from './catalogue-sync.service.js';

/** The products a document's confirmed move touched (stockMoved), per warehouse. */
export function documentMovesByWarehouse(writes: readonly AppliedWrite[]): Map<string, number[]> {
  const moved = new Map<string, number[]>();
  for (const write of writes) {
    if (write.kind !== 'stockMoved') continue;
    const products = moved.get(write.warehouseCode) ?? [];
    if (!products.includes(write.productId)) products.push(write.productId);
    moved.set(write.warehouseCode, products);
  }
  return moved;
}

/** Starts the re-reads of the products these confirmed writes moved; a failure waits for the next pull. */
export function rereadDocumentMoves(
  sync: Pick<CatalogueSync, 'refreshStock'>,
  logger: Logger,
  writes: readonly AppliedWrite[],
): void {
  for (const [warehouseCode, productIds] of documentMovesByWarehouse(writes)) {
    sync.refreshStock(warehouseCode, productIds).then(
      (stored) =>
        logger.info('Stock read again after a document moved it', { warehouseCode, productIds, stored }),
      (error: unknown) =>
        logger.warn('The stock a document moved could not be read again; the next pull settles it', {
          warehouseCode,
          productIds,
          error,
        }),
    );
  }
}
