// Products at demo scale: adding 100,000 products through the AddProduct handler (as the demo seeder
// does), 500-row GetProducts pages over real HTTP on that catalogue, and stock-list write throughput
// (UpdateProductStockList, 450 lines per call, over HTTP). Prints medians and ratios; asserts nothing.
import { seededFloats } from '../src-shared/random.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import { endpoints } from '../src-shared/api/endpoints/index.js';
import type { SandboxHandle, StoreCredentials } from '../src-main/sandbox/index.js';
import { startSandbox } from '../src-main/sandbox/index.js';
import * as products from '../src-main/sandbox/resources/products/index.js';
import { median, ms, percentile } from './support/stats.js';

const PRODUCTS = 100_000;
const ADD_RUNS = 3;
const PAGE_REQUESTS = 250;
const STOCK_BATCHES = 40;
const STOCK_LINES = 450;
const SEED_STOCK_BATCH = 500;
const STORE: StoreCredentials = { name: 'bench', apikey: 'bench-key', apisecret: 'bench-secret' };
const CATEGORIES = ['เครื่องดื่ม', 'ขนมขบเคี้ยว', 'เครื่องปรุง', 'ของใช้ในบ้าน', 'ข้าวและธัญพืช', 'ของใช้ส่วนตัว'];

type AddProductBody = z.output<(typeof endpoints)['AddProduct']['body']>;
type StockListBody = z.output<(typeof endpoints)['UpdateProductStockList']['body']>;

const sku = (index: number) => `BENCH-${String(index).padStart(6, '0')}`;

function productBody(index: number): AddProductBody {
  return {
    name: `สินค้าทดสอบ ${index} ขนาด ${(index % 7) + 1} ชิ้น`,
    sku: sku(index),
    description: 'สินค้าสำหรับวัดความเร็ว',
    sellprice: String(10 + (index % 500)),
    purchaseprice: String(8 + (index % 400)),
    barcode: String(8850000000000 + index),
    unittext: 'ชิ้น',
    weight: '250',
    category: CATEGORIES[index % CATEGORIES.length] ?? '',
    tag: index % 3 === 0 ? ['ขายดี'] : [],
    properties: [{ name: 'ประเทศผู้ผลิต', value: index % 2 === 0 ? 'ไทย' : 'ญี่ปุ่น' }],
  };
}

async function start(folder: string, checkResponses = true): Promise<SandboxHandle> {
  return startSandbox({
    dataFile: join(folder, 'bench.sqlite'),
    seed: 'empty',
    stores: [STORE],
    quotaPerDay: 10_000_000,
    checkResponses,
    log: () => undefined,
  });
}

function storeOf(handle: SandboxHandle) {
  const store = handle.stores[0];
  if (!store) throw new Error('no store');
  return store;
}

/** What the seeder does: every AddProduct in one transaction (it runs inside store creation). */
function addCatalogue(handle: SandboxHandle): number {
  const store = storeOf(handle);
  const { db } = handle;
  const started = performance.now();
  db.transaction(() => {
    for (let index = 0; index < PRODUCTS; index++) {
      products.handlers.AddProduct({
        store,
        db,
        now: Date.now,
        endpoint: endpoints.AddProduct,
        query: {},
        parent: {},
        headerLists: {},
        body: productBody(index),
        file: undefined,
      });
    }
  })();
  return performance.now() - started;
}

/** Stock for every product in one warehouse through the handler, 500 lines per call, one transaction. */
function seedStock(handle: SandboxHandle, warehousecode: string, random: () => number): number {
  const store = storeOf(handle);
  const { db } = handle;
  const started = performance.now();
  db.transaction(() => {
    for (let first = 0; first < PRODUCTS; first += SEED_STOCK_BATCH) {
      const stocks = Array.from(
        { length: Math.min(SEED_STOCK_BATCH, PRODUCTS - first) },
        (_unused, offset) => ({
          sku: sku(first + offset),
          stock: 1 + Math.floor(random() * 200),
        }),
      );
      products.handlers.UpdateProductStockList({
        store,
        db,
        now: Date.now,
        endpoint: endpoints.UpdateProductStockList,
        query: { warehousecode },
        parent: {},
        headerLists: {},
        body: { stocks },
        file: undefined,
      });
    }
  })();
  return performance.now() - started;
}

async function call(
  handle: SandboxHandle,
  path: string,
  init: { method: string; body?: string },
): Promise<unknown> {
  const response = await fetch(new URL(path, handle.url), {
    method: init.method,
    headers: {
      storename: STORE.name,
      apikey: STORE.apikey,
      apisecret: STORE.apisecret,
      'content-type': 'application/json',
    },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  return response.json();
}

/** Latencies (ms) of `count` GetProducts pages of 500 rows at pages spread over the catalogue. */
async function pageLatencies(handle: SandboxHandle, count: number, extraQuery = ''): Promise<number[]> {
  const random = seededFloats(7);
  const pages = PRODUCTS / 500;
  const durations: number[] = [];
  for (let index = 0; index < count + 10; index++) {
    const page = 1 + Math.floor(random() * pages);
    const started = performance.now();
    const body = (await call(handle, `/v4/Product/GetProducts?limit=500&page=${page}${extraQuery}`, {
      method: 'GET',
    })) as { list?: unknown[] };
    const elapsed = performance.now() - started;
    if (body.list?.length !== 500)
      throw new Error(`page ${page} answered ${JSON.stringify(body).slice(0, 200)}`);
    if (index >= 10) durations.push(elapsed); // the first ten warm the connection and statements
  }
  return durations;
}

/** Latencies (ms) of a trivial read: what every request costs in the core (auth, quota, envelope). */
async function baselineLatencies(handle: SandboxHandle, count: number): Promise<number[]> {
  const durations: number[] = [];
  for (let index = 0; index < count + 10; index++) {
    const started = performance.now();
    await call(handle, '/v4/Warehouse/GetWarehouses?limit=1', { method: 'GET' });
    if (index >= 10) durations.push(performance.now() - started);
  }
  return durations;
}

/** Per-call latencies (ms) of UpdateProductStockList with 450 lines each over HTTP. */
async function stockListLatencies(handle: SandboxHandle): Promise<number[]> {
  const random = seededFloats(11);
  const durations: number[] = [];
  for (let batch = 0; batch < STOCK_BATCHES; batch++) {
    const stocks: StockListBody['stocks'] = Array.from({ length: STOCK_LINES }, () => ({
      sku: sku(Math.floor(random() * PRODUCTS)),
      stock: 1000 + batch * 1000 + Math.floor(random() * 999),
    }));
    const started = performance.now();
    const body = (await call(handle, '/v4/Product/UpdateProductStockList?warehousecode=W0001', {
      method: 'POST',
      body: JSON.stringify({ stocks }),
    })) as { detail?: { stockupdate?: { success: number } } };
    durations.push(performance.now() - started);
    if (body.detail?.stockupdate?.success === undefined) throw new Error(JSON.stringify(body).slice(0, 200));
  }
  return durations;
}

function line(label: string, value: string): void {
  console.log(`${label.padEnd(58)} ${value}`);
}

export async function run(): Promise<void> {
  const folders: string[] = [];
  try {
    const addTimes: number[] = [];
    let handle: SandboxHandle | undefined;
    for (let runIndex = 0; runIndex < ADD_RUNS; runIndex++) {
      const folder = await mkdtemp(join(tmpdir(), 'stockroom-bench-products-'));
      folders.push(folder);
      const current = await start(folder);
      addTimes.push(addCatalogue(current));
      if (runIndex < ADD_RUNS - 1) await current.close();
      else handle = current;
    }
    if (!handle) throw new Error('no catalogue');
    const addMedian = median(addTimes);
    line(`AddProduct ×${PRODUCTS} in process (median of ${ADD_RUNS})`, ms(addMedian));
    line('  per product', ms(addMedian / PRODUCTS));

    await call(handle, '/v4/Warehouse/AddWarehouse', {
      method: 'POST',
      body: JSON.stringify({ code: 'W0002', name: 'Second' }),
    });
    const random = seededFloats(3);
    const seedW1 = seedStock(handle, 'W0001', random);
    const seedW2 = seedStock(handle, 'W0002', random);
    line(`UpdateProductStockList in process, ${PRODUCTS} lines ×2 warehouses`, ms(seedW1 + seedW2));
    line('  lines/s', Math.round((2 * PRODUCTS) / ((seedW1 + seedW2) / 1000)).toLocaleString('en'));

    const baseline = await baselineLatencies(handle, PAGE_REQUESTS / 2);
    const plain = await pageLatencies(handle, PAGE_REQUESTS);
    const perWarehouse = await pageLatencies(handle, PAGE_REQUESTS / 2, '&warehousecode=W0002');
    const filtered = await pageLatencies(
      handle,
      PAGE_REQUESTS / 2,
      '&activestatus=1&updatedafter=2000-01-01',
    );
    line(`GetProducts limit=500 over HTTP, ${plain.length} pages: median`, ms(median(plain)));
    line('  p99', ms(percentile(plain, 99)));
    line('  p99 / median', (percentile(plain, 99) / median(plain)).toFixed(2));
    line(`  with warehousecode (${perWarehouse.length} pages): median`, ms(median(perWarehouse)));
    line(`  with activestatus + updatedafter (${filtered.length} pages): median`, ms(median(filtered)));
    line(`  baseline GetWarehouses limit=1 (${baseline.length} calls): median`, ms(median(baseline)));
    line('  page / baseline', (median(plain) / median(baseline)).toFixed(2));

    const stock = await stockListLatencies(handle);
    const total = stock.reduce((sum, value) => sum + value, 0);
    line(
      `UpdateProductStockList over HTTP, ${STOCK_BATCHES}×${STOCK_LINES} lines: median call`,
      ms(median(stock)),
    );
    line('  lines/s', Math.round((STOCK_BATCHES * STOCK_LINES) / (total / 1000)).toLocaleString('en'));

    await handle.close();
    const unchecked = await start(folders.at(-1) ?? '', false);
    const withoutCheck = await pageLatencies(unchecked, PAGE_REQUESTS / 2);
    await unchecked.close();
    line("GetProducts page without the core's response check: median", ms(median(withoutCheck)));
    line('  checked / unchecked', (median(plain) / median(withoutCheck)).toFixed(2));
  } finally {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  }
}
