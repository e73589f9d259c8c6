// The outbox against every fault the sandbox can inject: after healing, the sandbox (read through v4)
// shows every operation applied exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enqueueIncome,
  enqueueStockChange,
  enqueueStockCount,
  type Outbox,
} from '../../src-main/outbox/index.js';
import type { FaultMode, FaultTiming } from '../../src-main/sandbox/index.js';
import { CASH, SETTLE_MS, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('the outbox against sandbox faults', () => {
  let fx: OutboxFixture;
  let nextProduct = 1;
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 60 });
  });
  afterAll(() => fx.close());

  /** One increase (W0001), one count (W0002) and one income on a product no other case touches. */
  async function enqueueCase(): Promise<{
    check: () => Promise<void>;
    applied: () => Promise<boolean>;
    ids: number[];
  }> {
    const product = nextProduct++;
    const sku = `SKU-${String(product).padStart(6, '0')}`;
    const [w1Before, w2Before] = await Promise.all([
      fx.stock('W0001', [product]),
      fx.stock('W0002', [product]),
    ]);
    const increase = enqueueStockChange(fx.db, {
      warehouseCode: 'W0001',
      change: 'increase',
      lines: [{ productId: product, sku, value: 3 }],
    });
    const counted = (w2Before.get(product)?.stock ?? 0) + 11;
    const count = enqueueStockCount(fx.db, {
      sessionId: `case-${product}`,
      warehouseCode: 'W0002',
      policy: 'keepDifference',
      lines: [{ productId: product, sku, counted, countedAgainst: w2Before.get(product)?.stock ?? 0 }],
    });
    const income = enqueueIncome(fx.db, {
      body: {
        amount: product,
        paymentmethod: CASH,
        paymentamount: product,
        list: [{ name: sku, totalprice: product }],
      },
    });
    const w1After = (w1Before.get(product)?.stock ?? 0) + 3;
    return {
      ids: [...increase.operationIds, ...count.operationIds, income.operationId],
      applied: async () =>
        (await fx.stock('W0001', [product])).get(product)?.stock === w1After &&
        (await fx.stock('W0002', [product])).get(product)?.stock === counted &&
        (await fx.incomesByUniqueNumber()).has(income.uniquenumber),
      check: async () => {
        expect((await fx.stock('W0001', [product])).get(product)?.stock).toBe(w1After);
        expect((await fx.stock('W0002', [product])).get(product)?.stock).toBe(counted);
        expect((await fx.incomesByUniqueNumber()).get(income.uniquenumber)).toBe(1);
      },
    };
  }

  function expectAllDone(ids: readonly number[]): void {
    const byId = new Map(states(fx.db).map((row) => [row.id, row]));
    for (const id of ids) expect(byId.get(id)).toMatchObject({ state: 'done' });
  }

  const writeEndpoints = ['IncreaseProductStockList', 'UpdateProductStockList', 'AddIncome'];
  const injected: Array<[FaultMode, FaultTiming]> = [
    ['reset', 'before'],
    ['reset', 'after'],
    ['http500', 'before'],
    ['http500', 'after'],
    ['res500', 'before'],
    ['res500', 'after'],
  ];

  it.each(injected)('%s %s the write commits: reconciled, applied once', async (mode, timing) => {
    const work = await enqueueCase();
    for (const endpoint of writeEndpoints) fx.sandbox.handle.scheduleFault({ endpoint, mode, timing });
    const outbox = fx.outbox();
    await outbox.drain();
    // A reset leaves the request possibly still in flight: it is read back only after the settle time.
    if (mode === 'reset') {
      expect(
        states(fx.db)
          .filter((row) => work.ids.includes(row.id))
          .map((row) => row.state),
      ).toContain('unclear');
      fx.clock.advance(SETTLE_MS);
      await outbox.drain();
    }
    expectAllDone(work.ids);
    const outcomes = states(fx.db)
      .filter((row) => work.ids.includes(row.id))
      .map((row) => row.outcome);
    // After the commit, the read-back (or the 900) finds it applied; before, it is sent again.
    if (timing === 'after') expect(outcomes).toEqual(['reconciled', 'reconciled', 'alreadyApplied']);
    else expect(outcomes).toEqual(['applied', 'applied', 'applied']);
    await work.check();
  });

  it('refused connection (sandbox closed): waits with backoff, then drains', async () => {
    const work = await enqueueCase();
    const port = fx.sandbox.handle.port;
    await fx.sandbox.handle.close();
    const outbox = fx.outbox();
    const report = await outbox.drain();
    expect(report.stoppedBy).toBe('notSent');
    // Each run stops at the first refused request; the later ones try the other batches.
    while ((await outbox.drain()).batches > 0);
    const waiting = states(fx.db).filter((row) => work.ids.includes(row.id));
    expect(waiting.map((row) => [row.state, row.reason_code])).toEqual([
      ['retry', 'ECONNREFUSED'],
      ['retry', 'ECONNREFUSED'],
      ['retry', 'ECONNREFUSED'],
    ]);
    await fx.sandbox.restart({ port });
    fx.clock.advance(10 * MINUTE);
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  it('slow answer past the client timeout: unclear, reconciled once the sandbox applied it', async () => {
    const product = nextProduct++;
    const [set] = enqueueStockChange(fx.db, {
      warehouseCode: 'W0003',
      change: 'set',
      lines: [{ productId: product, sku: `SKU-${String(product).padStart(6, '0')}`, value: 4321 }],
    }).operationIds;
    const income = enqueueIncome(fx.db, { body: { amount: 9, list: [{ name: 'slow', totalprice: 9 }] } });
    // undici checks its timeouts about once a second, hence the long latency.
    const outbox = fx.outbox({ client: fx.client({ headersMs: 100 }) });
    fx.sandbox.handle.setFaults({ latencyMs: 1_500 });
    await outbox.drain();
    fx.sandbox.handle.setFaults({ latencyMs: 0 });
    const ids = [set ?? 0, income.operationId];
    expect(
      states(fx.db)
        .filter((row) => ids.includes(row.id))
        .map((row) => row.state),
    ).toEqual(['unclear', 'unclear']);
    // The slow requests were received; they are applied once their latency has passed.
    const applied = async () =>
      (await fx.stock('W0003', [product])).get(product)?.stock === 4321 &&
      (await fx.incomesByUniqueNumber()).has(income.uniquenumber);
    for (let tries = 0; tries < 250 && !(await applied()); tries++)
      await new Promise((r) => setTimeout(r, 20));
    fx.clock.advance(10 * MINUTE);
    await outbox.drain();
    expect(states(fx.db).filter((row) => ids.includes(row.id))).toMatchObject([
      { state: 'done', outcome: 'reconciled' },
      { state: 'done', outcome: 'alreadyApplied' },
    ]);
    expect((await fx.incomesByUniqueNumber()).get(income.uniquenumber)).toBe(1);
  });

  it('quota reached: the queue holds until the next Thai day, then drains', async () => {
    const work = await enqueueCase();
    const { handle } = fx.sandbox;
    handle.setQuota(handle.quotaUsed('demo') + 1);
    const outbox = fx.outbox();
    const report = await outbox.drain();
    expect(report.stoppedBy).toBe('held');
    expect(outbox.control().holdUntil).toBeGreaterThan(fx.clock.now());
    expect((await outbox.drain()).skipped).toBe('held');
    handle.setQuota(50_000);
    fx.clock.advance(DAY);
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  it('credentials revoked mid-drain: the whole queue pauses until a person resumes it', async () => {
    const first = await enqueueCase();
    const second = await enqueueCase();
    let requests = 0;
    const events: string[] = [];
    const outbox: Outbox = fx.outbox({
      hooks: {
        afterResponse: () => {
          if (++requests === 1) fx.sandbox.handle.revokeStore('demo');
        },
      },
    });
    outbox.events.on('paused', (event) => events.push(`paused ${event.text}`));
    outbox.events.on('resumed', () => events.push('resumed'));
    const report = await outbox.drain();
    expect(report.stoppedBy).toBe('paused');
    expect(outbox.control()).toMatchObject({ paused: true, pauseText: 'Invalid API' });
    expect(events).toEqual(['paused Invalid API']);
    expect((await outbox.drain()).skipped).toBe('paused');
    expect(states(fx.db).filter((row) => row.state === 'parked')).toEqual([]);
    fx.sandbox.handle.restoreStore('demo');
    outbox.resume();
    await outbox.drain();
    expect(events).toEqual(['paused Invalid API', 'resumed']);
    expectAllDone([...first.ids, ...second.ids]);
    await first.check();
    await second.check();
  });

  it('"Access Denied." for an unknown warehouse parks that batch only; the queue keeps going', async () => {
    const [unknown] = enqueueStockChange(fx.db, {
      warehouseCode: 'W9999',
      change: 'set',
      lines: [{ productId: 1, sku: 'SKU-000001', value: 5 }],
    }).operationIds;
    const work = await enqueueCase();
    const outbox = fx.outbox();
    await outbox.drain();
    expect(outbox.control().paused).toBe(false);
    expect(states(fx.db).find((row) => row.id === unknown)).toMatchObject({
      state: 'parked',
      reason_code: 'UNKNOWN_WAREHOUSE',
    });
    expectAllDone(work.ids);
    await work.check();
  });
});
