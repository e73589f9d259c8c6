import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  enqueueIncome,
  enqueueStockChange,
  enqueueStockCount,
  listParked,
  retryParked,
} from '../../src-main/outbox/index.js';
import { CASH, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

describe('draining to the sandbox', () => {
  let fx: OutboxFixture;
  beforeEach(async () => {
    fx = await startOutboxFixture();
  });
  afterEach(() => fx.close());

  it('sends every kind and maps each line back', async () => {
    const before = await fx.stock('W0001', [1, 2, 3, 4]);
    enqueueStockChange(fx.db, {
      warehouseCode: 'W0001',
      change: 'increase',
      lines: [{ productId: 1, sku: 'SKU-000001', value: 5 }],
    });
    enqueueStockChange(fx.db, {
      warehouseCode: 'W0001',
      change: 'set',
      lines: [{ productId: 2, sku: 'SKU-000002', value: 77 }],
    });
    enqueueStockChange(fx.db, {
      warehouseCode: 'W0001',
      change: 'setAvailable',
      lines: [{ productId: 4, sku: 'SKU-000004', value: 1 }],
    });
    enqueueStockCount(fx.db, {
      sessionId: 's1',
      warehouseCode: 'W0001',
      policy: 'ask',
      lines: [{ productId: 3, sku: 'SKU-000003', counted: 12, countedAgainst: before.get(3)?.stock ?? 0 }],
    });
    const { uniquenumber } = enqueueIncome(fx.db, {
      body: {
        amount: 100,
        paymentmethod: CASH,
        paymentamount: 100,
        list: [{ name: 'Repair', totalprice: 100 }],
      },
    });
    const outbox = fx.outbox();
    const progress: string[] = [];
    const changed: number[] = [];
    outbox.events.on('progress', (event) => progress.push(`${event.done}/${event.total}`));
    outbox.events.on('changed', (counts) => changed.push(counts.pending + counts.retry + counts.unclear));
    const report = await outbox.drain();
    expect(report.skipped).toBeUndefined();
    expect(progress.at(-1)).toBe('5/5');
    expect(changed.at(-1)).toBe(0);
    expect(states(fx.db).map((row) => row.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
    const after = await fx.stock('W0001', [1, 2, 3, 4]);
    expect(after.get(1)?.stock).toBe((before.get(1)?.stock ?? 0) + 5);
    expect(after.get(2)?.stock).toBe(77);
    expect(after.get(3)?.stock).toBe(12);
    expect(after.get(4)?.available).toBe(1);
    expect((await fx.incomesByUniqueNumber()).get(uniquenumber)).toBe(1);
    expect(outbox.counts()).toEqual({
      pending: 0,
      sending: 0,
      retry: 0,
      unclear: 0,
      parked: 0,
      paused: false,
    });
  });

  it('collapses repeated sets of one product (last wins) and marks the others superseded', async () => {
    const ids = [10, 20, 30].flatMap(
      (value) =>
        enqueueStockChange(fx.db, {
          warehouseCode: 'W0002',
          change: 'set',
          lines: [{ productId: 5, sku: 'SKU-000005', value }],
        }).operationIds,
    );
    const requests: string[] = [];
    const outbox = fx.outbox();
    outbox.events.on('stockApplied', (event) => requests.push(`${event.productId}=${event.figure}`));
    await outbox.drain();
    expect(states(fx.db)).toMatchObject([
      { id: ids[0], state: 'done', outcome: 'superseded' },
      { id: ids[1], state: 'done', outcome: 'superseded' },
      { id: ids[2], state: 'done', outcome: 'applied' },
    ]);
    expect(requests).toEqual(['5=30']);
    expect((await fx.stock('W0002', [5])).get(5)?.stock).toBe(30);
  });

  it('parks the one unknown line of a batch and applies the others', async () => {
    const before = await fx.stock('W0001', [6, 7]);
    enqueueStockChange(fx.db, {
      warehouseCode: 'W0001',
      change: 'increase',
      lines: [
        { productId: 6, sku: 'SKU-000006', value: 1 },
        { productId: 0, sku: 'NO-SUCH-SKU', value: 1 },
        { productId: 7, sku: 'SKU-000007', value: 2 },
      ],
    });
    await fx.outbox().drain();
    expect(states(fx.db).map((row) => [row.state, row.reason_code])).toEqual([
      ['done', null],
      ['parked', 'LINE_REFUSED'],
      ['done', null],
    ]);
    expect(listParked(fx.db)[0]?.reasonText).toMatch(/NO-SUCH-SKU/);
    const after = await fx.stock('W0001', [6, 7]);
    expect(after.get(6)?.stock).toBe((before.get(6)?.stock ?? 0) + 1);
    expect(after.get(7)?.stock).toBe((before.get(7)?.stock ?? 0) + 2);
  });

  it('keeps per-key order: a parked head holds back its key, other keys flow', async () => {
    const [parked] = enqueueStockChange(fx.db, {
      warehouseCode: 'W0001',
      change: 'decrease',
      lines: [{ productId: 8, sku: 'SKU-000008', value: 1_000_000 }],
    }).operationIds;
    const [later] = enqueueStockChange(fx.db, {
      warehouseCode: 'W0001',
      change: 'set',
      lines: [{ productId: 8, sku: 'SKU-000008', value: 3 }],
    }).operationIds;
    const [other] = enqueueStockChange(fx.db, {
      warehouseCode: 'W0001',
      change: 'set',
      lines: [{ productId: 9, sku: 'SKU-000009', value: 4 }],
    }).operationIds;
    const outbox = fx.outbox();
    await outbox.drain();
    const byId = new Map(states(fx.db).map((row) => [row.id, row.state]));
    expect([byId.get(parked ?? 0), byId.get(later ?? 0), byId.get(other ?? 0)]).toEqual([
      'parked',
      'pending',
      'done',
    ]);
    expect((await fx.stock('W0001', [8])).get(8)?.stock).not.toBe(3);
    retryParked(fx.db, parked ?? 0);
    await outbox.drain();
    expect(states(fx.db).find((row) => row.id === later)?.state).toBe('pending');
  });
});
