// Stock moves and added warehouses against every fault of the matrix (support/fault-cases.ts): after
// healing, v4's GetProducts per warehouse shows each adjustment and each half of each transfer exactly
// once, and an added warehouse exists once. A transfer whose halves part ways (one fails, or the app
// stops between them) ends with both applied once.
import { expect, it } from 'vitest';
import type { StockMoveView } from '../../src-shared/ipc/index.js';
import {
  startStockMovesFixture,
  type StockMovesFixture,
} from '../stock-moves/support/stock-moves-fixture.js';
import {
  describeFaultMatrix,
  drainUntilDone,
  expectAllDone,
  MINUTE,
  rowsOf,
  SETTLE_MS,
  type FaultWork,
  type ResourceCase,
} from './support/fault-cases.js';
import { states } from './support/outbox-fixture.js';

const TOP_UP = 100;
// The local catalogue does not know the top-up below: the page's question is answered yes.
const base = { note: '', madeBy: '', confirmBelowStock: true } as const;

interface MovesWork extends FaultWork {
  /** The damaged decrease, the found increase, the transfer, the transfer into the new warehouse. */
  readonly moves: readonly StockMoveView[];
}

let nextProduct = 1;
let nextWarehouse = 10;

async function stockOf(m: StockMovesFixture, warehouse: string, product: number): Promise<number> {
  return (await m.fx.stock(warehouse, [product])).get(product)?.stock ?? 0;
}

/** Sets the back office's stock (so decreases never run out), as if a pull had brought it. */
async function topUp(m: StockMovesFixture, products: readonly number[]): Promise<void> {
  for (const warehousecode of ['W0001', 'W0002']) {
    await m.fx.sandbox.call('UpdateProductStockList', {
      query: { warehousecode },
      body: { stocks: products.map((productid) => ({ productid, stock: TOP_UP })) },
    });
  }
}

async function warehouseCount(m: StockMovesFixture, code: string): Promise<number> {
  const answer = await m.fx.sandbox.call('GetWarehouses', { query: { limit: 500 } });
  return (answer.body as { list: Array<{ code: string }> }).list.filter((row) => row.code === code).length;
}

const stockMoves: ResourceCase<StockMovesFixture, MovesWork> = {
  title: 'stock moves',
  start: () => startStockMovesFixture(90),
  endpoints: ['IncreaseProductStockList', 'DecreaseProductStockList', 'AddWarehouse'],
  /**
   * A damaged decrease and a found increase of one product, a transfer of 10 units of another from
   * W0001 to W0002, and a warehouse added here with 1 unit of a third transferred into it.
   */
  async enqueue(m) {
    const [a, b, c] = [nextProduct++, nextProduct++, nextProduct++] as [number, number, number];
    await topUp(m, [a, b, c]);
    const code = `W${String(nextWarehouse++).padStart(4, '0')}`;
    const damaged = m.moves.adjust({
      ...base,
      productId: a,
      warehouseCode: 'W0001',
      direction: 'decrease',
      quantity: 1,
      reason: 'damaged',
    });
    const found = m.moves.adjust({
      ...base,
      productId: a,
      warehouseCode: 'W0002',
      direction: 'increase',
      quantity: 2,
      reason: 'found',
    });
    const [transfer] = m.moves.transfer({
      ...base,
      fromWarehouseCode: 'W0001',
      toWarehouseCode: 'W0002',
      lines: [{ productId: b, quantity: 10 }],
    });
    m.warehouses.add({ code, name: `Warehouse ${code}`, address: '' });
    const create = states(m.fx.db).at(-1)?.id ?? 0;
    const [intoNew] = m.moves.transfer({
      ...base,
      fromWarehouseCode: 'W0001',
      toWarehouseCode: code,
      lines: [{ productId: c, quantity: 1 }],
    });
    const moves = [damaged, found, transfer, intoNew] as StockMoveView[];
    return {
      ids: [create, ...moves.flatMap((move) => move.halves.map((half) => half.operationId))],
      moves,
      expectAppliedOnce: async () => {
        expect(await stockOf(m, 'W0001', a)).toBe(TOP_UP - 1);
        expect(await stockOf(m, 'W0002', a)).toBe(TOP_UP + 2);
        expect(await stockOf(m, 'W0001', b)).toBe(TOP_UP - 10);
        expect(await stockOf(m, 'W0002', b)).toBe(TOP_UP + 10);
        expect(await stockOf(m, 'W0001', c)).toBe(TOP_UP - 1);
        expect(await stockOf(m, code, c)).toBe(1);
        expect(await warehouseCount(m, code)).toBe(1);
      },
    };
  },
  settle: { stepMs: SETTLE_MS, rounds: 1 },
  randomSeed: 12,
  expectOutcomes({ timing }, outcomes) {
    // After the commit, a read-back finds each faulted request applied (every row of its batch);
    // before, the request is sent again.
    const reconciled = outcomes.filter((outcome) => outcome === 'reconciled').length;
    if (timing === 'after') expect(reconciled).toBeGreaterThanOrEqual(3);
    else expect(outcomes.every((outcome) => outcome === 'applied')).toBe(true);
  },
};

describeFaultMatrix(stockMoves, (rig) => {
  it('a failing increase: the decrease lands, the increase keeps trying on its own, then lands once', async () => {
    const m = rig();
    const work = await stockMoves.enqueue(m);
    const [, , transfer] = work.moves;
    m.fx.sandbox.handle.scheduleFault({
      endpoint: 'IncreaseProductStockList',
      mode: 'http500',
      timing: 'before',
      count: 50,
    });
    const outbox = m.outbox();
    for (let round = 0; round < 3; round++) {
      await outbox.drain();
      m.fx.clock.advance(SETTLE_MS);
    }
    const shown = m.moves.list({ offset: 0, limit: 500 }).items.find((move) => move.id === transfer?.id);
    expect(shown?.halves.map((half) => [half.change, half.sendState])).toEqual([
      ['decrease', 'sent'],
      ['increase', 'waitingToSend'],
    ]);
    m.fx.sandbox.handle.clearFaults();
    await drainUntilDone(m.fx, outbox, work.ids, { stepMs: 10 * MINUTE, rounds: 5 });
    expectAllDone(m.fx, work.ids);
    await work.expectAppliedOnce();
  });

  it('the app stopping between the halves of a transfer: after a restart both are applied once', async () => {
    const m = rig();
    const work = await stockMoves.enqueue(m);
    const crashing = m.outbox({
      hooks: {
        afterResponse: (rows) => {
          // The decrease reached the back office; the app dies before it records the answer.
          if (rows.some((row) => row.change === 'decrease')) throw new Error('killed between the halves');
        },
      },
    });
    await crashing.drain().catch(() => undefined);
    await crashing.stop();
    expect(rowsOf(m.fx, work.ids).map((row) => row.state)).toContain('sending');
    // The next start waits out the lease of the instance that died, then reconciles what it left.
    m.fx.clock.advance(MINUTE);
    const restarted = m.outbox();
    await restarted.drain();
    await drainUntilDone(m.fx, restarted, work.ids, { stepMs: SETTLE_MS, rounds: 4 });
    expectAllDone(m.fx, work.ids);
    expect(rowsOf(m.fx, work.ids).map((row) => row.outcome)).toContain('reconciled');
    await work.expectAppliedOnce();
  });
});
