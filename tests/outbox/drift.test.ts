// Count drift against the sandbox: stock sold between counting and commit (a DecreaseProductStockList
// sent to the sandbox after the enqueue) is handled by each policy, and a person answers "ask".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionsOf,
  editParkedValue,
  effectiveStock,
  enqueueStockCount,
  listParked,
  pendingStock,
  retryParked,
  type DriftPolicy,
} from '../../src-main/outbox/index.js';
import { startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

describe('count drift', () => {
  let fx: OutboxFixture;
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 20 });
  });
  afterAll(() => fx.close());

  const sku = (product: number) => `SKU-${String(product).padStart(6, '0')}`;

  /** Counts `product` as current + 5 under `policy`, then 2 are sold on the server before the drain. */
  async function countThenSell(product: number, policy: DriftPolicy) {
    await fx.sandbox.call('UpdateProductStockList', {
      query: { warehousecode: 'W0002' },
      body: { stocks: [{ productid: product, stock: 40 }] },
    });
    const [id] = enqueueStockCount(fx.db, {
      sessionId: `session-${product}`,
      warehouseCode: 'W0002',
      policy,
      lines: [{ productId: product, sku: sku(product), counted: 45, countedAgainst: 40 }],
    }).operationIds;
    const sold = await fx.sandbox.call('DecreaseProductStockList', {
      query: { warehousecode: 'W0002' },
      body: { stocks: [{ productid: product, stock: 2 }] },
    });
    expect(sold.body).toMatchObject({ resCode: '200' });
    return id ?? 0;
  }

  const stockOf = async (product: number) => (await fx.stock('W0002', [product])).get(product)?.stock;

  it('keepDifference keeps the sale, keepCounted sets the count, ask parks the line with the figures', async () => {
    const keepDifference = await countThenSell(1, 'keepDifference');
    const keepCounted = await countThenSell(2, 'keepCounted');
    const ask = await countThenSell(3, 'ask');
    // Before the drain the local view already shows each policy's figure over the server's 38.
    const view = pendingStock(fx.db, 'W0002', [1, 2, 3]);
    expect(effectiveStock(38, view.get(1))).toBe(43);
    expect(effectiveStock(38, view.get(2))).toBe(45);

    await fx.outbox().drain();
    expect(await stockOf(1)).toBe(43);
    expect(await stockOf(2)).toBe(45);
    expect(await stockOf(3)).toBe(38);
    const byId = new Map(states(fx.db).map((row) => [row.id, row]));
    expect(byId.get(keepDifference)).toMatchObject({ state: 'done', outcome: 'applied' });
    expect(byId.get(keepCounted)).toMatchObject({ state: 'done', outcome: 'applied' });
    expect(byId.get(ask)).toMatchObject({ state: 'parked', reason_code: 'DRIFT_ASK' });
    const [parked] = listParked(fx.db);
    expect(parked).toMatchObject({ id: ask, value: 45, countedAgainst: 40, serverBefore: 38 });
    expect(parked?.reasonText).toMatch(/counted 45 against 40, the server now has 38/);
  });

  it('a person answers "ask" with a policy or a figure; both are recorded', async () => {
    const [parked] = listParked(fx.db);
    const ask = parked?.id ?? 0;
    retryParked(fx.db, ask, { policy: 'keepDifference' });
    await fx.outbox().drain();
    expect(await stockOf(3)).toBe(43);
    expect(actionsOf(fx.db, ask)).toMatchObject([{ action: 'retry' }]);
    expect(JSON.parse(actionsOf(fx.db, ask)[0]?.detail ?? '{}')).toMatchObject({
      parkedFor: { code: 'DRIFT_ASK' },
      note: 'policy keepDifference',
    });

    const other = await countThenSell(4, 'ask');
    await fx.outbox().drain();
    editParkedValue(fx.db, other, 41);
    await fx.outbox().drain();
    expect(await stockOf(4)).toBe(41);
    expect(states(fx.db).find((row) => row.id === other)).toMatchObject({ state: 'done' });
  });

  it('asks rather than go below zero when more was sold than counted', async () => {
    await fx.sandbox.call('UpdateProductStockList', {
      query: { warehousecode: 'W0002' },
      body: { stocks: [{ productid: 5, stock: 10 }] },
    });
    const [id] = enqueueStockCount(fx.db, {
      sessionId: 'negative',
      warehouseCode: 'W0002',
      policy: 'keepDifference',
      lines: [{ productId: 5, sku: sku(5), counted: 1, countedAgainst: 10 }],
    }).operationIds;
    await fx.sandbox.call('DecreaseProductStockList', {
      query: { warehousecode: 'W0002' },
      body: { stocks: [{ productid: 5, stock: 8 }] },
    });
    await fx.outbox().drain();
    expect(states(fx.db).find((row) => row.id === id)).toMatchObject({
      state: 'parked',
      reason_code: 'DRIFT_NEGATIVE',
    });
    expect(await stockOf(5)).toBe(2);
  });
});
