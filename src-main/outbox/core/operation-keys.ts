// Order keys (what must not overtake what) and batch keys (what may share one request).
import type { StockLineChange } from './operation.repository.js';

/** Stock lines are ordered per product and warehouse; a line without a product id by its sku. */
export function stockOrderKey(warehouseCode: string, productId: number, sku: string): string {
  return productId > 0
    ? JSON.stringify(['stock', warehouseCode, productId])
    : JSON.stringify(['stock', warehouseCode, 'sku', sku.trim()]);
}

/** One request carries one operation in one warehouse. */
export function stockBatchKey(change: StockLineChange, warehouseCode: string): string {
  return change === 'count'
    ? JSON.stringify(['stockCount', warehouseCode])
    : JSON.stringify(['stockChange', change, warehouseCode]);
}

/** A document is its own key and its own batch. */
export function documentKey(kind: string, uniqueNumber: string): string {
  return JSON.stringify([kind, uniqueNumber]);
}
