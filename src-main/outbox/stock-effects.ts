// The stock effect of a queued document write: what it will do to products' stock when the back office
// applies it (a return purchase order set to Success takes its goods out of a warehouse). Stored with
// the write, in the caller's transaction; the local view counts it while the operation is not done
// (stock-view.repository.ts), and the transaction that marks the operation done hands it to the
// catalogue as a confirmed move (applied-writes.ts), so the shown figure never jumps back or twice.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import { roundQuantity } from './core/quantity.js';

export interface StockEffect {
  readonly warehouseCode: string;
  readonly productId: number;
  /** Negative: goods leave the warehouse. */
  readonly delta: number;
}

function prepareAll(db: Database) {
  return {
    insert: db.prepare<[number, string, number, number]>(
      `INSERT INTO outbox_stock_effects (operation_id, warehouse_code, product_id, delta) VALUES (?, ?, ?, ?)`,
    ),
    ofOperations: db.prepare<
      [string],
      { operation_id: number; warehouse_code: string; product_id: number; delta: number }
    >(
      `SELECT operation_id, warehouse_code, product_id, delta FROM outbox_stock_effects
        WHERE operation_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
    ),
  };
}

/** Stores a write's stock effects (one per product: quantities of one product are summed). */
export function recordStockEffects(db: Database, operationId: number, effects: readonly StockEffect[]): void {
  const summed = new Map<string, StockEffect>();
  for (const effect of effects) {
    if (!Number.isSafeInteger(effect.productId) || effect.productId <= 0) continue;
    const key = `${effect.warehouseCode}\u0000${effect.productId}`;
    const before = summed.get(key);
    summed.set(key, { ...effect, delta: roundQuantity((before?.delta ?? 0) + effect.delta) });
  }
  const { insert } = preparedFor(db, prepareAll);
  for (const effect of summed.values()) {
    if (effect.delta !== 0) insert.run(operationId, effect.warehouseCode, effect.productId, effect.delta);
  }
}

/** The stock effects of these operations (just marked done: what they moved on the back office). */
export function stockEffectsOf(db: Database, operationIds: readonly number[]): StockEffect[] {
  if (operationIds.length === 0) return [];
  return preparedFor(db, prepareAll)
    .ofOperations.all(JSON.stringify(operationIds))
    .map((row) => ({ warehouseCode: row.warehouse_code, productId: row.product_id, delta: row.delta }));
}
