// The stock movement log: one row per change of a product's figures in a warehouse (delta, resulting
// figures, the endpoint that made it, when). Drift checks and documents read it; stock.repository.ts
// writes it with every change, so the log of a warehouse adds up to its figures.
import type { Database } from 'better-sqlite3';
import { cachedStatement } from './statement-cache.js';

export interface StockMovement {
  readonly id: number;
  readonly productId: number;
  readonly warehouseCode: string;
  /** Change of `stock` (0 for UpdateProductAvailableStockList). */
  readonly stockDelta: number;
  /** Change of `availablestock`. */
  readonly availableDelta: number;
  /** The figures after the change. */
  readonly stock: number;
  readonly availablestock: number;
  /** The endpoint (or other operation) that made the change. */
  readonly reason: string;
  /** Epoch ms (context.now()). */
  readonly at: number;
}

interface MovementRow {
  readonly id: number;
  readonly product_id: number;
  readonly warehouse_code: string;
  readonly stock_delta: number;
  readonly available_delta: number;
  readonly stock: number;
  readonly availablestock: number;
  readonly reason: string;
  readonly at: number;
}

export interface MovementFilter {
  readonly productId?: number;
  /** Only movements with an id greater than this (resume a reader). */
  readonly afterId?: number;
  /** Only movements at or after this instant (epoch ms). */
  readonly fromMs?: number;
  /** Only movements before this instant (epoch ms). */
  readonly toMs?: number;
  /** At most this many, oldest first (default 1000). */
  readonly limit?: number;
}

interface MovementQuery {
  readonly storeId: number;
  readonly productId: number | null;
  readonly afterId: number;
  readonly fromMs: number | null;
  readonly toMs: number | null;
  readonly limit: number;
}

/** The movement log of a store, oldest first. */
export function listStockMovements(
  db: Database,
  storeId: number,
  filter: MovementFilter = {},
): StockMovement[] {
  const rows = cachedStatement<[MovementQuery], MovementRow>(
    db,
    `SELECT id, product_id, warehouse_code, stock_delta, available_delta, stock, availablestock, reason, at
     FROM stock_movements
     WHERE store_id = @storeId AND (@productId IS NULL OR product_id = @productId) AND id > @afterId
       AND (@fromMs IS NULL OR at >= @fromMs) AND (@toMs IS NULL OR at < @toMs)
     ORDER BY id LIMIT @limit`,
  ).all({
    storeId,
    productId: filter.productId ?? null,
    afterId: filter.afterId ?? 0,
    fromMs: filter.fromMs ?? null,
    toMs: filter.toMs ?? null,
    limit: filter.limit ?? 1000,
  });
  return rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    warehouseCode: row.warehouse_code,
    stockDelta: row.stock_delta,
    availableDelta: row.available_delta,
    stock: row.stock,
    availablestock: row.availablestock,
    reason: row.reason,
    at: row.at,
  }));
}
