// The daily quota: production's answer once reached, per store, per Thai day, kept across restarts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, verdict, type TestSandbox } from '../../support/sandbox-harness.js';

const demo = { name: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' };
const other = { name: 'other', apikey: 'other-key', apisecret: 'other-secret' };
// 2026-01-05 23:58 in Thai time (16:58 UTC).
let clock = Date.UTC(2026, 0, 5, 16, 58);

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({
    seed: 'empty',
    stores: [demo, other],
    quotaPerDay: 3,
    now: () => clock,
  });
});
afterAll(async () => {
  await sandbox.close();
});

describe('daily request quota', () => {
  it('answers code 100 "API Request Limits (n requests/day)" once the day is used up', async () => {
    for (let index = 0; index < 3; index += 1) {
      expect(verdict((await sandbox.call('GetWarehouses')).body)?.code).toBe('200');
    }
    const read = await sandbox.call('GetWarehouses');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ res: { resCode: '100', resDesc: 'API Request Limits (3 requests/day)' } });
    const write = await sandbox.call('AddWarehouse', { body: { code: 'Q1', name: 'q' } });
    expect(write.body).toEqual({ resCode: '100', resDesc: 'API Request Limits (3 requests/day)' });
    expect(sandbox.handle.quotaUsed('demo')).toBe(3);
  });

  it('counts each store separately', async () => {
    expect(verdict((await sandbox.call('GetWarehouses', { as: other })).body)?.code).toBe('200');
  });

  it('keeps the count across a restart', async () => {
    await sandbox.restart();
    const answer = await sandbox.call('GetWarehouses');
    expect(verdict(answer.body)?.description).toBe('API Request Limits (3 requests/day)');
  });

  it('follows a raised limit at run time', async () => {
    sandbox.handle.setQuota(4);
    expect(verdict((await sandbox.call('GetWarehouses')).body)?.code).toBe('200');
    expect(verdict((await sandbox.call('GetWarehouses')).body)?.description).toBe(
      'API Request Limits (4 requests/day)',
    );
  });

  it('starts again on the next Thai day', async () => {
    clock += 3 * 60_000; // 00:01 on 2026-01-06 in Thai time, still 2026-01-05 in UTC
    expect(verdict((await sandbox.call('GetWarehouses')).body)?.code).toBe('200');
    expect(sandbox.handle.quotaUsed('demo')).toBe(1);
  });

  it('can be set near the limit for a test', async () => {
    sandbox.handle.setQuotaUsed('demo', 4);
    expect(verdict((await sandbox.call('GetWarehouses')).body)?.code).toBe('100');
  });
});
