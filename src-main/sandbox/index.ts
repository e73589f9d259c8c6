// The sandbox back office, programmatically: startSandbox() opens the data file, registers (and seeds)
// the stores, and serves every v4 endpoint on 127.0.0.1. Used in-process by tests and by the app.
import type { Database } from 'better-sqlite3';
import type { EndpointName } from '../../src-shared/api/endpoints/index.js';
import { openSandboxDatabase } from './database.repository.js';
import { listMissingHandlers } from './dispatch.js';
import { FaultInjector, type FaultSettings, type ScheduledFault } from './faults.js';
import type { Handlers, SandboxStore } from './core/handler.js';
import { DEFAULT_QUOTA_PER_DAY, QuotaCounter } from './core/quota.js';
import { handlers as resourceHandlers, schemaSql } from './resources/index.js';
import type { SeedKind } from './core/seed-options.js';
import { seedNewStore } from './seeding.js';
import { buildServer } from './server.js';
import { StoreDirectory, type StoreCredentials } from './stores.js';

export type { Fault, FaultMode, FaultSettings, FaultTiming, ScheduledFault } from './faults.js';
export type { SandboxStore } from './core/handler.js';
export type { StoreCredentials } from './stores.js';
export { SandboxDataFileError } from './database.repository.js';

export const DEFAULT_STORE: StoreCredentials = { name: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' };
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface SandboxOptions {
  /** The SQLite file (created when absent; data persists across starts). */
  readonly dataFile: string;
  /** 0 (default) picks a free port. The server binds 127.0.0.1 only. */
  readonly port?: number;
  /** Data for stores that are new in this file (default 'demo'); existing stores keep their data. */
  readonly seed?: SeedKind;
  /** Demo products per new store (passed to the seeder). */
  readonly products?: number;
  /** Stores to serve (default one: demo / demo-key / demo-secret). Names must differ. */
  readonly stores?: readonly StoreCredentials[];
  readonly faults?: Partial<FaultSettings>;
  /** Requests per store per Thai day (default 50,000). */
  readonly quotaPerDay?: number;
  /** Largest upload (default 10 MiB). */
  readonly maxUploadBytes?: number;
  /** The clock (epoch ms), for tests. */
  readonly now?: () => number;
  /** Replaces or adds handlers (tests); merged over the resource modules'. */
  readonly handlers?: Partial<Handlers>;
  /** Check success bodies against the endpoint table (default true). */
  readonly checkResponses?: boolean;
  /** Where sandbox errors are written (default console.error). */
  readonly log?: (line: string) => void;
}

export interface SandboxHandle {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  readonly stores: readonly SandboxStore[];
  /** Endpoints of the table without a handler (answered '100' "Not implemented in the sandbox: …"). */
  readonly missingHandlers: readonly EndpointName[];
  /** The open database (tests may read it; writes belong to handlers). */
  readonly db: Database;
  setFaults(settings: Partial<FaultSettings>): void;
  /** Fails the next `count` (default 1) requests to an endpoint (or '*') with a mode. */
  scheduleFault(fault: ScheduledFault): void;
  /** No latency, no random failures, empty schedule. */
  clearFaults(): void;
  setQuota(perDay: number): void;
  /** Requests counted today (Thai day) for a store. */
  quotaUsed(storeName: string): number;
  /** Sets today's count for a store (tests near the limit). */
  setQuotaUsed(storeName: string, requests: number): void;
  /** Makes the store's credentials answer "Invalid API" until restored (not persisted). */
  revokeStore(name: string): void;
  restoreStore(name: string): void;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions): Promise<SandboxHandle> {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.error(line));
  const storeList = options.stores ?? [DEFAULT_STORE];
  const names = new Set(storeList.map((store) => store.name));
  if (names.size !== storeList.length) throw new Error('Each --store name may be given once');
  if (storeList.length === 0) throw new Error('The sandbox needs at least one store');
  const seed = options.seed ?? 'demo';
  const db = openSandboxDatabase(options.dataFile, schemaSql);
  try {
    const stores = new StoreDirectory(db);
    const served = storeList.map((credentials) =>
      stores.register(credentials, {
        seed,
        seeder: seedNewStore,
        now,
        ...(options.products === undefined ? {} : { products: options.products }),
      }),
    );
    const quota = new QuotaCounter(db, now, options.quotaPerDay ?? DEFAULT_QUOTA_PER_DAY);
    const faults = new FaultInjector(options.faults);
    const handlers: Partial<Handlers> = { ...resourceHandlers, ...options.handlers };
    const maxUploadBytes = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
    const app = await buildServer({
      db,
      handlers,
      now,
      checkResponses: options.checkResponses ?? true,
      log,
      stores,
      quota,
      faults,
      maxUploadBytes,
    });
    await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const requireStore = (name: string) => {
      const store = stores.find(name);
      if (!store) throw new Error(`The sandbox does not serve a store named ${name}`);
      return store;
    };
    let closed = false;
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      stores: served,
      missingHandlers: listMissingHandlers(handlers),
      db,
      setFaults: (settings) => faults.set(settings),
      scheduleFault: (fault) => faults.add(fault),
      clearFaults: () => faults.clear(),
      setQuota: (perDay) => quota.setLimit(perDay),
      quotaUsed: (name) => quota.used(requireStore(name).id),
      setQuotaUsed: (name, requests) => quota.setUsed(requireStore(name).id, requests),
      revokeStore: (name) => stores.revoke(name),
      restoreStore: (name) => stores.restore(name),
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await app.close();
        } finally {
          try {
            quota.close();
          } finally {
            db.close();
          }
        }
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}
