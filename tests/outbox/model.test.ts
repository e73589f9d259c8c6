// Model-based test of the outbox state machine (fast-check): random enqueues, drains under every failure
// class, crashes and person actions, against the real sandbox. Invariants: no operation lost, none
// applied twice, per-key order, parked rows keep their reason.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Crash,
  Drain,
  EnqueueIncome,
  EnqueueStock,
  MODEL_PRODUCTS,
  MODEL_WAREHOUSE,
  PersonAction,
  RealSystem,
  Resume,
  START_STOCK,
  UNKNOWN_PRODUCT,
  type DrainFault,
  type Model,
} from './support/outbox-model.js';
import { startOutboxFixture, type OutboxFixture } from './support/outbox-fixture.js';

const faults: DrainFault[] = [
  'none',
  'none',
  'reset:before',
  'reset:after',
  'http500:before',
  'http500:after',
  'res500:before',
  'res500:after',
  'offline',
  'quota',
  'revoked',
];

const product = fc.constantFrom(...MODEL_PRODUCTS);
const commands = fc.commands(
  [
    fc.tuple(product, fc.integer({ min: 1, max: 5 })).map(([p, v]) => new EnqueueStock('increase', p, v)),
    fc.tuple(product, fc.integer({ min: 1, max: 5 })).map(([p, v]) => new EnqueueStock('increase', p, v)),
    fc.tuple(product, fc.integer({ min: 0, max: 50 })).map(([p, v]) => new EnqueueStock('set', p, v)),
    product.map((p) => new EnqueueStock('decrease', p, 1_000_000)),
    fc.constant(new EnqueueStock('set', UNKNOWN_PRODUCT, 1)),
    fc.integer({ min: 1, max: 500 }).map((amount) => new EnqueueIncome(amount)),
    fc.constantFrom(...faults).map((fault) => new Drain(fault)),
    fc.constantFrom(...faults).map((fault) => new Drain(fault)),
    fc.constantFrom('before' as const, 'after' as const).map((at) => new Crash(at)),
    fc.constant(new Resume()),
    fc
      .tuple(
        fc.constantFrom('retry' as const, 'discard' as const, 'edit' as const),
        fc.nat(5),
        fc.integer({ min: 0, max: 20 }),
      )
      .map(([action, pick, value]) => new PersonAction(action, pick, value)),
  ],
  { maxCommands: 30 },
);

interface FinalRow {
  id: number;
  kind: string;
  order_key: string;
  state: string;
  change: string | null;
  product_id: number | null;
  value: number | null;
  unique_number: string | null;
  reason_code: string | null;
}

describe('the outbox state machine', () => {
  let fx: OutboxFixture;
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 10 });
  });
  afterAll(() => fx.close());

  async function heal(real: RealSystem): Promise<void> {
    const { handle } = fx.sandbox;
    handle.clearFaults();
    handle.restoreStore('demo');
    handle.setQuota(10_000_000);
    real.outbox.resume();
    for (let round = 0; round < 20; round++) {
      fx.clock.advance(24 * 60 * 60 * 1000);
      if ((await real.outbox.drain()).batches === 0) break;
    }
  }

  async function checkFinal(real: RealSystem): Promise<void> {
    const rows = real.db.prepare<[], FinalRow>('SELECT * FROM outbox_operations ORDER BY id').all();
    // Nothing open except behind a parked row of its key.
    const parkedKeys = new Set(rows.filter((row) => row.state === 'parked').map((row) => row.order_key));
    for (const row of rows) {
      if (['done', 'discarded', 'parked'].includes(row.state)) continue;
      expect(parkedKeys.has(row.order_key), `operation ${row.id} left ${row.state}`).toBe(true);
    }
    // Nothing applied twice (or lost): the server's stock is the fold of the done operations.
    const answer = await fx.sandbox.call('GetProducts', {
      query: { warehousecode: MODEL_WAREHOUSE, limit: 50 },
      headers: { productidlist: MODEL_PRODUCTS.join(',') },
    });
    const server = new Map(
      (answer.body as { list: Array<{ id: number; stock: string }> }).list.map((p) => [
        p.id,
        Number(p.stock),
      ]),
    );
    for (const id of MODEL_PRODUCTS) {
      let expected = START_STOCK;
      for (const row of rows.filter(
        (candidate) => candidate.product_id === id && candidate.state === 'done',
      )) {
        const value = row.value ?? 0;
        expected =
          row.change === 'set' ? value : row.change === 'increase' ? expected + value : expected - value;
      }
      expect(server.get(id), `stock of product ${id}`).toBe(expected);
    }
    const incomes = await fx.incomesByUniqueNumber();
    for (const row of rows.filter((candidate) => candidate.kind === 'addIncome')) {
      expect(row.state).toBe('done');
      expect(incomes.get(row.unique_number ?? ''), `income ${row.unique_number}`).toBe(1);
    }
  }

  it(
    'loses nothing, applies nothing twice, keeps per-key order and parked reasons',
    { timeout: 300_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(commands, async (sequence) => {
          await fx.sandbox.call('UpdateProductStockList', {
            query: { warehousecode: MODEL_WAREHOUSE },
            body: { stocks: MODEL_PRODUCTS.map((id) => ({ productid: id, stock: START_STOCK })) },
          });
          const real = new RealSystem(fx);
          try {
            await fc.asyncModelRun(
              () => ({ model: { operations: 0, parked: new Map() } satisfies Model, real }),
              sequence,
            );
            await heal(real);
            await checkFinal(real);
            expect(real.violations).toEqual([]);
          } finally {
            await real.dispose();
          }
        }),
        { numRuns: 40, seed: 20_250_610, endOnFailure: true },
      );
    },
  );
});
