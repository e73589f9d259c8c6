// The seam to the demo-data seeder (src-main/sandbox/seed/index.ts). The contract: a synchronous
// `seedStore(context, { seed, products })` that runs inside the transaction creating the store, after
// the core has seeded the store's reference data (merchant profile, warehouses, channels).
import type { StoreContext } from './core/handler.js';
import type { SeedOptions } from './core/seed-options.js';
import { seedStore } from './seed/index.js';

/** The seeder's entry point. Synchronous: it runs inside the transaction that creates the store. */
export type SeedStore = (context: StoreContext, options: SeedOptions) => void;

/** The seeder the core calls for each new store. */
export const seedNewStore: SeedStore = seedStore;
