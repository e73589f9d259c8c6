// Stock and money writes against every fault of the matrix (support/fault-cases.ts): an increase, a
// count and an income on a product no other case touches, then a payment on that income (made
// offline), an expense, a money transfer, and payments on an income and an expense the back office
// already has. After healing, the sandbox (read through v4) shows every operation applied exactly once.
import { expect, it } from 'vitest';
import {
  enqueueIncome,
  enqueueStockChange,
  enqueueStockCount,
  enqueueWrite,
  type Outbox,
} from '../../src-main/outbox/index.js';
import {
  describeFaultMatrix,
  expectAllDone,
  MINUTE,
  rowsOf,
  SETTLE_MS,
  plainRig,
  type FaultRig,
  type ResourceCase,
} from './support/fault-cases.js';
import { paymentMethods, paymentsOf, recordsByUniqueNumber } from './support/money-readers.js';
import { CASH, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

interface MoneyRig extends FaultRig {
  readonly methods: readonly string[];
  readonly seededIncomes: readonly number[];
  readonly seededExpenses: readonly number[];
}

let nextProduct = 1;

/**
 * The money writes of a case on its product: a payment on its income (made offline), an expense, a
 * transfer, and payments on an income and an expense the back office already has (one per case, so
 * cases drained together never share one). Amounts are the case's own.
 */
async function enqueueMoney(
  { fx, methods, seededIncomes, seededExpenses }: MoneyRig,
  incomeOperation: number,
  amount: number,
) {
  const seededIncome = seededIncomes[amount % seededIncomes.length] ?? 0;
  const seededExpense = seededExpenses[amount % seededExpenses.length] ?? 0;
  const [incomeHeld, expenseHeld] = await Promise.all([
    paymentsOf(fx.sandbox, 'income', seededIncome),
    paymentsOf(fx.sandbox, 'expense', seededExpense),
  ]);
  const onOffline = enqueueWrite(fx.db, {
    kind: 'incomePayment',
    target: { afterOperation: incomeOperation },
    args: { query: { paymentamount: amount + 0.1, paymentmethod: CASH } },
  });
  const expense = enqueueWrite(fx.db, { kind: 'addExpense', body: { amount: amount + 0.25 } });
  const transfer = enqueueWrite(fx.db, {
    kind: 'addMoneyTransfer',
    body: {
      amount: amount + 0.5,
      fromPaymentMethodName: methods[0] ?? '',
      toPaymentMethodName: methods[1] ?? '',
    },
  });
  const onIncome = enqueueWrite(fx.db, {
    kind: 'incomePayment',
    target: { serverId: seededIncome },
    args: { query: { paymentamount: amount + 0.75, paymentmethod: CASH } },
  });
  const onExpense = enqueueWrite(fx.db, {
    kind: 'expensePayment',
    target: { serverId: seededExpense },
    args: { query: { paymentamount: amount + 1, paymentmethod: CASH } },
  });
  return {
    ids: [onOffline, expense, transfer, onIncome, onExpense].map((queued) => queued.operationId),
    check: async (incomeKey: string) => {
      const incomeNow = (await recordsByUniqueNumber(fx.sandbox, 'GetIncomes')).get(incomeKey);
      // The income was created with a payment of `amount`; ours came after it, once.
      const onNew = await paymentsOf(fx.sandbox, 'income', incomeNow?.id ?? 0);
      expect(onNew.payments.map((payment) => payment.amount)).toEqual([amount, amount + 0.1]);
      expect(
        (await recordsByUniqueNumber(fx.sandbox, 'GetExpenses')).get(expense.uniqueNumber ?? '')?.count,
      ).toBe(1);
      expect(
        (await recordsByUniqueNumber(fx.sandbox, 'GetMoneyTransfers')).get(transfer.uniqueNumber ?? '')
          ?.count,
      ).toBe(1);
      const incomeAfter = await paymentsOf(fx.sandbox, 'income', seededIncome);
      const expenseAfter = await paymentsOf(fx.sandbox, 'expense', seededExpense);
      // Exactly one more payment each, of the case's figure.
      expect(incomeAfter.payments.length - incomeHeld.payments.length).toBe(1);
      expect(incomeAfter.paymentamount - incomeHeld.paymentamount).toBeCloseTo(amount + 0.75, 2);
      expect(expenseAfter.payments.length - expenseHeld.payments.length).toBe(1);
      expect(expenseAfter.paymentamount - expenseHeld.paymentamount).toBeCloseTo(amount + 1, 2);
    },
  };
}

const moneyWrites: ResourceCase<MoneyRig> = {
  title: 'stock and money writes',
  async start(): Promise<MoneyRig> {
    const fx = await startOutboxFixture({ products: 60 });
    const incomes = await recordsByUniqueNumber(fx.sandbox, 'GetIncomes');
    const expenses = await recordsByUniqueNumber(fx.sandbox, 'GetExpenses');
    return {
      ...plainRig(fx),
      methods: await paymentMethods(fx.sandbox),
      seededIncomes: [...incomes.values()].map((record) => record.id),
      seededExpenses: [...expenses.values()].map((record) => record.id),
    };
  },
  endpoints: [
    'IncreaseProductStockList',
    'UpdateProductStockList',
    'AddIncome',
    'AddExpense',
    'AddMoneyTransfer',
    'UpdateIncomePayment',
    'UpdateExpensePayment',
  ],
  /** An increase (W0001), a count (W0002) and an income on the case's product, then its money writes. */
  async enqueue(rig) {
    const { fx } = rig;
    const product = nextProduct++;
    const sku = `SKU-${String(product).padStart(6, '0')}`;
    const [w1Before, w2Before] = await Promise.all([
      fx.stock('W0001', [product]),
      fx.stock('W0002', [product]),
    ]);
    const increase = enqueueStockChange(fx.db, {
      warehouseCode: 'W0001',
      change: 'increase',
      lines: [{ productId: product, sku, value: 3 }],
    });
    const counted = (w2Before.get(product)?.stock ?? 0) + 11;
    const count = enqueueStockCount(fx.db, {
      sessionId: `case-${product}`,
      warehouseCode: 'W0002',
      policy: 'keepDifference',
      lines: [{ productId: product, sku, counted, countedAgainst: w2Before.get(product)?.stock ?? 0 }],
    });
    const income = enqueueIncome(fx.db, {
      body: {
        amount: product,
        paymentmethod: CASH,
        paymentamount: product,
        list: [{ name: sku, totalprice: product }],
      },
    });
    const money = await enqueueMoney(rig, income.operationId, product);
    const w1After = (w1Before.get(product)?.stock ?? 0) + 3;
    return {
      ids: [...increase.operationIds, ...count.operationIds, income.operationId, ...money.ids],
      expectAppliedOnce: async () => {
        expect((await fx.stock('W0001', [product])).get(product)?.stock).toBe(w1After);
        expect((await fx.stock('W0002', [product])).get(product)?.stock).toBe(counted);
        expect((await fx.incomesByUniqueNumber()).get(income.uniquenumber)).toBe(1);
        await money.check(income.uniquenumber);
      },
    };
  },
  settle: { stepMs: SETTLE_MS, rounds: 1 },
  randomSeed: 11,
  expectOutcomes({ timing }, outcomes) {
    const [increase, count, income, onOffline, expense, transfer, onIncome, onExpense] = outcomes;
    // After the commit, the read-back (or the 900) finds it applied; before, it is sent again. One
    // fault per endpoint: of the two income payments, the one sent first met it.
    if (timing === 'after') {
      expect([increase, count, income, expense, transfer, onExpense]).toEqual([
        'reconciled',
        'reconciled',
        'alreadyApplied',
        'alreadyApplied',
        'alreadyApplied',
        'reconciled',
      ]);
      expect([onOffline, onIncome].sort()).toEqual(['applied', 'reconciled']);
    } else expect(outcomes).toEqual(Array(8).fill('applied'));
  },
  expectWhileRefused(rows) {
    // Every write waits to be sent again; the payment on the income made offline waits for the income.
    const retry = ['retry', 'ECONNREFUSED'];
    expect(rows.map((row) => [row.state, row.reason_code])).toEqual([
      retry,
      retry,
      retry,
      ['pending', null],
      retry,
      retry,
      retry,
      retry,
    ]);
  },
};

/**
 * Drains `outbox`, whose two writes (`ids`: an absolute or delta write, then a keyed create) outlive the
 * client timeout, and sees both unclear. The slow requests were received: once `applied` sees them
 * land, a drain reads the first back as reached and resends the second to meet its key.
 */
async function timeOutThenReadBack(
  fx: OutboxFixture,
  outbox: Outbox,
  ids: readonly number[],
  applied: () => Promise<boolean>,
): Promise<void> {
  await outbox.drain();
  fx.sandbox.handle.setFaults({ latencyMs: 0 });
  expect(rowsOf(fx, ids).map((row) => row.state)).toEqual(['unclear', 'unclear']);
  for (let tries = 0; tries < 250 && !(await applied()); tries++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  fx.clock.advance(10 * MINUTE);
  await fx.outbox().drain();
  expect(rowsOf(fx, ids)).toMatchObject([
    { state: 'done', outcome: 'reconciled' },
    { state: 'done', outcome: 'alreadyApplied' },
  ]);
}

describeFaultMatrix(moneyWrites, (rig) => {
  it('slow stock set and income past the client timeout: unclear, reconciled once applied', async () => {
    const { fx } = rig();
    const product = nextProduct++;
    const [set] = enqueueStockChange(fx.db, {
      warehouseCode: 'W0003',
      change: 'set',
      lines: [{ productId: product, sku: `SKU-${String(product).padStart(6, '0')}`, value: 4321 }],
    }).operationIds;
    const income = enqueueIncome(fx.db, { body: { amount: 9, list: [{ name: 'slow', totalprice: 9 }] } });
    // Slow from the start: these writes read nothing before sending.
    const outbox = fx.outbox({ client: fx.client({ headersMs: 100 }) });
    fx.sandbox.handle.setFaults({ latencyMs: 1_500 });
    await timeOutThenReadBack(
      fx,
      outbox,
      [set ?? 0, income.operationId],
      async () =>
        (await fx.stock('W0003', [product])).get(product)?.stock === 4321 &&
        (await fx.incomesByUniqueNumber()).has(income.uniquenumber),
    );
    expect((await fx.incomesByUniqueNumber()).get(income.uniquenumber)).toBe(1);
  });

  it('a payment and an expense timing out: unclear, read back once applied, never sent twice', async () => {
    const { fx, seededIncomes } = rig();
    const target = seededIncomes[0] ?? 0;
    const before = await paymentsOf(fx.sandbox, 'income', target);
    const payment = enqueueWrite(fx.db, {
      kind: 'incomePayment',
      target: { serverId: target },
      args: { query: { paymentamount: 17.25, paymentmethod: CASH } },
    });
    const expense = enqueueWrite(fx.db, { kind: 'addExpense', body: { amount: 17.5 } });
    // Slow only once the reads before the write are done: the write itself outlives the client timeout.
    const outbox = fx.outbox({
      client: fx.client({ headersMs: 100 }),
      hooks: { beforeRequest: () => fx.sandbox.handle.setFaults({ latencyMs: 1_500 }) },
    });
    await timeOutThenReadBack(
      fx,
      outbox,
      [payment.operationId, expense.operationId],
      async () =>
        (await paymentsOf(fx.sandbox, 'income', target)).payments.length === before.payments.length + 1 &&
        (await recordsByUniqueNumber(fx.sandbox, 'GetExpenses')).has(expense.uniqueNumber ?? ''),
    );
    expect((await paymentsOf(fx.sandbox, 'income', target)).payments.length).toBe(before.payments.length + 1);
    expect(
      (await recordsByUniqueNumber(fx.sandbox, 'GetExpenses')).get(expense.uniqueNumber ?? '')?.count,
    ).toBe(1);
  });

  it('"Access Denied." for an unknown warehouse parks that batch only; the queue keeps going', async () => {
    const { fx } = rig();
    const [unknown] = enqueueStockChange(fx.db, {
      warehouseCode: 'W9999',
      change: 'set',
      lines: [{ productId: 1, sku: 'SKU-000001', value: 5 }],
    }).operationIds;
    const work = await moneyWrites.enqueue(rig());
    const outbox = fx.outbox();
    await outbox.drain();
    expect(outbox.control().paused).toBe(false);
    expect(states(fx.db).find((row) => row.id === unknown)).toMatchObject({
      state: 'parked',
      reason_code: 'UNKNOWN_WAREHOUSE',
    });
    expectAllDone(fx, work.ids);
    await work.expectAppliedOnce();
  });
});
