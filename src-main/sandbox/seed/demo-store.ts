// Everything a demo store holds beyond the core's reference data, generated without I/O: the same
// options give the same store, byte for byte.
import { generateBundles, type GeneratedBundle } from './bundles.js';
import { generateContacts, type GeneratedContact } from './contacts.js';
import { generateFinance } from './finance.js';
import { createProductPool } from './product-pool.js';
import { generateCatalogue, type Catalogue } from './products.js';
import { generateQuotations } from './quotations.js';
import { generateReturnPurchaseOrders, SEEDED_PURCHASE_ORDERS } from './return-purchase-orders.js';
import { chronological, type SeedStep } from './steps.js';

export const DEMO_SEED = 'stockroom-demo';
export const DEFAULT_DEMO_PRODUCTS = 2000;

export interface DemoStoreOptions {
  /** The random seed's name (default DEMO_SEED). */
  readonly seed?: string;
  readonly products?: number;
  /** The store's "now" (epoch ms): history is laid out over the years before it. */
  readonly anchor: number;
  /** The store's payment method names: payments and transfers must name them. */
  readonly paymentMethods: readonly string[];
  /** The store's sales channel names, for quotations. */
  readonly salesChannels: readonly string[];
}

export interface DemoStore {
  readonly catalogue: Catalogue;
  readonly contacts: readonly GeneratedContact[];
  /** In creation order. */
  readonly bundles: readonly GeneratedBundle[];
  /** Quotations, return purchase orders, incomes, expenses, transfers and what happened to them, in time order. */
  readonly steps: readonly SeedStep[];
  /** Orders and purchase orders to create for file attachments (no v4 endpoint makes them). */
  readonly ordersAndPurchaseOrders: number;
}

export function generateDemoStore(options: DemoStoreOptions): DemoStore {
  const seed = options.seed ?? DEMO_SEED;
  const { anchor } = options;
  const catalogue = generateCatalogue({ seed, count: options.products ?? DEFAULT_DEMO_PRODUCTS, anchor });
  const contacts = generateContacts(seed, anchor);
  const pool = createProductPool(catalogue.products);
  const bundles = generateBundles(seed, pool, anchor);
  const sources = {
    seed,
    anchor,
    pool,
    contacts,
    paymentMethods: options.paymentMethods,
    salesChannels: options.salesChannels,
  };
  const steps = chronological([
    ...generateQuotations(sources),
    ...generateReturnPurchaseOrders(sources),
    ...generateFinance(sources),
  ]);
  return { catalogue, contacts, bundles, steps, ordersAndPurchaseOrders: SEEDED_PURCHASE_ORDERS };
}
