// A real sandbox on loopback, a real app database in a temp folder, a real v4 client and the sync on
// top. The sandbox's GetProducts is wrapped to log what each request asked for (warehouse, page,
// updatedafter, id list), so tests can tell which pages were read, server side.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import {
  BackofficeClient,
  InMemoryRequestBudgetStore,
  RequestBudget,
  type RequestEvent,
} from '../../../../src-main/backoffice/index.js';
import { CatalogueLookup } from '../../../../src-main/catalog/catalogue-lookup.js';
import { CatalogueRepository } from '../../../../src-main/catalog/catalogue.repository.js';
import { CatalogueSync, type SyncSettings } from '../../../../src-main/catalog/sync/index.js';
import { openDatabase } from '../../../../src-main/db/database.js';
import type { Handlers } from '../../../../src-main/sandbox/core/handler.js';
import { handlers as sandboxHandlers } from '../../../../src-main/sandbox/resources/index.js';
import {
  startTestSandbox,
  type TestSandbox,
  type TestSandboxOptions,
} from '../../../support/sandbox-harness.js';

import { CREDENTIALS } from './sync-credentials.js';

export { CREDENTIALS };

/** One GetProducts request as the sandbox received it. */
export interface ProductListRequest {
  readonly warehousecode: string | undefined;
  readonly page: number;
  readonly updatedafter: string | undefined;
  readonly byIds: boolean;
}

export type TimedRequestEvent = RequestEvent & { readonly at: number };

export interface SyncFixtureOptions {
  readonly sandbox?: TestSandboxOptions;
  readonly settings?: Partial<SyncSettings>;
  /** Clock of the client, its budget and the sync (the sandbox takes its own in `sandbox.now`). */
  readonly now?: () => number;
}

export interface SyncFixture {
  readonly sandbox: TestSandbox;
  readonly dbFile: string;
  /** Server-side log of GetProducts requests, in arrival order. */
  readonly productRequests: ProductListRequest[];
  /** Client-side log: one entry per attempt, for every endpoint, with the fixture clock's time. */
  readonly requests: TimedRequestEvent[];
  /**
   * Product ids the sandbox leaves out of plain listings (not of id-list reads), as if a deletion
   * elsewhere had shifted them onto a page already read.
   */
  readonly hiddenFromListings: Set<number>;
  db: Database;
  client: BackofficeClient;
  catalogue: CatalogueRepository;
  lookup: CatalogueLookup;
  sync: CatalogueSync;
  /** Closes the client and the database and opens them again on the same file (an app restart). */
  restartApp(): Promise<void>;
  close(): Promise<void>;
}

export async function startSyncFixture(options: SyncFixtureOptions = {}): Promise<SyncFixture> {
  const productRequests: ProductListRequest[] = [];
  const hiddenFromListings = new Set<number>();
  const realGetProducts = sandboxHandlers.GetProducts;
  if (!realGetProducts) throw new Error('The sandbox has no GetProducts handler');
  const GetProducts: NonNullable<Handlers['GetProducts']> = (context) => {
    productRequests.push({
      warehousecode: context.query.warehousecode,
      page: context.query.page ?? 1,
      updatedafter: context.query.updatedafter,
      byIds: context.headerLists.productidlist !== undefined,
    });
    const result = realGetProducts(context);
    if (context.headerLists.productidlist !== undefined || hiddenFromListings.size === 0) return result;
    return { ...result, list: result.list.filter((product) => !hiddenFromListings.has(product.id)) };
  };
  const sandbox = await startTestSandbox({
    log: () => {},
    ...options.sandbox,
    handlers: { GetProducts, ...options.sandbox?.handlers },
  });
  const folder = await mkdtemp(join(tmpdir(), 'stockroom-sync-'));
  const dbFile = join(folder, 'app.sqlite');
  const requests: TimedRequestEvent[] = [];
  const now = options.now ?? Date.now;

  const open = () => {
    const db = openDatabase(dbFile);
    const client = new BackofficeClient({
      baseUrl: sandbox.url,
      credentials: CREDENTIALS,
      budget: new RequestBudget({ store: new InMemoryRequestBudgetStore(), storeKey: 'demo', now }),
      timeouts: { connectMs: 2_000, headersMs: 10_000, bodyMs: 10_000 },
      retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
      onRequest: (event) => requests.push({ ...event, at: now() }),
      now,
    });
    const catalogue = new CatalogueRepository(db);
    const sync = new CatalogueSync({
      db,
      client,
      catalogue,
      now,
      ...(options.settings ? { settings: options.settings } : {}),
    });
    return { db, client, catalogue, lookup: new CatalogueLookup(db), sync };
  };

  const fixture: SyncFixture = {
    sandbox,
    dbFile,
    productRequests,
    requests,
    hiddenFromListings,
    ...open(),
    restartApp: async () => {
      await fixture.client.close();
      fixture.db.close();
      Object.assign(fixture, open());
    },
    close: async () => {
      await fixture.client.close();
      if (fixture.db.open) fixture.db.close();
      await sandbox.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
  return fixture;
}

/** Requests the client made to each endpoint (attempts, retries included). */
export function countByEndpoint(events: readonly RequestEvent[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const event of events) counts.set(event.endpoint, (counts.get(event.endpoint) ?? 0) + 1);
  return counts;
}
