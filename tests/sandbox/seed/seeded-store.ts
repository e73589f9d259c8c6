// An in-process store for seed tests: a fresh SQLite file with every resource module's tables, the
// core's reference data, and the demo seed run through every module's handlers (whether or not the
// registry lists them yet).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoreContext } from '../../../src-main/sandbox/handler.js';
import type { Handlers } from '../../../src-main/sandbox/handler.js';
import { openSandboxDatabase } from '../../../src-main/sandbox/database.repository.js';
import { insertStore } from '../../../src-main/sandbox/stores.repository.js';
import * as bundles from '../../../src-main/sandbox/resources/bundles/index.js';
import * as contacts from '../../../src-main/sandbox/resources/contacts/index.js';
import * as documents from '../../../src-main/sandbox/resources/documents/index.js';
import * as files from '../../../src-main/sandbox/resources/files/index.js';
import * as finance from '../../../src-main/sandbox/resources/finance/index.js';
import { mergeHandlers } from '../../../src-main/sandbox/resources/index.js';
import * as merchant from '../../../src-main/sandbox/resources/merchant/index.js';
import * as products from '../../../src-main/sandbox/resources/products/index.js';
import { seedDemo } from '../../../src-main/sandbox/seed/index.js';

const modules = { merchant, products, bundles, contacts, documents, finance, files };

export const allHandlers: Partial<Handlers> = mergeHandlers(modules);

export interface SeededStore {
  readonly context: StoreContext;
  readonly handlers: Partial<Handlers>;
  close(): void;
}

/** A demo store of `productCount` products whose "now" is `anchor`. */
export function seedTestStore(anchor: number, productCount?: number): SeededStore {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-seed-'));
  const db = openSandboxDatabase(
    join(folder, 'sandbox.sqlite'),
    Object.values(modules).map((module) => module.schemaSql),
  );
  const id = insertStore(db, {
    name: 'demo',
    apikeySha256: '',
    apisecretSha256: '',
    seed: 'demo',
    createdAt: anchor,
  });
  const context: StoreContext = { store: { id, name: 'demo' }, db, now: () => anchor };
  db.transaction(() => {
    merchant.seedMerchantReference(context, 'demo');
    seedDemo(context, {
      handlers: allHandlers,
      ...(productCount === undefined ? {} : { products: productCount }),
    });
  })();
  return {
    context,
    handlers: allHandlers,
    close: () => {
      db.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
