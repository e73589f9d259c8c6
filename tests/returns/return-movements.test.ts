// returns.movements (GetMovementReturnPurchaseOrders) against the real sandbox: none before the order's
// create is sent; once it is sent as Success, the order's own movement (its lines and the day the goods
// moved), not the other orders' listed over the same days; 'unreachable' when the back office fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReturnsFixture, type ReturnsFixture } from './support/returns-fixture.js';

describe('a return purchase order’s movements', () => {
  let rx: ReturnsFixture;
  beforeAll(async () => {
    rx = await startReturnsFixture();
  });
  afterAll(() => rx.close());

  it('not sent: none; sent as Success: its own movement as the back office lists it; failing: unreachable', async () => {
    const first = rx.service.create(rx.draft(undefined, [[3, 2]]));
    const other = rx.service.create(rx.draft(undefined, [[3, 1]]));
    expect(await rx.service.movements({ id: first.id })).toEqual({ state: 'notSent', movements: [] });

    const day = rx.service.newNumber().date;
    rx.actions.setStatus({ id: first.id, status: 'Success', actionDate: day });
    rx.actions.setStatus({ id: other.id, status: 'Success', actionDate: day });
    await rx.outbox().drain();

    const line = rx.service.detail(first.id).lines[0];
    const read = await rx.service.movements({ id: first.id });
    expect(read.state).toBe('read');
    expect(read.movements).toHaveLength(1);
    expect(read.movements[0]?.lines).toEqual([
      { sku: line?.sku, name: line?.name, quantity: 2, unitText: expect.any(String) },
    ]);
    expect(read.movements[0]?.dates.length).toBeGreaterThan(0);
    // The other order moved the same day: the back office lists both, each order shows its own.
    const others = await rx.service.movements({ id: other.id });
    expect(others.movements.map((movement) => movement.lines.map((each) => each.quantity))).toEqual([[1]]);

    rx.fx.sandbox.handle.setFaults({ failRate: 1, failModes: [{ mode: 'res500', timing: 'before' }] });
    try {
      expect(await rx.service.movements({ id: first.id })).toEqual({ state: 'unreachable', movements: [] });
    } finally {
      rx.fx.sandbox.handle.setFaults({ failRate: 0 });
    }
  });
});
