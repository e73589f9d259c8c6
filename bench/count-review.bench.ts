// The review of a count on a 200,000-product warehouse: what a person waits for when they change the
// filter or the page (issue 13: 167–182 ms measured, target ≤ 50 ms). A session with 6,000 counted
// products, 300 unknown codes and 2,000 stock changes pending in the outbox, so ~174,000 products with
// stock are not counted. Each figure is the whole CountingService.review call, repeated; the first
// review after a scan is printed apart (issue 26: the same budget as a page change; the review is brought
// up to date by the scanned line, count-review.ts) with its ratio to the page change. Prints; asserts
// nothing. REVIEW_BENCH_PRODUCTS=20000 checks the run itself quickly; REVIEW_BENCH_ROUNDS sets the rounds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueRepository } from '../src-main/catalog/catalogue.repository.js';
import { CountingService } from '../src-main/counting/index.js';
import { openDatabase } from '../src-main/db/database.js';
import { enqueueStockChange } from '../src-main/outbox/enqueue.js';
import { REVIEW_FILTERS } from '../src-shared/domain/vocabulary.js';
import { Warehouse } from '../src-shared/api/records.js';
import { seededFloats } from '../src-shared/random.js';
import { barcodeOf, fillCatalogue, skuOf } from './support/catalogue-store.js';
import { median, ms, percentile } from './support/stats.js';

const PRODUCTS = Number(process.env.REVIEW_BENCH_PRODUCTS ?? 200_000);
const COUNTED = 6_000;
const UNKNOWN = 300;
const PENDING_OPERATIONS = 2_000;
/** Each round: 5 filter changes, 5 page changes, one scan and the review after it (interleaved). */
const ROUNDS = Number(process.env.REVIEW_BENCH_ROUNDS ?? 200);
const WAREHOUSE = 'W0001';

function figures(label: string, samples: readonly number[]): string {
  return `${label.padEnd(44)} n=${String(samples.length).padStart(4)}  p50 ${ms(median(samples))}  p99 ${ms(percentile(samples, 99))}  max ${ms(Math.max(...samples))}`;
}

function time(body: () => unknown): number {
  const started = performance.now();
  body();
  return performance.now() - started;
}

export async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-review-bench-'));
  try {
    const db = openDatabase(join(folder, 'store.sqlite'));
    // Seeding only: the figures below are reads, which these settings do not change.
    db.pragma('synchronous = OFF');
    new CatalogueRepository(db).replaceWarehouses([
      Warehouse.parse({ id: 1, code: WAREHOUSE, name: 'คลังหลัก', address: '' }),
    ]);
    fillCatalogue(db, WAREHOUSE, PRODUCTS);
    const random = seededFloats(20251124);
    for (let index = 0; index < PENDING_OPERATIONS; index++) {
      const productId = 1 + Math.floor(random() * PRODUCTS);
      enqueueStockChange(db, {
        warehouseCode: WAREHOUSE,
        change: index % 3 === 0 ? 'set' : 'increase',
        lines: [{ productId, sku: skuOf(productId), value: index % 3 === 0 ? 0 : 1 }],
      });
    }
    const service = new CountingService(db);
    const { id: sessionId } = service.createSession({ warehouseCode: WAREHOUSE, name: 'bench' });
    for (let index = 0; index < COUNTED; index++) {
      const productId = 1 + Math.floor(random() * PRODUCTS);
      service.scan({ sessionId, code: barcodeOf(productId), counter: 'Malee', quantity: 1 + (index % 7) });
    }
    for (let index = 0; index < UNKNOWN; index++) {
      service.scan({ sessionId, code: `999${String(index).padStart(10, '0')}`, counter: 'Malee' });
    }
    db.pragma('synchronous = FULL');
    const first = service.review(sessionId, 'all', { limit: 100 });
    console.log(
      `${PRODUCTS.toLocaleString('en')} products, ${first.totals.countedLines.toLocaleString('en')} counted, ` +
        `${first.totals.notCounted.toLocaleString('en')} not counted, ${first.totals.unknownCodes} unknown codes, ` +
        `${PENDING_OPERATIONS.toLocaleString('en')} pending stock changes`,
    );

    const filterChanges: number[] = [];
    const pageChanges: number[] = [];
    const afterScan: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const filter of REVIEW_FILTERS) {
        filterChanges.push(time(() => service.review(sessionId, filter, { limit: 100 })));
      }
      const matching = service.review(sessionId, 'notCounted', { limit: 1 }).matching;
      for (let page = 0; page < 5; page++) {
        const offset = Math.floor(random() * Math.max(1, matching - 100));
        pageChanges.push(time(() => service.review(sessionId, 'notCounted', { offset, limit: 100 })));
      }
      // A scan (the counting page) and then the review again.
      const productId = 1 + Math.floor(random() * PRODUCTS);
      service.scan({ sessionId, code: barcodeOf(productId), counter: 'Malee' });
      afterScan.push(time(() => service.review(sessionId, 'all', { limit: 100 })));
    }
    console.log(figures('review, filter change (5 filters, 100 rows)', filterChanges));
    console.log(figures('review, page change (not counted, 100 rows)', pageChanges));
    console.log(figures('review, first after a scan (all, 100 rows)', afterScan));
    const ratio = (p: number) => (percentile(afterScan, p) / percentile(pageChanges, p)).toFixed(2);
    console.log(
      `review ratio, first after a scan / page change: p50 ${ratio(50)}× p99 ${ratio(99)}× (goal: the same budget)`,
    );
    db.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
