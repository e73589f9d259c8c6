// A warehouse's products as cycle counting sees them (migration 0021): each product with a stock row in
// the local catalogue, its stock value (server stock × purchase price; negative stock holds no value),
// its value class and its last count on this PC. One SQL read into typed arrays (no object per
// product: a store has 200,000), kept while the database is unchanged and the shares are the same, so
// paging the list or committing a count right after reading it reads nothing again.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import { classifyByValue, type ClassShares, type DueCandidates } from './cycle-classes.js';

export interface WarehouseClasses extends DueCandidates {
  readonly warehouseCode: string;
  /** Index of each product id in the arrays. */
  indexOf(productId: number): number | undefined;
}

function prepare(db: Database) {
  return {
    // Ordered by id so the arrays (and the classes' tie-break by position) do not depend on the plan.
    products: db
      .prepare<[string], [number, number, number | null]>(
        `SELECT ps.product_id, max(ps.stock, 0) * coalesce(p.purchaseprice, 0), lc.counted_at
           FROM product_stock ps
           JOIN products p ON p.id = ps.product_id
           LEFT JOIN count_last_counted lc ON lc.warehouse_code = ps.warehouse_code AND lc.product_id = ps.product_id
          WHERE ps.warehouse_code = ?
          ORDER BY ps.product_id`,
      )
      .raw(),
    totalChanges: db.prepare<[], number>('SELECT total_changes()').pluck(),
  };
}

/** Reads and classifies; the last answer per warehouse is kept while nothing changed. */
export class CycleClassification {
  readonly #db: Database;
  readonly #kept = new Map<string, { key: string; classes: WarehouseClasses }>();

  constructor(db: Database) {
    this.#db = db;
  }

  of(warehouseCode: string, shares: ClassShares): WarehouseClasses {
    const key = `${this.#version()}|${shares.aShare}|${shares.bShare}`;
    const kept = this.#kept.get(warehouseCode);
    if (kept?.key === key) return kept.classes;
    const classes = this.#read(warehouseCode, shares);
    this.#kept.set(warehouseCode, { key, classes });
    return classes;
  }

  /**
   * The classes last read for the warehouse under these shares, even if the database changed since
   * (a commit records them: re-reading 200,000 products there measured ~0.5 s on every commit, and a
   * class moves only with the catalogue's stock and prices); read now when there are none.
   */
  latest(warehouseCode: string, shares: ClassShares): WarehouseClasses {
    const kept = this.#kept.get(warehouseCode);
    if (kept !== undefined && kept.key.endsWith(`|${shares.aShare}|${shares.bShare}`)) return kept.classes;
    return this.of(warehouseCode, shares);
  }

  #read(warehouseCode: string, shares: ClassShares): WarehouseClasses {
    const rows = preparedFor(this.#db, prepare).products.all(warehouseCode);
    const productIds = new Float64Array(rows.length);
    const values = new Float64Array(rows.length);
    const lastCountedAt = new Float64Array(rows.length);
    rows.forEach(([productId, value, last], index) => {
      productIds[index] = productId;
      values[index] = value;
      lastCountedAt[index] = last ?? Number.NaN;
    });
    return {
      warehouseCode,
      productIds,
      values,
      lastCountedAt,
      classes: classifyByValue(values, shares),
      indexOf: (productId) => sortedIndexOf(productIds, productId),
    };
  }

  /** Changes by this connection or others since it opened (as CountReviewRepository.version). */
  #version(): string {
    const dataVersion = this.#db.pragma('data_version', { simple: true }) as number;
    return `${dataVersion}:${preparedFor(this.#db, prepare).totalChanges.get() ?? 0}`;
  }
}

/** Binary search in ids read in ascending order (no Map of 200,000 entries per read). */
function sortedIndexOf(ids: Float64Array, id: number): number | undefined {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = ids[middle] ?? 0;
    if (found === id) return middle;
    if (found < id) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}
