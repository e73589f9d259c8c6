// What the products module asks about bundles: whether a bundle holds a product (DeleteProduct refuses
// then) and whether a sku is a bundle's (skus are unique across a store's products and bundles).
import type { Database } from 'better-sqlite3';
import { cachedStatement } from './statement-cache.js';

export interface BundleRef {
  readonly id: number;
  readonly sku: string;
  readonly name: string;
}

/** The first (oldest) bundle holding the product, if any. */
export function findBundleHoldingProduct(
  db: Database,
  storeId: number,
  productId: number,
): BundleRef | undefined {
  return cachedStatement<[number, number], BundleRef>(
    db,
    `SELECT b.id, b.sku, b.name FROM bundle_items i JOIN bundles b ON b.id = i.bundle_id
     WHERE i.store_id = ? AND i.product_id = ? ORDER BY b.id LIMIT 1`,
  ).get(storeId, productId);
}

export function findBundleBySku(db: Database, storeId: number, sku: string): BundleRef | undefined {
  return cachedStatement<[number, string], BundleRef>(
    db,
    'SELECT id, sku, name FROM bundles WHERE store_id = ? AND sku = ?',
  ).get(storeId, sku);
}
