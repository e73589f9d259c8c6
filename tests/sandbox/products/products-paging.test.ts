// GetProducts on several full pages: limit clamped to 500, the default page size, ties in created_at
// broken by id (newest first), and both query plans (more than 2,000 matches walk the newest-first
// index; a few updated_at matches are sought by updated_at).
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../../src-main/sandbox/core/list-helpers.js';
import {
  DAY,
  START,
  addProduct,
  addProductsInProcess,
  listProducts,
  productSandboxForFile,
  sendStockList,
} from './products-harness.js';

const TOTAL = 2105;
const sandbox = productSandboxForFile();
let ids: number[] = [];

beforeAll(async () => {
  // Every product is created at the same instant (the clock does not move); one over HTTP, the rest
  // in process (set-up only; every read below is HTTP).
  ids.push(await addProduct(sandbox, { sku: 'PAGE-HTTP' }));
  const skus = Array.from(
    { length: TOTAL - 1 },
    (_unused, index) => `PAGE-${String(index).padStart(4, '0')}`,
  );
  ids.push(...addProductsInProcess(sandbox, skus));
  ids = ids.sort((a, b) => b - a);
});

const idsOf = (list: readonly { id: number }[]) => list.map((product) => product.id);

describe('GetProducts over several pages', () => {
  it(`clamps limit to ${MAX_LIMIT}; the last page holds the rest`, async () => {
    const page = await listProducts(sandbox, { limit: 1000 });
    expect(page.count).toBe(TOTAL);
    expect(page.list).toHaveLength(MAX_LIMIT);
    const last = await listProducts(sandbox, { limit: 1000, page: 5 });
    expect(idsOf(last.list)).toEqual(ids.slice(4 * MAX_LIMIT));
    expect((await listProducts(sandbox, { limit: 500, page: 6 })).list).toEqual([]);
  });

  it(`answers ${DEFAULT_LIMIT} products when no limit is given`, async () => {
    expect(idsOf((await listProducts(sandbox)).list)).toEqual(ids.slice(0, DEFAULT_LIMIT));
  });

  it('orders products created at the same instant by id, newest first, across pages', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 5; page += 1) {
      seen.push(...idsOf((await listProducts(sandbox, { limit: 500, page })).list));
    }
    expect(seen).toEqual(ids);
  });

  it('gives the same pages for a wide and a narrow updated range', async () => {
    const wide = await listProducts(sandbox, {
      updatedafter: '2026-01-01',
      activestatus: 1,
      limit: 500,
      page: 3,
    });
    expect(wide.count).toBe(TOTAL);
    expect(idsOf(wide.list)).toEqual(ids.slice(1000, 1500));
    const touched = [ids[5], ids[1700], ids[42]];
    sandbox.clock.set(START + 3 * DAY);
    await sendStockList(
      sandbox,
      'IncreaseProductStockList',
      'W0001',
      touched.map((productid) => ({ productid, stock: 1 })),
    );
    sandbox.clock.set(START);
    const narrow = await listProducts(sandbox, { updatedafter: '2026-03-13' });
    expect(narrow.count).toBe(3);
    expect(idsOf(narrow.list)).toEqual([ids[5], ids[42], ids[1700]]);
    const before = await listProducts(sandbox, { updatedbefore: '2026-03-12', limit: 500, page: 5 });
    expect(before.count).toBe(TOTAL - 3);
  });
});
