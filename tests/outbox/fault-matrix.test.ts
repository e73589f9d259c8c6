// The outbox against every fault the sandbox can inject: after healing, the sandbox (read through v4)
// shows every operation applied exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enqueueIncome,
  enqueueStockChange,
  enqueueStockCount,
  enqueueWrite,
  type Outbox,
} from '../../src-main/outbox/index.js';
import type { FaultMode, FaultTiming } from '../../src-main/sandbox/index.js';
import { paymentMethods, paymentsOf, recordsByUniqueNumber } from './support/money-readers.js';
import { CASH, SETTLE_MS, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('the outbox against sandbox faults', () => {
  let fx: OutboxFixture;
  let nextProduct = 1;
  let methods: string[] = [];
  let seededIncomes: number[] = [];
  let seededExpenses: number[] = [];
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 60 });
    methods = await paymentMethods(fx.sandbox);
    seededIncomes = [...(await recordsByUniqueNumber(fx.sandbox, 'GetIncomes')).values()].map((r) => r.id);
    seededExpenses = [...(await recordsByUniqueNumber(fx.sandbox, 'GetExpenses')).values()].map((r) => r.id);
  });
  afterAll(() => fx.close());

  /**
   * One increase (W0001), one count (W0002) and one income on a product no other case touches, then the
   * money writes: a payment on that income (made offline), an expense, a money transfer, and payments on
   * an income and an expense the back office already has. Amounts are the case's own.
   */
  async function enqueueCase(): Promise<{
    check: () => Promise<void>;
    ids: number[];
  }> {
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
    const money = await enqueueMoney(income.operationId, product);
    const w1After = (w1Before.get(product)?.stock ?? 0) + 3;
    return {
      ids: [...increase.operationIds, ...count.operationIds, income.operationId, ...money.ids],
      check: async () => {
        expect((await fx.stock('W0001', [product])).get(product)?.stock).toBe(w1After);
        expect((await fx.stock('W0002', [product])).get(product)?.stock).toBe(counted);
        expect((await fx.incomesByUniqueNumber()).get(income.uniquenumber)).toBe(1);
        await money.check(income.uniquenumber);
      },
    };
  }

  async function enqueueMoney(incomeOperation: number, amount: number) {
    // A record of the back office per case, so cases drained together never share one.
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

  function expectAllDone(ids: readonly number[]): void {
    const byId = new Map(states(fx.db).map((row) => [row.id, row]));
    for (const id of ids) expect(byId.get(id)).toMatchObject({ state: 'done' });
  }

  const writeEndpoints = [
    'IncreaseProductStockList',
    'UpdateProductStockList',
    'AddIncome',
    'AddExpense',
    'AddMoneyTransfer',
    'UpdateIncomePayment',
    'UpdateExpensePayment',
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
    for (const endpoint of writeEndpoints) fx.sandbox.handle.scheduleFault({ endpoint, mode, timing });
    const outbox = fx.outbox();
    await outbox.drain();
    // A reset leaves the request possibly still in flight: it is read back only after the settle time.
    if (mode === 'reset') {
      expect(
        states(fx.db)
          .filter((row) => work.ids.includes(row.id))
          .map((row) => row.state),
      ).toContain('unclear');
      fx.clock.advance(SETTLE_MS);
      await outbox.drain();
    }
    expectAllDone(work.ids);
    const outcomes = states(fx.db)
      .filter((row) => work.ids.includes(row.id))
      .map((row) => row.outcome);
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
    await work.check();
  });

  it('refused connection (sandbox closed): waits with backoff, then drains', async () => {
    const work = await enqueueCase();
    const port = fx.sandbox.handle.port;
    await fx.sandbox.handle.close();
    const outbox = fx.outbox();
    const report = await outbox.drain();
    expect(report.stoppedBy).toBe('notSent');
    // Each run stops at the first refused request; the later ones try the other batches.
    while ((await outbox.drain()).batches > 0);
    const waiting = states(fx.db).filter((row) => work.ids.includes(row.id));
    // Every write waits to be sent again; the payment on the income made offline waits for the income.
    const retry = ['retry', 'ECONNREFUSED'];
    expect(waiting.map((row) => [row.state, row.reason_code])).toEqual([
      retry,
      retry,
      retry,
      ['pending', null],
      retry,
      retry,
      retry,
      retry,
    ]);
    await fx.sandbox.restart({ port });
    fx.clock.advance(10 * MINUTE);
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  it('slow answer past the client timeout: unclear, reconciled once the sandbox applied it', async () => {
    const product = nextProduct++;
    const [set] = enqueueStockChange(fx.db, {
      warehouseCode: 'W0003',
      change: 'set',
      lines: [{ productId: product, sku: `SKU-${String(product).padStart(6, '0')}`, value: 4321 }],
    }).operationIds;
    const income = enqueueIncome(fx.db, { body: { amount: 9, list: [{ name: 'slow', totalprice: 9 }] } });
    // undici checks its timeouts about once a second, hence the long latency.
    const outbox = fx.outbox({ client: fx.client({ headersMs: 100 }) });
    fx.sandbox.handle.setFaults({ latencyMs: 1_500 });
    await outbox.drain();
    fx.sandbox.handle.setFaults({ latencyMs: 0 });
    const ids = [set ?? 0, income.operationId];
    expect(
      states(fx.db)
        .filter((row) => ids.includes(row.id))
        .map((row) => row.state),
    ).toEqual(['unclear', 'unclear']);
    // The slow requests were received; they are applied once their latency has passed.
    const applied = async () =>
      (await fx.stock('W0003', [product])).get(product)?.stock === 4321 &&
      (await fx.incomesByUniqueNumber()).has(income.uniquenumber);
    for (let tries = 0; tries < 250 && !(await applied()); tries++)
      await new Promise((r) => setTimeout(r, 20));
    fx.clock.advance(10 * MINUTE);
    await outbox.drain();
    expect(states(fx.db).filter((row) => ids.includes(row.id))).toMatchObject([
      { state: 'done', outcome: 'reconciled' },
      { state: 'done', outcome: 'alreadyApplied' },
    ]);
    expect((await fx.incomesByUniqueNumber()).get(income.uniquenumber)).toBe(1);
  });

  it('a payment and an expense timing out: unclear, read back once applied, never sent twice', async () => {
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
    await outbox.drain();
    fx.sandbox.handle.setFaults({ latencyMs: 0 });
    const ids = [payment.operationId, expense.operationId];
    expect(
      states(fx.db)
        .filter((row) => ids.includes(row.id))
        .map((row) => row.state),
    ).toEqual(['unclear', 'unclear']);
    const applied = async () =>
      (await paymentsOf(fx.sandbox, 'income', target)).payments.length === before.payments.length + 1 &&
      (await recordsByUniqueNumber(fx.sandbox, 'GetExpenses')).has(expense.uniqueNumber ?? '');
    for (let tries = 0; tries < 250 && !(await applied()); tries++)
      await new Promise((r) => setTimeout(r, 20));
    fx.clock.advance(10 * MINUTE);
    await fx.outbox().drain();
    expect(states(fx.db).filter((row) => ids.includes(row.id))).toMatchObject([
      { state: 'done', outcome: 'reconciled' },
      { state: 'done', outcome: 'alreadyApplied' },
    ]);
    expect((await paymentsOf(fx.sandbox, 'income', target)).payments.length).toBe(before.payments.length + 1);
    expect(
      (await recordsByUniqueNumber(fx.sandbox, 'GetExpenses')).get(expense.uniqueNumber ?? '')?.count,
    ).toBe(1);
  });

  it('two drainers on one file under random faults: every write applied once', async () => {
    const first = await enqueueCase();
    const second = await enqueueCase();
    const ids = [...first.ids, ...second.ids];
    fx.sandbox.handle.setFaults({ failRate: 0.3, seed: 11 });
    const one = fx.outbox();
    const two = fx.outbox({ db: fx.temp.open() });
    for (let round = 0; round < 60; round++) {
      await Promise.all([one.drain(), two.drain()]);
      const open = states(fx.db).filter((row) => ids.includes(row.id) && row.state !== 'done');
      if (open.length === 0) break;
      fx.clock.advance(5 * MINUTE);
    }
    fx.sandbox.handle.setFaults({ failRate: 0 });
    expectAllDone(ids);
    await first.check();
    await second.check();
  });

  it('quota reached: the queue holds until the next Thai day, then drains', async () => {
    const work = await enqueueCase();
    const { handle } = fx.sandbox;
    handle.setQuota(handle.quotaUsed('demo') + 1);
    const outbox = fx.outbox();
    const report = await outbox.drain();
    expect(report.stoppedBy).toBe('held');
    expect(outbox.control().holdUntil).toBeGreaterThan(fx.clock.now());
    expect((await outbox.drain()).skipped).toBe('held');
    handle.setQuota(50_000);
    fx.clock.advance(DAY);
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  it('credentials revoked mid-drain: the whole queue pauses until a person resumes it', async () => {
    const first = await enqueueCase();
    const second = await enqueueCase();
    let requests = 0;
    const events: string[] = [];
    const outbox: Outbox = fx.outbox({
      hooks: {
        afterResponse: () => {
          if (++requests === 1) fx.sandbox.handle.revokeStore('demo');
        },
      },
    });
    outbox.events.on('paused', (event) => events.push(`paused ${event.text}`));
    outbox.events.on('resumed', () => events.push('resumed'));
    const report = await outbox.drain();
    expect(report.stoppedBy).toBe('paused');
    expect(outbox.control()).toMatchObject({ paused: true, pauseText: 'Invalid API' });
    expect(events).toEqual(['paused Invalid API']);
    expect((await outbox.drain()).skipped).toBe('paused');
    expect(states(fx.db).filter((row) => row.state === 'parked')).toEqual([]);
    fx.sandbox.handle.restoreStore('demo');
    outbox.resume();
    await outbox.drain();
    expect(events).toEqual(['paused Invalid API', 'resumed']);
    expectAllDone([...first.ids, ...second.ids]);
    await first.check();
    await second.check();
  });

  it('"Access Denied." for an unknown warehouse parks that batch only; the queue keeps going', async () => {
    const [unknown] = enqueueStockChange(fx.db, {
      warehouseCode: 'W9999',
      change: 'set',
      lines: [{ productId: 1, sku: 'SKU-000001', value: 5 }],
    }).operationIds;
    const work = await enqueueCase();
    const outbox = fx.outbox();
    await outbox.drain();
    expect(outbox.control().paused).toBe(false);
    expect(states(fx.db).find((row) => row.id === unknown)).toMatchObject({
      state: 'parked',
      reason_code: 'UNKNOWN_WAREHOUSE',
    });
    expectAllDone(work.ids);
    await work.check();
  });
});
