// Return purchase order writes against every fault the sandbox can inject: a create made here (keyless:
// read back by its number and figures), then on it a payment, voiding the payments, a second payment,
// Success (which moves stock) and a tag. After healing, v4 reads show one order with that number, its
// payments, status and tag as meant, and its products' stock moved exactly once (GetProducts); the
// catalogue took the move once too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Outbox } from '../../src-main/outbox/index.js';
import type { FaultMode, FaultTiming } from '../../src-main/sandbox/index.js';
import { startReturnsFixture, WAREHOUSE, type ReturnsFixture } from '../documents/support/returns-fixture.js';
import { SETTLE_MS, states } from './support/outbox-fixture.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Held {
  readonly id: number;
  readonly status: string;
  readonly paymentamount: number;
  readonly tag: string[];
  readonly payments: Array<{ amount: number }>;
}

describe('return purchase order writes against sandbox faults', () => {
  let rx: ReturnsFixture;
  let nextProduct = 1;
  beforeAll(async () => {
    rx = await startReturnsFixture({ products: 40 });
  });
  afterAll(() => rx.close());

  /** One order per case on a product no other case touches, with the chain of writes on it. */
  async function enqueueCase() {
    const quantity = 2;
    // A product with goods to send back (the back office refuses a Success it has no stock for).
    let product = nextProduct++;
    let v4Before = (await rx.fx.stock(WAREHOUSE, [product])).get(product)?.stock ?? 0;
    while (v4Before < quantity) {
      product = nextProduct++;
      v4Before = (await rx.fx.stock(WAREHOUSE, [product])).get(product)?.stock ?? 0;
    }
    const catalogueBefore = rx.serverStock(product);
    const method = rx.methods[0];
    if (!method) throw new Error('no payment method');
    const { number } = rx.service.newNumber();
    const tag = `case-${product}`;
    const order = rx.service.create(
      rx.draft(number, [[product, quantity]], { payment: { methodId: method.id, amount: 1 } }),
    );
    rx.actions.recordPayment({ id: order.id, methodId: method.id, amount: 2 });
    rx.actions.voidPayment(order.id);
    rx.actions.recordPayment({ id: order.id, methodId: method.id, amount: 3 });
    rx.actions.setStatus({ id: order.id, status: 'Success' });
    const last = rx.actions.setTag(order.id, tag, true);
    expect(rx.expected.of(WAREHOUSE, product)).toBe(catalogueBefore - quantity);
    const ids = last.chain.map((link) => link.operationId);
    expect(ids).toHaveLength(6);
    return {
      ids,
      check: async () => {
        const answer = await rx.fx.sandbox.call('GetReturnPurchaseOrders', {
          query: { limit: 500 },
          headers: { numberlist: number },
        });
        const held = (answer.body as { list: Held[] }).list;
        expect(held).toHaveLength(1);
        expect(held[0]).toMatchObject({ status: 'Success', paymentamount: 3, tag: [tag] });
        expect(held[0]?.payments.map((payment) => payment.amount)).toEqual([3]);
        expect((await rx.fx.stock(WAREHOUSE, [product])).get(product)?.stock).toBe(v4Before - quantity);
        expect(rx.serverStock(product)).toBe(catalogueBefore - quantity);
        expect(rx.expected.of(WAREHOUSE, product)).toBe(catalogueBefore - quantity);
      },
    };
  }

  function expectAllDone(ids: readonly number[]): void {
    const byId = new Map(states(rx.fx.db).map((row) => [row.id, row]));
    for (const id of ids)
      expect(byId.get(id), byId.get(id)?.reason_text ?? '').toMatchObject({ state: 'done' });
  }

  const writeEndpoints = [
    'AddReturnPurchaseOrder',
    'UpdateReturnPurchaseOrderPayment',
    'VoidReturnPurchaseOrderPayment',
    'UpdateReturnPurchaseOrderStatus',
    'AddReturnPurchaseOrderTag',
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
    const work = await enqueueCase();
    for (const endpoint of writeEndpoints) rx.fx.sandbox.handle.scheduleFault({ endpoint, mode, timing });
    const outbox = rx.outbox();
    for (let round = 0; round < 6; round++) {
      await outbox.drain();
      if (states(rx.fx.db).every((row) => !work.ids.includes(row.id) || row.state === 'done')) break;
      // A reset leaves the request possibly in flight: it is read back only after the settle time.
      rx.fx.clock.advance(SETTLE_MS + MINUTE);
    }
    expectAllDone(work.ids);
    const outcomes = states(rx.fx.db)
      .filter((row) => work.ids.includes(row.id))
      .map((row) => row.outcome);
    if (timing === 'after') expect(outcomes).toContain('reconciled');
    await work.check();
  });

  it('refused connection (sandbox closed): the chain waits, then drains in order', async () => {
    const work = await enqueueCase();
    const port = rx.fx.sandbox.handle.port;
    await rx.fx.sandbox.handle.close();
    const outbox = rx.outbox();
    expect((await outbox.drain()).stoppedBy).toBe('notSent');
    const waiting = states(rx.fx.db).filter((row) => work.ids.includes(row.id));
    expect(waiting[0]?.state).toBe('retry');
    expect(waiting.slice(1).every((row) => row.state === 'pending')).toBe(true);
    await rx.fx.sandbox.restart({ port });
    rx.fx.clock.advance(10 * MINUTE);
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  it('two drainers on one file under random faults: every write applied once', async () => {
    const first = await enqueueCase();
    const second = await enqueueCase();
    const ids = [...first.ids, ...second.ids];
    rx.fx.sandbox.handle.setFaults({ failRate: 0.3, seed: 5 });
    const one = rx.outbox();
    const two = rx.fx.outbox({
      db: rx.fx.temp.open(),
      onApplied: (writes) => rx.catalogue.applyConfirmedWrites(writes, rx.fx.clock.now()),
    });
    for (let round = 0; round < 80; round++) {
      await Promise.all([one.drain(), two.drain()]);
      if (states(rx.fx.db).every((row) => !ids.includes(row.id) || row.state === 'done')) break;
      rx.fx.clock.advance(5 * MINUTE);
    }
    rx.fx.sandbox.handle.setFaults({ failRate: 0 });
    expectAllDone(ids);
    await first.check();
    await second.check();
  });

  it('quota reached: the chain holds until the next Thai day, then drains', async () => {
    const work = await enqueueCase();
    const { handle } = rx.fx.sandbox;
    handle.setQuota(handle.quotaUsed('demo') + 1);
    const outbox = rx.outbox();
    expect((await outbox.drain()).stoppedBy).toBe('held');
    handle.setQuota(50_000);
    rx.fx.clock.advance(DAY);
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  it('credentials revoked mid-chain: the queue pauses until a person resumes it', async () => {
    const work = await enqueueCase();
    let requests = 0;
    const outbox: Outbox = rx.outbox({
      hooks: {
        afterResponse: () => {
          if (++requests === 1) rx.fx.sandbox.handle.revokeStore('demo');
        },
      },
    });
    expect((await outbox.drain()).stoppedBy).toBe('paused');
    expect(states(rx.fx.db).filter((row) => work.ids.includes(row.id) && row.state === 'parked')).toEqual([]);
    rx.fx.sandbox.handle.restoreStore('demo');
    outbox.resume();
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });
});
