// GetProducts on more than one full page: limit clamped to 500, the default page size, ties in
// created_at broken by id (newest first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../../src-main/sandbox/list-helpers.js';
import {
  addProduct,
  addProductsInProcess,
  listProducts,
  startProductSandbox,
  type ProductSandbox,
} from './products-harness.js';

const TOTAL = MAX_LIMIT + 5;
let sandbox: ProductSandbox;
let ids: number[] = [];

beforeAll(async () => {
  sandbox = await startProductSandbox();
  // Every product is created at the same instant (the clock does not move); one over HTTP, the rest
  // in process (set-up only; the reads below are HTTP).
  ids.push(await addProduct(sandbox, { sku: 'PAGE-HTTP' }));
  const skus = Array.from(
    { length: TOTAL - 1 },
    (_unused, index) => `PAGE-${String(index).padStart(4, '0')}`,
  );
  ids.push(...addProductsInProcess(sandbox, skus));
  ids = ids.sort((a, b) => b - a);
});
afterAll(async () => {
  await sandbox.close();
});

describe('GetProducts over several pages', () => {
  it(`clamps limit to ${MAX_LIMIT}`, async () => {
    const page = await listProducts(sandbox, { limit: 1000 });
    expect(page.count).toBe(TOTAL);
    expect(page.list).toHaveLength(MAX_LIMIT);
    const second = await listProducts(sandbox, { limit: 1000, page: 2 });
    expect(second.list.map((product) => product.id)).toEqual(ids.slice(MAX_LIMIT));
  });

  it(`answers ${DEFAULT_LIMIT} products when no limit is given`, async () => {
    const page = await listProducts(sandbox);
    expect(page.list.map((product) => product.id)).toEqual(ids.slice(0, DEFAULT_LIMIT));
  });

  it('orders products created at the same instant by id, newest first, across pages', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page += 1) {
      seen.push(...(await listProducts(sandbox, { limit: 200, page })).list.map((product) => product.id));
    }
    expect(seen).toEqual(ids);
  });
});
