// The stores this sandbox serves: registered from the options at start (new ones seeded), and the
// authentication of every request by its storename/apikey/apisecret headers.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { SandboxStore, StoreContext } from './core/handler.js';
import { seedMerchantReference } from './resources/merchant/index.js';
import type { SeedKind } from './core/seed-options.js';
import type { SeedStore } from './seeding.js';
import { findStoreByName, insertStore, updateStoreCredentials } from './stores.repository.js';

export interface StoreCredentials {
  readonly name: string;
  readonly apikey: string;
  readonly apisecret: string;
}

interface ServedStore extends SandboxStore {
  readonly apikeyDigest: Buffer;
  readonly apisecretDigest: Buffer;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

export interface RegisterOptions {
  readonly seed: SeedKind;
  readonly products?: number;
  readonly seeder: SeedStore;
  readonly now: () => number;
}

export class StoreDirectory {
  private readonly served = new Map<string, ServedStore>();
  private readonly revoked = new Set<string>();

  constructor(private readonly db: Database) {}

  /**
   * Serves a store: an existing one keeps its data (its credentials follow the options); a new one is
   * created and seeded in one transaction, so a failed seed leaves no half-made store behind.
   */
  register(credentials: StoreCredentials, options: RegisterOptions): SandboxStore {
    const digests = {
      apikeySha256: sha256(credentials.apikey).toString('hex'),
      apisecretSha256: sha256(credentials.apisecret).toString('hex'),
    };
    const id = this.db.transaction(() => {
      const existing = findStoreByName(this.db, credentials.name);
      if (existing) {
        updateStoreCredentials(this.db, existing.id, digests);
        return existing.id;
      }
      const storeId = insertStore(this.db, {
        name: credentials.name,
        ...digests,
        seed: options.seed,
        createdAt: options.now(),
      });
      const context: StoreContext = {
        store: { id: storeId, name: credentials.name },
        db: this.db,
        now: options.now,
      };
      seedMerchantReference(context, options.seed);
      options.seeder(context, {
        seed: options.seed,
        ...(options.products === undefined ? {} : { products: options.products }),
      });
      return storeId;
    })();
    const store: ServedStore = {
      id,
      name: credentials.name,
      apikeyDigest: Buffer.from(digests.apikeySha256, 'hex'),
      apisecretDigest: Buffer.from(digests.apisecretSha256, 'hex'),
    };
    this.served.set(credentials.name, store);
    return { id, name: credentials.name };
  }

  /** The store the three headers name and authorise, or undefined (answered "Invalid API"). */
  authenticate(storename: unknown, apikey: unknown, apisecret: unknown): SandboxStore | undefined {
    if (typeof storename !== 'string' || typeof apikey !== 'string' || typeof apisecret !== 'string') {
      return undefined;
    }
    const store = this.served.get(storename);
    if (!store || this.revoked.has(storename)) return undefined;
    const keyMatches = timingSafeEqual(sha256(apikey), store.apikeyDigest);
    const secretMatches = timingSafeEqual(sha256(apisecret), store.apisecretDigest);
    return keyMatches && secretMatches ? { id: store.id, name: store.name } : undefined;
  }

  find(name: string): SandboxStore | undefined {
    const store = this.served.get(name);
    return store ? { id: store.id, name: store.name } : undefined;
  }

  /** Until restored (or restarted), the store's credentials answer "Invalid API". */
  revoke(name: string): void {
    this.requireServed(name);
    this.revoked.add(name);
  }

  restore(name: string): void {
    this.requireServed(name);
    this.revoked.delete(name);
  }

  private requireServed(name: string): void {
    if (!this.served.has(name)) throw new Error(`The sandbox does not serve a store named ${name}`);
  }
}
