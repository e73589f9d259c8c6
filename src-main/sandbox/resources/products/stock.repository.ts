// Stock per product × warehouse, and the movement log every change writes (read it with
// stock-movement.repository.ts). Other resources (documents that move goods, the demo seed) use
// findProductRef, readStock and adjustStock; the four stock-list endpoints use applyStockFigures.
import type { Database } from 'better-sqlite3';
import { accessDenied, validation } from '../../core/sandbox-error.js';
import { cachedStatement } from './statement-cache.js';

export interface ProductRef {
  readonly id: number;
  readonly sku: string;
  readonly name: string;
  readonly unittext: string;
}

export interface StockFigures {
  readonly stock: number;
  readonly availablestock: number;
}

interface WarehouseIdRow {
  readonly id: number;
  readonly code: string;
}

interface TotalsRow extends StockFigures {
  readonly product_id: number;
}

/**
 * Quantities are Doubles; sums such as 0.1 + 0.2 are rounded to 6 decimals so a figure read back is the
 * figure a person would expect.
 */
export function roundQuantity(value: number): number {
  const rounded = Math.round(value * 1e6) / 1e6;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** A product by id (when given and not 0) or else by sku; undefined when the store has no such product. */
export function findProductRef(
  db: Database,
  storeId: number,
  ref: { productId?: number; sku?: string },
): ProductRef | undefined {
  if (ref.productId !== undefined && ref.productId !== 0) {
    return cachedStatement<[number, number], ProductRef>(
      db,
      'SELECT id, sku, name, unittext FROM products WHERE store_id = ? AND id = ?',
    ).get(storeId, ref.productId);
  }
  if (ref.sku === undefined || ref.sku === '') return undefined;
  return cachedStatement<[number, string], ProductRef>(
    db,
    'SELECT id, sku, name, unittext FROM products WHERE store_id = ? AND sku = ?',
  ).get(storeId, ref.sku);
}

function warehouseByCode(db: Database, storeId: number, code: string): WarehouseIdRow | undefined {
  return cachedStatement<[number, string], WarehouseIdRow>(
    db,
    'SELECT id, code FROM warehouses WHERE store_id = ? AND code = ?',
  ).get(storeId, code);
}

/** A product's figures in one warehouse by its id; 0/0 when it never had stock there. */
export function readStockById(
  db: Database,
  storeId: number,
  productId: number,
  warehouseId: number,
): StockFigures {
  const row = cachedStatement<[number, number, number], StockFigures>(
    db,
    'SELECT stock, availablestock FROM product_stock WHERE store_id = ? AND product_id = ? AND warehouse_id = ?',
  ).get(storeId, productId, warehouseId);
  return row ?? { stock: 0, availablestock: 0 };
}

/** A product's figures in one warehouse; 0/0 when it has no stock row there (or the code is unknown). */
export function readStock(
  db: Database,
  storeId: number,
  productId: number,
  warehouseCode: string,
): StockFigures {
  const warehouse = warehouseByCode(db, storeId, warehouseCode);
  return warehouse ? readStockById(db, storeId, productId, warehouse.id) : { stock: 0, availablestock: 0 };
}

/**
 * Sets a product's figures in one warehouse and logs the movement (deltas and resulting figures);
 * the product's updated_at moves to `at` so incremental syncs (updatedafter) see the change.
 * Returns the figures written. The caller has checked that the product and warehouse exist.
 */
export function applyStockFigures(
  db: Database,
  storeId: number,
  change: {
    productId: number;
    warehouse: { id: number; code: string };
    stock: number;
    availablestock: number;
    reason: string;
    at: number;
    /** The figures before, when the caller has just read them. */
    before?: StockFigures;
  },
): StockFigures {
  const before = change.before ?? readStockById(db, storeId, change.productId, change.warehouse.id);
  const stock = roundQuantity(change.stock);
  const availablestock = roundQuantity(change.availablestock);
  cachedStatement<[number, number, number, number, number]>(
    db,
    `INSERT INTO product_stock (store_id, product_id, warehouse_id, stock, availablestock) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (store_id, product_id, warehouse_id)
     DO UPDATE SET stock = excluded.stock, availablestock = excluded.availablestock`,
  ).run(storeId, change.productId, change.warehouse.id, stock, availablestock);
  cachedStatement<[number, number, number, string, number, number, number, number, string, number]>(
    db,
    `INSERT INTO stock_movements (store_id, product_id, warehouse_id, warehouse_code, stock_delta,
       available_delta, stock, availablestock, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    storeId,
    change.productId,
    change.warehouse.id,
    change.warehouse.code,
    roundQuantity(stock - before.stock),
    roundQuantity(availablestock - before.availablestock),
    stock,
    availablestock,
    change.reason,
    change.at,
  );
  cachedStatement<[number, number, number]>(
    db,
    'UPDATE products SET updated_at = ? WHERE store_id = ? AND id = ?',
  ).run(change.at, storeId, change.productId);
  return { stock, availablestock };
}

/**
 * Applies `delta` to both stock and available stock of a product in a warehouse and logs the movement.
 * The caller checks sufficiency first (readStock); an unknown warehouse code answers "Access Denied."
 * as production does, an unknown product a validation error.
 */
export function adjustStock(
  db: Database,
  storeId: number,
  change: { warehouseCode: string; productId: number; delta: number; reason: string; at: number },
): StockFigures {
  const warehouse = warehouseByCode(db, storeId, change.warehouseCode);
  if (!warehouse) throw accessDenied();
  if (!findProductRef(db, storeId, { productId: change.productId })) {
    throw validation('productid', `${change.productId} is not a product of this store`);
  }
  const before = readStockById(db, storeId, change.productId, warehouse.id);
  return applyStockFigures(db, storeId, {
    productId: change.productId,
    warehouse,
    stock: before.stock + change.delta,
    availablestock: before.availablestock + change.delta,
    reason: change.reason,
    at: change.at,
    before,
  });
}

/**
 * Figures of many products at once (a list page): in one warehouse when `warehouseId` is given, else
 * summed over the store's warehouses. Products without stock rows are absent from the map (0/0).
 */
export function stockTotals(
  db: Database,
  storeId: number,
  productIds: readonly number[],
  warehouseId: number | null,
): Map<number, StockFigures> {
  const totals = new Map<number, StockFigures>();
  if (productIds.length === 0) return totals;
  const ids = JSON.stringify(productIds);
  const rows =
    warehouseId === null
      ? cachedStatement<[number, string], TotalsRow>(
          db,
          `SELECT product_id, SUM(stock) AS stock, SUM(availablestock) AS availablestock FROM product_stock
           WHERE store_id = ? AND product_id IN (SELECT value FROM json_each(?)) GROUP BY product_id`,
        ).all(storeId, ids)
      : cachedStatement<[number, number, string], TotalsRow>(
          db,
          `SELECT product_id, stock, availablestock FROM product_stock
           WHERE store_id = ? AND warehouse_id = ? AND product_id IN (SELECT value FROM json_each(?))`,
        ).all(storeId, warehouseId, ids);
  for (const row of rows) {
    totals.set(row.product_id, {
      stock: roundQuantity(row.stock),
      availablestock: roundQuantity(row.availablestock),
    });
  }
  return totals;
}

export interface WarehouseFigures extends StockFigures {
  readonly warehouseId: number;
  readonly warehouseCode: string;
}

/** A product's figures in every warehouse where it has a stock row, oldest warehouse first. */
export function stockByWarehouse(db: Database, storeId: number, productId: number): WarehouseFigures[] {
  return cachedStatement<[number, number], WarehouseFigures>(
    db,
    `SELECT w.id AS warehouseId, w.code AS warehouseCode, s.stock AS stock, s.availablestock AS availablestock
     FROM product_stock s JOIN warehouses w ON w.id = s.warehouse_id
     WHERE s.store_id = ? AND s.product_id = ? ORDER BY w.id`,
  ).all(storeId, productId);
}

/** The store's first warehouse (AddProduct puts its stock there); undefined when it has none. */
export function firstWarehouse(db: Database, storeId: number): { id: number; code: string } | undefined {
  return cachedStatement<[number], WarehouseIdRow>(
    db,
    'SELECT id, code FROM warehouses WHERE store_id = ? ORDER BY id LIMIT 1',
  ).get(storeId);
}
