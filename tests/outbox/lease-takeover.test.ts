// A drainer that loses its lease in the middle of a run: another Outbox on the same file takes it over
// (the first one's lease ran out on the test clock) while a request is about to leave, or just came
// back. The loser sends nothing more and settles nothing more; the winner finishes exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackofficeClient } from '../../src-main/backoffice/index.js';
import { enqueueWrite, type Outbox } from '../../src-main/outbox/index.js';
import { recordsByUniqueNumber } from './support/money-readers.js';
import { startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

const TTL_MS = 30_000;

describe('a drainer that loses its lease mid-run', () => {
  let fx: OutboxFixture;
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 5 });
  });
  afterAll(() => fx.close());

  /** A client that counts the requests it sends (reads and writes). */
  function countingClient(): { client: BackofficeClient; sent: () => number } {
    const client = fx.client();
    const call = client.call.bind(client);
    let sent = 0;
    client.call = ((...args: Parameters<typeof call>) => {
      sent += 1;
      return call(...args);
    }) as typeof client.call;
    return { client, sent: () => sent };
  }

  /** The second instance (its own connection to the file) takes the lease over and runs. */
  async function takeOver(winner: Outbox): Promise<void> {
    fx.clock.advance(TTL_MS + 1);
    await winner.drain();
  }

  const rowsOf = (ids: readonly number[]) => states(fx.db).filter((row) => ids.includes(row.id));

  /**
   * An Outbox on a counting client whose lease a second instance takes over at the first `hook` of its
   * run; `sentAtTakeover` is how many requests it had sent then (-1 until the takeover).
   */
  function loserAndWinner(hook: 'beforeRequest' | 'afterResponse') {
    const loser = countingClient();
    const winner = fx.outbox({ db: fx.temp.open() });
    let sentAtTakeover = -1;
    const outbox = fx.outbox({
      client: loser.client,
      leaseTtlMs: TTL_MS,
      hooks: {
        [hook]: async () => {
          if (sentAtTakeover >= 0) return;
          sentAtTakeover = loser.sent();
          await takeOver(winner);
        },
      },
    });
    return { outbox, sent: loser.sent, sentAtTakeover: () => sentAtTakeover };
  }

  it('sends nothing once the lease was taken over before its request left', async () => {
    const income = enqueueWrite(fx.db, { kind: 'addIncome', body: { amount: 41 } });
    const { outbox, sent, sentAtTakeover } = loserAndWinner('beforeRequest');
    await outbox.drain();
    expect(sent()).toBe(sentAtTakeover());
    // The winner found the row on the wire, read it back (the settle time had passed on the test clock)
    // and sent it itself: one income.
    expect(rowsOf([income.operationId])).toMatchObject([{ state: 'done', outcome: 'applied' }]);
    expect(
      (await recordsByUniqueNumber(fx.sandbox, 'GetIncomes')).get(income.uniqueNumber ?? '')?.count,
    ).toBe(1);
  });

  it('settles nothing and sends nothing more once the lease was taken over while a request was out', async () => {
    const first = enqueueWrite(fx.db, { kind: 'addIncome', body: { amount: 42 } });
    const second = enqueueWrite(fx.db, {
      kind: 'incomePayment',
      target: { afterOperation: first.operationId },
      args: { query: { paymentamount: 42, paymentmethod: 'เงินสด' } },
    });
    const third = enqueueWrite(fx.db, { kind: 'addExpense', body: { amount: 43 } });
    const { outbox, sent, sentAtTakeover } = loserAndWinner('afterResponse');
    const report = await outbox.drain();
    expect(sentAtTakeover()).toBe(1);
    expect(sent()).toBe(1);
    expect(report.settled).toBe(0);
    // The winner took the create over from the wire: its resend answered 900 (the loser's request had
    // been applied), which the loser would have overwritten with 'applied' had it settled its answer.
    // The payment waiting on it got the id read back by the key, and the expense was the winner's.
    const ids = [first.operationId, second.operationId, third.operationId];
    expect(rowsOf(ids).map((row) => [row.state, row.outcome])).toEqual([
      ['done', 'alreadyApplied'],
      ['done', 'applied'],
      ['done', 'applied'],
    ]);
    expect((await recordsByUniqueNumber(fx.sandbox, 'GetIncomes')).get(first.uniqueNumber ?? '')?.count).toBe(
      1,
    );
    expect(
      (await recordsByUniqueNumber(fx.sandbox, 'GetExpenses')).get(third.uniqueNumber ?? '')?.count,
    ).toBe(1);
  });
});
