// Undoing an applied count (reverseStockCount, kinds/count-reversal.kind.ts) against every fault of the
// matrix (support/fault-cases.ts). Each case sets a product of its own to 50, counts it 7 above and drains
// it (no fault yet), sells 2 on the back office, then queues the undo: after healing, v4's GetProducts
// shows the figure from before the count less the 2 sold (keepDifference keeps what moved since the
// count landed), whether the undo was sent once or read back after an unclear send.
import { expect } from 'vitest';
import { appliedCountLine, enqueueCountReversal, enqueueStockCount } from '../../src-main/outbox/index.js';
import { verdict } from '../support/sandbox-harness.js';
import {
  describeFaultMatrix,
  plainRig,
  SETTLE_MS,
  type FaultRig,
  type ResourceCase,
} from './support/fault-cases.js';
import { startOutboxFixture } from './support/outbox-fixture.js';

/** Cases alternate between two warehouses: two cases are two requests (one batch per warehouse). */
const WAREHOUSES = ['W0001', 'W0002'] as const;
let nextProduct = 1;

/**
 * Drains the case's count alone: undos queued by earlier cases of the same test (two drainers, revoked
 * credentials) wait meanwhile (their next attempt put past the drain, then given back), so they still
 * meet the fault with this case's undo.
 */
async function drainCountOnly(rig: FaultRig): Promise<void> {
  const { db } = rig.fx;
  const waiting = db
    .prepare<[], { id: number; next_attempt_at: number | null }>(
      `SELECT id, next_attempt_at FROM outbox_operations
        WHERE kind = 'reverseStockCount' AND state NOT IN ('done', 'discarded')`,
    )
    .all();
  const schedule = db.prepare<[number | null, number]>(
    'UPDATE outbox_operations SET next_attempt_at = ? WHERE id = ?',
  );
  for (const row of waiting) schedule.run(Number.MAX_SAFE_INTEGER, row.id);
  try {
    await rig.outbox().drain();
  } finally {
    for (const row of waiting) schedule.run(row.next_attempt_at, row.id);
  }
}

const countReversals: ResourceCase<FaultRig> = {
  title: 'undoing applied counts',
  start: async () => plainRig(await startOutboxFixture({ products: 60 })),
  endpoints: ['UpdateProductStockList'],
  async enqueue(rig) {
    const { fx } = rig;
    const product = nextProduct++;
    const warehouse = WAREHOUSES[product % 2] ?? 'W0001';
    const sku = `SKU-${String(product).padStart(6, '0')}`;
    const sessionId = `reversal-case-${product}`;
    const before = 50;
    const topUp = await fx.sandbox.call('UpdateProductStockList', {
      query: { warehousecode: warehouse },
      body: { stocks: [{ productid: product, stock: before }] },
    });
    expect(verdict(topUp.body)?.code).toBe('200');
    enqueueStockCount(fx.db, {
      sessionId,
      warehouseCode: warehouse,
      policy: 'keepDifference',
      lines: [{ productId: product, sku, counted: before + 7, countedAgainst: before }],
    });
    await drainCountOnly(rig);
    const applied = appliedCountLine(fx.db, sessionId, product);
    if (applied.state !== 'applied') throw new Error(`The count of ${sku} did not land`);
    expect([applied.before, applied.counted]).toEqual([before, before + 7]);
    const sold = await fx.sandbox.call('DecreaseProductStockList', {
      query: { warehousecode: warehouse },
      body: { stocks: [{ productid: product, stock: 2 }] },
    });
    expect(verdict(sold.body)?.code).toBe('200');
    const ids = enqueueCountReversal(fx.db, {
      sessionId,
      warehouseCode: warehouse,
      policy: 'keepDifference',
      lines: [{ productId: product, sku, counted: applied.counted, before: applied.before }],
    }).filter((id): id is number => id !== null);
    expect(ids).toHaveLength(1);
    return {
      ids,
      expectAppliedOnce: async () => {
        expect((await fx.stock(warehouse, [product])).get(product)?.stock).toBe(before - 2);
      },
    };
  },
  settle: { stepMs: SETTLE_MS, rounds: 1 },
  randomSeed: 11,
  expectOutcomes({ timing }, outcomes) {
    // After the commit the read-back finds the target; before it, the undo is sent again.
    expect(outcomes).toEqual([timing === 'after' ? 'reconciled' : 'applied']);
  },
};

describeFaultMatrix(countReversals);
