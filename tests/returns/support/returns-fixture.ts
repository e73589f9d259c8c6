// Return purchase orders on a real database file, their sync and an outbox (whose done writes update
// the catalogue, as the store session wires it) against a real sandbox over loopback. The local
// catalogue holds the sandbox's warehouses, payment methods and W0001's products, as a sync would.
import { CatalogueLookup } from '../../../src-main/catalog/catalogue-lookup.js';
import { CatalogueRepository } from '../../../src-main/catalog/catalogue.repository.js';
import { ExpectedStock } from '../../../src-main/counting/expected-stock.js';
import { outboxWrites, type Outbox, type OutboxOptions } from '../../../src-main/outbox/index.js';
import { openReturns, type Returns } from '../../../src-main/returns/index.js';
import type { ParsedCallArgs, ReturnsChange } from '../../../src-shared/ipc/index.js';
import { callContract } from '../../../src-shared/ipc/index.js';
import { startOutboxFixture, type OutboxFixture } from '../../outbox/support/outbox-fixture.js';

export const WAREHOUSE = 'W0001';

export interface ReturnsFixture extends Returns {
  readonly fx: OutboxFixture;
  readonly catalogue: CatalogueRepository;
  readonly expected: ExpectedStock;
  readonly methods: ReadonlyArray<{ id: number; name: string }>;
  readonly changes: ReturnsChange[];
  /** An outbox whose done rows update the catalogue (the store session's onApplied). */
  outbox(options?: Partial<OutboxOptions>): Outbox;
  /** The catalogue's server figure of a product in W0001. */
  serverStock(productId: number): number;
  /**
   * A draft with `lines` of [productId, quantity], parsed as the contract parses it; a number left
   * out (undefined) is this PC's next, taken as the order is saved.
   */
  draft(
    number: string | undefined,
    lines: ReadonlyArray<readonly [number, number]>,
    extra?: Record<string, unknown>,
  ): ParsedCallArgs<'returns.create'>;
  close(): Promise<void>;
}

export async function startReturnsFixture(
  options: { readonly products?: number } = {},
): Promise<ReturnsFixture> {
  const fx = await startOutboxFixture({ products: options.products ?? 12 });
  const client = fx.client();
  const catalogue = new CatalogueRepository(fx.db);
  catalogue.replaceWarehouses((await client.call('GetWarehouses', { query: { limit: 500 } })).list);
  catalogue.replacePaymentMethods((await client.call('GetPaymentMethods', { query: { limit: 500 } })).list);
  const products = await client.call('GetProducts', { query: { warehousecode: WAREHOUSE, limit: 500 } });
  catalogue.upsertProducts(products.list, { warehouseCode: WAREHOUSE, syncedAt: fx.clock.now() });
  const changes: ReturnsChange[] = [];
  const returns = openReturns({
    db: fx.db,
    client,
    writes: outboxWrites(fx.db),
    catalogue,
    now: fx.clock.now,
    pcName: 'wh-pc-01.local',
    onChanged: (change) => changes.push(change),
  });
  const lookup = new CatalogueLookup(fx.db);
  const byId = new Map(products.list.map((product) => [product.id, product]));
  return {
    ...returns,
    fx,
    catalogue,
    expected: new ExpectedStock(fx.db, lookup),
    methods: catalogue.paymentMethods().map(({ id, name }) => ({ id, name })),
    changes,
    outbox: (outboxOptions = {}) =>
      fx.outbox({
        onApplied: (writes) => catalogue.applyConfirmedWrites(writes, fx.clock.now()),
        ...outboxOptions,
      }),
    serverStock: (productId) => lookup.serverStock(productId, WAREHOUSE)?.stock ?? 0,
    draft: (number, lines, extra = {}) =>
      callContract['returns.create'].args.parse({
        ...(number === undefined ? {} : { number }),
        warehouseCode: WAREHOUSE,
        lines: lines.map(([productId, quantity]) => {
          const product = byId.get(productId);
          return {
            productId,
            sku: product?.sku ?? `SKU-${productId}`,
            name: product?.name ?? 'product',
            quantity,
            unitPrice: Number(product?.purchaseprice ?? 10) || 10,
          };
        }),
        ...extra,
      }),
    close: () => fx.close(),
  };
}
