// The expected stock of a product in a warehouse: the local view, i.e. the server's figure as last
// synced plus the effect of outbox operations not yet done. A product the catalogue has no figure for
// in that warehouse is expected at 0 (the back office reads a missing stock row as 0/0 too).
import type { Database } from 'better-sqlite3';
import type { CatalogueLookup } from '../catalog/catalogue-lookup.js';
import { effectiveStock, pendingStock } from '../outbox/local-view.js';
import { roundQuantity } from './count-quantity.js';
import type { LineRow, SessionRow } from './count-session.repository.js';

/**
 * A committed session's line is shown against the figure expected at its commit, for good: today's local
 * view holds the session's own queued counts (and, once they are done, the counted figures), so it would
 * show every changed line as drifted. Lines committed before that figure was recorded show the figure
 * they were counted against (no drift claimed) rather than a drift known to be wrong.
 */
export function isFrozen(session: SessionRow): boolean {
  return session.state === 'committed';
}

export function expectedAtCommit(line: LineRow): number {
  return line.expected_at_commit ?? line.counted_against ?? 0;
}

export class ExpectedStock {
  readonly #db: Database;
  readonly #lookup: CatalogueLookup;

  constructor(db: Database, lookup: CatalogueLookup) {
    this.#db = db;
    this.#lookup = lookup;
  }

  of(warehouseCode: string, productId: number): number {
    const pending = pendingStock(this.#db, warehouseCode, [productId]).get(productId);
    return this.#combine(warehouseCode, productId, pending);
  }

  /** One outbox query for the whole list, then the server figure per product. */
  ofMany(warehouseCode: string, productIds: readonly number[]): Map<number, number> {
    const pending = pendingStock(this.#db, warehouseCode, productIds);
    const expected = new Map<number, number>();
    for (const productId of productIds) {
      expected.set(productId, this.#combine(warehouseCode, productId, pending.get(productId)));
    }
    return expected;
  }

  /**
   * The same for figures the caller already read from the catalogue (productsInWarehouse): one outbox
   * query and no catalogue query per product, which matters for a whole warehouse.
   */
  overServerFigures(
    warehouseCode: string,
    figures: ReadonlyArray<{ readonly productId: number; readonly stock: number }>,
  ): Array<{ productId: number; expected: number }> {
    const pending = pendingStock(
      this.#db,
      warehouseCode,
      figures.map((figure) => figure.productId),
    );
    return figures.map(({ productId, stock }) => {
      const operations = pending.get(productId);
      return { productId, expected: operations ? roundQuantity(effectiveStock(stock, operations)) : stock };
    });
  }

  #combine(
    warehouseCode: string,
    productId: number,
    pending: { absolute?: number; delta: number } | undefined,
  ): number {
    const server = this.#lookup.serverStock(productId, warehouseCode)?.stock ?? 0;
    return roundQuantity(effectiveStock(server, pending));
  }
}
