// Stores never mix: one store's incomes, expenses, payments, money transfers, payment methods and
// contacts are invisible to, and untouchable by, another store of the same sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreCredentials } from '../../../src-main/sandbox/index.js';
import { DEFAULT_STORE, type TestSandbox, startTestSandbox } from '../../support/sandbox-harness.js';
import { CASH, PROMPTPAY, financeCalls, financeKinds } from './finance-calls.js';
import { callFor, OTHER_STORE } from './sandbox-calls.js';

const other = { as: OTHER_STORE };

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ stores: [DEFAULT_STORE, OTHER_STORE] });
});
afterAll(async () => {
  await sandbox.close();
});

async function paymentMethodId(name: string, as?: StoreCredentials): Promise<number> {
  const answer = await callFor(sandbox, 'GetPaymentMethods', {
    query: { limit: 500 },
    ...(as ? { as } : {}),
  });
  const method = (answer.body['list'] as { id: number; name: string }[]).find((item) => item.name === name);
  if (!method) throw new Error(`no payment method ${name}`);
  return method.id;
}

describe.each(financeKinds)('$kind of another store', (names) => {
  const calls = () => financeCalls(sandbox, names);

  it('is not listed, not readable and cannot be paid', async () => {
    const id = await calls().add({ amount: 100, contactname: 'ร้านแยกสาขา', reference: 'isolated' });
    const theirs = await calls().list({}, { ...other, headers: { [names.idListHeader]: String(id) } });
    expect(theirs).toMatchObject({ list: [], count: 0 });
    expect(await calls().listVerdict({ keyword: 'isolated' }, other)).toMatchObject({ code: '200' });
    expect((await calls().list({ keyword: 'isolated' }, other)).count).toBe(0);
    expect(await calls().detailVerdict(id, other)).toEqual({
      code: '100',
      description: `Invalid ID. No ${names.kind} with id ${id}`,
    });
    expect(await calls().pay(id, { paymentamount: 100, paymentmethod: CASH }, other)).toEqual({
      code: '100',
      description: `Invalid ID. No ${names.kind} with id ${id}`,
    });
    expect((await calls().detail(id)).payments).toEqual([]);
  });

  it('links contacts of its own store only', async () => {
    await callFor(sandbox, 'AddContact', {
      body: { code: `ISO-${names.kind}`, name: `ลูกค้าเฉพาะ ${names.kind}` },
    });
    const id = await calls().add({ amount: 1, contactname: `ลูกค้าเฉพาะ ${names.kind}` }, other);
    expect((await calls().detail(id, other)).contactid).toBe(0);
  });
});

describe('money transfers of another store', () => {
  it('are not listed or readable, and its payment method ids are not ours', async () => {
    const created = await callFor(sandbox, 'AddMoneyTransfer', {
      body: { amount: 10, fromPaymentMethodName: CASH, toPaymentMethodName: PROMPTPAY },
    });
    const id = (created.body['detail'] as { id: number }).id;
    const list = await callFor(sandbox, 'GetMoneyTransfers', {
      ...other,
      headers: { moneytransferidlist: String(id) },
    });
    expect(list.body).toMatchObject({ list: [], count: 0 });
    expect((await callFor(sandbox, 'GetMoneyTransferDetail', { query: { id }, ...other })).description).toBe(
      `Invalid ID. No money transfer with id ${id}`,
    );

    const ourCash = await paymentMethodId(CASH);
    const theirCash = await paymentMethodId(CASH, OTHER_STORE);
    expect(theirCash).not.toBe(ourCash);
    const refused = await callFor(sandbox, 'AddMoneyTransfer', {
      body: { amount: 10, fromPaymentMethodId: ourCash, toPaymentMethodName: PROMPTPAY },
      ...other,
    });
    expect(refused.description).toBe(
      `fromPaymentMethodId ${ourCash} is not a payment method of this store (see GetPaymentMethods)`,
    );
  });
});
