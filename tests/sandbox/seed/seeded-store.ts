// An in-process demo store for seed tests: a fresh SQLite file with every resource module's tables,
// created through the core's seam (StoreDirectory.register: reference data, then seedStore) at a
// fixed "now", and the registered handlers to read it back with.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSandboxDatabase } from '../../../src-main/sandbox/database.repository.js';
import type { Handlers, StoreContext } from '../../../src-main/sandbox/core/handler.js';
import { handlers, schemaSql } from '../../../src-main/sandbox/resources/index.js';
import { seedStore } from '../../../src-main/sandbox/seed/index.js';
import { StoreDirectory } from '../../../src-main/sandbox/stores.js';

export interface SeededStore {
  readonly context: StoreContext;
  readonly handlers: Partial<Handlers>;
  close(): void;
}

/** A demo store of `products` products (the seeder's default when absent) whose "now" is `anchor`. */
export function seedTestStore(anchor: number, products?: number): SeededStore {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-seed-'));
  const db = openSandboxDatabase(join(folder, 'sandbox.sqlite'), schemaSql);
  const now = () => anchor;
  const credentials = { name: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' };
  const store = new StoreDirectory(db).register(credentials, {
    seed: 'demo',
    ...(products === undefined ? {} : { products }),
    seeder: seedStore,
    now,
  });
  return {
    context: { store, db, now },
    handlers,
    close: () => {
      db.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
