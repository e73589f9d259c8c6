// The review's reads over a whole warehouse: the server figures of the session's lines (one probe per
// line), and the warehouse's stock rows as plain arrays (no object per product), in the catalogue's
// order; and the database's version, which says when a review base may be reused.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';

function prepare(db: Database) {
  return {
    serverStockOfLines: db
      .prepare<{ session: string; warehouse: string }, [number, number]>(
        // CROSS JOIN keeps this order (the session's lines, then one stock probe each): without
        // statistics the planner would walk the whole warehouse's stock and probe the lines instead.
        `SELECT cl.product_id, ps.stock FROM count_lines cl
           CROSS JOIN product_stock ps ON ps.warehouse_code = @warehouse AND ps.product_id = cl.product_id
          WHERE cl.session_id = @session AND cl.kind = 'product'`,
      )
      .raw(),
    // The whole warehouse in id order, as [id, stock] arrays: reading it and skipping the few thousand
    // counted ids in JavaScript measured faster than a NOT EXISTS probe per stock row.
    warehouseStock: db
      .prepare<[string], [number, number]>(
        'SELECT product_id, stock FROM product_stock WHERE warehouse_code = ? ORDER BY product_id',
      )
      .raw(),
    serverStockOf: db
      .prepare<[string, number], number>(
        'SELECT stock FROM product_stock WHERE warehouse_code = ? AND product_id = ?',
      )
      .pluck(),
    countedProductIds: db
      .prepare<[string], number>(
        `SELECT product_id FROM count_lines WHERE session_id = ? AND kind = 'product' AND live_events > 0`,
      )
      .pluck(),
    totalChanges: db.prepare<[], number>('SELECT total_changes()').pluck(),
  };
}

export class CountReviewRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  get #statements() {
    return preparedFor(this.#db, prepare);
  }

  /** The last pulled figure of each product line's product in the warehouse (absent: no stock row). */
  serverStockOfLines(sessionId: string, warehouseCode: string): Map<number, number> {
    return new Map(this.#statements.serverStockOfLines.all({ session: sessionId, warehouse: warehouseCode }));
  }

  /** The last pulled figure of one product in the warehouse (absent: no stock row). */
  serverStockOf(warehouseCode: string, productId: number): number | undefined {
    return this.#statements.serverStockOf.get(warehouseCode, productId);
  }

  /** Products with a counted line (every event undone: not counted). */
  countedProductIds(sessionId: string): number[] {
    return this.#statements.countedProductIds.all(sessionId);
  }

  /** [product id, server stock] of every product of the warehouse, by id. */
  warehouseStock(warehouseCode: string): Array<[number, number]> {
    return this.#statements.warehouseStock.all(warehouseCode);
  }

  /**
   * Changes to the database since this connection opened, by it (total_changes) or by others
   * (data_version): equal twice, nothing the review reads can have changed between.
   */
  version(): string {
    const dataVersion = this.#db.pragma('data_version', { simple: true }) as number;
    return `${dataVersion}:${this.#statements.totalChanges.get() ?? 0}`;
  }
}
