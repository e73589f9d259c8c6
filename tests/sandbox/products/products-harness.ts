// Shared set-up of the product and bundle tests: a real sandbox over HTTP (the core's harness) with an
// empty seed, a second warehouse, a clock the tests move, and small typed helpers for the answers.
import { expect } from 'vitest';
import { endpoints, type EndpointName } from '../../../src-shared/api/endpoints/index.js';
import * as products from '../../../src-main/sandbox/resources/products/index.js';
import {
  startTestSandbox,
  verdict,
  type CallOptions,
  type TestSandbox,
  type TestSandboxOptions,
} from '../../support/sandbox-harness.js';
import { forFile, standIn } from '../../support/per-file.js';

/** 2026-03-10 10:00 Thai time. */
export const START = Date.parse('2026-03-10T03:00:00Z');
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

export interface Clock {
  now(): number;
  set(instant: number): void;
  advance(ms: number): void;
}

export interface ProductSandbox extends TestSandbox {
  readonly clock: Clock;
}

export interface StockLine {
  productid: number;
  sku: string;
  stock: number;
}

export interface StockUpdate {
  success: number;
  fail: number;
  notupdate: number;
  successlist: StockLine[];
  faillist: StockLine[];
  notupdatelist: StockLine[];
}

export interface ProductAnswer {
  id: number;
  name: string;
  sku: string;
  description: string;
  sellprice: string;
  purchaseprice: string;
  sell_vat_status: number;
  purchase_vat_status: number;
  barcode: string;
  stock: string;
  availablestock: string;
  unittext: string;
  imagepath: string;
  weight: string;
  width: string;
  length: string;
  height: string;
  categoryid: number;
  category: string;
  producttype: number;
  variationid: number;
  variant: { variantid: number; variantname: string; name: string }[];
  tag: string[];
  active: boolean;
  imageList: string[];
  properties: { id: number; name: string; value: string }[];
}

export interface Verdict {
  code: string;
  description: string;
}

/** Starts the sandbox with an empty seed (W0001) plus W0002 and a clock the test moves. */
export async function startProductSandbox(options: TestSandboxOptions = {}): Promise<ProductSandbox> {
  let current = START;
  const clock: Clock = {
    now: () => current,
    set: (instant) => {
      current = instant;
    },
    advance: (ms) => {
      current += ms;
    },
  };
  const sandbox = await startTestSandbox({
    seed: 'empty',
    now: () => current,
    ...options,
  });
  const added = await sandbox.call('AddWarehouse', { body: { code: 'W0002', name: 'Second' } });
  expect(verdict(added.body)?.code).toBe('200');
  return Object.assign(sandbox, { clock });
}

/** One product sandbox for the tests of a file (started before the first, closed after the last). */
export function productSandboxForFile(options: TestSandboxOptions = {}): ProductSandbox {
  return standIn(
    forFile(
      () => startProductSandbox(options),
      (sandbox) => sandbox.close(),
    ),
  );
}

/** The verdict of any answer (res.resCode or top-level resCode). */
export function verdictOf(body: unknown): Verdict {
  const found = verdict(body);
  if (!found) throw new Error(`no verdict in ${JSON.stringify(body)}`);
  return found;
}

export async function callVerdict(
  sandbox: TestSandbox,
  name: EndpointName,
  options: CallOptions = {},
): Promise<Verdict> {
  const answer = await sandbox.call(name, options);
  expect(answer.status).toBe(200);
  return verdictOf(answer.body);
}

let skuCounter = 0;

/** A sku no other test uses. */
export function freshSku(prefix = 'SKU'): string {
  skuCounter += 1;
  return `${prefix}-${skuCounter.toString().padStart(5, '0')}`;
}

/** Adds a product (name and sku default) and returns its id. */
export async function addProduct(
  sandbox: TestSandbox,
  body: Record<string, unknown> = {},
  options: Omit<CallOptions, 'body'> = {},
): Promise<number> {
  const answer = await sandbox.call('AddProduct', {
    ...options,
    body: { name: 'สินค้าทดสอบ', sku: freshSku(), ...body },
  });
  const result = answer.body as { resCode: string; resDesc: string; detail?: { id: number } };
  expect(result.resDesc).toBe('Success');
  expect(result.resCode).toBe('200');
  if (!result.detail) throw new Error('AddProduct answered no detail.id');
  return result.detail.id;
}

export async function productDetail(
  sandbox: TestSandbox,
  id: number,
  warehousecode?: string,
): Promise<ProductAnswer> {
  const answer = await sandbox.call('GetProductDetail', { query: { id, warehousecode } });
  expect(answer.status).toBe(200);
  return answer.body as ProductAnswer;
}

export async function listProducts(
  sandbox: TestSandbox,
  query: Record<string, string | number | undefined> = {},
  headers?: Record<string, string>,
): Promise<{ res: Verdict & { resCode: string }; list: ProductAnswer[]; count: number }> {
  const answer = await sandbox.call('GetProducts', { query, ...(headers ? { headers } : {}) });
  expect(answer.status).toBe(200);
  return answer.body as { res: Verdict & { resCode: string }; list: ProductAnswer[]; count: number };
}

export type StockListName =
  | 'UpdateProductStockList'
  | 'IncreaseProductStockList'
  | 'DecreaseProductStockList'
  | 'UpdateProductAvailableStockList';

/** Sends a stock list and returns detail.stockupdate (asserting resCode 200). */
export async function sendStockList(
  sandbox: TestSandbox,
  name: StockListName,
  warehousecode: string,
  stocks: readonly Record<string, unknown>[],
): Promise<StockUpdate> {
  const answer = await sandbox.call(name, { query: { warehousecode }, body: { stocks } });
  const body = answer.body as { resCode: string; resDesc: string; detail?: { stockupdate: StockUpdate } };
  expect(body.resCode, body.resDesc).toBe('200');
  if (!body.detail) throw new Error(`${name} answered no detail`);
  return body.detail.stockupdate;
}

/** Stock and available stock of a product as numbers (in one warehouse when a code is given). */
export async function figures(
  sandbox: TestSandbox,
  id: number,
  warehousecode?: string,
): Promise<{ stock: number; available: number }> {
  const product = await productDetail(sandbox, id, warehousecode);
  return { stock: Number(product.stock), available: Number(product.availablestock) };
}

/**
 * Adds many products in one transaction straight through the AddProduct handler (as the demo seeder
 * does): set-up for tests that need more than a page of products, without hundreds of fsyncs.
 */
export function addProductsInProcess(sandbox: ProductSandbox, skus: readonly string[]): number[] {
  const store = sandbox.handle.stores[0];
  if (!store) throw new Error('the sandbox serves no store');
  const db = sandbox.handle.db;
  return db.transaction(() =>
    skus.map((sku) => {
      const result = products.handlers.AddProduct({
        store,
        db,
        now: sandbox.clock.now,
        endpoint: endpoints.AddProduct,
        query: {},
        parent: {},
        headerLists: {},
        body: { name: `สินค้า ${sku}`, sku },
        file: undefined,
      });
      if (result.id === undefined) throw new Error(`AddProduct gave ${sku} no id`);
      return result.id;
    }),
  )();
}

/** A new product with `stock` in W0001 and `available` (default: the same) there. */
export async function productWithStock(
  sandbox: TestSandbox,
  stock: number,
  available = stock,
): Promise<{ id: number; sku: string }> {
  const sku = freshSku('STK');
  const id = await addProduct(sandbox, { sku });
  if (stock !== 0)
    await sendStockList(sandbox, 'UpdateProductStockList', 'W0001', [{ productid: id, stock }]);
  if (available !== stock) {
    await sendStockList(sandbox, 'UpdateProductAvailableStockList', 'W0001', [
      { productid: id, stock: available },
    ]);
  }
  return { id, sku };
}
