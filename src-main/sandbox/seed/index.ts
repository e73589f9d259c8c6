// The demo-data seeder the core calls when it creates a store (seeding.ts): `--seed demo` gives a
// believable Thai store, `--products <n>` sizes its catalogue. Everything goes in through the
// sandbox's own handlers, stamped with the moment it happened, inside one transaction.
import type { Handlers, StoreContext } from '../handler.js';
import type { SeedOptions } from '../seeding.js';
import { applyCatalogue } from './apply-catalogue.js';
import { applyBundles, applyContacts, applySteps } from './apply-records.js';
import { generateDemoStore } from './demo-store.js';
import { createSeedRunner, type SeedRunner } from './runner.js';
import { registeredHandlers, seedOrdersAndPurchaseOrders } from './seed-support-adapter.js';

export { DEFAULT_DEMO_PRODUCTS, DEMO_SEED, generateDemoStore } from './demo-store.js';
export type { DemoStore, DemoStoreOptions } from './demo-store.js';

/**
 * Fills a new store. 'empty' adds nothing (the core's reference data is all it has); 'demo' adds the
 * generated catalogue, stock, contacts, bundles and document history. Synchronous: it runs inside the
 * store-creation transaction, and in a transaction of its own (a savepoint there) when called alone.
 *
 * A part whose resource module is not registered yet is left out rather than failing the store, so a
 * demo store is always usable while the registry grows.
 */
export function seedStore(context: StoreContext, options: SeedOptions): void {
  if (options.seed !== 'demo') return;
  const { products } = options;
  const settings = { handlers: registeredHandlers, ...(products === undefined ? {} : { products }) };
  context.db.transaction(() => seedDemo(context, settings))();
}

export interface DemoSeedSettings {
  /** The handlers to seed through (seedStore passes the registered ones). */
  readonly handlers: Partial<Handlers>;
  readonly products?: number;
}

/** The demo seed itself, through the given handlers (the caller provides the transaction). */
export function seedDemo(context: StoreContext, { handlers, products }: DemoSeedSettings): void {
  const runner = createSeedRunner(context, handlers);
  const anchor = context.now();
  const demo = generateDemoStore({
    ...(products === undefined ? {} : { products }),
    anchor,
    paymentMethods: referenceNames(runner, 'GetPaymentMethods', anchor),
    salesChannels: referenceNames(runner, 'GetSalesChannels', anchor),
  });

  const productsApplied = runner.has('AddProduct', 'DisableProduct', 'UpdateProductStockList');
  if (productsApplied) applyCatalogue(context, runner, demo.catalogue);
  if (runner.has('AddContact')) applyContacts(context, runner, demo.contacts);
  if (productsApplied && runner.has('AddBundle')) applyBundles(context, runner, demo.bundles);
  if (runner.has('GetOrderFiles')) {
    // Parents for file attachments; no v4 endpoint makes orders or purchase orders.
    const { db, store } = context;
    seedOrdersAndPurchaseOrders(db, store.id, demo.ordersAndPurchaseOrders, anchor);
  }
  applySteps(runner, demo.steps, productsApplied);
}

/** Names of the store's payment methods or sales channels (seeded by the core before this runs). */
function referenceNames(
  runner: SeedRunner,
  endpoint: 'GetPaymentMethods' | 'GetSalesChannels',
  anchor: number,
): string[] {
  if (!runner.has(endpoint)) return [];
  const { list } = runner.run(endpoint, { at: anchor, query: { limit: '500' }, body: undefined }, 'names');
  return list.flatMap((item) => (typeof item.name === 'string' && item.name !== '' ? [item.name] : []));
}
