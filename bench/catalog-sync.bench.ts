// The catalogue sync against a sandbox with 100,000 products in 3 warehouses, over real loopback HTTP
// into real SQLite files: the first sync (wall time and requests, median of 3 into fresh databases), an
// incremental sync with no changes (requests and time), and one idle PC's requests over a simulated day
// with the default schedule (a virtual clock for the app; the sandbox keeps real time, which changes no
// request count: every pull of an idle store fits in one page per warehouse either way). The sandbox
// runs in this process, so the wall times include its serving of every page on the same thread.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BackofficeClient,
  InMemoryRequestBudgetStore,
  RequestBudget,
  type RequestEvent,
} from '../src-main/backoffice/index.js';
import { CatalogueRepository } from '../src-main/catalog/catalogue.repository.js';
import { CatalogueSync, SyncScheduler, type SchedulerClock } from '../src-main/catalog/sync/index.js';
import { openDatabase } from '../src-main/db/database.js';
import { DEFAULT_STORE, startSandbox } from '../src-main/sandbox/index.js';
import { DAY_MS } from '../src-shared/time/index.js';
import { median, ms, timeEach } from './support/stats.js';

const PRODUCTS = 100_000;
const FIRST_SYNC_RUNS = 3;
const INCREMENTAL_RUNS = 5;
const CREDENTIALS = {
  storename: DEFAULT_STORE.name,
  apikey: DEFAULT_STORE.apikey,
  apisecret: DEFAULT_STORE.apisecret,
};

interface App {
  readonly sync: CatalogueSync;
  readonly client: BackofficeClient;
  readonly events: Array<RequestEvent & { at: number }>;
  /** Time spent in CatalogueRepository.upsertProducts (the catalogue's writes, on this thread). */
  readonly upsertMs: () => number;
  close(): Promise<void>;
}

function openApp(baseUrl: string, dbFile: string, now: () => number = Date.now): App {
  const db = openDatabase(dbFile);
  const events: Array<RequestEvent & { at: number }> = [];
  const client = new BackofficeClient({
    baseUrl,
    credentials: CREDENTIALS,
    budget: new RequestBudget({
      store: new InMemoryRequestBudgetStore(),
      storeKey: CREDENTIALS.storename,
      now,
    }),
    onRequest: (event) => events.push({ ...event, at: now() }),
    now,
  });
  const catalogue = new CatalogueRepository(db);
  let upsertMs = 0;
  const upsertProducts = catalogue.upsertProducts.bind(catalogue);
  catalogue.upsertProducts = (records, options) => {
    const started = performance.now();
    upsertProducts(records, options);
    upsertMs += performance.now() - started;
  };
  return {
    sync: new CatalogueSync({ db, client, catalogue, now }),
    client,
    events,
    upsertMs: () => upsertMs,
    close: async () => {
      await client.close();
      db.close();
    },
  };
}

function byEndpoint(events: readonly RequestEvent[]): string {
  const counts = new Map<string, number>();
  for (const event of events) counts.set(event.endpoint, (counts.get(event.endpoint) ?? 0) + 1);
  return [...counts].map(([endpoint, count]) => `${endpoint} ${count}`).join(', ');
}

/** Sleeping moves the time forward at once. */
function virtualClock(start: number): SchedulerClock {
  let time = start;
  return {
    now: () => time,
    sleep: async (sleepMs, signal) => {
      if (!signal.aborted) time += sleepMs;
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
}

export async function run(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'stockroom-bench-sync-'));
  const seedStarted = performance.now();
  const sandbox = await startSandbox({
    dataFile: join(folder, 'sandbox.sqlite'),
    seed: 'demo',
    products: PRODUCTS,
    quotaPerDay: 10_000_000,
    port: 0,
    log: () => undefined,
  });
  console.log(
    `sandbox with ${PRODUCTS.toLocaleString('en')} products seeded in ${ms(performance.now() - seedStarted)}`,
  );
  try {
    const requests: number[] = [];
    const pages: number[] = [];
    const writes: number[] = [];
    const cpu: number[] = [];
    let lastApp: App | undefined;
    const firstSync = await timeEach(FIRST_SYNC_RUNS, async (index) => {
      await lastApp?.close();
      lastApp = openApp(sandbox.url, join(folder, `first-${index}.sqlite`));
      const cpuBefore = process.cpuUsage();
      const report = await lastApp.sync.firstSync();
      const cpuUsed = process.cpuUsage(cpuBefore);
      cpu.push((cpuUsed.user + cpuUsed.system) / 1_000);
      requests.push(lastApp.events.length);
      pages.push(report.pagesFetched);
      writes.push(lastApp.upsertMs());
    });
    console.log(
      `first sync: median ${ms(median(firstSync))} of ${FIRST_SYNC_RUNS}; requests median ${median(requests)} ` +
        `(product pages of the passes ${median(pages)}, floor ${Math.ceil(PRODUCTS / 500)} per warehouse × 3); ` +
        `of the wall time, catalogue writes median ${ms(median(writes))} (the in-process sandbox serves the rest)`,
    );
    // On a shared, loaded machine wall time is inflated by waiting for a CPU; CPU time is not.
    console.log(`  process CPU time of a first sync (sync + sandbox): median ${ms(median(cpu))}`);
    if (lastApp) console.log(`  requests of the last run: ${byEndpoint(lastApp.events)}`);

    const app = lastApp;
    if (!app) throw new Error('no first sync ran');
    const incrementalRequests: number[] = [];
    const incremental = await timeEach(INCREMENTAL_RUNS, async () => {
      const before = app.events.length;
      await app.sync.incremental();
      incrementalRequests.push(app.events.length - before);
    });
    console.log(
      `incremental sync, no changes: median ${ms(median(incremental))} of ${INCREMENTAL_RUNS}; ` +
        `requests median ${median(incrementalRequests)}`,
    );
    await app.close();

    // The last first sync's database, reopened with a virtual clock that starts now: its markers are a
    // moment old, so the schedule simply continues from them.
    const start = Date.now();
    const clock = virtualClock(start);
    const idle = openApp(sandbox.url, join(folder, `first-${FIRST_SYNC_RUNS - 1}.sqlite`), clock.now);
    const scheduler = new SyncScheduler({
      sync: idle.sync,
      budget: idle.client.budget,
      clock,
      policy: { random: () => 0.5 },
    });
    await scheduler.runUntil(start + 2 * DAY_MS);
    const day = idle.events.filter((event) => event.at >= start + DAY_MS && event.at < start + 2 * DAY_MS);
    console.log(
      `idle PC, default schedule, second simulated day: ${day.length} requests (${byEndpoint(day)})`,
    );
    await idle.close();
  } finally {
    await sandbox.close();
    await rm(folder, { recursive: true, force: true });
  }
}
