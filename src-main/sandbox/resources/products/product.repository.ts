// Products, their categories, custom properties and tags: inserts, updates, deletes and reads of one.
// Lists (GetProducts) are in product-query.repository.ts; stock in stock.repository.ts.
import type { Database } from 'better-sqlite3';
import { cachedStatement } from './statement-cache.js';

/** The columns of a product that AddProduct sets and UpdateProduct may change. */
export interface ProductColumns {
  readonly name: string;
  readonly description: string;
  readonly sellprice: string;
  readonly purchaseprice: string;
  readonly sell_vat_status: number;
  readonly purchase_vat_status: number;
  readonly barcode: string;
  readonly unittext: string;
  readonly weight: string;
  readonly width: string;
  readonly length: string;
  readonly height: string;
  readonly category_id: number | null;
  readonly tags_json: string;
}

export type ProductColumnName = keyof ProductColumns;

/** Column names UpdateProduct may set; the dynamic UPDATE is built only from these. */
const updatableColumns: readonly ProductColumnName[] = [
  'name',
  'description',
  'sellprice',
  'purchaseprice',
  'sell_vat_status',
  'purchase_vat_status',
  'barcode',
  'unittext',
  'weight',
  'width',
  'length',
  'height',
  'category_id',
  'tags_json',
];

export interface NewProduct extends ProductColumns {
  readonly storeId: number;
  readonly sku: string;
  readonly producttype: number;
  readonly createdAt: number;
}

/** A product row as the product views read it, with its category's name. */
export interface ProductRow extends ProductColumns {
  readonly id: number;
  readonly sku: string;
  readonly producttype: number;
  readonly variation_id: number | null;
  readonly active: number;
  readonly imagepath: string;
  readonly category: string | null;
  readonly created_at: number;
  readonly updated_at: number;
}

/** The SELECT list and FROM of ProductRow, shared with the list query. */
export const productRowSql = `SELECT p.id, p.sku, p.name, p.description, p.sellprice, p.purchaseprice,
  p.sell_vat_status, p.purchase_vat_status, p.barcode, p.unittext, p.weight, p.width, p.length, p.height,
  p.category_id, p.tags_json, p.producttype, p.variation_id, p.active, p.imagepath, p.created_at,
  p.updated_at, c.name AS category
  FROM products p LEFT JOIN product_categories c ON c.id = p.category_id`;

export function insertProduct(db: Database, product: NewProduct): number {
  const result = cachedStatement<[NewProduct]>(
    db,
    `INSERT INTO products (store_id, sku, name, description, sellprice, purchaseprice, sell_vat_status,
       purchase_vat_status, barcode, unittext, weight, width, length, height, category_id, producttype,
       tags_json, active, created_at, updated_at)
     VALUES (@storeId, @sku, @name, @description, @sellprice, @purchaseprice, @sell_vat_status,
       @purchase_vat_status, @barcode, @unittext, @weight, @width, @length, @height, @category_id,
       @producttype, @tags_json, 1, @createdAt, @createdAt)`,
  ).run(product);
  return Number(result.lastInsertRowid);
}

export function readProductRow(db: Database, storeId: number, productId: number): ProductRow | undefined {
  return cachedStatement<[number, number], ProductRow>(
    db,
    `${productRowSql} WHERE p.store_id = ? AND p.id = ?`,
  ).get(storeId, productId);
}

/** Sets the given columns (only those) and updated_at. */
export function updateProductColumns(
  db: Database,
  storeId: number,
  productId: number,
  changes: Partial<ProductColumns>,
  at: number,
): void {
  const columns = updatableColumns.filter((column) => changes[column] !== undefined);
  const assignments = columns.map((column) => `${column} = @${column}`).join(', ');
  const sql = `UPDATE products SET ${assignments}${assignments === '' ? '' : ', '}updated_at = @at
    WHERE store_id = @storeId AND id = @productId`;
  cachedStatement<[Record<string, unknown>]>(db, sql).run({
    ...pick(changes, columns),
    at,
    storeId,
    productId,
  });
}

function pick(
  changes: Partial<ProductColumns>,
  columns: readonly ProductColumnName[],
): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => [column, changes[column]]));
}

/** Sets the active flag; returns false when the product already had it (nothing written). */
export function setProductActive(
  db: Database,
  storeId: number,
  productId: number,
  active: boolean,
  at: number,
): boolean {
  const result = cachedStatement<[number, number, number, number, number]>(
    db,
    'UPDATE products SET active = ?, updated_at = ? WHERE store_id = ? AND id = ? AND active <> ?',
  ).run(active ? 1 : 0, at, storeId, productId, active ? 1 : 0);
  return result.changes > 0;
}

/** Seed support: backdates a product's creation (and last change) and sets its active flag. */
export function setProductActiveAndCreatedRow(
  db: Database,
  storeId: number,
  productId: number,
  active: boolean,
  createdAt: number,
): void {
  cachedStatement<[number, number, number, number, number]>(
    db,
    'UPDATE products SET active = ?, created_at = ?, updated_at = ? WHERE store_id = ? AND id = ?',
  ).run(active ? 1 : 0, createdAt, createdAt, storeId, productId);
}

/** Removes a product and everything hanging on it except its stock movements (kept as history). */
export function deleteProductRows(db: Database, storeId: number, productId: number): void {
  for (const table of [
    'product_variants',
    'product_properties',
    'product_serials',
    'product_images',
    'product_stock',
  ] as const) {
    cachedStatement<[number, number]>(db, `DELETE FROM ${table} WHERE store_id = ? AND product_id = ?`).run(
      storeId,
      productId,
    );
  }
  cachedStatement<[number, number]>(db, 'DELETE FROM products WHERE store_id = ? AND id = ?').run(
    storeId,
    productId,
  );
}

/** A product's id by its exact sku. */
export function findProductIdBySku(db: Database, storeId: number, sku: string): number | undefined {
  return cachedStatement<[number, string], { readonly id: number }>(
    db,
    'SELECT id FROM products WHERE store_id = ? AND sku = ?',
  ).get(storeId, sku)?.id;
}

/** The category with this name, created when new. */
export function findOrCreateCategory(db: Database, storeId: number, name: string, at: number): number {
  const existing = cachedStatement<[number, string], { readonly id: number }>(
    db,
    'SELECT id FROM product_categories WHERE store_id = ? AND name = ?',
  ).get(storeId, name);
  if (existing) return existing.id;
  const result = cachedStatement<[number, string, number]>(
    db,
    'INSERT INTO product_categories (store_id, name, created_at) VALUES (?, ?, ?)',
  ).run(storeId, name, at);
  return Number(result.lastInsertRowid);
}

/** The name of a custom property by id, or undefined when the store has no such property. */
export function findPropertyName(db: Database, storeId: number, propertyId: number): string | undefined {
  return cachedStatement<[number, number], { readonly name: string }>(
    db,
    'SELECT name FROM product_property_names WHERE store_id = ? AND id = ?',
  ).get(storeId, propertyId)?.name;
}

/** The custom property with this name, created when new. */
export function findOrCreatePropertyName(db: Database, storeId: number, name: string): number {
  const existing = cachedStatement<[number, string], { readonly id: number }>(
    db,
    'SELECT id FROM product_property_names WHERE store_id = ? AND name = ?',
  ).get(storeId, name);
  if (existing) return existing.id;
  const result = cachedStatement<[number, string]>(
    db,
    'INSERT INTO product_property_names (store_id, name) VALUES (?, ?)',
  ).run(storeId, name);
  return Number(result.lastInsertRowid);
}

/** Sets a property value on a product (a second value for one property replaces the first). */
export function setProductProperty(
  db: Database,
  storeId: number,
  productId: number,
  propertyId: number,
  value: string,
): void {
  cachedStatement<[number, number, number, string]>(
    db,
    `INSERT INTO product_properties (store_id, product_id, property_id, value) VALUES (?, ?, ?, ?)
     ON CONFLICT (store_id, product_id, property_id) DO UPDATE SET value = excluded.value`,
  ).run(storeId, productId, propertyId, value);
}
