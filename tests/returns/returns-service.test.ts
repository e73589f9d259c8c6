// Return purchase orders end to end against the real sandbox and a real SQLite file: the first pull
// fills the copy; an order made here (scanned lines, a payment at creation, then Success) shows at
// once — in the list once, in the local view of its products' stock — and waits for nothing but the
// drain; after it the back office holds it once, its stock moved once, the catalogue took the confirmed
// figure (the local view never showing the move twice), and the pulled copy landed on the same row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingStockInWarehouse } from '../../src-main/outbox/local-view.js';
import { Refusal } from '../../src-main/refusal/refusal.js';
import { states } from '../outbox/support/outbox-fixture.js';
import { startReturnsFixture, WAREHOUSE, type ReturnsFixture } from './support/returns-fixture.js';

describe('return purchase orders', () => {
  let rx: ReturnsFixture;
  beforeAll(async () => {
    rx = await startReturnsFixture();
  });
  afterAll(() => rx.close());

  async function serverOrders(number: string) {
    const answer = await rx.fx.sandbox.call('GetReturnPurchaseOrders', {
      query: { limit: 500 },
      headers: { numberlist: number },
    });
    return (
      answer.body as { list: Array<{ id: number; number: string; status: string; paymentamount: number }> }
    ).list;
  }

  it('the first pull fills the copy; totals are over the whole filter', async () => {
    const report = await rx.sync.pull();
    expect(report.job).toBe('first');
    const all = rx.service.list({ offset: 0, limit: 5 });
    expect(all.total).toBeGreaterThan(0);
    expect(all.items.length).toBeLessThanOrEqual(5);
    const everything = rx.service.list({ offset: 0, limit: 500 });
    const sum = everything.items.reduce((total, item) => total + item.amount, 0);
    expect(all.totals.amount).toBeCloseTo(sum, 2);
    const pending = rx.service.list({ statuses: ['Pending'], offset: 0, limit: 500 });
    expect(pending.items.every((item) => item.status === 'Pending')).toBe(true);
  });

  it('a bad form queues nothing and names the field', () => {
    const before = states(rx.fx.db).length;
    const bad = rx.draft('RT-BAD-1', [[1, 1]], { warehouseCode: 'NOPE' });
    expect(() => rx.service.create(bad)).toThrowError(Refusal);
    try {
      rx.service.create(bad);
    } catch (error) {
      expect((error as Refusal).fields[0]?.path).toBe('warehouseCode');
    }
    const badMethod = rx.draft('RT-BAD-2', [[1, 1]], { payment: { methodId: 999_999, amount: 1 } });
    expect(() => rx.service.create(badMethod)).toThrowError(/payment.methodId/);
    expect(states(rx.fx.db)).toHaveLength(before);
  });

  it('made here, paid and set to Success: the local stock shows the move at once, the drain applies it once', async () => {
    const product = 3;
    const serverBefore = rx.serverStock(product);
    const v4Before = (await rx.fx.stock(WAREHOUSE, [product])).get(product)?.stock ?? 0;
    expect(serverBefore).toBe(v4Before);
    // How numbers are proposed and taken: return-numbers.test.ts.
    const proposed = rx.service.newNumber();
    expect(proposed.number).toMatch(/^RT-WHPC01-\d{5}$/);

    const method = rx.methods[0];
    if (!method) throw new Error('no payment method');
    const created = rx.service.create(
      rx.draft(proposed.number, [[product, 2]], { payment: { methodId: method.id, amount: 5 } }),
    );
    expect(created).toMatchObject({
      status: 'Pending',
      sendState: 'waitingToSend',
      paymentAmount: 5,
      serverId: null,
    });
    const paid = rx.actions.recordPayment({ id: created.id, methodId: method.id, amount: 7.5 });
    expect(paid.paymentAmount).toBe(12.5);
    const success = rx.actions.setStatus({ id: created.id, status: 'Success', actionDate: proposed.date });
    expect(success.status).toBe('Success');
    expect(success.chain.map((link) => [link.action, link.waitingFor])).toEqual([
      ['create', null],
      ['payment', created.operationId],
      ['status', created.operationId],
    ]);
    // The local view: the catalogue still says the server figure; the expected stock (counts, the
    // count review, the product page) already shows the goods gone.
    expect(rx.serverStock(product)).toBe(serverBefore);
    expect(rx.expected.of(WAREHOUSE, product)).toBe(serverBefore - 2);
    // The count review reads the whole warehouse's pending moves: the queued Success is among them.
    expect(pendingStockInWarehouse(rx.fx.db, WAREHOUSE).get(product)).toEqual({ delta: -2 });
    expect(
      rx.service.list({ keyword: proposed.number.toLowerCase(), offset: 0, limit: 10 }).items,
    ).toHaveLength(1);
    // Success takes nothing but a void now.
    expect(() => rx.actions.setStatus({ id: created.id, status: 'Waiting' })).toThrowError(/only be voided/);

    await rx.outbox().drain();
    const detail = rx.service.detail(created.id);
    expect(detail.chain.every((link) => link.sendState === 'sent')).toBe(true);
    const held = await serverOrders(proposed.number);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ status: 'Success', paymentamount: 12.5 });
    expect((await rx.fx.stock(WAREHOUSE, [product])).get(product)?.stock).toBe(v4Before - 2);
    // The catalogue took the confirmed move; the local view shows it once.
    expect(rx.serverStock(product)).toBe(serverBefore - 2);
    expect(rx.expected.of(WAREHOUSE, product)).toBe(serverBefore - 2);

    // The pulled copy lands on the same row, with the server id.
    rx.fx.clock.advance(60_000);
    await rx.sync.pull();
    const rows = rx.service.list({ keyword: proposed.number.toLowerCase(), offset: 0, limit: 10 });
    expect(rows.items).toHaveLength(1);
    expect(rows.items[0]).toMatchObject({
      id: created.id,
      serverId: held[0]?.id,
      status: 'Success',
      paymentAmount: 12.5,
    });
    const refreshed = await rx.service.refresh(created.id);
    expect(refreshed.movement?.lines).toEqual([expect.objectContaining({ quantity: 2 })]);
    expect(refreshed.payments.map((payment) => payment.amount).sort()).toEqual([5, 7.5]);
  });

  it('tags, voiding the payment and the order on a pulled order; a discarded write stops counting', async () => {
    const method = rx.methods[0];
    if (!method) throw new Error('no payment method');
    const made = rx.service.create(rx.draft(rx.service.newNumber().number, [[4, 1]]));
    await rx.outbox().drain();
    rx.fx.clock.advance(60_000);
    await rx.sync.pull();
    const tagged = rx.actions.setTag(made.id, 'supplier-late', true);
    expect(tagged.tags).toEqual(['supplier-late']);
    expect(() => rx.actions.setTag(made.id, 'supplier-late', true)).toThrowError(/already/);
    rx.actions.recordPayment({ id: made.id, methodId: method.id, amount: 3 });
    const voidedPayment = rx.actions.voidPayment(made.id);
    expect(voidedPayment.paymentAmount).toBe(0);
    const voided = rx.actions.voidOrder(made.id);
    expect(voided.status).toBe('Voided');
    await rx.outbox().drain();
    const server = await rx.fx.sandbox.call('GetReturnPurchaseOrderDetail', {
      query: { id: voided.serverId ?? 0 },
    });
    expect(server.body).toMatchObject({ status: 'Voided', tag: ['supplier-late'], paymentamount: 0 });

    const other = rx.service.create(rx.draft(rx.service.newNumber().number, [[5, 1]]));
    const waiting = rx.actions.setStatus({ id: other.id, status: 'Shipping' });
    expect(waiting.status).toBe('Shipping');
    const statusOperation = waiting.chain.find((link) => link.action === 'status')?.operationId ?? 0;
    rx.fx.db.prepare("UPDATE outbox_operations SET state = 'discarded' WHERE id = ?").run(statusOperation);
    expect(rx.service.detail(other.id).status).toBe('Pending');
  });
});
