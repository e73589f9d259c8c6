// `money.changed`: the money service and sync tell the page when the local copy changed (a pull or the
// daily job that added, changed or dropped rows; each write saved here), and stay quiet when a pull
// brought nothing new. Real SQLite, the real sandbox; payloads checked against the event contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract, eventContract, type MoneyChange } from '../../src-shared/ipc/index.js';
import { startMoneyFixture, type MoneyFixture } from './support/money-fixture.js';

describe('money.changed', () => {
  let m: MoneyFixture;
  const changes: MoneyChange[] = [];
  const take = (): MoneyChange[] => changes.splice(0);

  beforeAll(async () => {
    m = await startMoneyFixture({}, { onChanged: (change) => changes.push(change) });
  });
  afterAll(() => m.close());

  it('follows the first fill, not an idle pull, then a pull that brings a new income', async () => {
    const first = await m.sync.pull();
    const [filled, ...more] = take();
    expect(more).toEqual([]);
    expect(filled).toMatchObject({ source: 'sync', records: first.records, transfers: first.transfers });
    expect(filled?.records).toBeGreaterThan(0);
    expect(eventContract['money.changed'].safeParse(filled).success).toBe(true);

    // Nothing new on the back office: no event.
    await m.sync.pull();
    expect(take()).toEqual([]);

    const added = await m.fx.sandbox.call('AddIncome', {
      query: { uniquenumber: 'changed-event-1' },
      body: { amount: 250, list: [{ name: 'Pallet deposit', totalprice: 250 }] },
    });
    expect(added.status).toBe(200);
    await m.sync.pull();
    expect(take()).toMatchObject([{ source: 'sync', records: 1, transfers: 0 }]);
    // The next pull reads that income again (the overlap) and finds it unchanged.
    const again = await m.sync.pull();
    expect(again.records).toBeGreaterThanOrEqual(1);
    expect(take()).toEqual([]);
  });

  it('follows every income, payment and transfer saved on this PC', () => {
    const [cash, bank] = m.methods;
    if (!cash || !bank) throw new Error('the demo store needs two payment methods');
    const made = m.money.create(
      callContract['money.create'].args.parse({
        kind: 'expense',
        lines: [{ name: 'Cartons', totalPrice: 120 }],
      }),
    );
    expect(take()).toMatchObject([{ source: 'local', records: 1, transfers: 0 }]);
    m.money.recordPayment(
      callContract['money.recordPayment'].args.parse({ recordId: made.id, methodId: cash.id, amount: 20 }),
    );
    expect(take()).toMatchObject([{ source: 'local', records: 1, transfers: 0 }]);
    m.money.createTransfer(
      callContract['money.createTransfer'].args.parse({
        fromMethodId: cash.id,
        toMethodId: bank.id,
        amount: 5,
      }),
    );
    const [transfer, ...more] = take();
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({ source: 'local', records: 0, transfers: 1 });
    expect(eventContract['money.changed'].safeParse(transfer).success).toBe(true);
    // A refused write tells nothing.
    expect(() =>
      m.money.createTransfer(
        callContract['money.createTransfer'].args.parse({
          fromMethodId: cash.id,
          toMethodId: cash.id,
          amount: 5,
        }),
      ),
    ).toThrow();
    expect(take()).toEqual([]);
  });
});
