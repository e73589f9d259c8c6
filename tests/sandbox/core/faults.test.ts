// Fault injection: each mode before and after the write commits, reads, the seeded random rate, latency.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FaultMode } from '../../../src-main/sandbox/index.js';
import { startTestSandbox, verdict, type TestSandbox } from '../../support/sandbox-harness.js';

let sandbox: TestSandbox;
let counter = 0;

beforeAll(async () => {
  sandbox = await startTestSandbox({ seed: 'empty' });
});
afterEach(() => {
  sandbox.handle.clearFaults();
});
afterAll(async () => {
  await sandbox.close();
});

async function codes(): Promise<string[]> {
  const body = (await sandbox.call('GetWarehouses', { query: { limit: 500 } })).body as {
    list: { code: string }[];
  };
  return body.list.map((warehouse) => warehouse.code);
}

function addWarehouse(code: string) {
  return sandbox.call('AddWarehouse', { body: { code, name: 'fault test' } });
}

function nextCode(): string {
  counter += 1;
  return `F${String(counter).padStart(4, '0')}`;
}

describe('scheduled faults on a write', () => {
  it.each(['before', 'after'] as const)('reset %s the commit', async (timing) => {
    const code = nextCode();
    sandbox.handle.scheduleFault({ endpoint: 'AddWarehouse', mode: 'reset', timing });
    await expect(addWarehouse(code)).rejects.toThrow();
    expect((await codes()).includes(code)).toBe(timing === 'after');
  });

  it.each(['before', 'after'] as const)('HTTP 500 %s the commit', async (timing) => {
    const code = nextCode();
    sandbox.handle.scheduleFault({ endpoint: 'AddWarehouse', mode: 'http500', timing });
    const answer = await addWarehouse(code);
    expect(answer.status).toBe(500);
    expect((await codes()).includes(code)).toBe(timing === 'after');
  });

  it.each(['before', 'after'] as const)('resCode "500" in a 200 body %s the commit', async (timing) => {
    const code = nextCode();
    sandbox.handle.scheduleFault({ endpoint: 'addwarehouse', mode: 'res500', timing });
    const answer = await addWarehouse(code);
    expect(answer.status).toBe(200);
    expect(verdict(answer.body)?.code).toBe('500');
    expect(answer.body).not.toHaveProperty('res');
    expect((await codes()).includes(code)).toBe(timing === 'after');
  });

  it('fails exactly the next N requests to that endpoint only', async () => {
    sandbox.handle.scheduleFault({ endpoint: 'AddWarehouse', mode: 'res500', count: 2 });
    expect(verdict((await sandbox.call('GetWarehouses')).body)?.code).toBe('200');
    expect(verdict((await addWarehouse(nextCode())).body)?.code).toBe('500');
    expect(verdict((await addWarehouse(nextCode())).body)?.code).toBe('500');
    expect(verdict((await addWarehouse(nextCode())).body)?.code).toBe('200');
  });
});

describe('faults on reads', () => {
  it.each(['before', 'after'] as const)('res500 %s answers inside res', async (timing) => {
    sandbox.handle.scheduleFault({ endpoint: '*', mode: 'res500', timing });
    const answer = await sandbox.call('GetMerchantProfile');
    expect(answer.body).toEqual({ res: { resCode: '500', resDesc: expect.any(String) } });
  });

  it('reset on a read rejects the call', async () => {
    sandbox.handle.scheduleFault({ endpoint: 'GetWarehouses', mode: 'reset', timing: 'after' });
    await expect(sandbox.call('GetWarehouses')).rejects.toThrow();
    expect(verdict((await sandbox.call('GetWarehouses')).body)?.code).toBe('200');
  });
});

describe('random faults', () => {
  async function pattern(): Promise<string[]> {
    const outcomes: string[] = [];
    for (let index = 0; index < 16; index += 1) {
      const answer = await sandbox.call('GetPaymentMethods');
      outcomes.push(answer.status === 500 ? 'http500' : (verdict(answer.body)?.code ?? '?'));
    }
    return outcomes;
  }

  it('fail a seeded fraction of requests, the same way for the same seed', async () => {
    const modes: { mode: FaultMode; timing: 'before' }[] = [
      { mode: 'http500', timing: 'before' },
      { mode: 'res500', timing: 'before' },
    ];
    sandbox.handle.setFaults({ failRate: 0.5, failModes: modes, seed: 42 });
    const first = await pattern();
    sandbox.handle.setFaults({ seed: 42 });
    const second = await pattern();
    expect(second).toEqual(first);
    expect(first.filter((outcome) => outcome !== '200').length).toBeGreaterThan(0);
    expect(first.filter((outcome) => outcome === '200').length).toBeGreaterThan(0);
  });

  it('fail every request at rate 1 and none at rate 0', async () => {
    sandbox.handle.setFaults({ failRate: 1, failModes: [{ mode: 'res500', timing: 'before' }] });
    expect(verdict((await sandbox.call('GetPaymentMethods')).body)?.code).toBe('500');
    sandbox.handle.setFaults({ failRate: 0 });
    expect(verdict((await sandbox.call('GetPaymentMethods')).body)?.code).toBe('200');
  });
});

describe('latency', () => {
  it('holds each request for the set time', async () => {
    sandbox.handle.setFaults({ latencyMs: 150 });
    const started = performance.now();
    await sandbox.call('GetPaymentMethods');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    sandbox.handle.setFaults({ latencyMs: 0 });
    const quick = performance.now();
    await sandbox.call('GetPaymentMethods');
    expect(performance.now() - quick).toBeLessThan(140);
  });

  it('rejects settings out of range', () => {
    expect(() => sandbox.handle.setFaults({ failRate: 2 })).toThrow(/failRate/);
    expect(() => sandbox.handle.setFaults({ latencyMs: -1 })).toThrow(/latencyMs/);
  });
});
