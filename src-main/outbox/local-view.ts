// "The local view is server state plus pending operations": what counting and the UI show, so a pull of
// server figures never hides a local write that is still on its way.
import type { Database } from 'better-sqlite3';
import { roundQuantity } from './core/quantity.js';
import { openStockLines, openStockLinesOfWarehouse, type OpenStockLineRow } from './stock-view.repository.js';

export interface PendingStock {
  /** The last absolute target among the operations not yet done, if any. */
  readonly absolute?: number;
  /** The deltas queued after that absolute (or after the server figure when there is none). */
  readonly delta: number;
}

/**
 * The effect on `stock` of every operation of these products in this warehouse that is not done yet
 * (pending, sending, waiting, unclear or parked: a parked write is still meant until a person discards
 * it). Products without such operations are absent from the map. Available-stock sets do not change
 * `stock` and are left out.
 *
 * Counts: once the drainer has fixed a line's target it is that absolute; before, a keepCounted line is
 * the absolute counted figure, and keepDifference/ask lines are the delta counted − countedAgainst (which
 * is "counted + movements since counting" applied to whatever the server figure is now).
 */
export function pendingStock(
  db: Database,
  warehouseCode: string,
  productIds: readonly number[],
): Map<number, PendingStock> {
  if (productIds.length === 0) return new Map();
  return fold(openStockLines(db, warehouseCode, productIds));
}

/** pendingStock for every product of the warehouse with open operations (a review of a whole warehouse). */
export function pendingStockInWarehouse(db: Database, warehouseCode: string): Map<number, PendingStock> {
  return fold(openStockLinesOfWarehouse(db, warehouseCode));
}

function fold(rows: readonly OpenStockLineRow[]): Map<number, PendingStock> {
  const folded = new Map<number, { absolute?: number; delta: number }>();
  for (const row of rows) {
    const effect = effectOf(row);
    if (effect === undefined) continue;
    const current = folded.get(row.product_id) ?? { delta: 0 };
    folded.set(
      row.product_id,
      effect.absolute === undefined
        ? { ...current, delta: roundQuantity(current.delta + effect.delta) }
        : { absolute: effect.absolute, delta: 0 },
    );
  }
  return folded;
}

/** The stock to show: the server figure with the pending operations applied. */
export function effectiveStock(server: number, pending: PendingStock | undefined): number {
  if (pending === undefined) return server;
  return roundQuantity((pending.absolute ?? server) + pending.delta);
}

function effectOf(row: OpenStockLineRow): { absolute?: number; delta: number } | undefined {
  switch (row.change) {
    case 'set':
      return { absolute: row.value, delta: 0 };
    case 'increase':
      return { delta: row.value };
    case 'decrease':
      return { delta: -row.value };
    case 'setAvailable':
      return undefined;
    case 'count':
      if (row.sent_target !== null) return { absolute: row.sent_target, delta: 0 };
      if (row.policy === 'keepCounted' || row.counted_against === null)
        return { absolute: row.value, delta: 0 };
      return { delta: roundQuantity(row.value - row.counted_against) };
  }
}
