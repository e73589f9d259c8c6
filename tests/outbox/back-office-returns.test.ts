// Sending when the back office returns (issue 20): while it cannot be reached, a cheap read on a short
// fixed interval notices it is back, and the waiting writes go then, without waiting out their backoff;
// a person's "Send now" ends the waits a person may end (not a quota hold). Real clock, real sandbox
// going away and coming back on its port. The backoff here is ten minutes, far past every wait of the
// test, so a write that went out can only have been sent by the mechanism under test.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdQueue } from '../../src-main/outbox/control.repository.js';
import { enqueueWrite } from '../../src-main/outbox/index.js';
import { recordsByUniqueNumber } from './support/money-readers.js';
import { startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

const TEN_MINUTES = 10 * 60_000;

/** Whether `condition` came true within about ten seconds of polling (no timing is asserted). */
async function eventually(condition: () => boolean): Promise<boolean> {
  for (let tries = 0; tries < 1_000; tries++) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

describe('when the back office comes back', () => {
  let fx: OutboxFixture;
  beforeEach(async () => {
    fx = await startOutboxFixture({ products: 3 });
  });
  afterEach(() => fx.close());

  const income = () =>
    enqueueWrite(fx.db, {
      kind: 'addIncome',
      body: { amount: 75, list: [{ name: 'Sale', totalprice: 75 }] },
    });
  const stateOf = (id: number) => states(fx.db).find((row) => row.id === id)?.state;
  const waitUntil = (id: number) =>
    fx.db
      .prepare<[number], { at: number | null }>(
        'SELECT next_attempt_at AS at FROM outbox_operations WHERE id = ?',
      )
      .get(id)?.at ?? null;
  const away = async () => {
    const port = fx.sandbox.handle.port;
    await fx.sandbox.handle.close();
    return () => fx.sandbox.restart({ port });
  };

  it('probes on a short interval while offline and sends on the first probe that gets through', async () => {
    const back = await away();
    const outbox = fx.outbox({
      now: Date.now,
      random: () => 0.999,
      backoff: { baseMs: TEN_MINUTES, maxMs: TEN_MINUTES },
      watchdogMs: TEN_MINUTES,
      probeMs: 40,
    });
    outbox.start();
    const queued = income();
    expect(await eventually(() => stateOf(queued.operationId) === 'retry'), 'refused while away').toBe(true);
    // Its own wait is the backoff's, minutes away; the probe runs beside it.
    expect((waitUntil(queued.operationId) ?? 0) - Date.now()).toBeGreaterThan(TEN_MINUTES / 2);
    expect(outbox.probe.active).toBe(true);
    expect(await eventually(() => outbox.probe.attempts >= 2), 'probes while away').toBe(true);

    await back();
    expect(await eventually(() => stateOf(queued.operationId) === 'done'), 'sent after the first probe').toBe(
      true,
    );
    expect(outbox.probe.active).toBe(false);
    const sent = await recordsByUniqueNumber(fx.sandbox, 'GetIncomes');
    expect(sent.get(queued.uniqueNumber ?? '')?.count).toBe(1);
  });

  it('"Send now" ends a backoff wait, but not a quota hold', async () => {
    const back = await away();
    const outbox = fx.outbox({
      now: Date.now,
      random: () => 0.999,
      backoff: { baseMs: TEN_MINUTES, maxMs: TEN_MINUTES },
      watchdogMs: TEN_MINUTES,
      probeMs: TEN_MINUTES,
    });
    const queued = income();
    await outbox.drain();
    expect(stateOf(queued.operationId)).toBe('retry');
    await back();

    holdQueue(fx.db, Date.now() + TEN_MINUTES, 'quota');
    expect(outbox.sendNow().woken).toBe(1);
    expect(await outbox.drain()).toMatchObject({ skipped: 'held' });
    expect(stateOf(queued.operationId)).toBe('retry');

    fx.db.prepare('UPDATE outbox_control SET hold_until = 0, hold_reason = NULL').run();
    fx.db
      .prepare('UPDATE outbox_operations SET next_attempt_at = ? WHERE id = ?')
      .run(Date.now() + TEN_MINUTES, queued.operationId);
    expect(await outbox.drain()).toMatchObject({ batches: 0 });
    expect(outbox.sendNow().woken).toBe(1);
    await outbox.drain();
    expect(stateOf(queued.operationId)).toBe('done');
  });
});
