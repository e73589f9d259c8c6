// What Success does to stock: the goods of a return purchase order leave the warehouse (they go back to
// the supplier), all lines or none; voiding a Success order brings them back. Stock itself belongs to the
// products module; this file only decides the quantities and keeps the movement record.
import type { Database } from 'better-sqlite3';
import { notEnoughInventory, validation } from '../../core/sandbox-error.js';
import { requireWarehouse } from '../merchant/index.js';
import { adjustStock, findProductRef, readStock, roundQuantity } from '../products/stock.repository.js';
import type { DocumentLineRow } from './document-lines.repository.js';
import { deleteMovement, findMovement, insertMovement } from './movement.repository.js';

interface OrderRef {
  readonly id: number;
  readonly number: string;
}

interface Need {
  readonly productId: number;
  readonly sku: string;
  quantity: number;
}

/** Quantities per product: two lines of one product must both fit in the stock. */
function needsOf(db: Database, storeId: number, lines: readonly DocumentLineRow[]): Need[] {
  const needs = new Map<number, Need>();
  for (const [index, line] of lines.entries()) {
    if (!findProductRef(db, storeId, { productId: line.productid })) {
      throw validation(`list[${index}].sku`, `${line.sku} is no longer a product of this store`);
    }
    const need = needs.get(line.productid) ?? { productId: line.productid, sku: line.sku, quantity: 0 };
    need.quantity = roundQuantity(need.quantity + line.number);
    needs.set(line.productid, need);
  }
  return [...needs.values()];
}

/**
 * Takes every line's quantity out of `warehousecode` and records the movement on `actionDate`. All
 * lines are checked before any moves, so a shortage ('700' naming the sku) leaves stock untouched.
 * The quantity must fit both stock and available stock: units reserved for customers' orders are not
 * sent back to a supplier.
 */
export function moveGoodsOut(
  db: Database,
  storeId: number,
  order: OrderRef,
  lines: readonly DocumentLineRow[],
  movement: { warehousecode: string; actionDate: number; at: number },
): void {
  requireWarehouse(db, storeId, movement.warehousecode);
  const needs = needsOf(db, storeId, lines);
  for (const need of needs) {
    const figures = readStock(db, storeId, need.productId, movement.warehousecode);
    const usable = Math.min(figures.stock, figures.availablestock);
    if (need.quantity > usable + 1e-9) {
      throw notEnoughInventory(
        `${need.sku} needs ${need.quantity} in ${movement.warehousecode}, ` +
          `stock ${figures.stock}, availablestock ${figures.availablestock}`,
      );
    }
  }
  for (const need of needs) {
    adjustStock(db, storeId, {
      warehouseCode: movement.warehousecode,
      productId: need.productId,
      delta: -need.quantity,
      reason: `ReturnPurchaseOrder ${order.number} (id ${order.id}) Success`,
      at: movement.at,
    });
  }
  insertMovement(db, storeId, {
    order_id: order.id,
    warehousecode: movement.warehousecode,
    action_date: movement.actionDate,
    created_at: movement.at,
  });
}

/**
 * Voiding a Success order reverses its movement: the goods come back into the warehouse they left and
 * the movement record goes. A product deleted since has no stock left to restore and is skipped.
 */
export function bringGoodsBack(
  db: Database,
  storeId: number,
  order: OrderRef,
  lines: readonly DocumentLineRow[],
  at: number,
): void {
  const movement = findMovement(db, storeId, order.id);
  if (!movement) return;
  for (const line of lines) {
    if (!findProductRef(db, storeId, { productId: line.productid })) continue;
    adjustStock(db, storeId, {
      warehouseCode: movement.warehousecode,
      productId: line.productid,
      delta: line.number,
      reason: `ReturnPurchaseOrder ${order.number} (id ${order.id}) Voided`,
      at,
    });
  }
  deleteMovement(db, storeId, order.id);
}
