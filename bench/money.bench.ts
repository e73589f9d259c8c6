// The money side: (1) the Money page's list, first page and keyword search, on 50,000 cached finance
// records (income and expense rows in a real SQLite file, in main's process: target p95 ≤ 20 ms);
// (2) one PC's requests, measured: the first fill and a simulated idle day with the catalogue AND the
// money sync run by the real SyncScheduler against a sandbox over loopback, for the demo store and for
// 100,000 products + 50,000 finance records (seeded through the sandbox's handlers, seedBulkFinance).
// `npm run bench -- money`; MONEY_BENCH_PART=list|idle runs one part; MONEY_BENCH_PRODUCTS=1000 keeps
// the big store's catalogue at the demo's size; MONEY_BENCH_FINANCE sets its finance records.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RequestEvent } from '../src-main/backoffice/index.js';
import { CatalogueSync, SyncScheduler, type SchedulerClock } from '../src-main/catalog/sync/index.js';
import { openDatabase } from '../src-main/db/database.js';
import { MoneyRecordRepository } from '../src-main/money/money-record.repository.js';
import { startSandbox } from '../src-main/sandbox/index.js';
import { seedBulkFinance } from '../src-main/sandbox/seed/index.js';
import { callContract } from '../src-shared/ipc/index.js';
import { DAY_MS } from '../src-shared/time/index.js';
import { fillRecords, moneyApp, newClient, RECORDS, WORDS } from './support/money-store.js';
import { median, ms, percentile } from './support/stats.js';

const RUNS = 200;

interface Timings {
  readonly wall: number[];
  /** This process's CPU time per call: what the call costs whatever the machine's load. */
  readonly cpu: number[];
}

function report(label: string, { wall, cpu }: Timings): void {
  console.log(
    `${label}: median ${ms(median(wall))}, p95 ${ms(percentile(wall, 95))}, p99 ${ms(percentile(wall, 99))} ` +
      `(CPU median ${ms(median(cpu))}, p95 ${ms(percentile(cpu, 95))}; ${wall.length} runs)`,
  );
}

async function listBench(folder: string): Promise<void> {
  const db = openDatabase(join(folder, 'money-list.sqlite'));
  const now = Date.now();
  const client = newClient('http://127.0.0.1:9', () => now, []);
  const { money } = moneyApp(db, client, () => now);
  const filled = performance.now();
  fillRecords(new MoneyRecordRepository(db), now);
  console.log(
    `${RECORDS.toLocaleString('en')} cached finance records written in ${ms(performance.now() - filled)}`,
  );
  const args = (extra: Record<string, unknown>) =>
    callContract['money.list'].args.parse({ kind: 'income', ...extra });
  const time = (build: (index: number) => Record<string, unknown>): Timings => {
    const timings: Timings = { wall: [], cpu: [] };
    for (let index = 0; index < RUNS; index += 1) {
      const parsed = args(build(index));
      const cpuStart = process.cpuUsage();
      const started = performance.now();
      money.list(parsed);
      timings.wall.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuStart);
      timings.cpu.push((cpu.user + cpu.system) / 1000);
    }
    return timings;
  };
  console.log(
    `load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  report(
    'money.list first page (100 rows + totals)',
    time(() => ({})),
  );
  report(
    'money.list keyword search (word in contact/description, varied)',
    time((i) => ({ keyword: `${WORDS[i % WORDS.length]} ${i % 313}` })),
  );
  report(
    'money.list keyword, one common word (thousands of matches)',
    time((i) => ({ keyword: WORDS[i % WORDS.length] })),
  );
  report(
    'money.list unpaid filter',
    time(() => ({ paymentStatus: ['Pending', 'Partial Payment'] })),
  );
  await client.close();
  db.close();
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

function byEndpoint(events: readonly RequestEvent[]): string {
  const counts = new Map<string, number>();
  for (const event of events) counts.set(event.endpoint, (counts.get(event.endpoint) ?? 0) + 1);
  return [...counts].map(([endpoint, count]) => `${endpoint} ${count}`).join(', ');
}

const isMoney = (event: RequestEvent): boolean => /Income|Expense|MoneyTransfer/.test(event.endpoint);

interface StoreSize {
  readonly products?: number;
  /** Incomes and expenses added on top of the demo's, through the sandbox's handlers. */
  readonly financeRecords?: number;
}

/**
 * One PC from nothing: the real SyncScheduler runs the catalogue's first sync and the money's first
 * fill (both due at once), then two idle days; the second is the idle day reported.
 */
async function idleDay(folder: string, size: StoreSize): Promise<void> {
  const label = [
    size.products === undefined ? 'demo store' : `${size.products.toLocaleString('en')} products`,
    ...(size.financeRecords === undefined
      ? []
      : [`${size.financeRecords.toLocaleString('en')} more finance records`]),
  ].join(' + ');
  const sandbox = await startSandbox({
    dataFile: join(folder, `sandbox-${label.replace(/\W+/g, '-')}.sqlite`),
    seed: 'demo',
    ...(size.products === undefined ? {} : { products: size.products }),
    quotaPerDay: 10_000_000,
    port: 0,
    log: () => undefined,
  });
  try {
    const store = sandbox.stores[0];
    if (size.financeRecords !== undefined && store) {
      const seeded = performance.now();
      seedBulkFinance(
        { store, db: sandbox.db, now: Date.now },
        { records: size.financeRecords, days: 365, seed: 'money-bench' },
      );
      console.log(
        `  ${size.financeRecords.toLocaleString('en')} finance records seeded through the handlers in ${ms(performance.now() - seeded)}`,
      );
    }
    const start = Date.now();
    const clock = virtualClock(start);
    const events: Array<RequestEvent & { at: number }> = [];
    const db = openDatabase(join(folder, `idle-${label.replace(/\W+/g, '-')}.sqlite`));
    const client = newClient(sandbox.url, clock.now, events);
    const sync = new CatalogueSync({ db, client, now: clock.now });
    const { sync: moneySync, money } = moneyApp(db, client, clock.now);
    const scheduler = new SyncScheduler({
      sync,
      money: moneySync,
      budget: client.budget,
      clock,
      policy: { random: () => 0.5 },
    });
    await scheduler.runUntil(start + 2 * DAY_MS);
    // The clock moves only while the scheduler waits: the first fill is what it sent before waiting.
    const fill = events.filter((event) => event.at === start);
    const moneyFill = fill.filter(isMoney);
    const day = events.filter((event) => event.at >= start + DAY_MS && event.at < start + 2 * DAY_MS);
    const moneyDay = day.filter(isMoney);
    const info = money.syncInfo();
    console.log(
      `idle PC, ${label}: first fill ${fill.length} requests (catalogue ${fill.length - moneyFill.length}, ` +
        `money ${moneyFill.length}); idle day ${day.length} requests (catalogue ${day.length - moneyDay.length}, ` +
        `money ${moneyDay.length}: ${byEndpoint(moneyDay)}) — target < 1,000`,
    );
    console.log(
      `  money pull every ${Math.round(moneySync.intervalMs() / 60_000)} min; kept on this PC: ${info.incomes} incomes, ${info.expenses} expenses, ${info.transfers} transfers; all: ${byEndpoint(day)}`,
    );
    await client.close();
    db.close();
  } finally {
    await sandbox.close();
  }
}

export async function run(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'stockroom-bench-money-'));
  try {
    if (process.env.MONEY_BENCH_PART !== 'idle') await listBench(folder);
    if (process.env.MONEY_BENCH_PART === 'list') return;
    await idleDay(folder, {});
    const products = Number(process.env.MONEY_BENCH_PRODUCTS ?? 100_000);
    const financeRecords = Number(process.env.MONEY_BENCH_FINANCE ?? RECORDS);
    await idleDay(folder, { ...(products > 1_000 ? { products } : {}), financeRecords });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
