// The client against the real sandbox over HTTP on 127.0.0.1: decoding, auth, validation, every fault
// class, read retries healing, writes sent once, and the budget agreeing with the server's count.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FaultMode, FaultTiming } from '../../src-main/sandbox/index.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-harness.js';
import { testClient, type TestClient } from './support/client.js';
import { TEST_CREDENTIALS, TEST_STORE, expectFailure } from './support/secrets.js';

let sandbox: TestSandbox;
let made: TestClient;
const extraClients: TestClient[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox({ stores: [TEST_STORE], log: () => {} });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  sandbox.handle.clearFaults();
  await made.client.close();
  for (const extra of extraClients.splice(0)) await extra.client.close();
});

/** A fresh client per test (its own budget), with the base URL given the /v4 way. */
function client(options: Parameters<typeof testClient>[1] = {}) {
  made = testClient(`${sandbox.url}/v4`, options);
  return made.client;
}

function another(options: Parameters<typeof testClient>[1] = {}) {
  const extra = testClient(sandbox.url, options);
  extraClients.push(extra);
  return extra.client;
}

let warehouseNumber = 0;
const nextWarehouse = () => {
  warehouseNumber += 1;
  return { code: `WT${warehouseNumber}`, name: `Test warehouse ${warehouseNumber}` };
};

async function warehouseCodes(): Promise<string[]> {
  const answer = await another().call('GetWarehouses', { query: { limit: 500 } });
  return answer.list.map((warehouse) => warehouse.code ?? '');
}

describe('successful answers', () => {
  it('decodes a list, a detail and a write', async () => {
    const backoffice = client();
    const warehouses = await backoffice.call('GetWarehouses', { query: { limit: 2 } });
    expect(warehouses.res.resCode).toBe('200');
    expect(warehouses.list).toHaveLength(2);
    expect(warehouses.count).toBeGreaterThanOrEqual(2);
    expect(typeof warehouses.list[0]?.id).toBe('number');

    const profile = await backoffice.call('GetMerchantProfile');
    expect(profile).toMatchObject({ id: expect.any(Number), name: expect.any(String) });

    const warehouse = nextWarehouse();
    const created = await backoffice.call('AddWarehouse', { body: warehouse });
    expect(created).toMatchObject({ resCode: '200', detail: { id: expect.any(Number) } });
    expect(await warehouseCodes()).toContain(warehouse.code);
  });
});

describe('refusals', () => {
  it('classifies wrong credentials and revoked ones as auth', async () => {
    const wrong = another({ credentials: { ...TEST_CREDENTIALS, apisecret: 'not-the-secret' } });
    const failure = await expectFailure(wrong.call('GetWarehouses'), 'auth');
    expect(failure).toMatchObject({
      endpoint: 'GetWarehouses',
      code: '100',
      text: 'Invalid API',
      sent: true,
    });

    sandbox.handle.revokeStore(TEST_STORE.name);
    try {
      await expectFailure(client().call('AddWarehouse', { body: nextWarehouse() }), 'auth');
    } finally {
      sandbox.handle.restoreStore(TEST_STORE.name);
    }
  });

  it('classifies the server validation as permanent, naming the field', async () => {
    const unchecked = client({ validateRequests: false });
    const failure = await expectFailure(
      unchecked.call('AddWarehouse', { body: { code: '', name: 'x' } }),
      'permanent',
    );
    expect(failure).toMatchObject({ endpoint: 'AddWarehouse', code: '100', sent: true });
    expect(failure.text).toMatch(/^code /);
  });

  it('refuses the same request locally, spending no request', async () => {
    const before = sandbox.handle.quotaUsed(TEST_STORE.name);
    const failure = await expectFailure(
      client().call('AddWarehouse', { body: { code: '', name: 'x' } }),
      'permanent',
    );
    expect(failure).toMatchObject({ code: 'INVALID_REQUEST', sent: false });
    expect(failure.text).toMatch(/^code /);
    expect(sandbox.handle.quotaUsed(TEST_STORE.name)).toBe(before);
  });
});

describe('faults', () => {
  const faults: Array<[FaultMode, FaultTiming, string | RegExp]> = [
    ['http500', 'before', 'HTTP 500'],
    ['http500', 'after', 'HTTP 500'],
    ['res500', 'before', '500'],
    ['res500', 'after', '500'],
    ['reset', 'before', /^(ECONNRESET|EPIPE|UND_ERR_SOCKET)$/],
    ['reset', 'after', /^(ECONNRESET|EPIPE|UND_ERR_SOCKET)$/],
  ];

  it.each(faults)('%s %s the write commits is unclear, sent once', async (mode, timing, code) => {
    sandbox.handle.scheduleFault({ endpoint: 'AddWarehouse', mode, timing });
    const warehouse = nextWarehouse();
    const failure = await expectFailure(client().call('AddWarehouse', { body: warehouse }), 'unclear');
    expect(failure.code).toMatch(code);
    expect(failure).toMatchObject({ endpoint: 'AddWarehouse', sent: true, attempts: 1, effect: 'unknown' });
    // "Unclear" is exactly right: after the commit the write is there, before it is not.
    expect((await warehouseCodes()).includes(warehouse.code)).toBe(timing === 'after');
  });

  it('heals a read by retrying with full-jitter backoff', async () => {
    sandbox.handle.scheduleFault({ endpoint: 'GetWarehouses', mode: 'http500', count: 1 });
    sandbox.handle.scheduleFault({ endpoint: 'GetWarehouses', mode: 'reset', count: 1 });
    const backoffice = client();
    const answer = await backoffice.call('GetWarehouses');
    expect(answer.res.resCode).toBe('200');
    expect(made.events.map((event) => event.outcome)).toEqual(['unclear', 'unclear', 'ok']);
    expect(made.sleeps).toEqual([125, 250]);
  });

  it('gives up a read after the bounded attempts, saying how many were made', async () => {
    sandbox.handle.scheduleFault({ endpoint: 'GetMerchantProfile', mode: 'res500', count: 3 });
    const failure = await expectFailure(client().call('GetMerchantProfile'), 'unclear');
    expect(failure).toMatchObject({ code: '500', attempts: 3, effect: 'none' });
  });

  it('never retries a write: the next scheduled fault is still waiting', async () => {
    sandbox.handle.scheduleFault({ endpoint: 'AddWarehouse', mode: 'http500', count: 1 });
    const backoffice = client();
    await expectFailure(backoffice.call('AddWarehouse', { body: nextWarehouse() }), 'unclear');
    expect(made.sleeps).toEqual([]);
    // Had the client retried, the schedule would be empty and this would succeed only by luck.
    sandbox.handle.scheduleFault({ endpoint: 'AddWarehouse', mode: 'res500', count: 1 });
    await expectFailure(backoffice.call('AddWarehouse', { body: nextWarehouse() }), 'unclear');
    await expect(backoffice.call('AddWarehouse', { body: nextWarehouse() })).resolves.toMatchObject({
      resCode: '200',
    });
  });

  it('times out a slow write as unclear, and the server applies it anyway', async () => {
    // undici checks its timers about twice a second, so the latency leaves the timeout room to fire.
    sandbox.handle.setFaults({ latencyMs: 2_000 });
    const warehouse = nextWarehouse();
    const slow = client({ timeouts: { headersMs: 100 } });
    const failure = await expectFailure(slow.call('AddWarehouse', { body: warehouse }), 'unclear');
    expect(failure.code).toBe('UND_ERR_HEADERS_TIMEOUT');
    sandbox.handle.clearFaults();
    await expect.poll(warehouseCodes, { timeout: 5_000, interval: 100 }).toContain(warehouse.code);
  });
});

describe('the request budget', () => {
  it('counts what the server counts, faults and retries included, and nothing that was refused locally', async () => {
    const before = sandbox.handle.quotaUsed(TEST_STORE.name);
    const backoffice = client();
    sandbox.handle.scheduleFault({ endpoint: 'GetWarehouses', mode: 'http500', count: 1 });
    await backoffice.call('GetWarehouses');
    await backoffice.call('GetMerchantProfile');
    sandbox.handle.scheduleFault({ endpoint: 'AddWarehouse', mode: 'reset', timing: 'after' });
    await expectFailure(backoffice.call('AddWarehouse', { body: nextWarehouse() }), 'unclear');
    await expectFailure(backoffice.call('AddWarehouse', { body: { code: '', name: '' } }), 'permanent');
    const counted = sandbox.handle.quotaUsed(TEST_STORE.name) - before;
    expect(counted).toBe(4);
    expect(backoffice.budget.snapshot()).toMatchObject({
      storeKey: TEST_STORE.name,
      used: 4,
      limit: 50_000,
      dayKey: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it("classifies the server's quota answer, and stops sending for the day", async () => {
    const before = sandbox.handle.quotaUsed(TEST_STORE.name);
    sandbox.handle.setQuotaUsed(TEST_STORE.name, 50_000);
    try {
      const backoffice = client();
      const failure = await expectFailure(backoffice.call('GetWarehouses'), 'quota');
      expect(failure).toMatchObject({
        code: '100',
        text: 'API Request Limits (50000 requests/day)',
        attempts: 1,
      });
      expect(backoffice.budget.snapshot().exhausted).toBe(true);
      const local = await expectFailure(backoffice.call('GetWarehouses'), 'quota');
      expect(local.sent).toBe(false);
    } finally {
      sandbox.handle.setQuotaUsed(TEST_STORE.name, before);
    }
  });
});
