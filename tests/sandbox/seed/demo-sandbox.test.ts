// End to end: a sandbox started with the demo seed (the core's harness, real HTTP) answers the demo
// store through v4: the catalogue, three warehouses, contacts, and each warehouse's stock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PRODUCTS, generateDemoStore } from '../../../src-main/sandbox/seed/index.js';
import { WAREHOUSE_CODES } from '../../../src-main/sandbox/seed/stock.js';
import { startTestSandbox, verdict, type TestSandbox } from '../../support/sandbox-harness.js';
import { expectedStock } from './expected-stock.js';
import { ANCHOR, REFERENCE } from './seed-fixtures.js';

interface ListAnswer {
  list: Record<string, unknown>[];
  count: number;
}

let sandbox: TestSandbox;
const demo = generateDemoStore({ anchor: ANCHOR, ...REFERENCE });

beforeAll(async () => {
  sandbox = await startTestSandbox({ seed: 'demo', products: DEFAULT_DEMO_PRODUCTS, now: () => ANCHOR });
});
afterAll(async () => {
  await sandbox.close();
});

async function list(
  name: 'GetProducts' | 'GetWarehouses' | 'GetContacts' | 'GetBundles' | 'GetQuotations',
  query: Record<string, string | number> = {},
): Promise<ListAnswer> {
  const answer = await sandbox.call(name, { query: { limit: 500, ...query } });
  expect(verdict(answer.body)?.code, `${name} ${answer.text.slice(0, 200)}`).toBe('200');
  return answer.body as ListAnswer;
}

describe('a demo sandbox over v4', () => {
  it('serves the demo catalogue, three warehouses, contacts, bundles and quotations', async () => {
    expect((await list('GetProducts')).count).toBeGreaterThanOrEqual(2000);
    expect((await list('GetWarehouses')).count).toBe(3);
    expect((await list('GetContacts')).count).toBeGreaterThan(0);
    expect((await list('GetBundles')).count).toBe(demo.bundles.length);
    expect((await list('GetQuotations')).count).toBe(30);
  });

  it('shows each warehouse its own stock (GetProducts?warehousecode=...)', async () => {
    const totals: number[] = [];
    for (const code of WAREHOUSE_CODES) {
      let total = 0;
      let read = 0;
      for (let page = 1; read < demo.catalogue.products.length; page += 1) {
        const answer = await list('GetProducts', { warehousecode: code, page });
        if (answer.list.length === 0) break;
        read += answer.list.length;
        total += answer.list.reduce((sum, item) => sum + Number(item['stock']), 0);
      }
      const expected = [...expectedStock(demo, code).values()].reduce((sum, value) => sum + value, 0);
      expect(total, code).toBeCloseTo(expected, 3);
      totals.push(total);
    }
    const [main = 0, second = 0, regional = 0] = totals;
    expect(main).toBeGreaterThan(second);
    expect(second).toBeGreaterThan(regional);
    expect(regional).toBeGreaterThan(0);
  });
});
