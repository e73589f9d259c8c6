// Bundles and their items: writes, the filtered newest-first page, and the items of a page at once.
import type { Database } from 'better-sqlite3';
import { cachedStatement } from '../products/statement-cache.js';

export interface BundleColumns {
  readonly name: string;
  readonly sellprice: string;
  readonly sell_vat_status: number;
}

export interface BundleRow extends BundleColumns {
  readonly id: number;
  readonly sku: string;
  readonly active: number;
  readonly created_at: number;
  readonly updated_at: number;
}

/** An item of a bundle with the product's own fields (ProductBundle). */
export interface BundleItemRow {
  readonly bundle_id: number;
  readonly product_id: number;
  readonly name: string;
  readonly sku: string;
  readonly sell_vat_status: number;
  readonly quantity: number;
}

export interface BundleFilter {
  /** Contains-match on name or sku. */
  readonly keyword?: string;
  readonly activeOnly: boolean;
  /** bundleidlist header. */
  readonly ids?: readonly number[];
}

const bundleRowSql =
  'SELECT id, sku, name, sellprice, sell_vat_status, active, created_at, updated_at FROM bundles';

export function insertBundle(
  db: Database,
  bundle: BundleColumns & { storeId: number; sku: string; createdAt: number },
): number {
  const result = cachedStatement<[typeof bundle]>(
    db,
    `INSERT INTO bundles (store_id, sku, name, sellprice, sell_vat_status, active, created_at, updated_at)
     VALUES (@storeId, @sku, @name, @sellprice, @sell_vat_status, 1, @createdAt, @createdAt)`,
  ).run(bundle);
  return Number(result.lastInsertRowid);
}

export function insertBundleItem(
  db: Database,
  storeId: number,
  item: { bundleId: number; position: number; productId: number; quantity: number },
): void {
  cachedStatement<[number, number, number, number, number]>(
    db,
    'INSERT INTO bundle_items (store_id, bundle_id, position, product_id, quantity) VALUES (?, ?, ?, ?, ?)',
  ).run(storeId, item.bundleId, item.position, item.productId, item.quantity);
}

export function readBundleRow(db: Database, storeId: number, bundleId: number): BundleRow | undefined {
  return cachedStatement<[number, number], BundleRow>(
    db,
    `${bundleRowSql} WHERE store_id = ? AND id = ?`,
  ).get(storeId, bundleId);
}

/** Sets name, sellprice and sell_vat_status when given, and updated_at. */
export function updateBundleColumns(
  db: Database,
  storeId: number,
  bundleId: number,
  changes: Partial<BundleColumns>,
  at: number,
): void {
  cachedStatement<[Record<string, unknown>]>(
    db,
    `UPDATE bundles SET name = COALESCE(@name, name), sellprice = COALESCE(@sellprice, sellprice),
       sell_vat_status = COALESCE(@sellVatStatus, sell_vat_status), updated_at = @at
     WHERE store_id = @storeId AND id = @bundleId`,
  ).run({
    name: changes.name ?? null,
    sellprice: changes.sellprice ?? null,
    sellVatStatus: changes.sell_vat_status ?? null,
    at,
    storeId,
    bundleId,
  });
}

/** Sets the active flag; false when the bundle already had it (nothing written). */
export function setBundleActiveRow(
  db: Database,
  storeId: number,
  bundleId: number,
  active: boolean,
  at: number,
): boolean {
  const flag = active ? 1 : 0;
  return (
    cachedStatement<[number, number, number, number, number]>(
      db,
      'UPDATE bundles SET active = ?, updated_at = ? WHERE store_id = ? AND id = ? AND active <> ?',
    ).run(flag, at, storeId, bundleId, flag).changes > 0
  );
}

export function deleteBundleRows(db: Database, storeId: number, bundleId: number): void {
  cachedStatement<[number, number]>(db, 'DELETE FROM bundle_items WHERE store_id = ? AND bundle_id = ?').run(
    storeId,
    bundleId,
  );
  cachedStatement<[number, number]>(db, 'DELETE FROM bundles WHERE store_id = ? AND id = ?').run(
    storeId,
    bundleId,
  );
}

function whereOf(storeId: number, filter: BundleFilter): { sql: string; params: Record<string, unknown> } {
  const clauses = ['store_id = @storeId'];
  const params: Record<string, unknown> = { storeId };
  if (filter.keyword !== undefined) {
    clauses.push("(name LIKE @keyword ESCAPE '\\' OR sku LIKE @keyword ESCAPE '\\')");
    params['keyword'] = `%${filter.keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  }
  if (filter.activeOnly) clauses.push('active = 1');
  if (filter.ids !== undefined) {
    clauses.push('id IN (SELECT value FROM json_each(@ids))');
    params['ids'] = JSON.stringify(filter.ids);
  }
  return { sql: clauses.join(' AND '), params };
}

export function countBundles(db: Database, storeId: number, filter: BundleFilter): number {
  const where = whereOf(storeId, filter);
  return (
    cachedStatement<[Record<string, unknown>], { readonly total: number }>(
      db,
      `SELECT COUNT(*) AS total FROM bundles WHERE ${where.sql}`,
    ).get(where.params)?.total ?? 0
  );
}

/** One page of matching bundles, newest first. */
export function listBundleRows(
  db: Database,
  storeId: number,
  filter: BundleFilter,
  limit: number,
  offset: number,
): BundleRow[] {
  const where = whereOf(storeId, filter);
  return cachedStatement<[Record<string, unknown>], BundleRow>(
    db,
    `${bundleRowSql} WHERE ${where.sql} ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
  ).all({ ...where.params, limit, offset });
}

/** The items of a page of bundles, in their order, with each product's name, sku and vat status. */
export function itemsFor(
  db: Database,
  storeId: number,
  bundleIds: readonly number[],
): Map<number, BundleItemRow[]> {
  const grouped = new Map<number, BundleItemRow[]>();
  if (bundleIds.length === 0) return grouped;
  const rows = cachedStatement<[number, string], BundleItemRow>(
    db,
    `SELECT i.bundle_id, i.product_id, p.name, p.sku, p.sell_vat_status, i.quantity
     FROM bundle_items i JOIN products p ON p.id = i.product_id AND p.store_id = i.store_id
     WHERE i.store_id = ? AND i.bundle_id IN (SELECT value FROM json_each(?)) ORDER BY i.bundle_id, i.position`,
  ).all(storeId, JSON.stringify(bundleIds));
  for (const row of rows) {
    const list = grouped.get(row.bundle_id);
    if (list) list.push(row);
    else grouped.set(row.bundle_id, [row]);
  }
  return grouped;
}
