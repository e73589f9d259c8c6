// The scan path of a count session on a 200,000-product catalogue: each scan is the whole
// CountingService.scan call (normalise, lookup by barcode then sku, local view of the expected stock
// with pending outbox operations, event + line update in one IMMEDIATE transaction on a WAL file with
// synchronous=FULL). 10,000 scans in a realistic mix: repeat scans of counted products, first scans
// (new lines), typed skus and unknown codes (new and repeated). Also: review and commit of the
// resulting session, and what the scan figure is made of (fsync and checkpoints). Target (issue 3): p99 well under 16 ms, ideally ≤ 1 ms. Prints; asserts nothing.
import { seededFloats } from '../src-shared/random.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueRepository } from '../src-main/catalog/catalogue.repository.js';
import { CountingService } from '../src-main/counting/index.js';
import { openDatabase } from '../src-main/db/database.js';
import { enqueueStockChange } from '../src-main/outbox/enqueue.js';
import { ean13FromPrefix } from '../src-shared/barcode/index.js';
import { Product, Warehouse, type ProductRecord } from '../src-shared/api/records.js';
import { median, ms, percentile } from './support/stats.js';

const PRODUCTS = 200_000;
const PAGE = 500;
const SCANS = 10_000;
const PENDING_OPERATIONS = 2_000;
const WAREHOUSE = 'W0001';
const WORDS = ['น้ำดื่ม', 'ข้าวหอมมะลิ', 'น้ำปลา', 'ขนมปัง', 'สบู่', 'ยาสีฟัน', 'กาแฟ', 'นมสด', 'ผงซักฟอก', 'บะหมี่'];

const barcodeOf = (id: number): string => ean13FromPrefix(`885${String(id).padStart(9, '0')}`) ?? '';
const skuOf = (id: number): string => `SKU-${String(id).padStart(6, '0')}`;

function productRecord(id: number): ProductRecord {
  const stock = id % 10 === 0 ? 0 : (id * 7) % 120;
  return Product.parse({
    id,
    name: `${WORDS[id % WORDS.length] ?? ''} ขนาด ${(id % 9) + 1} รุ่น ${id}`,
    sku: skuOf(id),
    barcode: barcodeOf(id),
    sellprice: String(10 + (id % 500)),
    purchaseprice: String(8 + (id % 400)),
    unittext: 'ชิ้น',
    active: id % 50 !== 0,
    stock: String(stock),
    availablestock: String(stock),
  });
}

type Scan = { readonly kind: string; readonly code: string };

/** 45% repeat scans, 35% first scans by barcode, 10% typed skus, 6% new unknown codes, 4% repeated ones. */
function scanMix(random: () => number): Scan[] {
  const counted: number[] = [];
  const unknown: string[] = [];
  const pickProduct = () => 1 + Math.floor(random() * PRODUCTS);
  const scans: Scan[] = [];
  for (let index = 0; index < SCANS; index++) {
    const roll = random();
    if (roll < 0.45 && counted.length > 0) {
      const id = counted[Math.floor(random() * counted.length)] ?? 1;
      scans.push({ kind: 'repeat scan', code: `\u0002${barcodeOf(id)}\r\n` });
    } else if (roll < 0.8) {
      const id = pickProduct();
      counted.push(id);
      scans.push({ kind: 'first scan (new line)', code: barcodeOf(id) });
    } else if (roll < 0.9) {
      const id = pickProduct();
      counted.push(id);
      scans.push({ kind: 'typed sku', code: skuOf(id) });
    } else if (roll < 0.96 || unknown.length === 0) {
      const code = `999${String(index).padStart(10, '0')}`;
      unknown.push(code);
      scans.push({ kind: 'unknown code, new', code });
    } else {
      scans.push({ kind: 'unknown code, again', code: unknown[Math.floor(random() * unknown.length)] ?? '' });
    }
  }
  return scans;
}

function figures(label: string, samples: readonly number[]): string {
  return `${label.padEnd(26)} n=${String(samples.length).padStart(6)}  p50 ${ms(median(samples))}  p99 ${ms(percentile(samples, 99))}  max ${ms(Math.max(...samples))}`;
}

function timed<T>(body: () => T): { value: T; elapsed: number } {
  const started = performance.now();
  const value = body();
  return { value, elapsed: performance.now() - started };
}

export async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-counting-bench-'));
  const file = join(folder, 'store.sqlite');
  try {
    const db = openDatabase(file);
    const catalogue = new CatalogueRepository(db);
    catalogue.replaceWarehouses([Warehouse.parse({ id: 1, code: WAREHOUSE, name: 'คลังหลัก', address: '' })]);
    const load = timed(() => {
      for (let start = 1; start <= PRODUCTS; start += PAGE) {
        const page = Array.from({ length: Math.min(PAGE, PRODUCTS - start + 1) }, (_, offset) =>
          productRecord(start + offset),
        );
        catalogue.upsertProducts(page, { warehouseCode: WAREHOUSE, syncedAt: Date.now() });
      }
    });
    const random = seededFloats(20250106);
    for (let index = 0; index < PENDING_OPERATIONS; index++) {
      const productId = 1 + Math.floor(random() * PRODUCTS);
      enqueueStockChange(db, {
        warehouseCode: WAREHOUSE,
        change: 'increase',
        lines: [{ productId, sku: skuOf(productId), value: 1 }],
      });
    }
    console.log(
      `${PRODUCTS.toLocaleString('en')} products loaded in ${(load.elapsed / 1000).toFixed(1)} s; ` +
        `${PENDING_OPERATIONS.toLocaleString('en')} stock changes pending in the outbox; WAL, synchronous=FULL`,
    );

    const service = new CountingService(db);
    const counters = ['Somchai', 'Malee', 'Anan'];
    const scans = scanMix(random);
    // Warm statements and the page cache as a running app has them (a separate session).
    const warmId = service.createSession({ warehouseCode: WAREHOUSE, name: 'warm-up' }).id;
    for (const { code } of scans.slice(0, 200)) service.scan({ sessionId: warmId, code, counter: 'warm' });
    service.discardSession(warmId);

    /** The whole mix in a new session; returns its id and the time of each scan by kind. */
    const countAll = (name: string): { sessionId: string; all: number[]; byKind: Map<string, number[]> } => {
      const sessionId = service.createSession({ warehouseCode: WAREHOUSE, name }).id;
      const byKind = new Map<string, number[]>();
      const all: number[] = [];
      scans.forEach(({ kind, code }, index) => {
        const counter = counters[index % counters.length] ?? 'Somchai';
        const { elapsed } = timed(() => service.scan({ sessionId, code, counter }));
        all.push(elapsed);
        byKind.set(kind, [...(byKind.get(kind) ?? []), elapsed]);
      });
      return { sessionId, all, byKind };
    };

    console.log('-- the app settings: synchronous=FULL, SQLite automatic checkpoint every 1000 WAL pages');
    const { sessionId, all, byKind } = countAll('bench');
    console.log(figures('scan, all', all));
    for (const [kind, samples] of byKind) console.log(figures(`scan, ${kind}`, samples));

    // What the figures are made of (the service is the same; only the connection's settings change).
    db.exec('CREATE TABLE bench_probe (value INTEGER)');
    const probe = db.prepare<[number]>('INSERT INTO bench_probe VALUES (?)');
    const bare = Array.from(
      { length: 2_000 },
      (_, index) => timed(() => db.transaction(() => probe.run(index)).immediate()).elapsed,
    );
    console.log(figures('floor: 1-row durable write', bare));
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma('wal_autocheckpoint = 0');
    const noCheckpoint = countAll('bench, checkpoints at idle');
    console.log(figures('scan, checkpoint at idle', noCheckpoint.all));
    const checkpoint = timed(() => db.pragma('wal_checkpoint(PASSIVE)'));
    console.log(`  (the checkpoint of those 10,000 scans, run afterwards: ${ms(checkpoint.elapsed)})`);
    db.pragma('wal_autocheckpoint = 1000');
    db.pragma('synchronous = NORMAL');
    const cpuOnly = countAll('bench, no fsync per commit');
    console.log(figures('scan, no fsync (NOT the app)', cpuOnly.all));
    db.pragma('synchronous = FULL');
    // The app settings once more: on a shared machine, the gap between the two passes is the noise.
    const again = countAll('bench, app settings again');
    console.log(figures('scan, app settings again', again.all));
    for (const other of [noCheckpoint, cpuOnly, again]) service.discardSession(other.sessionId);

    const undo = Array.from(
      { length: 300 },
      (_, index) =>
        timed(() => service.undoLast({ sessionId, counter: counters[index % counters.length] ?? 'Somchai' }))
          .elapsed,
    );
    console.log(figures('undo (last of a counter)', undo));

    const progress = service.session(sessionId).progress;
    console.log(
      `session: ${progress.linesCounted.toLocaleString('en')} product lines, ${progress.units.toLocaleString('en')} units, ${progress.unknownCodes} unknown codes`,
    );
    const variance = timed(() => service.review(sessionId, 'variance'));
    console.log(`review (variance filter, totals incl. not-counted count) ${ms(variance.elapsed)}`);
    const firstPage = timed(() => service.review(sessionId, 'all', { limit: 200 }));
    console.log(
      `review (all, first 200 of ${firstPage.value.matching.toLocaleString('en')} rows) ${ms(firstPage.elapsed)}`,
    );
    const everything = timed(() => service.review(sessionId, 'all'));
    console.log(
      `review (all ${everything.value.rows.length.toLocaleString('en')} rows, not-counted products included) ${ms(everything.elapsed)}`,
    );
    const csv = timed(() => service.exportCsv(sessionId));
    console.log(
      `CSV export (${(csv.value.csv.length / 1024 / 1024).toFixed(1)} MB of text) ${ms(csv.elapsed)}`,
    );
    const commit = timed(() => service.commit({ sessionId, discardUnknownCodes: true }));
    console.log(
      `commit (${commit.value.linesSent.toLocaleString('en')} lines into the outbox, one transaction) ${ms(commit.elapsed)}`,
    );
    db.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
