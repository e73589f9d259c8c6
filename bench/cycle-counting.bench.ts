// Cycle counting on a 200,000-product warehouse with two years of committed counts (issue 24): the
// Count next list (the first read after the database changed, and paging with nothing changed) and the
// accuracy page (12 weeks, 24 months: migration 0026's sums per day, and for comparison the same
// figures read line by line from count_history as before it), quiet and with one core kept busy by another process. History
// is seeded straight into count_history / count_last_counted as commits write them (A monthly, B
// quarterly, C twice a year: ~1.4 million lines); only the reads are timed. Prints; asserts nothing.
// CYCLE_BENCH_PRODUCTS=20000 runs a small store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueRepository } from '../src-main/catalog/catalogue.repository.js';
import { CountingService } from '../src-main/counting/index.js';
import { accuracyReport } from '../src-main/counting/cycle-accuracy.js';
import { CycleCountingService } from '../src-main/counting/cycle-counting.service.js';
import { readCycleSettings } from '../src-main/counting/cycle-settings.js';
import { openDatabase, type Database } from '../src-main/db/database.js';
import { Product, Warehouse, type ProductRecord } from '../src-shared/api/records.js';
import { seededFloats } from '../src-shared/random.js';
import { DAY_MS } from '../src-shared/time/index.js';
import { startBusyCore } from './support/busy-core.js';
import { median, ms, percentile } from './support/stats.js';

const PRODUCTS = Number(process.env['CYCLE_BENCH_PRODUCTS'] ?? 200_000);
const PAGE = 500;
const ROUNDS = 20;
const WAREHOUSE = 'W0001';
const YEARS = 2;

function productRecord(id: number): ProductRecord {
  const stock = id % 10 === 0 ? 0 : (id * 7) % 120;
  return Product.parse({
    id,
    name: `สินค้า ${id}`,
    sku: `SKU-${String(id).padStart(6, '0')}`,
    sellprice: String(10 + (id % 500)),
    purchaseprice: String(8 + ((id * 13) % 400)),
    unittext: 'ชิ้น',
    active: true,
    stock: String(stock),
    availablestock: String(stock),
  });
}

function figures(label: string, samples: readonly number[]): string {
  return `${label.padEnd(48)} n=${String(samples.length).padStart(3)}  p50 ${ms(median(samples))}  p99 ${ms(percentile(samples, 99))}  max ${ms(Math.max(...samples))}`;
}

function time(body: () => unknown): number {
  const started = performance.now();
  body();
  return performance.now() - started;
}

/** Two years of counts: every product counted at its class's pace (by its id), variances small. */
function seedHistory(db: Database, now: number): number {
  const everyDays = { A: 30, B: 91, C: 182 } as const;
  const valueClass = db
    .prepare<[], [number, number]>(
      `SELECT product_id, max(stock, 0) * coalesce(p.purchaseprice, 0) FROM product_stock ps
       JOIN products p ON p.id = ps.product_id WHERE warehouse_code = '${WAREHOUSE}' ORDER BY product_id`,
    )
    .raw()
    .all();
  const values = valueClass.map(([, value]) => value).sort((a, b) => b - a);
  const total = values.reduce((sum, value) => sum + value, 0);
  let running = 0;
  const aLimit = values.findIndex((value) => (running += value) >= total * 0.8);
  running = 0;
  const bLimit = values.findIndex((value) => (running += value) >= total * 0.95);
  const aFloor = values[aLimit] ?? 0;
  const bFloor = values[bLimit] ?? 0;
  const history = db.prepare(
    `INSERT INTO count_history (session_id, product_id, warehouse_code, counted_at, counted, counted_against, purchase_price, value_class)
     VALUES (?, ?, '${WAREHOUSE}', ?, ?, ?, ?, ?)`,
  );
  const last = db.prepare(
    `INSERT OR REPLACE INTO count_last_counted (warehouse_code, product_id, counted_at, session_id) VALUES ('${WAREHOUSE}', ?, ?, ?)`,
  );
  const random = seededFloats(20261202);
  const start = now - YEARS * 365 * DAY_MS;
  let rows = 0;
  db.transaction(() => {
    for (const [productId, value] of valueClass) {
      const letter = value >= aFloor && value > 0 ? 'A' : value >= bFloor && value > 0 ? 'B' : 'C';
      const step = everyDays[letter] * DAY_MS;
      let at = start + Math.floor(random() * step);
      let lastAt = 0;
      while (at < now) {
        // The session of that day: one per day, as a cycle count is.
        const day = Math.floor(at / DAY_MS);
        const expected = (productId * 7) % 120;
        const counted = Math.max(0, expected + Math.round((random() - 0.5) * 4));
        history.run(
          `s-${day}`,
          productId,
          day * DAY_MS,
          counted,
          expected,
          8 + ((productId * 13) % 400),
          letter,
        );
        lastAt = day * DAY_MS;
        rows += 1;
        at += step;
      }
      if (lastAt > 0) last.run(productId, lastAt, `s-${Math.floor(lastAt / DAY_MS)}`);
    }
  })();
  return rows;
}

export async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-cycle-bench-'));
  try {
    const db = openDatabase(join(folder, 'store.sqlite'));
    db.pragma('synchronous = OFF'); // seeding only
    const catalogue = new CatalogueRepository(db);
    catalogue.replaceWarehouses([Warehouse.parse({ id: 1, code: WAREHOUSE, name: 'คลังหลัก', address: '' })]);
    for (let start = 1; start <= PRODUCTS; start += PAGE) {
      const page = Array.from({ length: Math.min(PAGE, PRODUCTS - start + 1) }, (_, offset) =>
        productRecord(start + offset),
      );
      catalogue.upsertProducts(page, { warehouseCode: WAREHOUSE, syncedAt: Date.now() });
    }
    const now = Date.now();
    const counting = new CountingService(db, { now: () => now });
    const cycle = new CycleCountingService({ db, counting, now: () => now });
    const rows = seedHistory(db, now);
    db.pragma('synchronous = FULL');
    db.pragma('optimize');
    const list = cycle.countNext(WAREHOUSE, { offset: 0, limit: 100 });
    console.log(
      `${PRODUCTS.toLocaleString('en')} products, ${rows.toLocaleString('en')} counted lines over ${YEARS} years; ` +
        `${list.due.toLocaleString('en')} due now (A ${list.classes.A.products.toLocaleString('en')}, ` +
        `B ${list.classes.B.products.toLocaleString('en')}, C ${list.classes.C.products.toLocaleString('en')}), ` +
        `a day's share ${list.dailyShare}`,
    );

    const measure = (label: string) => {
      const fresh: number[] = [];
      const paging: number[] = [];
      const weeks: number[] = [];
      const months: number[] = [];
      const fromHistory: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        cycle.setSettings({ dailyShare: 50 }); // a write: nothing read before may be reused
        fresh.push(time(() => cycle.countNext(WAREHOUSE, { offset: 0, limit: 100 })));
        paging.push(time(() => cycle.countNext(WAREHOUSE, { offset: 100 * (round + 1), limit: 100 })));
        weeks.push(time(() => cycle.accuracy({ warehouseCode: WAREHOUSE, period: 'week', periods: 12 })));
        months.push(time(() => cycle.accuracy({ warehouseCode: WAREHOUSE, period: 'month', periods: 24 })));
        // The same figures read line by line from count_history, as before migration 0026's sums.
        fromHistory.push(
          time(() =>
            accuracyReport(
              db,
              {
                warehouseCode: WAREHOUSE,
                period: 'month',
                periods: 24,
                tolerance: readCycleSettings(db).tolerance,
                now,
              },
              'history',
            ),
          ),
        );
      }
      // A day's share of 50 counted and committed: the commit also classes the warehouse for the trace.
      const commits: number[] = [];
      for (let round = 0; round < 3; round++) {
        const { session } = cycle.startDailyCount({ warehouseCode: WAREHOUSE, name: `share ${round}` });
        const lines = counting.review(session.id, 'notCounted', { limit: 50 }).rows;
        for (const row of lines) {
          if (row.kind === 'notCounted')
            counting.scan({ sessionId: session.id, code: row.sku, counter: 'Malee' });
        }
        commits.push(time(() => counting.commit({ sessionId: session.id })));
      }
      console.log(figures(`Count next, first read after a change (${label})`, fresh));
      console.log(figures(`commit of a day's share, 50 lines (${label})`, commits));
      console.log(figures(`Count next, next page (${label})`, paging));
      console.log(figures(`accuracy, 12 weeks (${label})`, weeks));
      console.log(figures(`accuracy, 24 months (${label})`, months));
      console.log(figures(`accuracy, 24 months, from the history (${label})`, fromHistory));
    };
    measure('quiet');
    const busy = await startBusyCore(5 * 60_000);
    try {
      measure('one core busy');
    } finally {
      await busy.stop();
    }
    db.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
