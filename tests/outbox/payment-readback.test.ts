// A payment whose answer was lost is judged by the record's payments before and after: a new payment
// of the same amount is ours only when its method (and its date, when we named one) is ours too. One
// of our amount by another method or at another time is someone else's at the till: judging it ours
// would lose ours silently, so it goes to a person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueWrite, listParked } from '../../src-main/outbox/index.js';
import { judgePayment, type PaymentsSnapshot } from '../../src-main/outbox/writes/finance-readback.js';
import { paymentMethods, paymentsOf, recordsByUniqueNumber } from './support/money-readers.js';
import { CASH, SETTLE_MS, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

const TRANSFER = 'พร้อมเพย์';

function snapshot(...payments: Array<{ id: number; satang: number; method?: string; at?: string }>) {
  return {
    paidSatang: payments.reduce((sum, payment) => sum + payment.satang, 0),
    payments: payments.map((payment) => ({
      key: `id:${payment.id}`,
      method: payment.method ?? CASH,
      satang: payment.satang,
      at: payment.at ?? '',
    })),
  } satisfies PaymentsSnapshot;
}

describe('judgePayment', () => {
  const before = snapshot({ id: 1, satang: 10_000 });
  const ours = { paymentamount: 41, paymentmethod: CASH };

  it('applied: one new payment of our amount and method, the sum grown by it', () => {
    const after = snapshot({ id: 1, satang: 10_000 }, { id: 2, satang: 4_100 });
    expect(judgePayment(before, after, ours)).toBe('applied');
  });

  it('not applied: the same payments and sum as before', () => {
    expect(judgePayment(before, snapshot({ id: 1, satang: 10_000 }), ours)).toBe('notApplied');
  });

  it('uncertain: our amount by another method (someone else paid at the till)', () => {
    const after = snapshot({ id: 1, satang: 10_000 }, { id: 2, satang: 4_100, method: TRANSFER });
    expect(judgePayment(before, after, ours)).toBe('uncertain');
  });

  it('with our paymentdate: applied at that minute, uncertain at another', () => {
    const dated = { ...ours, paymentdate: '2025-06-10 10:30' };
    const at = (time: string) => snapshot({ id: 1, satang: 10_000 }, { id: 2, satang: 4_100, at: time });
    expect(judgePayment(before, at('2025-06-10 10:30'), dated)).toBe('applied');
    expect(judgePayment(before, at('2025-06-10 11:45'), dated)).toBe('uncertain');
    expect(judgePayment(before, at('2025-06-11 10:30'), dated)).toBe('uncertain');
    // A payment the back office shows without a date is judged by amount and method only.
    expect(judgePayment(before, at(''), dated)).toBe('applied');
  });

  it('uncertain: another amount, two new payments, or one gone', () => {
    const other = snapshot({ id: 1, satang: 10_000 }, { id: 2, satang: 4_000 });
    const two = snapshot({ id: 1, satang: 10_000 }, { id: 2, satang: 4_100 }, { id: 3, satang: 4_100 });
    const gone = snapshot({ id: 2, satang: 4_100 });
    for (const after of [other, two, gone]) expect(judgePayment(before, after, ours)).toBe('uncertain');
  });
});

describe('a payment left unclear, read back against the sandbox', () => {
  let fx: OutboxFixture;
  let incomes: number[];
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 5 });
    expect(await paymentMethods(fx.sandbox)).toContain(TRANSFER);
    incomes = [...(await recordsByUniqueNumber(fx.sandbox, 'GetIncomes')).values()].map((r) => r.id);
  });
  afterAll(() => fx.close());

  const rowOf = (id: number) => states(fx.db).find((row) => row.id === id);

  /**
   * Queues our payment on a seeded income; its request is reset (before or after the back office
   * commits it); `meanwhile` runs before the read-back. Returns the row and the income's payments before.
   */
  async function unclearPayment(
    income: number,
    query: { paymentamount: number; paymentmethod: string; paymentdate?: string },
    timing: 'before' | 'after',
    meanwhile: () => Promise<unknown> = async () => {},
  ) {
    const held = await paymentsOf(fx.sandbox, 'income', income);
    const { operationId } = enqueueWrite(fx.db, {
      kind: 'incomePayment',
      target: { serverId: income },
      args: { query },
    });
    fx.sandbox.handle.scheduleFault({ endpoint: 'UpdateIncomePayment', mode: 'reset', timing });
    const outbox = fx.outbox();
    await outbox.drain();
    expect(rowOf(operationId)?.state).toBe('unclear');
    await meanwhile();
    fx.clock.advance(SETTLE_MS);
    await outbox.drain();
    return { operationId, held };
  }

  const payElsewhere = (income: number, query: Record<string, string | number>) => () =>
    fx.sandbox.call('UpdateIncomePayment', { query: { id: income, ...query } });

  it('ours never landed, one of the same amount by another method did: parked, never judged applied', async () => {
    const income = incomes[0] ?? 0;
    const { operationId, held } = await unclearPayment(
      income,
      { paymentamount: 41, paymentmethod: CASH },
      'before',
      payElsewhere(income, { paymentamount: 41, paymentmethod: TRANSFER }),
    );
    expect(rowOf(operationId)).toMatchObject({ state: 'parked', reason_code: 'UNCERTAIN_DELTA_WRITE' });
    const reason = listParked(fx.db).find((row) => row.id === operationId)?.reasonText ?? '';
    expect(reason).toContain(`Payment ฿41.00 on income #${income} by ${CASH} may have been applied`);
    expect(reason).toMatch(new RegExp(`now it holds .*฿41\\.00 by ${TRANSFER} at \\d{4}-`));
    // Not resent blindly either: only the till's payment is there.
    const now = await paymentsOf(fx.sandbox, 'income', income);
    expect(now.payments.length).toBe(held.payments.length + 1);
    expect(now.payments.at(-1)).toMatchObject({ name: TRANSFER, amount: 41 });
  });

  it('ours (dated) never landed, one of the same amount and method at another time did: parked', async () => {
    const income = incomes[1] ?? 0;
    const { operationId, held } = await unclearPayment(
      income,
      { paymentamount: 52, paymentmethod: CASH, paymentdate: '2025-06-10 10:30' },
      'before',
      payElsewhere(income, { paymentamount: 52, paymentmethod: CASH, paymentdate: '2025-06-10 11:45' }),
    );
    expect(rowOf(operationId)).toMatchObject({ state: 'parked', reason_code: 'UNCERTAIN_DELTA_WRITE' });
    expect(listParked(fx.db).find((row) => row.id === operationId)?.reasonText).toContain(
      `฿52.00 by ${CASH} at 2025-06-10 11:45`,
    );
    expect((await paymentsOf(fx.sandbox, 'income', income)).payments.length).toBe(held.payments.length + 1);
  });

  it('ours (dated) landed before the reset: read back as applied at its minute, not sent again', async () => {
    const income = incomes[2] ?? 0;
    const { operationId, held } = await unclearPayment(
      income,
      { paymentamount: 63, paymentmethod: CASH, paymentdate: '2025-06-10 10:30' },
      'after',
    );
    expect(rowOf(operationId)).toMatchObject({ state: 'done', outcome: 'reconciled' });
    expect((await paymentsOf(fx.sandbox, 'income', income)).payments.length).toBe(held.payments.length + 1);
  });
});
