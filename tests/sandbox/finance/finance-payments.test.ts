// Payments on incomes and expenses over real HTTP: at creation and by UpdateIncomePayment /
// UpdateExpensePayment, paymentstatus through Pending, Partial Payment, Paid and Excess Payment.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../../support/sandbox-harness.js';
import type { TestSandbox } from '../../support/sandbox-harness.js';
import { CASH, PROMPTPAY, financeCalls, financeKinds, thai } from './finance-calls.js';

let sandbox: TestSandbox;
let clock = thai('2026-03-10 10:00');

beforeAll(async () => {
  sandbox = await startTestSandbox({ now: () => clock });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  clock = thai('2026-03-10 10:00');
});

describe.each(financeKinds)('$pay', (names) => {
  const calls = () => financeCalls(sandbox, names);

  it('moves paymentstatus through Pending, Partial Payment, Paid and Excess Payment', async () => {
    const id = await calls().add({ amount: 1000, vattype: 1 });
    let record = await calls().detail(id);
    expect([record.paymentstatus, record.paymentamount, record.payments]).toEqual(['Pending', 0, []]);

    expect(
      await calls().pay(id, { paymentamount: 400, paymentmethod: CASH, paymentdate: '2026-03-11 09:15' }),
    ).toEqual({
      code: '200',
      description: 'Success',
    });
    record = await calls().detail(id);
    expect([record.paymentstatus, record.paymentamount]).toEqual(['Partial Payment', 400]);
    expect(record.payments).toEqual([
      {
        id: expect.any(Number) as number,
        name: CASH,
        amount: 400,
        paymentdatetime: '2026-03-11T09:15:00',
        paymentdatetimeString: '2026-03-11 09:15',
      },
    ]);

    clock = thai('2026-03-12 10:00');
    await calls().pay(id, { paymentamount: 600, paymentmethod: PROMPTPAY });
    record = await calls().detail(id);
    expect([record.paymentstatus, record.paymentamount]).toEqual(['Paid', 1000]);
    expect(
      record.payments.map((payment) => [payment.name, payment.amount, payment.paymentdatetimeString]),
    ).toEqual([
      [CASH, 400, '2026-03-11 09:15'],
      [PROMPTPAY, 600, '2026-03-12 10:00'],
    ]);
    expect(record.updatedatetimeString).toBe('2026-03-12 10:00');
    expect(record.createdatetimeString).toBe('2026-03-10 10:00');

    await calls().pay(id, { paymentamount: 0.5, paymentmethod: CASH });
    record = await calls().detail(id);
    expect([record.paymentstatus, record.paymentamount]).toEqual(['Excess Payment', 1000.5]);
  });

  it('records a payment made at creation, dated by paymentdate or else now', async () => {
    const paid = await calls().detail(
      await calls().add({
        amount: 500,
        paymentamount: 500,
        paymentmethod: CASH,
        paymentdate: '2026-03-09 18:45',
      }),
    );
    expect([paid.paymentstatus, paid.paymentamount]).toEqual(['Paid', 500]);
    expect(
      paid.payments.map((payment) => [payment.name, payment.amount, payment.paymentdatetimeString]),
    ).toEqual([[CASH, 500, '2026-03-09 18:45']]);

    const partial = await calls().detail(
      await calls().add({ amount: 500, paymentamount: 200, paymentmethod: PROMPTPAY }),
    );
    expect([partial.paymentstatus, partial.paymentamount]).toEqual(['Partial Payment', 200]);
    expect(partial.payments[0]?.paymentdatetimeString).toBe('2026-03-10 10:00');

    const excess = await calls().detail(
      await calls().add({ amount: 500, paymentamount: 650, paymentmethod: CASH }),
    );
    expect([excess.paymentstatus, excess.paymentamount]).toEqual(['Excess Payment', 650]);
  });

  it('records no payment for paymentamount 0, but still checks the payment method', async () => {
    const record = await calls().detail(
      await calls().add({ amount: 500, paymentamount: 0, paymentmethod: CASH }),
    );
    expect([record.paymentstatus, record.paymentamount, record.payments]).toEqual(['Pending', 0, []]);
    const refusal = await calls().refuse({ amount: 500, paymentmethod: 'Bitcoin' });
    expect(refusal.description).toBe(
      'paymentmethod Bitcoin is not a payment method of this store (see GetPaymentMethods)',
    );
  });

  it('counts a document of amount 0 as Paid (the shared paymentStatus rule)', async () => {
    const record = await calls().detail(await calls().add({ amount: 0 }));
    expect(record.paymentstatus).toBe('Paid');
  });

  it('rounds a payment to the satang', async () => {
    const id = await calls().add({ amount: 100 });
    await calls().pay(id, { paymentamount: 33.333, paymentmethod: CASH });
    const record = await calls().detail(id);
    expect(record.paymentamount).toBe(33.33);
    expect(record.payments[0]?.amount).toBe(33.33);
  });

  describe('a payment at creation is refused, naming the field, and nothing is created', () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        'paymentamount without paymentmethod',
        { paymentamount: 100 },
        /^paymentmethod is required when paymentamount/,
      ],
      [
        'paymentmethod not a payment method of the store',
        { paymentamount: 100, paymentmethod: 'Bitcoin' },
        /^paymentmethod Bitcoin is not a payment method of this store \(see GetPaymentMethods\)$/,
      ],
      [
        'paymentamount negative',
        { paymentamount: -1, paymentmethod: CASH },
        /^paymentamount must not be negative$/,
      ],
      [
        'paymentamount under half a satang',
        { paymentamount: 0.004, paymentmethod: CASH },
        /^paymentamount must be at least 0\.01$/,
      ],
      [
        'paymentdate without a time',
        { paymentamount: 1, paymentmethod: CASH, paymentdate: '2026-03-10' },
        /^paymentdate /,
      ],
      [
        'paymentdate not a real day',
        { paymentamount: 1, paymentmethod: CASH, paymentdate: '2026-02-30 10:00' },
        /^paymentdate /,
      ],
    ];

    it.each(cases)('%s', async (_label, extra, expected) => {
      const before = (await calls().list()).count;
      const refusal = await calls().refuse({ amount: 100, ...extra });
      expect(refusal).toEqual({ code: '100', description: expect.stringMatching(expected) as string });
      expect((await calls().list()).count).toBe(before);
    });
  });

  describe(`${names.pay} refusals name the field and add no payment`, () => {
    const cases: [string, Record<string, string | number>, RegExp][] = [
      [
        'paymentamount 0',
        { paymentamount: 0, paymentmethod: CASH },
        /^paymentamount must be greater than 0$/,
      ],
      [
        'paymentamount negative',
        { paymentamount: -5, paymentmethod: CASH },
        /^paymentamount must be greater than 0$/,
      ],
      ['paymentamount missing', { paymentmethod: CASH }, /^paymentamount /],
      ['paymentamount not a number', { paymentamount: 'ten', paymentmethod: CASH }, /^paymentamount /],
      ['paymentmethod missing', { paymentamount: 10 }, /^paymentmethod /],
      [
        'paymentmethod unknown',
        { paymentamount: 10, paymentmethod: 'Bitcoin' },
        /^paymentmethod Bitcoin is not a payment method of this store \(see GetPaymentMethods\)$/,
      ],
      [
        'paymentdate malformed',
        { paymentamount: 10, paymentmethod: CASH, paymentdate: '11/03/2026 09:15' },
        /^paymentdate /,
      ],
    ];

    it.each(cases)('%s', async (_label, query, expected) => {
      const id = await calls().add({ amount: 100 });
      const answer = await calls().pay(id, query);
      expect(answer).toEqual({ code: '100', description: expect.stringMatching(expected) as string });
      expect((await calls().detail(id)).payments).toEqual([]);
    });

    it('answers Invalid ID for an unknown id, a missing id, and the id of the other kind', async () => {
      const other = financeKinds.find((kind) => kind.kind !== names.kind);
      if (!other) throw new Error('two kinds expected');
      const otherId = await financeCalls(sandbox, other).add({ amount: 100 });
      for (const id of [999_999, otherId]) {
        const answer = await calls().pay(id, { paymentamount: 10, paymentmethod: CASH });
        expect(answer).toEqual({ code: '100', description: `Invalid ID. No ${names.kind} with id ${id}` });
      }
      const missing = await sandbox.call(names.pay, { query: { paymentamount: 10, paymentmethod: CASH } });
      expect(missing.body).toEqual({ resCode: '100', resDesc: 'Invalid ID. id is required' });
      expect((await financeCalls(sandbox, other).detail(otherId)).payments).toEqual([]);
    });
  });
});
