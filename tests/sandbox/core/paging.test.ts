// Paging shared by every list: default 20, limit clamped to 500, below 1 rejected, past the end empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWarehouse } from '../../../src-main/sandbox/resources/merchant/merchant.repository.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-harness.js';

let sandbox: TestSandbox;
const TOTAL = 510;

interface Body {
  res: { resCode: string; resDesc: string };
  list: { code: string }[];
  count: number;
}

beforeAll(async () => {
  sandbox = await startTestSandbox({ seed: 'empty' });
  const { db, stores } = sandbox.handle;
  const storeId = stores[0]?.id ?? 0;
  db.transaction(() => {
    for (let index = 2; index <= TOTAL; index += 1) {
      insertWarehouse(db, storeId, {
        code: `W${String(index).padStart(4, '0')}`,
        name: 'x',
        address: '',
        createdAt: 0,
      });
    }
  })();
});
afterAll(async () => {
  await sandbox.close();
});

async function page(query: Record<string, string | number>): Promise<Body> {
  return (await sandbox.call('GetWarehouses', { query })).body as Body;
}

describe('list paging', () => {
  it('defaults to page 1 of 20, newest first, with count = all matching', async () => {
    const body = await page({});
    expect(body.count).toBe(TOTAL);
    expect(body.list).toHaveLength(20);
    expect(body.list[0]?.code).toBe('W0510');
  });

  it('clamps a limit above 500 to 500', async () => {
    const body = await page({ limit: 1000 });
    expect(body.res.resCode).toBe('200');
    expect(body.list).toHaveLength(500);
    expect(body.count).toBe(TOTAL);
    const second = await page({ limit: 1000, page: 2 });
    expect(second.list.map((item) => item.code)).toEqual([
      'W0010',
      'W0009',
      'W0008',
      'W0007',
      'W0006',
      'W0005',
      'W0004',
      'W0003',
      'W0002',
      'W0001',
    ]);
  });

  it('answers a page past the end with an empty list and the full count', async () => {
    const body = await page({ limit: 100, page: 99 });
    expect(body.res.resCode).toBe('200');
    expect(body.list).toEqual([]);
    expect(body.count).toBe(TOTAL);
  });

  it.each([
    [{ limit: 0 }, 'limit must be at least 1'],
    [{ limit: -5 }, 'limit must be at least 1'],
    [{ page: 0 }, 'page must be at least 1'],
    [{ page: 'two' }, 'page must be a whole number'],
  ])('rejects %o naming the field', async (query, description) => {
    const body = await page(query);
    expect(body).toEqual({ res: { resCode: '100', resDesc: description } });
  });

  it('refuses a parameter given twice, naming it', async () => {
    const answer = await sandbox.request('GET', '/v4/Warehouse/GetWarehouses?limit=1&limit=2');
    expect(answer.body).toEqual({ res: { resCode: '100', resDesc: 'limit must be given once' } });
  });
});
