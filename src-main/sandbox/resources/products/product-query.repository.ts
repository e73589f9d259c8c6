// GetProducts: the filtered, newest-first page and its count, and what each row of a page needs
// besides its own columns (variants, properties, images), fetched for the whole page in one query each.
import type { Database } from 'better-sqlite3';
import type { TimeRange } from '../../core/list-helpers.js';
import { productRowSql, type ProductRow } from './product.repository.js';
import { cachedStatement } from './statement-cache.js';

export interface ProductFilter {
  /** Contains-match on name, sku or barcode. */
  readonly keyword?: string;
  /** Contains-match on sku. */
  readonly searchsku?: string;
  readonly variationId?: number;
  readonly categoryId?: number;
  readonly activeOnly: boolean;
  readonly created: TimeRange;
  readonly updated: TimeRange;
  /** skulist header: exact skus. */
  readonly skus?: readonly string[];
  /** productidlist header. */
  readonly ids?: readonly number[];
}

/** `%text%` for LIKE, with the pattern characters of the text itself escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The WHERE clause and its named parameters; the SQL text depends only on which filters are set. */
function whereOf(storeId: number, filter: ProductFilter): { sql: string; params: Record<string, unknown> } {
  const clauses = ['p.store_id = @storeId'];
  const params: Record<string, unknown> = { storeId };
  if (filter.keyword !== undefined) {
    clauses.push(
      "(p.name LIKE @keyword ESCAPE '\\' OR p.sku LIKE @keyword ESCAPE '\\' OR p.barcode LIKE @keyword ESCAPE '\\')",
    );
    params['keyword'] = containsPattern(filter.keyword);
  }
  if (filter.searchsku !== undefined) {
    clauses.push("p.sku LIKE @searchsku ESCAPE '\\'");
    params['searchsku'] = containsPattern(filter.searchsku);
  }
  if (filter.variationId !== undefined) {
    clauses.push('p.variation_id = @variationId');
    params['variationId'] = filter.variationId;
  }
  if (filter.categoryId !== undefined) {
    clauses.push('p.category_id = @categoryId');
    params['categoryId'] = filter.categoryId;
  }
  if (filter.activeOnly) clauses.push('p.active = 1');
  addRange(clauses, params, 'p.created_at', 'created', filter.created);
  addRange(clauses, params, 'p.updated_at', 'updated', filter.updated);
  if (filter.skus !== undefined) {
    clauses.push('p.sku IN (SELECT value FROM json_each(@skus))');
    params['skus'] = JSON.stringify(filter.skus);
  }
  if (filter.ids !== undefined) {
    clauses.push('p.id IN (SELECT value FROM json_each(@ids))');
    params['ids'] = JSON.stringify(filter.ids);
  }
  return { sql: clauses.join(' AND '), params };
}

function addRange(
  clauses: string[],
  params: Record<string, unknown>,
  column: string,
  name: string,
  range: TimeRange,
): void {
  if (range.fromMs !== null) {
    clauses.push(`${column} >= @${name}From`);
    params[`${name}From`] = range.fromMs;
  }
  if (range.toMs !== null) {
    clauses.push(`${column} < @${name}To`);
    params[`${name}To`] = range.toMs;
  }
}

export function countProducts(db: Database, storeId: number, filter: ProductFilter): number {
  const where = whereOf(storeId, filter);
  const row = cachedStatement<[Record<string, unknown>], { readonly total: number }>(
    db,
    `SELECT COUNT(*) AS total FROM products p WHERE ${where.sql}`,
  ).get(where.params);
  return row?.total ?? 0;
}

/**
 * Above this many matches a page walks the newest-first index. Without the hint a wide updatedafter
 * range made SQLite read the updated_at index and sort the whole catalogue (≈ 100 ms at 100,000).
 */
const WALK_NEWEST_FIRST_ABOVE = 2000;

/**
 * Many matches: walk the newest-first index (it carries the common filter columns). Few matches of an
 * updated_at range (the app's incremental sync, "updated today"): seek them by updated_at and sort the
 * few; without statistics SQLite would walk the whole newest-first index instead. Else SQLite chooses.
 */
function planHint(filter: ProductFilter, matching: number): string {
  if (matching > WALK_NEWEST_FIRST_ABOVE) return 'INDEXED BY products_newest_first';
  const updatedRange = filter.updated.fromMs !== null || filter.updated.toMs !== null;
  return updatedRange ? 'INDEXED BY products_by_updated' : '';
}

/**
 * One page of matching products, newest first (created_at, then id, descending). `matching` is the
 * filter's count (the handler has it anyway), which picks the plan. The page's ids are found first
 * (from the index alone when only store_id filters), so a deep OFFSET skips index entries, not rows.
 */
export function listProductRows(
  db: Database,
  storeId: number,
  filter: ProductFilter,
  page: { limit: number; offset: number; matching: number },
): ProductRow[] {
  if (page.offset >= page.matching) return [];
  const where = whereOf(storeId, filter);
  const hint = planHint(filter, page.matching);
  return cachedStatement<[Record<string, unknown>], ProductRow>(
    db,
    `WITH page AS (
       SELECT p.id FROM products p ${hint} WHERE ${where.sql}
       ORDER BY p.created_at DESC, p.id DESC LIMIT @limit OFFSET @offset)
     ${productRowSql} JOIN page ON page.id = p.id ORDER BY p.created_at DESC, p.id DESC`,
  ).all({ ...where.params, limit: page.limit, offset: page.offset });
}

export interface VariantView {
  readonly variantid: number;
  readonly variantname: string;
  readonly name: string;
}

export interface PropertyView {
  readonly id: number;
  readonly name: string;
  readonly value: string;
}

interface VariantRow extends VariantView {
  readonly product_id: number;
}

interface PropertyRow extends PropertyView {
  readonly product_id: number;
}

interface ImageIdRow {
  readonly product_id: number;
  readonly id: number;
}

function groupBy<R extends { readonly product_id: number }, V>(
  rows: readonly R[],
  view: (row: R) => V,
): Map<number, V[]> {
  const grouped = new Map<number, V[]>();
  for (const row of rows) {
    const list = grouped.get(row.product_id);
    if (list) list.push(view(row));
    else grouped.set(row.product_id, [view(row)]);
  }
  return grouped;
}

/** Variants of the page's products, in their order. */
export function variantsFor(
  db: Database,
  storeId: number,
  productIds: readonly number[],
): Map<number, VariantView[]> {
  if (productIds.length === 0) return new Map();
  const rows = cachedStatement<[number, string], VariantRow>(
    db,
    `SELECT product_id, variantid, variantname, name FROM product_variants
     WHERE store_id = ? AND product_id IN (SELECT value FROM json_each(?)) ORDER BY product_id, position`,
  ).all(storeId, JSON.stringify(productIds));
  return groupBy(rows, ({ variantid, variantname, name }) => ({ variantid, variantname, name }));
}

/** Custom properties of the page's products, by property id. */
export function propertiesFor(
  db: Database,
  storeId: number,
  productIds: readonly number[],
): Map<number, PropertyView[]> {
  if (productIds.length === 0) return new Map();
  const rows = cachedStatement<[number, string], PropertyRow>(
    db,
    `SELECT pp.product_id AS product_id, pp.property_id AS id, n.name AS name, pp.value AS value
     FROM product_properties pp JOIN product_property_names n ON n.id = pp.property_id
     WHERE pp.store_id = ? AND pp.product_id IN (SELECT value FROM json_each(?))
     ORDER BY pp.product_id, pp.property_id`,
  ).all(storeId, JSON.stringify(productIds));
  return groupBy(rows, ({ id, name, value }) => ({ id, name, value }));
}

/** Image ids of the page's products, oldest first. */
export function imageIdsFor(
  db: Database,
  storeId: number,
  productIds: readonly number[],
): Map<number, number[]> {
  if (productIds.length === 0) return new Map();
  const rows = cachedStatement<[number, string], ImageIdRow>(
    db,
    `SELECT product_id, id FROM product_images
     WHERE store_id = ? AND product_id IN (SELECT value FROM json_each(?)) ORDER BY product_id, id`,
  ).all(storeId, JSON.stringify(productIds));
  return groupBy(rows, (row) => row.id);
}
