// The write kinds of the table against the real sandbox: keyed creates and payments (on records the
// back office has and on records made offline) reach it once; a payment whose answer was lost is read
// back, never resent blindly, and one that cannot be told is parked with both figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueWrite, operationStates } from '../../src-main/outbox/index.js';
import { discardParked } from '../../src-main/outbox/parked.service.js';
import { settleRow } from '../../src-main/outbox/drain.repository.js';
import { paymentMethods, paymentsOf, recordsByUniqueNumber } from './support/money-readers.js';
import { CASH, SETTLE_MS, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

describe('money writes through the outbox', () => {
  let fx: OutboxFixture;
  let methods: string[];
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 5 });
    methods = await paymentMethods(fx.sandbox);
  });
  afterAll(() => fx.close());

  const row = (id: number) => states(fx.db).find((candidate) => candidate.id === id);

  it('sends creates and payments, chained payments after their create with its server id', async () => {
    const incomes = await recordsByUniqueNumber(fx.sandbox, 'GetIncomes');
    const seeded = [...incomes.values()][0]?.id ?? 0;
    expect(seeded).toBeGreaterThan(0);
    const heldBefore = await paymentsOf(fx.sandbox, 'income', seeded);

    const income = enqueueWrite(fx.db, {
      kind: 'addIncome',
      body: { amount: 300, list: [{ name: 'Returned goods', totalprice: 300 }] },
    });
    const onOffline = enqueueWrite(fx.db, {
      kind: 'incomePayment',
      target: { afterOperation: income.operationId },
      args: { query: { paymentamount: 120, paymentmethod: CASH, paymentdate: '2025-06-10 10:30' } },
    });
    const expense = enqueueWrite(fx.db, { kind: 'addExpense', body: { amount: 80 } });
    const onOfflineExpense = enqueueWrite(fx.db, {
      kind: 'expensePayment',
      target: { afterOperation: expense.operationId },
      args: { query: { paymentamount: 80, paymentmethod: CASH } },
    });
    const onServer = enqueueWrite(fx.db, {
      kind: 'incomePayment',
      target: { serverId: seeded },
      args: { query: { paymentamount: 12.5, paymentmethod: CASH } },
    });
    const transfer = enqueueWrite(fx.db, {
      kind: 'addMoneyTransfer',
      body: { amount: 50, fromPaymentMethodName: methods[0] ?? CASH, toPaymentMethodName: methods[1] ?? '' },
    });

    await fx.outbox().drain();

    const ids = [income, onOffline, expense, onOfflineExpense, onServer, transfer].map((q) => q.operationId);
    const seen = operationStates(fx.db, ids);
    expect(seen.map((state) => state.mark)).toEqual(Array(6).fill('sent'));
    const incomeNow = (await recordsByUniqueNumber(fx.sandbox, 'GetIncomes')).get(income.uniqueNumber ?? '');
    const expenseNow = (await recordsByUniqueNumber(fx.sandbox, 'GetExpenses')).get(
      expense.uniqueNumber ?? '',
    );
    const transferNow = (await recordsByUniqueNumber(fx.sandbox, 'GetMoneyTransfers')).get(
      transfer.uniqueNumber ?? '',
    );
    expect([incomeNow?.count, expenseNow?.count, transferNow?.count]).toEqual([1, 1, 1]);
    // The server ids the service reads back are the back office's own, for the create and its payment.
    expect(seen[0]?.serverId).toBe(incomeNow?.id);
    expect(seen[1]?.serverId).toBe(incomeNow?.id);
    expect(seen[3]?.serverId).toBe(expenseNow?.id);
    expect(seen[5]?.serverId).toBe(transferNow?.id);
    expect(await paymentsOf(fx.sandbox, 'income', incomeNow?.id ?? 0)).toMatchObject({
      paymentamount: 120,
      payments: [{ name: CASH, amount: 120 }],
    });
    expect((await paymentsOf(fx.sandbox, 'expense', expenseNow?.id ?? 0)).paymentamount).toBe(80);
    const heldAfter = await paymentsOf(fx.sandbox, 'income', seeded);
    expect(heldAfter.payments.length).toBe(heldBefore.payments.length + 1);
    expect(heldAfter.paymentamount).toBeCloseTo(heldBefore.paymentamount + 12.5, 2);
  });

  it('after a 900 (answer lost) reads the create back by its key for the payment waiting on it', async () => {
    const income = enqueueWrite(fx.db, { kind: 'addIncome', body: { amount: 70 } });
    const payment = enqueueWrite(fx.db, {
      kind: 'incomePayment',
      target: { afterOperation: income.operationId },
      args: { query: { paymentamount: 70, paymentmethod: CASH } },
    });
    fx.sandbox.handle.scheduleFault({ endpoint: 'AddIncome', mode: 'res500', timing: 'after' });
    await fx.outbox().drain();
    const created = (await recordsByUniqueNumber(fx.sandbox, 'GetIncomes')).get(income.uniqueNumber ?? '');
    expect(row(income.operationId)).toMatchObject({ state: 'done', outcome: 'alreadyApplied' });
    expect(operationStates(fx.db, [income.operationId, payment.operationId]).map((s) => s.serverId)).toEqual([
      created?.id,
      created?.id,
    ]);
    expect((await paymentsOf(fx.sandbox, 'income', created?.id ?? 0)).paymentamount).toBe(70);
  });

  it('after a 900 (answer lost) learns the id of a create nothing waits on, for the pages that show it', async () => {
    // The transfer's detail reads the back office by this id; without it the page called a sent one unsent.
    const transfer = enqueueWrite(fx.db, {
      kind: 'addMoneyTransfer',
      body: { amount: 35, fromPaymentMethodName: methods[0] ?? CASH, toPaymentMethodName: methods[1] ?? '' },
    });
    fx.sandbox.handle.scheduleFault({ endpoint: 'AddMoneyTransfer', mode: 'res500', timing: 'after' });
    await fx.outbox().drain();
    const created = (await recordsByUniqueNumber(fx.sandbox, 'GetMoneyTransfers')).get(
      transfer.uniqueNumber ?? '',
    );
    expect(created?.count).toBe(1);
    expect(row(transfer.operationId)).toMatchObject({ state: 'done', outcome: 'alreadyApplied' });
    expect(operationStates(fx.db, [transfer.operationId])[0]?.serverId).toBe(created?.id);
  });

  it('parks a payment whose answer was lost when someone else paid meanwhile, with both figures', async () => {
    const incomes = await recordsByUniqueNumber(fx.sandbox, 'GetIncomes');
    const target = [...incomes.values()][1]?.id ?? 0;
    const before = await paymentsOf(fx.sandbox, 'income', target);
    const payment = enqueueWrite(fx.db, {
      kind: 'incomePayment',
      target: { serverId: target },
      args: { query: { paymentamount: 33, paymentmethod: CASH } },
    });
    fx.sandbox.handle.scheduleFault({ endpoint: 'UpdateIncomePayment', mode: 'reset', timing: 'after' });
    const outbox = fx.outbox();
    await outbox.drain();
    expect(row(payment.operationId)?.state).toBe('unclear');
    // Another PC records a payment of the same figure before the read-back.
    await fx.sandbox.call('UpdateIncomePayment', {
      query: { id: target, paymentamount: 33, paymentmethod: CASH },
    });
    fx.clock.advance(SETTLE_MS);
    await outbox.drain();
    const parked = row(payment.operationId);
    expect(parked).toMatchObject({ state: 'parked', reason_code: 'UNCERTAIN_DELTA_WRITE' });
    const was = before.paymentamount.toLocaleString('en-US', { minimumFractionDigits: 2 });
    const now = (before.paymentamount + 66).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(parked?.reason_text).toContain(`held ฿${was} paid in ${before.payments.length} payment`);
    expect(parked?.reason_text).toContain(
      `now it holds ฿${now} paid in ${before.payments.length + 2} payments`,
    );
    // Never resent blindly: exactly the two payments exist.
    expect((await paymentsOf(fx.sandbox, 'income', target)).payments.length).toBe(before.payments.length + 2);
  });

  it('a payment waits with its parked create, and is parked saying so when the create is discarded', async () => {
    const income = enqueueWrite(fx.db, { kind: 'addIncome', body: { amount: 5 } });
    const payment = enqueueWrite(fx.db, {
      kind: 'incomePayment',
      target: { afterOperation: income.operationId },
      args: { query: { paymentamount: 5, paymentmethod: CASH } },
    });
    settleRow(fx.db, income.operationId, { state: 'parked', code: 'TEST', text: 'held for a person' }, 1);
    const outbox = fx.outbox();
    await outbox.drain();
    expect(operationStates(fx.db, [payment.operationId])[0]).toMatchObject({
      state: 'pending',
      mark: 'needsAttention',
      waitingFor: { operationId: income.operationId, state: 'parked' },
    });
    discardParked(fx.db, income.operationId, 'entered twice');
    await outbox.drain();
    expect(row(payment.operationId)).toMatchObject({ state: 'parked', reason_code: 'CREATE_DISCARDED' });
    expect((await recordsByUniqueNumber(fx.sandbox, 'GetIncomes')).has(income.uniqueNumber ?? '')).toBe(
      false,
    );
  });
});
