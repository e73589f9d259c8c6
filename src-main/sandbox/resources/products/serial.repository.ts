// Serial numbers of products, per warehouse. Unique per product within a store (two makers may use one
// serial, one product may not). They appear on no v4 record; listSerialNumbers keeps them queryable.
import type { Database } from 'better-sqlite3';
import { cachedStatement } from './statement-cache.js';

export interface SerialNumber {
  readonly id: number;
  readonly productId: number;
  readonly name: string;
  readonly warehouseCode: string;
  readonly createdAt: number;
}

interface SerialRow {
  readonly id: number;
  readonly product_id: number;
  readonly name: string;
  readonly warehouse_code: string;
  readonly created_at: number;
}

export function findSerialId(
  db: Database,
  storeId: number,
  productId: number,
  name: string,
): number | undefined {
  return cachedStatement<[number, number, string], { readonly id: number }>(
    db,
    'SELECT id FROM product_serials WHERE store_id = ? AND product_id = ? AND name = ?',
  ).get(storeId, productId, name)?.id;
}

export function insertSerial(
  db: Database,
  storeId: number,
  serial: { productId: number; warehouseId: number; warehouseCode: string; name: string; createdAt: number },
): number {
  const result = cachedStatement<[number, number, number, string, string, number]>(
    db,
    `INSERT INTO product_serials (store_id, product_id, warehouse_id, warehouse_code, name, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(storeId, serial.productId, serial.warehouseId, serial.warehouseCode, serial.name, serial.createdAt);
  return Number(result.lastInsertRowid);
}

/** Removes one serial number of a product; false when the product has no serial of that name. */
export function deleteSerial(db: Database, storeId: number, productId: number, name: string): boolean {
  return (
    cachedStatement<[number, number, string]>(
      db,
      'DELETE FROM product_serials WHERE store_id = ? AND product_id = ? AND name = ?',
    ).run(storeId, productId, name).changes > 0
  );
}

/** A product's serial numbers (optionally in one warehouse), oldest first. */
export function listSerialNumbers(
  db: Database,
  storeId: number,
  productId: number,
  warehouseCode?: string,
): SerialNumber[] {
  const rows = cachedStatement<[{ storeId: number; productId: number; code: string | null }], SerialRow>(
    db,
    `SELECT id, product_id, name, warehouse_code, created_at FROM product_serials
     WHERE store_id = @storeId AND product_id = @productId AND (@code IS NULL OR warehouse_code = @code)
     ORDER BY id`,
  ).all({ storeId, productId, code: warehouseCode ?? null });
  return rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    name: row.name,
    warehouseCode: row.warehouse_code,
    createdAt: row.created_at,
  }));
}
