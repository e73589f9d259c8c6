// The money sync's daily job against the real sandbox: a payment the back office records without moving
// the record's update time (production does not promise it does), and a transfer voided in the back
// office (no v4 call voids one, and a transfer has no update time: only its status shows it), are both
// missed by the incremental pull and picked up by the daily re-read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import { callContract } from '../../src-shared/ipc/index.js';
import { CASH } from '../outbox/support/outbox-fixture.js';
import { startMoneyFixture, type MoneyFixture } from './support/money-fixture.js';

const WINDOW_DAYS = 30;

interface ServerIncome {
  id: number;
  amount: number;
  paymentamount: number;
  incomedateString: string;
}

describe('money daily re-read', () => {
  let m: MoneyFixture;
  let sandboxDb: Database;
  beforeAll(async () => {
    // The daily job is due whenever the pull is not, so each test can run it.
    m = await startMoneyFixture({ windowDays: WINDOW_DAYS, pruneIntervalMs: 0 });
    sandboxDb = m.fx.sandbox.handle.db;
    expect((await m.sync.pull()).job).toBe('first');
  });
  afterAll(() => m.close());

  const incomes = (extra: Record<string, unknown> = {}) =>
    m.money.list(callContract['money.list'].args.parse({ kind: 'income', limit: 500, ...extra }));

  it('a payment that leaves the update time alone shows after the daily re-read, not before', async () => {
    const answer = await m.fx.sandbox.call('GetIncomes', { query: { limit: 500 } });
    const server = (answer.body as { list: ServerIncome[] }).list;
    const windowStart = m.sync.windowStart();
    // Unpaid and older than the window: kept only because it is unpaid; two of them.
    const [partly, fully] = server.filter(
      (income) => income.incomedateString < windowStart && income.paymentamount === 0,
    );
    if (!partly || !fully) throw new Error('the demo store has fewer than two old unpaid incomes');
    const local = (serverId: number) => incomes().items.find((item) => item.serverId === serverId);
    expect(local(partly.id)?.paymentStatus).toBe('Pending');
    expect(local(fully.id)?.paymentStatus).toBe('Pending');

    const updatedAt = sandboxDb.prepare<[number], { updated_at: number }>(
      'SELECT updated_at FROM finance_documents WHERE id = ?',
    );
    for (const [income, share] of [
      [partly, 0.5],
      [fully, 1],
    ] as const) {
      const before = updatedAt.get(income.id)?.updated_at;
      const paid = await m.fx.sandbox.call('UpdateIncomePayment', {
        query: {
          id: String(income.id),
          paymentamount: (income.amount * share).toFixed(2),
          paymentmethod: CASH,
        },
      });
      expect(paid.status).toBe(200);
      // As production may: the payment is recorded, the record's update time stays where it was.
      sandboxDb.prepare('UPDATE finance_documents SET updated_at = ? WHERE id = ?').run(before, income.id);
    }

    const pull = await m.sync.pull();
    expect(pull.job).toBe('pull');
    expect(local(partly.id)?.paymentStatus).toBe('Pending');

    const daily = await m.sync.runDue();
    expect(daily.job).toBe('prune');
    // At least one re-read per kind with unpaid records and the window's transfers.
    expect(daily.requests).toBeGreaterThanOrEqual(3);
    // Pulls give way to it: pulls a day plus the daily job stay within the money sync's requests a day.
    const pullsPerDay = (24 * 60 * 60 * 1000) / m.sync.intervalMs();
    expect(m.sync.dailyJobRequests()).toBe(daily.requests);
    expect(pullsPerDay * 3 + daily.requests).toBeLessThanOrEqual(m.sync.settings.requestsPerDay);
    expect(pullsPerDay * 3 + daily.requests).toBeGreaterThan(m.sync.settings.requestsPerDay - 1);
    expect(local(partly.id)?.paymentStatus).toBe('Partial Payment');
    // Paid in full and older than the window: the same job drops it from the copy.
    expect(local(fully.id)).toBeUndefined();
    expect(incomes().items.some((item) => item.date < windowStart && item.paymentStatus === 'Paid')).toBe(
      false,
    );
  });

  it('a transfer voided in the back office shows as voided after the daily re-read', async () => {
    const transfers = () =>
      m.money.transfers(callContract['money.transfers'].args.parse({ limit: 500 })).items;
    const target = transfers().find(
      (transfer) => transfer.status === 'Success' && transfer.serverId !== null,
    );
    if (!target?.serverId) throw new Error('the demo store has no transfer in the window');
    // No v4 call voids a transfer: it happens in the back office's own screens.
    sandboxDb.prepare("UPDATE money_transfers SET status = 'Voided' WHERE id = ?").run(target.serverId);

    await m.sync.pull();
    expect(transfers().find((transfer) => transfer.id === target.id)?.status).toBe('Success');

    const daily = await m.sync.runDue();
    expect(daily.job).toBe('prune');
    expect(transfers().find((transfer) => transfer.id === target.id)?.status).toBe('Voided');
  });
});
