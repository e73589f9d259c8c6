// Withdrawing writes before they are sent (issue 20), against the real sandbox: a write that never left
// the PC goes with what depends on it and never reaches the back office; one that may have reached it
// (sending, unclear, resent after an unclear) cannot be withdrawn; and a withdrawal racing a real
// drainer never both sends and forgets.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueWrite, withdraw, withdrawalPlan } from '../../src-main/outbox/index.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { paymentsOf, recordsByUniqueNumber } from './support/money-readers.js';
import { CASH, SETTLE_MS, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

describe('withdrawing writes that were never sent', () => {
  let fx: OutboxFixture;
  beforeEach(async () => {
    fx = await startOutboxFixture({ products: 5 });
  });
  afterEach(() => fx.close());

  const row = (id: number) => states(fx.db).find((candidate) => candidate.id === id);
  const queueIncome = (amount = 300) =>
    enqueueWrite(fx.db, {
      kind: 'addIncome',
      body: { amount, list: [{ name: 'Walk-in sale', totalprice: amount }] },
    });
  const refusalOf = (work: () => unknown): string | undefined => {
    try {
      work();
      return undefined;
    } catch (error) {
      return isRefusal(error) ? `${error.code}/${error.reason ?? ''}` : String(error);
    }
  };
  const seededIncome = async () => {
    const incomes = await recordsByUniqueNumber(fx.sandbox, 'GetIncomes');
    const id = [...incomes.values()][0]?.id ?? 0;
    expect(id).toBeGreaterThan(0);
    return id;
  };

  it('takes back an income made offline with the payment on it; nothing reaches the back office', async () => {
    const port = fx.sandbox.handle.port;
    await fx.sandbox.handle.close();
    const income = queueIncome();
    const payment = enqueueWrite(fx.db, {
      kind: 'incomePayment',
      target: { afterOperation: income.operationId },
      args: { query: { paymentamount: 120, paymentmethod: CASH } },
    });
    // The back office is away: the create's request is refused before it leaves (ECONNREFUSED).
    await fx.outbox().drain();
    expect(row(income.operationId)?.state).toBe('retry');

    const plan = withdrawalPlan(fx.db, income.operationId);
    expect(plan.blocked).toBeNull();
    expect(plan.items.map((item) => [item.id, item.kind])).toEqual([
      [income.operationId, 'addIncome'],
      [payment.operationId, 'incomePayment'],
    ]);
    const withdrawn: number[] = [];
    withdraw(fx.db, income.operationId, { onWithdrawn: (rows) => withdrawn.push(...rows.map((r) => r.id)) });
    expect(withdrawn).toEqual([income.operationId, payment.operationId]);
    expect([row(income.operationId), row(payment.operationId)].map((r) => [r?.state, r?.outcome])).toEqual([
      ['discarded', 'withdrawn'],
      ['discarded', 'withdrawn'],
    ]);

    await fx.sandbox.restart({ port });
    const report = await fx.outbox().drain();
    expect(report.batches).toBe(0);
    expect((await recordsByUniqueNumber(fx.sandbox, 'GetIncomes')).get(income.uniqueNumber ?? '')).toBe(
      undefined,
    );
  });

  it('takes back a payment the back office refused for certain, but not the record it is on', async () => {
    const seeded = await seededIncome();
    const refused = enqueueWrite(fx.db, {
      kind: 'incomePayment',
      target: { serverId: seeded },
      args: { query: { paymentamount: 5, paymentmethod: 'No such method' } },
    });
    await fx.outbox().drain();
    expect(row(refused.operationId)?.state).toBe('parked');
    expect(withdrawalPlan(fx.db, refused.operationId).blocked).toBeNull();
    withdraw(fx.db, refused.operationId);
    expect(row(refused.operationId)?.outcome).toBe('withdrawn');
  });

  it('refuses while a request may have reached the back office: unclear, and resent after an unclear', async () => {
    const income = queueIncome(410);
    fx.sandbox.handle.scheduleFault({ endpoint: 'AddIncome', mode: 'reset', timing: 'after' });
    await fx.outbox().drain();
    expect(row(income.operationId)?.state).toBe('unclear');
    expect(withdrawalPlan(fx.db, income.operationId).blocked).toEqual({
      id: income.operationId,
      reason: 'unclear',
    });
    expect(refusalOf(() => withdraw(fx.db, income.operationId))).toBe('conflict/not-withdrawable');

    // Reconciled (a keyed create is resent with its key), and this time refused before it left: the
    // row waits like a never-sent one, yet the first request may be applied. It stays unwithdrawable.
    const port = fx.sandbox.handle.port;
    await fx.sandbox.handle.close();
    fx.clock.advance(SETTLE_MS + 1);
    await fx.outbox().drain();
    expect(row(income.operationId)?.state).toBe('retry');
    expect(withdrawalPlan(fx.db, income.operationId).blocked?.reason).toBe('mayHaveArrived');
    expect(refusalOf(() => withdraw(fx.db, income.operationId))).toBe('conflict/not-withdrawable');

    await fx.sandbox.restart({ port });
    fx.clock.advance(10 * 60_000);
    await fx.outbox().drain();
    expect(row(income.operationId)?.state).toBe('done');
    expect(
      (await recordsByUniqueNumber(fx.sandbox, 'GetIncomes')).get(income.uniqueNumber ?? '')?.count,
    ).toBe(1);
  });

  it('a withdrawal racing a real drainer never both sends and forgets (random interleaving)', async () => {
    const seeded = await seededIncome();
    const random = mulberry(20);
    const tally = { withdrawn: 0, sent: 0 };
    for (let round = 0; round < 24; round++) {
      fx.sandbox.handle.setFaults({ latencyMs: Math.floor(random() * 6) });
      const before = (await paymentsOf(fx.sandbox, 'income', seeded)).payments.length;
      const income = queueIncome(100 + round);
      // A delta: the drainer reads the record before claiming it, a window a withdrawal may fall into.
      const payment = enqueueWrite(fx.db, {
        kind: 'incomePayment',
        target: { serverId: seeded },
        args: { query: { paymentamount: 1, paymentmethod: CASH } },
      });
      const outbox = fx.outbox();
      const draining = outbox.drain();
      const taken = new Set<number>();
      await Promise.all(
        [payment.operationId, income.operationId].map(async (id) => {
          await pause(Math.floor(random() * 25));
          if (refusalOf(() => withdraw(fx.db, id)) === undefined) taken.add(id);
        }),
      );
      await draining;
      await outbox.drain();

      const sentIncome =
        (await recordsByUniqueNumber(fx.sandbox, 'GetIncomes')).get(income.uniqueNumber ?? '')?.count ?? 0;
      const sentPayments = (await paymentsOf(fx.sandbox, 'income', seeded)).payments.length - before;
      const verdict = (id: number, sent: number) => ({
        id,
        withdrawn: taken.has(id),
        state: row(id)?.state,
        sent,
      });
      // Exactly one of the two: withdrawn (and forgotten, nothing on the server) or sent (once, done).
      for (const seen of [
        verdict(income.operationId, sentIncome),
        verdict(payment.operationId, sentPayments),
      ]) {
        expect(seen, `round ${round}`).toEqual(
          seen.withdrawn
            ? { id: seen.id, withdrawn: true, state: 'discarded', sent: 0 }
            : { id: seen.id, withdrawn: false, state: 'done', sent: 1 },
        );
        if (seen.withdrawn) tally.withdrawn += 1;
        else tally.sent += 1;
      }
    }
    expect(tally.withdrawn + tally.sent).toBe(48);
  });
});

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A small seeded generator, so a failing interleaving can be replayed. */
function mulberry(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
