// The seam to the demo-data seeder (src-main/sandbox/seed/index.ts, written by another engineer).
// Until that module exists, stores get only the reference data the core seeds itself. Once it exists
// this file may import it statically; the contract stays: a synchronous
// `seedStore(context, { seed, products })` that runs inside the store-creation transaction.
import { existsSync } from 'node:fs';
import type { StoreContext } from './handler.js';

export type SeedKind = 'demo' | 'empty';

export interface SeedOptions {
  readonly seed: SeedKind;
  /** How many demo products to create (the seeder's default when absent). */
  readonly products?: number;
}

/** The seeder's entry point. Synchronous: it runs inside the transaction that creates the store. */
export type SeedStore = (context: StoreContext, options: SeedOptions) => void;

const seedModuleBase = new URL('./seed/index', import.meta.url);

/** The seeder, or undefined while src-main/sandbox/seed/index.ts does not exist yet. */
export async function loadSeeder(): Promise<SeedStore | undefined> {
  const candidates = ['.ts', '.js'].map((extension) => new URL(`${seedModuleBase.href}${extension}`));
  if (!candidates.some((candidate) => existsSync(candidate))) return undefined;
  const specifier = './seed/index.js';
  const loaded: unknown = await import(specifier);
  if (typeof loaded === 'object' && loaded !== null && 'seedStore' in loaded) {
    const { seedStore } = loaded;
    if (typeof seedStore === 'function') {
      return (context, options) => {
        const result: unknown = seedStore(context, options);
        if (result instanceof Promise) {
          throw new Error('seedStore must be synchronous (it runs inside the store-creation transaction)');
        }
      };
    }
  }
  throw new Error('src-main/sandbox/seed/index.ts must export a function seedStore(context, options)');
}
