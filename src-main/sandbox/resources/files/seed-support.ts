// For the demo-data seeder: orders and purchase orders have no endpoints, so the only way a store gets
// parents for their files is this. The demo seed calls it; the empty seed does not, so an empty store
// has no orders or purchase orders and every Order/PurchaseOrder file endpoint answers "Invalid ID.".
import type { Database } from '../../core/handler.js';
import { countParents, insertParent, type OwnedParentKind } from './attachment.repository.js';

const numberPrefixes: Readonly<Record<OwnedParentKind, string>> = { order: 'SO', purchaseOrder: 'PO' };

/**
 * Adds `count` orders (SO-0001, ...) and `count` purchase orders (PO-0001, ...) to a store, numbered on
 * from the ones it already has. `count` 0 adds none.
 */
export function seedOrdersAndPurchaseOrders(
  db: Database,
  storeId: number,
  count: number,
  now = Date.now(),
): void {
  for (const kind of ['order', 'purchaseOrder'] as const) {
    const existing = countParents(db, storeId, kind);
    for (let index = 1; index <= count; index += 1) {
      const number = `${numberPrefixes[kind]}-${String(existing + index).padStart(4, '0')}`;
      insertParent(db, storeId, kind, number, now);
    }
  }
}
