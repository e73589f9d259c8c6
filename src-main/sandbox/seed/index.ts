// The demo-data seeder the core calls when it creates a store (seeding.ts): `--seed demo` gives a
// believable Thai store, `--products <n>` sizes its catalogue. Everything goes in through the
// sandbox's own handlers, stamped with the moment it happened, inside one transaction.
import type { StoreContext } from '../core/handler.js';
import type { SeedOptions } from '../core/seed-options.js';
import { applyCatalogue } from './apply-catalogue.js';
import { applyBundles, applyContacts, applySteps } from './apply-records.js';
import { generateDemoStore } from './demo-store.js';
import { createSeedRunner, type SeedRunner } from './runner.js';
import { registeredHandlers, seedOrdersAndPurchaseOrders } from './seed-support-adapter.js';

export { DEFAULT_DEMO_PRODUCTS, DEMO_SEED, generateDemoStore } from './demo-store.js';
export type { DemoStore, DemoStoreOptions } from './demo-store.js';
export { seedBulkFinance, type BulkFinanceOptions } from './finance-bulk.js';

/**
 * Fills a new store. 'empty' adds nothing (the core's reference data is all it has); 'demo' adds the
 * generated catalogue, stock, contacts, bundles and document history. Synchronous: it runs inside the
 * store-creation transaction, and in a transaction of its own (a savepoint there) when called alone,
 * so a refused request leaves no half-seeded store.
 */
export function seedStore(context: StoreContext, options: SeedOptions): void {
  if (options.seed !== 'demo') return;
  context.db.transaction(() => seedDemo(context, options.products))();
}

function seedDemo(context: StoreContext, products: number | undefined): void {
  const runner = createSeedRunner(context, registeredHandlers);
  const anchor = context.now();
  const demo = generateDemoStore({
    ...(products === undefined ? {} : { products }),
    anchor,
    paymentMethods: referenceNames(runner, 'GetPaymentMethods', anchor),
    salesChannels: referenceNames(runner, 'GetSalesChannels', anchor),
  });

  applyCatalogue(context, runner, demo.catalogue);
  applyContacts(context, runner, demo.contacts);
  applyBundles(context, runner, demo.bundles);
  // Parents for file attachments: no v4 endpoint makes orders or purchase orders.
  seedOrdersAndPurchaseOrders(context.db, context.store.id, demo.ordersAndPurchaseOrders, anchor);
  applySteps(runner, demo.steps);
}

/** Names of the store's payment methods or sales channels (seeded by the core before this runs). */
function referenceNames(
  runner: SeedRunner,
  endpoint: 'GetPaymentMethods' | 'GetSalesChannels',
  anchor: number,
): string[] {
  const { list } = runner.run(endpoint, { at: anchor, query: { limit: '500' }, body: undefined }, 'names');
  return list.flatMap((item) => (typeof item.name === 'string' && item.name !== '' ? [item.name] : []));
}
