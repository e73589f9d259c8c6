// Categories and variations (GetCategorys, GetVariations) and the variants a product carries.
import type { Database } from 'better-sqlite3';
import { cachedStatement } from './statement-cache.js';

export interface CategoryRow {
  readonly id: number;
  readonly name: string;
}

export interface VariationRow {
  readonly id: number;
  readonly sku: string;
  readonly name: string;
}

interface VariationVariantRow {
  readonly variation_id: number;
  readonly variantid: number;
  readonly variantname: string;
}

export function countCategories(db: Database, storeId: number): number {
  return (
    cachedStatement<[number], { readonly total: number }>(
      db,
      'SELECT COUNT(*) AS total FROM product_categories WHERE store_id = ?',
    ).get(storeId)?.total ?? 0
  );
}

/** One page of categories, newest first. */
export function listCategories(db: Database, storeId: number, limit: number, offset: number): CategoryRow[] {
  return cachedStatement<[number, number, number], CategoryRow>(
    db,
    'SELECT id, name FROM product_categories WHERE store_id = ? ORDER BY id DESC LIMIT ? OFFSET ?',
  ).all(storeId, limit, offset);
}

export function countVariations(db: Database, storeId: number): number {
  return (
    cachedStatement<[number], { readonly total: number }>(
      db,
      'SELECT COUNT(*) AS total FROM product_variations WHERE store_id = ?',
    ).get(storeId)?.total ?? 0
  );
}

/** One page of variations, newest first. */
export function listVariations(db: Database, storeId: number, limit: number, offset: number): VariationRow[] {
  return cachedStatement<[number, number, number], VariationRow>(
    db,
    'SELECT id, sku, name FROM product_variations WHERE store_id = ? ORDER BY id DESC LIMIT ? OFFSET ?',
  ).all(storeId, limit, offset);
}

/** The variants of a page of variations, in their order. */
export function variationVariantsFor(
  db: Database,
  storeId: number,
  variationIds: readonly number[],
): Map<number, { variantid: number; variantname: string }[]> {
  const grouped = new Map<number, { variantid: number; variantname: string }[]>();
  if (variationIds.length === 0) return grouped;
  const rows = cachedStatement<[number, string], VariationVariantRow>(
    db,
    `SELECT variation_id, id AS variantid, variantname FROM product_variation_variants
     WHERE store_id = ? AND variation_id IN (SELECT value FROM json_each(?)) ORDER BY variation_id, position`,
  ).all(storeId, JSON.stringify(variationIds));
  for (const row of rows) {
    const variant = { variantid: row.variantid, variantname: row.variantname };
    const list = grouped.get(row.variation_id);
    if (list) list.push(variant);
    else grouped.set(row.variation_id, [variant]);
  }
  return grouped;
}

export function variationExists(db: Database, storeId: number, variationId: number): boolean {
  return (
    cachedStatement<[number, number], { readonly id: number }>(
      db,
      'SELECT id FROM product_variations WHERE store_id = ? AND id = ?',
    ).get(storeId, variationId) !== undefined
  );
}

export function insertVariationRow(db: Database, storeId: number, sku: string, name: string): number {
  const result = cachedStatement<[number, string, string]>(
    db,
    'INSERT INTO product_variations (store_id, sku, name) VALUES (?, ?, ?)',
  ).run(storeId, sku, name);
  return Number(result.lastInsertRowid);
}

export function insertVariationVariant(
  db: Database,
  storeId: number,
  variationId: number,
  position: number,
  variant: { variantname: string; name: string },
): number {
  const result = cachedStatement<[number, number, number, string, string]>(
    db,
    `INSERT INTO product_variation_variants (store_id, variation_id, position, variantname, name)
     VALUES (?, ?, ?, ?, ?)`,
  ).run(storeId, variationId, position, variant.variantname, variant.name);
  return Number(result.lastInsertRowid);
}

/** Puts a product in a variation with these variants (replacing any it had). */
export function setProductVariation(
  db: Database,
  storeId: number,
  productId: number,
  variationId: number,
  variants: readonly { variantid: number; variantname: string; name: string }[],
): void {
  cachedStatement<[number, number, number]>(
    db,
    'UPDATE products SET variation_id = ? WHERE store_id = ? AND id = ?',
  ).run(variationId, storeId, productId);
  cachedStatement<[number, number]>(
    db,
    'DELETE FROM product_variants WHERE store_id = ? AND product_id = ?',
  ).run(storeId, productId);
  const insert = cachedStatement<[number, number, number, number, string, string]>(
    db,
    `INSERT INTO product_variants (store_id, product_id, position, variantid, variantname, name)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  variants.forEach((variant, position) =>
    insert.run(storeId, productId, position, variant.variantid, variant.variantname, variant.name),
  );
}
