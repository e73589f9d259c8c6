// The stock-moves service on a real database file whose catalogue was pulled from a real sandbox (over
// loopback), with the outbox that sends its moves and v4 reads to check what the back office holds.
import { CatalogueLookup } from '../../../src-main/catalog/catalogue-lookup.js';
import { CatalogueRepository } from '../../../src-main/catalog/catalogue.repository.js';
import { CatalogueSync } from '../../../src-main/catalog/sync/index.js';
import { WarehouseAdditions } from '../../../src-main/catalog/warehouse-additions.js';
import { enqueueWrite, type Outbox, type OutboxOptions } from '../../../src-main/outbox/index.js';
import { StockMovesService } from '../../../src-main/stock-moves/index.js';
import { startOutboxFixture, type OutboxFixture } from '../../outbox/support/outbox-fixture.js';

export interface StockMovesFixture {
  readonly fx: OutboxFixture;
  readonly moves: StockMovesService;
  readonly warehouses: WarehouseAdditions;
  readonly lookup: CatalogueLookup;
  /** An outbox that updates the catalogue as the app's does once a write is confirmed. */
  outbox(options?: Partial<OutboxOptions>): Outbox;
  /** Products with at least `min` units in each of these warehouses (by the pulled catalogue). */
  stocked(warehouses: readonly string[], min: number): number[];
  close(): Promise<void>;
}

export async function startStockMovesFixture(products = 40): Promise<StockMovesFixture> {
  const fx = await startOutboxFixture({ products });
  await new CatalogueSync({ db: fx.db, client: fx.client(), now: fx.clock.now }).firstSync();
  const catalogue = new CatalogueRepository(fx.db);
  const lookup = new CatalogueLookup(fx.db);
  const warehouses = new WarehouseAdditions({
    db: fx.db,
    pulled: () => catalogue.warehouses(),
    queueCreate: (body) => enqueueWrite(fx.db, { kind: 'addWarehouse', body }).operationId,
    now: fx.clock.now,
  });
  const moves = new StockMovesService({
    db: fx.db,
    lookup,
    warehouseCodes: () => new Set(warehouses.choices().map((warehouse) => warehouse.code)),
    now: fx.clock.now,
    pcName: 'test-pc',
  });
  return {
    fx,
    moves,
    warehouses,
    lookup,
    outbox: (options = {}) =>
      fx.outbox({
        onApplied: (writes) => catalogue.applyConfirmedWrites(writes, fx.clock.now()),
        ...options,
      }),
    stocked(codes, min) {
      return fx.db
        .prepare<[string, number], { id: number }>(
          `SELECT p.id FROM products p
            WHERE (SELECT count(*) FROM product_stock s, json_each(?) w
                    WHERE s.product_id = p.id AND s.warehouse_code = w.value AND s.stock >= ?) = ${codes.length}
            ORDER BY p.id`,
        )
        .all(JSON.stringify(codes), min)
        .map((row) => row.id);
    },
    close: () => fx.close(),
  };
}
