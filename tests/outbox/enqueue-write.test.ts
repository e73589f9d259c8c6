// enqueueWrite: keyed creates get their key at enqueue, payments bind to a server id or to the create
// they wait for, bad requests are refused before anything is stored, and operationStates tells where
// each write stands.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueWrite, operationStates } from '../../src-main/outbox/index.js';
import { settleRow } from '../../src-main/outbox/drain.repository.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { createTempDatabase, type TempDatabase } from './support/temp-database.js';

interface Row {
  id: number;
  kind: string;
  order_key: string;
  unique_number: string | null;
  description: string | null;
  depends_on: number | null;
  target_id: number | null;
  payload: string | null;
}

describe('enqueueWrite', () => {
  let temp: TempDatabase;
  beforeEach(() => {
    temp = createTempDatabase();
  });
  afterEach(() => temp.close());
  const rows = () => temp.db.prepare<[], Row>('SELECT * FROM outbox_operations ORDER BY id').all();
  const count = () => rows().length;

  it('fixes the uniquenumber of a keyed create at enqueue and describes the row', () => {
    const queued = enqueueWrite(temp.db, {
      kind: 'addExpense',
      body: { amount: 1250, contactname: 'Somchai', list: [{ name: 'Tape', totalprice: 1250 }] },
    });
    expect(queued.uniqueNumber).toMatch(/^[0-9a-f]{32}$/);
    expect(rows()).toMatchObject([
      {
        id: queued.operationId,
        kind: 'addExpense',
        unique_number: queued.uniqueNumber,
        description: 'Expense ฿1,250.00 — Somchai',
      },
    ]);
    const transfer = enqueueWrite(temp.db, {
      kind: 'addMoneyTransfer',
      describe: 'Float to the bank',
      body: { amount: 500, fromPaymentMethodName: 'Cash', toPaymentMethodName: 'Bank' },
    });
    expect(rows()[1]).toMatchObject({ id: transfer.operationId, description: 'Float to the bank' });
  });

  it('refuses a bad body, payment or target with the field named, storing nothing', () => {
    const refusals = [
      () => enqueueWrite(temp.db, { kind: 'addIncome', body: { amount: 5, paymentamount: 5 } }),
      () =>
        enqueueWrite(temp.db, {
          kind: 'incomePayment',
          target: { serverId: 3 },
          args: { query: { paymentamount: -1, paymentmethod: 'Cash' } },
        }),
      () =>
        enqueueWrite(temp.db, {
          kind: 'incomePayment',
          target: { serverId: 3 },
          args: { query: { paymentamount: 10, paymentmethod: ' ' } },
        }),
      () =>
        enqueueWrite(temp.db, {
          kind: 'expensePayment',
          target: { serverId: 3 },
          args: { query: { paymentamount: 10, paymentmethod: 'Cash', paymentdate: '2025-13-01 10:00' } },
        }),
      () =>
        enqueueWrite(temp.db, {
          kind: 'incomePayment',
          target: { afterOperation: 999 },
          args: { query: { paymentamount: 10, paymentmethod: 'Cash' } },
        }),
    ];
    const messages = refusals.map((attempt) => {
      try {
        attempt();
        return 'not refused';
      } catch (error) {
        return isRefusal(error) && error.code === 'invalid-arguments' ? error.message : String(error);
      }
    });
    expect(messages[0]).toMatch(/AddIncome refused: .*paymentmethod/);
    expect(messages[1]).toMatch(/paymentamount/);
    expect(messages[2]).toMatch(/paymentmethod is required/);
    expect(messages[3]).toMatch(/paymentdate must be a real date/);
    expect(messages[4]).toMatch(/not a queued addIncome/);
    expect(count()).toBe(0);
  });

  it('chains a payment on a record made offline: ordered after its create, given its id when done', () => {
    const create = enqueueWrite(temp.db, { kind: 'addIncome', body: { amount: 100 } });
    const payment = enqueueWrite(temp.db, {
      kind: 'incomePayment',
      target: { afterOperation: create.operationId },
      args: { query: { paymentamount: 40, paymentmethod: 'Cash' } },
    });
    enqueueWrite(temp.db, {
      kind: 'incomePayment',
      target: { serverId: 17 },
      args: { query: { paymentamount: 1250, paymentmethod: 'Cash' } },
    });
    const [createRow, paymentRow, serverRow] = rows();
    expect(paymentRow).toMatchObject({ order_key: createRow?.order_key, depends_on: create.operationId });
    expect(paymentRow?.target_id).toBeNull();
    expect(serverRow).toMatchObject({
      target_id: 17,
      description: 'Payment ฿1,250.00 on income #17 by Cash',
    });

    expect(operationStates(temp.db, [payment.operationId])).toEqual([
      expect.objectContaining({
        mark: 'waiting',
        serverId: null,
        waitingFor: { operationId: create.operationId, state: 'pending' },
      }),
    ]);
    settleRow(temp.db, create.operationId, { state: 'parked', code: 'X', text: 'refused' }, 1);
    expect(operationStates(temp.db, [payment.operationId])[0]?.mark).toBe('needsAttention');
    settleRow(temp.db, create.operationId, { state: 'done', outcome: 'applied', serverId: 4242 }, 2);
    expect(operationStates(temp.db, [create.operationId, payment.operationId])).toEqual([
      expect.objectContaining({ state: 'done', mark: 'sent', serverId: 4242, waitingFor: null }),
      expect.objectContaining({ state: 'pending', mark: 'waiting', serverId: 4242, waitingFor: null }),
    ]);
    // A payment queued after the create is done gets the id at once.
    const later = enqueueWrite(temp.db, {
      kind: 'incomePayment',
      target: { afterOperation: create.operationId },
      args: { query: { paymentamount: 1, paymentmethod: 'Cash' } },
    });
    expect(operationStates(temp.db, [later.operationId])[0]?.serverId).toBe(4242);
  });
});
