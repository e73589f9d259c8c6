// The catalogue store at 200,000 products (the demo generator's Thai names and valid EAN-13s): load
// time through CatalogueRepository in 500-record pages as the sync writes them, lookupCode p50/p99
// (known barcodes, skus, unknown codes), search p50/p95 over realistic typed prefixes, and the size
// of the FTS index. Targets (issue 3): lookup p99 ≤ 1 ms, search p95 ≤ 20 ms. Prints; asserts nothing.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueLookup } from '../src-main/catalog/catalogue-lookup.js';
import { CatalogueRepository } from '../src-main/catalog/catalogue.repository.js';
import { segmentWords } from '../src-main/catalog/catalogue-search-text.js';
import { openDatabase } from '../src-main/db/database.js';
import { generateCatalogue, type GeneratedProduct } from '../src-main/sandbox/seed/products.js';
import { createRandom, type Random } from '../src-shared/random.js';
import { WAREHOUSE_CODES } from '../src-main/sandbox/seed/stock.js';
import { Product, type ProductRecord } from '../src-shared/api/records.js';
import { median, ms, percentile } from './support/stats.js';

const PRODUCTS = 200_000;
const PAGE = 500;
const KNOWN_BARCODES = 10_000;
const SKUS = 1_000;
const UNKNOWN_CODES = 1_000;
const SEARCHES = 1_000;
const ANCHOR = Date.UTC(2025, 5, 1);

/** A generated product as GetProducts?warehousecode=… answers it (id = position + 1), read through the spec's schema. */
function productRecord(generated: GeneratedProduct, index: number, warehouse: string): ProductRecord {
  const { body, facts } = generated;
  const stock = facts.stock[warehouse as keyof typeof facts.stock] ?? 0;
  return Product.parse({
    ...body,
    id: index + 1,
    stock: String(stock),
    availablestock: String(stock),
    active: facts.active,
    producttype: body.producttype ?? 0,
    variationid: facts.variation === undefined ? 0 : facts.variation.index + 1,
    variant: facts.variation?.variant.map((value, position) => ({ variantid: position + 1, ...value })),
    properties: body.properties?.map((property, position) => ({ id: position + 1, ...property })),
    imagepath: `https://example.invalid/products/${index + 1}.jpg`,
    sharelink: `https://example.invalid/p/${index + 1}`,
  });
}

/** Wall time and this process's CPU time (ms): on a shared, busy machine the two differ a lot. */
interface Timing {
  readonly wall: number;
  readonly cpu: number;
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

function timeSync(body: () => void): Timing {
  const started = performance.now();
  const cpu = process.cpuUsage();
  body();
  return { wall: performance.now() - started, cpu: cpuMs(process.cpuUsage(cpu)) };
}

function timeEachSync<T>(inputs: readonly T[], body: (input: T) => unknown): Timing[] {
  return inputs.map((input) => timeSync(() => body(input)));
}

function figures(label: string, timings: readonly Timing[], high: number): string {
  const part = (name: string, samples: readonly number[]): string =>
    `${name} p50 ${ms(median(samples))} p${high} ${ms(percentile(samples, high))}`;
  const wall = timings.map((timing) => timing.wall);
  const cpu = timings.map((timing) => timing.cpu);
  return `${label.padEnd(34)} n=${String(timings.length).padStart(6)}  ${part('wall', wall)} max ${ms(Math.max(...wall))} | ${part('cpu', cpu)}`;
}

/** What a person types: 1–4 words of a name from its start or from a word inside it, the last one cut short. */
function typedPrefix(random: Random, name: string, fromInside: boolean): string {
  const words = name.split(' ').filter((word) => word !== '');
  if (fromInside) {
    const chunk = random.pick(words);
    const parts = segmentWords(chunk);
    const start = random.int(0, Math.max(0, parts.length - 1));
    const inside = parts.slice(start).join('');
    return inside.slice(0, random.int(Math.min(2, inside.length), inside.length));
  }
  const count = random.int(1, Math.min(4, words.length));
  const chosen = words.slice(0, count);
  const last = chosen.pop() ?? '';
  return [...chosen, last.slice(0, random.int(1, last.length))].join(' ');
}

function searchTexts(random: Random, products: readonly GeneratedProduct[]): Map<string, string[]> {
  const kinds = new Map<string, string[]>([
    ['Thai name prefix, 1-4 words', []],
    ['Thai word inside a run', []],
    ['sku prefix (Latin)', []],
    ['barcode prefix', []],
    ['Latin word of a name', []],
  ]);
  // Words of names that start with a Latin letter ("SPF50", "LED", "A5"), as a person would type them.
  const latinWords = [
    ...new Set(
      products
        .slice(0, 20_000)
        .flatMap(({ body }) => body.name.split(' ').filter((word) => /^[A-Za-z]/.test(word))),
    ),
  ];
  for (let index = 0; index < SEARCHES; index++) {
    const { body } = random.pick(products);
    const roll = random.next();
    if (roll < 0.5) kinds.get('Thai name prefix, 1-4 words')?.push(typedPrefix(random, body.name, false));
    else if (roll < 0.7) kinds.get('Thai word inside a run')?.push(typedPrefix(random, body.name, true));
    else if (roll < 0.82)
      kinds.get('sku prefix (Latin)')?.push(body.sku.slice(0, random.int(3, body.sku.length)));
    else if (roll < 0.92)
      kinds.get('barcode prefix')?.push((body.barcode ?? '885').slice(0, random.int(3, 13)));
    else if (latinWords.length > 0) {
      const word = random.pick(latinWords);
      kinds.get('Latin word of a name')?.push(word.slice(0, random.int(1, word.length)));
    }
  }
  return kinds;
}

export async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-catalogue-bench-'));
  const file = join(folder, 'store.sqlite');
  try {
    const catalogue = generateCatalogue({ seed: 'catalogue-bench', count: PRODUCTS, anchor: ANCHOR });
    const db = openDatabase(file);
    const repository = new CatalogueRepository(db);
    const lookup = new CatalogueLookup(db);

    console.log(
      `${PRODUCTS.toLocaleString('en')} products, ${PAGE}-record pages, ${cpus().length} CPUs, load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
    for (const [pass, warehouse] of WAREHOUSE_CODES.entries()) {
      const records = catalogue.products.map((generated, index) =>
        productRecord(generated, index, warehouse),
      );
      const elapsed = timeSync(() => {
        for (let start = 0; start < records.length; start += PAGE) {
          repository.upsertProducts(records.slice(start, start + PAGE), {
            warehouseCode: warehouse,
            syncedAt: Date.now(),
          });
        }
      });
      const what = pass === 0 ? 'first load (empty file)' : 'again, product fields unchanged';
      const seconds = (value: number): string => `${(value / 1000).toFixed(2)} s`;
      const rate = Math.round(PRODUCTS / (elapsed.wall / 1000)).toLocaleString('en');
      console.log(
        `load ${warehouse} ${what.padEnd(32)} wall ${seconds(elapsed.wall)} (${rate} products/s), cpu ${seconds(elapsed.cpu)}`,
      );
    }

    const random = createRandom('catalogue-bench', 'lookups');
    // Services have no barcode: known barcodes are drawn from the goods.
    const goods = catalogue.products.filter(({ body }) => body.barcode !== undefined);
    const barcodes = Array.from({ length: KNOWN_BARCODES }, () => random.pick(goods).body.barcode ?? '');
    const skus = Array.from({ length: SKUS }, () => random.pick(catalogue.products).body.sku);
    const unknown = Array.from(
      { length: UNKNOWN_CODES },
      (_, index) => `999${String(index).padStart(10, '0')}`,
    );
    // Warm the page cache and statements as a running app has them.
    for (const code of barcodes.slice(0, 500)) lookup.lookupCode(code);
    const barcodeTimes = timeEachSync(barcodes, (code) => lookup.lookupCode(`\u0002${code}\r\n`));
    const skuTimes = timeEachSync(skus, (code) => lookup.lookupCode(code));
    const unknownTimes = timeEachSync(unknown, (code) => lookup.lookupCode(code));
    const missed = barcodes.filter((code) => lookup.lookupCode(code) === undefined).length;
    console.log(figures('lookupCode known barcode', barcodeTimes, 99));
    console.log(figures('lookupCode sku', skuTimes, 99));
    console.log(figures('lookupCode unknown code', unknownTimes, 99));
    console.log(figures('lookupCode all', [...barcodeTimes, ...skuTimes, ...unknownTimes], 99));
    console.log(`known barcodes not found: ${missed}`);

    const kinds = searchTexts(createRandom('catalogue-bench', 'searches'), catalogue.products);
    const all: Timing[] = [];
    const empty: string[] = [];
    for (const [kind, texts] of kinds) {
      const times = timeEachSync(texts, (text) => {
        if (lookup.search(text).length === 0) empty.push(text);
      });
      all.push(...times);
      console.log(figures(`search ${kind}`, times, 95));
    }
    console.log(figures('search all', all, 95));
    console.log(
      `searches with no result: ${empty.length} of ${all.length} (${empty.slice(0, 8).join(' | ')})`,
    );
    // Staff read the end of a label: the last 4-6 digits of a barcode (products_by_barcode_end, 0010),
    // alone and as the products page asks (a page of 25 with the count up to 500).
    const endings = Array.from({ length: 1_000 }, () => {
      const code = random.pick(barcodes);
      return code.slice(-random.int(4, 6));
    });
    const endTimes = timeEachSync(endings, (text) => lookup.search(text, { limit: 25 }));
    const pageTimes = timeEachSync(endings, (text) => lookup.searchPage(text, 0, 25));
    const endMissed = endings.filter((text) => lookup.search(text, { limit: 25 }).length === 0).length;
    console.log(figures('search barcode ending (4-6 digits)', endTimes, 95));
    console.log(figures('searchPage barcode ending, 25 + count', pageTimes, 95));
    console.log(
      figures(
        'searchPage Thai prefix, 25 + count',
        timeEachSync(kinds.get('Thai name prefix, 1-4 words') ?? [], (text) =>
          lookup.searchPage(text, 0, 25),
        ),
        95,
      ),
    );
    console.log(`barcode endings with no result: ${endMissed} of ${endings.length}`);
    const plan = db
      .prepare<[], { detail: string }>(
        "EXPLAIN QUERY PLAN SELECT id FROM products WHERE substr(barcode, -4) = '1234' AND barcode <> '' AND barcode LIKE '%51234'",
      )
      .all()
      .map((row) => row.detail);
    console.log(`barcode ending plan: ${plan.join('; ')}`);
    const oneCharacter = ['น', 'ก', 'ส', 'S', '8', 'ช'];
    console.log(
      figures(
        'search one character (worst case)',
        timeEachSync(oneCharacter, (text) => lookup.search(text)),
        95,
      ),
    );

    const sizes = db
      .prepare<[], { name: string; bytes: number }>(
        "SELECT name, sum(pgsize) AS bytes FROM dbstat WHERE name LIKE 'product_search%' OR name LIKE 'products%' GROUP BY name ORDER BY name",
      )
      .all();
    const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const fts = sizes
      .filter((row) => row.name.startsWith('product_search'))
      .reduce((sum, row) => sum + row.bytes, 0);
    console.log(
      `FTS index (product_search_*): ${megabytes(fts)}; ${sizes.map((row) => `${row.name} ${megabytes(row.bytes)}`).join(', ')}`,
    );
    db.pragma('wal_checkpoint(TRUNCATE)');
    console.log(`database file: ${megabytes(statSync(file).size)}`);
    db.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
