// Product writes (AddProduct, UpdateProduct, ActiveProduct, DisableProduct, DeleteProduct) and the count
// of a product made offline against every fault the sandbox can inject: after healing, v4 reads show
// each write applied exactly once — one product per sku, the change on it, the count on it, a
// disabled product disabled, a deleted one gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueStockCount, enqueueWrite, localProductId, type Outbox } from '../../src-main/outbox/index.js';
import type { FaultMode, FaultTiming } from '../../src-main/sandbox/index.js';
import { SETTLE_MS, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface HeldProduct {
  readonly id: number;
  readonly sku: string;
  readonly name: string;
  readonly sellprice: string;
  readonly active: boolean;
}

describe('product writes against sandbox faults', () => {
  let fx: OutboxFixture;
  let nextCase = 1;
  let nextSeeded = 1;
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 60 });
  });
  afterAll(() => fx.close());

  async function bySku(sku: string): Promise<HeldProduct[]> {
    const answer = await fx.sandbox.call('GetProducts', {
      query: { warehousecode: 'W0001', limit: 500 },
      headers: { skulist: sku },
    });
    return (answer.body as { list: HeldProduct[] }).list;
  }

  async function detail(id: number): Promise<HeldProduct> {
    return (await fx.sandbox.call('GetProductDetail', { query: { id } })).body as HeldProduct;
  }

  /**
   * A product made offline with a price change and a count chained on it, a second one made and deleted,
   * and a seeded product renamed and disabled. Every figure is the case's own.
   */
  function enqueueCase(): { ids: number[]; check: () => Promise<void> } {
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
    const disable = enqueueWrite(fx.db, { kind: 'disableProduct', target: { serverId: seeded }, args: {} });
    return {
      ids: [create, price, second, remove, rename, disable]
        .map((queued) => queued.operationId)
        .concat(count ?? 0),
      check: async () => {
        const made = await bySku(sku);
        expect(made).toHaveLength(1);
        expect(made[0]).toMatchObject({ name: `Made offline ${n}`, active: true });
        expect(Number(made[0]?.sellprice)).toBe(20 + n);
        expect(Number((made[0] as unknown as { stock: string }).stock)).toBe(7 + n);
        expect(await bySku(gone)).toEqual([]);
        expect(await detail(seeded)).toMatchObject({ name: `Renamed ${n}`, active: false });
      },
    };
  }

  function expectAllDone(ids: readonly number[]): void {
    const byId = new Map(states(fx.db).map((row) => [row.id, row]));
    for (const id of ids) expect(byId.get(id)).toMatchObject({ state: 'done' });
  }

  const writeEndpoints = [
    'AddProduct',
    'UpdateProduct',
    'DisableProduct',
    'DeleteProduct',
    'UpdateProductStockList',
  ];
  const injected: Array<[FaultMode, FaultTiming]> = [
    ['reset', 'before'],
    ['reset', 'after'],
    ['http500', 'before'],
    ['http500', 'after'],
    ['res500', 'before'],
    ['res500', 'after'],
  ];

  it.each(injected)('%s %s the write commits: reconciled, applied once', async (mode, timing) => {
    const work = enqueueCase();
    for (const endpoint of writeEndpoints) fx.sandbox.handle.scheduleFault({ endpoint, mode, timing });
    const outbox = fx.outbox();
    await outbox.drain();
    if (mode === 'reset') {
      expect(
        states(fx.db)
          .filter((row) => work.ids.includes(row.id))
          .map((row) => row.state),
      ).toContain('unclear');
      // Writes chained on one product meet their resets one after another: each is read back in turn.
      for (
        let round = 0;
        round < 6 && states(fx.db).some((row) => work.ids.includes(row.id) && row.state !== 'done');
        round++
      ) {
        fx.clock.advance(SETTLE_MS);
        await outbox.drain();
      }
    }
    expectAllDone(work.ids);
    const outcomes = new Map(
      states(fx.db)
        .filter((row) => work.ids.includes(row.id))
        .map((row) => [row.id, row.outcome]),
    );
    const [create] = work.ids;
    // After the commit the read-back finds the create (by its sku) applied; before, it is sent again.
    expect(outcomes.get(create ?? 0)).toBe(timing === 'after' ? 'reconciled' : 'applied');
    if (timing === 'after') expect([...outcomes.values()]).toContain('reconciled');
    else expect([...outcomes.values()].every((outcome) => outcome === 'applied')).toBe(true);
    await work.check();
  });

  it('refused connection (sandbox closed): the count of the new product waits for its create, then all drain', async () => {
    const work = enqueueCase();
    const port = fx.sandbox.handle.port;
    await fx.sandbox.handle.close();
    const outbox = fx.outbox();
    while ((await outbox.drain()).batches > 0);
    const waiting = states(fx.db).filter((row) => work.ids.includes(row.id));
    expect(waiting.some((row) => row.state === 'done')).toBe(false);
    await fx.sandbox.restart({ port });
    fx.clock.advance(10 * MINUTE);
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  it('two drainers on one file under random faults: every write applied once', async () => {
    const first = enqueueCase();
    const second = enqueueCase();
    const ids = [...first.ids, ...second.ids];
    fx.sandbox.handle.setFaults({ failRate: 0.3, seed: 12 });
    const one = fx.outbox();
    const two = fx.outbox({ db: fx.temp.open() });
    for (let round = 0; round < 60; round++) {
      await Promise.all([one.drain(), two.drain()]);
      const open = states(fx.db).filter((row) => ids.includes(row.id) && row.state !== 'done');
      if (open.length === 0) break;
      fx.clock.advance(5 * MINUTE);
    }
    fx.sandbox.handle.setFaults({ failRate: 0 });
    expectAllDone(ids);
    await first.check();
    await second.check();
  });

  it('quota reached: the queue holds until the next Thai day, then drains', async () => {
    const work = enqueueCase();
    const { handle } = fx.sandbox;
    handle.setQuota(handle.quotaUsed('demo') + 1);
    const outbox = fx.outbox();
    expect((await outbox.drain()).stoppedBy).toBe('held');
    handle.setQuota(50_000);
    fx.clock.advance(DAY);
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  it('credentials revoked mid-drain: the queue pauses, nothing parks, and resumes to apply each once', async () => {
    const work = enqueueCase();
    let requests = 0;
    const outbox: Outbox = fx.outbox({
      hooks: {
        afterResponse: () => {
          if (++requests === 1) fx.sandbox.handle.revokeStore('demo');
        },
      },
    });
    expect((await outbox.drain()).stoppedBy).toBe('paused');
    expect(states(fx.db).filter((row) => row.state === 'parked')).toEqual([]);
    fx.sandbox.handle.restoreStore('demo');
    outbox.resume();
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  it('a create whose sku the back office already holds with other figures waits for a person', async () => {
    const sku = `FM-TAKEN-${nextCase++}`;
    await fx.sandbox.call('AddProduct', { body: { name: 'Someone else', sku, sellprice: '1' } });
    const create = enqueueWrite(fx.db, { kind: 'addProduct', body: { name: 'Ours', sku, sellprice: '2' } });
    fx.sandbox.handle.scheduleFault({ endpoint: 'AddProduct', mode: 'http500', timing: 'before' });
    await fx.outbox().drain();
    expect(states(fx.db).find((row) => row.id === create.operationId)).toMatchObject({
      state: 'parked',
      reason_code: 'UNCERTAIN_CREATE',
    });
    expect(await bySku(sku)).toHaveLength(1);
  });
});
