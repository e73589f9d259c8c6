// Routing and envelopes over real HTTP: auth, 404/405, case-insensitive paths, bodies, validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORE, startTestSandbox, verdict, type TestSandbox } from '../../support/sandbox-harness.js';
import { UNREADABLE } from '../../support/unreadable-json.js';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ seed: 'empty' });
});
afterAll(async () => {
  await sandbox.close();
});

async function warehouseCodes(): Promise<string[]> {
  const answer = await sandbox.call('GetWarehouses', { query: { limit: 500 } });
  const body = answer.body as { list: { code: string }[] };
  return body.list.map((warehouse) => warehouse.code).sort();
}

describe('authentication', () => {
  const cases: [string, Record<string, string>][] = [
    ['storename missing', { apikey: DEFAULT_STORE.apikey, apisecret: DEFAULT_STORE.apisecret }],
    ['apikey missing', { storename: DEFAULT_STORE.name, apisecret: DEFAULT_STORE.apisecret }],
    ['apisecret missing', { storename: DEFAULT_STORE.name, apikey: DEFAULT_STORE.apikey }],
    [
      'storename wrong',
      { storename: 'other', apikey: DEFAULT_STORE.apikey, apisecret: DEFAULT_STORE.apisecret },
    ],
    ['apikey wrong', { storename: DEFAULT_STORE.name, apikey: 'nope', apisecret: DEFAULT_STORE.apisecret }],
    ['apisecret wrong', { storename: DEFAULT_STORE.name, apikey: DEFAULT_STORE.apikey, apisecret: 'nope' }],
  ];

  it.each(cases)('%s: a read answers code 100 Invalid API inside res, HTTP 200', async (_label, headers) => {
    const answer = await sandbox.call('GetWarehouses', { as: false, headers });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ res: { resCode: '100', resDesc: 'Invalid API' } });
  });

  it.each(cases)('%s: a write answers top-level Invalid API and changes nothing', async (_label, headers) => {
    const before = await warehouseCodes();
    const answer = await sandbox.call('AddWarehouse', {
      as: false,
      headers,
      body: { code: 'WX', name: 'x' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ resCode: '100', resDesc: 'Invalid API' });
    expect(await warehouseCodes()).toEqual(before);
  });

  it('does not count unauthenticated requests against the quota', async () => {
    const before = sandbox.handle.quotaUsed(DEFAULT_STORE.name);
    await sandbox.call('GetWarehouses', { as: { ...DEFAULT_STORE, apikey: 'wrong' } });
    expect(sandbox.handle.quotaUsed(DEFAULT_STORE.name)).toBe(before);
  });
});

describe('routing', () => {
  it('has a handler for every endpoint of the table (lists any that are missing)', () => {
    expect(sandbox.handle.missingHandlers, 'answered "Not implemented in the sandbox"').toEqual([]);
  });

  it('answers HTTP 404 for an unknown path', async () => {
    expect((await sandbox.request('GET', '/v4/Warehouse/GetNothing')).status).toBe(404);
    expect((await sandbox.request('GET', '/v3/Warehouse/GetWarehouses')).status).toBe(404);
  });

  it('answers HTTP 405 for a wrong method on a known path', async () => {
    const get = await sandbox.request('GET', '/v4/Warehouse/AddWarehouse');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await sandbox.request('POST', '/v4/Warehouse/GetWarehouses')).status).toBe(405);
    expect((await sandbox.request('DELETE', '/v4/warehouse/getwarehouses')).status).toBe(405);
  });

  it('matches paths case-insensitively', async () => {
    const answer = await sandbox.request('GET', '/V4/WAREHOUSE/getwarehouses');
    expect(answer.status).toBe(200);
    expect(verdict(answer.body)).toEqual({ code: '200', description: 'Success' });
  });
});

describe('bodies and envelopes', () => {
  it('answers a write with top-level resCode and detail.id', async () => {
    const answer = await sandbox.call('AddWarehouse', { body: { code: 'W0100', name: 'คลังทดสอบ' } });
    expect(answer.body).toEqual({ resCode: '200', resDesc: 'Success', detail: { id: expect.any(Number) } });
  });

  it('answers a detail read flat and a list with res, list and count', async () => {
    const profile = await sandbox.call('GetMerchantProfile');
    expect(profile.body).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(profile.body).not.toHaveProperty('res');
    const list = await sandbox.call('GetPaymentMethods');
    expect(list.body).toEqual({ res: { resCode: '200', resDesc: 'Success' }, list: [], count: 0 });
  });

  it('accepts JSON whatever the content type says', async () => {
    const answer = await sandbox.call('AddWarehouse', {
      body: JSON.stringify({ code: 'W0101', name: 'text/plain' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(verdict(answer.body)?.code).toBe('200');
  });

  it('names the body when it is not JSON, and changes nothing', async () => {
    const before = await warehouseCodes();
    const answer = await sandbox.call('AddWarehouse', { body: '{"code": "W0102",' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ resCode: '100', resDesc: 'body is not valid JSON' });
    expect(await warehouseCodes()).toEqual(before);
  });

  it('treats an empty body as no body', async () => {
    const answer = await sandbox.call('AddWarehouse', { body: '' });
    expect(answer.body).toEqual({ resCode: '100', resDesc: 'body is required' });
  });
});

describe('validation names the field', () => {
  it('names a missing required field and a wrongly typed one', async () => {
    const missing = await sandbox.call('AddWarehouse', { body: { name: 'x' } });
    expect(missing.body).toEqual({ resCode: '100', resDesc: 'code is required' });
    const wrongType = await sandbox.call('AddWarehouse', { body: { code: 7, name: 'x' } });
    expect(verdict(wrongType.body)).toEqual({ code: '100', description: 'code must be text' });
  });

  it('refuses a field zod cannot read (JSON with no primitive value) as code 100, changing nothing', async () => {
    const before = await warehouseCodes();
    const answer = await sandbox.call('AddWarehouse', {
      body: JSON.stringify({ code: UNREADABLE, name: 'x' }),
    });
    expect(answer.status).toBe(200);
    expect(verdict(answer.body)).toEqual({
      code: '100',
      description: 'body could not be read: a part of it has no primitive value',
    });
    expect(await warehouseCodes()).toEqual(before);
  });

  it('names a duplicate warehouse code', async () => {
    const answer = await sandbox.call('AddWarehouse', { body: { code: 'W0001', name: 'again' } });
    expect(verdict(answer.body)?.code).toBe('100');
    expect(verdict(answer.body)?.description).toMatch(/^code /);
  });

  it('names a query parameter that is not a number', async () => {
    const answer = await sandbox.call('GetWarehouses', { query: { limit: 'many' } });
    expect(answer.body).toEqual({ res: { resCode: '100', resDesc: 'limit must be a whole number' } });
  });

  it('names a nested field path in a body list', async () => {
    const answer = await sandbox.call('UpdateProductStockList', {
      query: { warehousecode: 'W0001' },
      body: { stocks: [{ sku: 'A', stock: 1 }, { stock: 'x' }] },
    });
    expect(verdict(answer.body)?.description).toContain('stocks[1].');
  });

  it('names a date field with a wrong format', async () => {
    const answer = await sandbox.call('AddReturnPurchaseOrder', {
      body: { number: 'R1', amount: 10, returnpurchaseorderdate: '05/01/2026' },
    });
    expect(verdict(answer.body)).toEqual({
      code: '100',
      description: 'returnpurchaseorderdate must be a date yyyy-MM-dd',
    });
  });

  it('answers the id-or-number rule with Invalid ID. and the reason', async () => {
    const answer = await sandbox.call('GetReturnPurchaseOrderDetail');
    expect(answer.body).toEqual({
      res: { resCode: '100', resDesc: 'Invalid ID. number is required when id is 0 or absent' },
    });
    const byId = await sandbox.call('GetProductDetail', { query: { id: 'abc' } });
    expect(verdict(byId.body)).toEqual({ code: '100', description: 'Invalid ID. id must be a whole number' });
    const missingId = await sandbox.call('ActiveProduct');
    expect(missingId.body).toEqual({ resCode: '100', resDesc: 'Invalid ID. id is required' });
  });

  it('names a list header holding a non-integer', async () => {
    const answer = await sandbox.call('GetProducts', { headers: { productidlist: '1, 2,x' } });
    expect(verdict(answer.body)?.description).toMatch(/^productidlist must be a comma-separated list/);
  });

  it('rejects a keyword shorter than 3 characters, naming keyword', async () => {
    const answer = await sandbox.call('GetProducts', { query: { keyword: 'ab' } });
    expect(answer.body).toEqual({
      res: { resCode: '100', resDesc: 'keyword must be at least 3 characters' },
    });
  });

  it('answers an upload row without a file naming file', async () => {
    const answer = await sandbox.call('UpdateProductImage', { query: { id: 1 } });
    expect(verdict(answer.body)?.description).toMatch(/^file is required/);
  });
});
