// Product writes (AddProduct, UpdateProduct, ActiveProduct, DisableProduct, DeleteProduct) and the count
// of a product made offline against every fault of the matrix (support/fault-cases.ts): after healing,
// v4 reads show each write applied exactly once — one product per sku, the change on it, the count on
// it, a disabled product disabled, a deleted one gone.
import { expect, it } from 'vitest';
import { enqueueStockCount, enqueueWrite, localProductId } from '../../src-main/outbox/index.js';
import { describeFaultMatrix, plainRig, SETTLE_MS } from './support/fault-cases.js';
import { startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

interface HeldProduct {
  readonly id: number;
  readonly sku: string;
  readonly name: string;
  readonly sellprice: string;
  readonly stock: string;
  readonly active: boolean;
}

let nextCase = 1;
let nextSeeded = 1;

async function bySku(fx: OutboxFixture, sku: string): Promise<HeldProduct[]> {
  const answer = await fx.sandbox.call('GetProducts', {
    query: { warehousecode: 'W0001', limit: 500 },
    headers: { skulist: sku },
  });
  return (answer.body as { list: HeldProduct[] }).list;
}

async function detail(fx: OutboxFixture, id: number): Promise<HeldProduct> {
  return (await fx.sandbox.call('GetProductDetail', { query: { id } })).body as HeldProduct;
}

describeFaultMatrix(
  {
    title: 'product writes',
    start: async () => plainRig(await startOutboxFixture({ products: 60 })),
    endpoints: ['AddProduct', 'UpdateProduct', 'DisableProduct', 'DeleteProduct', 'UpdateProductStockList'],
    /**
     * A product made offline with a price change and a count chained on it, a second one made and
     * deleted, and a seeded product renamed and disabled. Every figure is the case's own.
     */
    async enqueue({ fx }) {
      const n = nextCase++;
      const seeded = nextSeeded++;
      const sku = `FM-${n}`;
      const gone = `FM-GONE-${n}`;
      const create = enqueueWrite(fx.db, {
        kind: 'addProduct',
        body: { name: `Made offline ${n}`, sku, sellprice: '10', barcode: `FMB${n}` },
      });
      const price = enqueueWrite(fx.db, {
        kind: 'updateProduct',
        target: { afterOperation: create.operationId },
        args: { body: { sellprice: `${20 + n}` } },
      });
      const [count] = enqueueStockCount(fx.db, {
        sessionId: `products-${n}`,
        warehouseCode: 'W0001',
        policy: 'keepCounted',
        lines: [{ productId: localProductId(create.operationId), sku, counted: 7 + n, countedAgainst: 0 }],
      }).operationIds;
      const second = enqueueWrite(fx.db, { kind: 'addProduct', body: { name: `Gone ${n}`, sku: gone } });
      const remove = enqueueWrite(fx.db, {
        kind: 'deleteProduct',
        target: { afterOperation: second.operationId },
        args: {},
      });
      const rename = enqueueWrite(fx.db, {
        kind: 'updateProduct',
        target: { serverId: seeded },
        args: { body: { name: `Renamed ${n}` } },
      });
      const disable = enqueueWrite(fx.db, {
        kind: 'disableProduct',
        target: { serverId: seeded },
        args: {},
      });
      return {
        ids: [create, price, second, remove, rename, disable]
          .map((queued) => queued.operationId)
          .concat(count ?? 0),
        expectAppliedOnce: async () => {
          const made = await bySku(fx, sku);
          expect(made).toHaveLength(1);
          expect(made[0]).toMatchObject({ name: `Made offline ${n}`, active: true });
          expect(Number(made[0]?.sellprice)).toBe(20 + n);
          expect(Number(made[0]?.stock)).toBe(7 + n);
          expect(await bySku(fx, gone)).toEqual([]);
          expect(await detail(fx, seeded)).toMatchObject({ name: `Renamed ${n}`, active: false });
        },
      };
    },
    // Writes chained on one product meet their resets one after another: each is read back in turn.
    settle: { stepMs: SETTLE_MS, rounds: 6 },
    randomSeed: 12,
    expectOutcomes({ timing }, outcomes) {
      // After the commit the read-back finds the create (by its sku) applied; before, it is sent again.
      const [create] = outcomes;
      expect(create).toBe(timing === 'after' ? 'reconciled' : 'applied');
      if (timing === 'after') expect(outcomes).toContain('reconciled');
      else expect(outcomes.every((outcome) => outcome === 'applied')).toBe(true);
    },
  },
  (rig) => {
    it('a create whose sku the back office already holds with other figures waits for a person', async () => {
      const { fx } = rig();
      const sku = `FM-TAKEN-${nextCase++}`;
      await fx.sandbox.call('AddProduct', { body: { name: 'Someone else', sku, sellprice: '1' } });
      const create = enqueueWrite(fx.db, {
        kind: 'addProduct',
        body: { name: 'Ours', sku, sellprice: '2' },
      });
      fx.sandbox.handle.scheduleFault({ endpoint: 'AddProduct', mode: 'http500', timing: 'before' });
      await fx.outbox().drain();
      expect(states(fx.db).find((row) => row.id === create.operationId)).toMatchObject({
        state: 'parked',
        reason_code: 'UNCERTAIN_CREATE',
      });
      expect(await bySku(fx, sku)).toHaveLength(1);
    });
  },
);
