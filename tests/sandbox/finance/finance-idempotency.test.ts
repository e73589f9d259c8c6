// uniquenumber on AddIncome, AddExpense and AddMoneyTransfer over real HTTP: what the app's outbox
// relies on to resend safely. A repeat answers 900 and creates nothing, whatever its body, also when the
// first answer was lost after the commit, after a restart, and for simultaneous resends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '../../../src-shared/api/endpoints/index.js';
import type { StoreCredentials } from '../../../src-main/sandbox/index.js';
import { DEFAULT_STORE, type TestSandbox, startTestSandbox } from '../../support/sandbox-harness.js';
import { CASH, PROMPTPAY } from './finance-calls.js';
import { callFor, OTHER_STORE } from './sandbox-calls.js';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ stores: [DEFAULT_STORE, OTHER_STORE] });
});
afterAll(async () => {
  await sandbox.close();
});

interface IdempotentCreate {
  readonly endpoint: EndpointName;
  readonly list: EndpointName;
  readonly detail: EndpointName;
  readonly body: Record<string, unknown>;
  /** Another valid body: a repeat with it must still answer 900. */
  readonly changed: Record<string, unknown>;
  /** A body the handler would refuse: a repeat with it must still answer 900. */
  readonly refused: Record<string, unknown>;
}

const incomeLike = {
  body: { amount: 100, paymentamount: 100, paymentmethod: CASH, reference: 'first' },
  changed: { amount: 999, paymentamount: 999, paymentmethod: PROMPTPAY, reference: 'second' },
  refused: {
    amount: 160,
    vattype: 1,
    list: [
      { name: 'a', totalprice: 100 },
      { name: 'b', totalprice: 50 },
    ],
  },
};

const creates: readonly IdempotentCreate[] = [
  { endpoint: 'AddIncome', list: 'GetIncomes', detail: 'GetIncomeDetail', ...incomeLike },
  { endpoint: 'AddExpense', list: 'GetExpenses', detail: 'GetExpenseDetail', ...incomeLike },
  {
    endpoint: 'AddMoneyTransfer',
    list: 'GetMoneyTransfers',
    detail: 'GetMoneyTransferDetail',
    body: { amount: 100, fromPaymentMethodName: CASH, toPaymentMethodName: PROMPTPAY, reference: 'first' },
    changed: {
      amount: 999,
      fromPaymentMethodName: PROMPTPAY,
      toPaymentMethodName: CASH,
      reference: 'second',
    },
    refused: { amount: 100, fromPaymentMethodName: CASH, toPaymentMethodName: CASH },
  },
];

let keySequence = 0;
function freshKey(): string {
  keySequence += 1;
  return `outbox-${keySequence}-${Date.now()}`;
}

describe.each(creates)('$endpoint uniquenumber', (create) => {
  const send = (uniquenumber: string | undefined, body = create.body, as?: StoreCredentials) =>
    callFor(sandbox, create.endpoint, {
      query: uniquenumber === undefined ? {} : { uniquenumber },
      body,
      ...(as ? { as } : {}),
    });
  const count = async (as?: StoreCredentials): Promise<number> => {
    const answer = await callFor(sandbox, create.list, { query: { limit: 1 }, ...(as ? { as } : {}) });
    return answer.body['count'] as number;
  };
  const detail = async (id: number) => (await callFor(sandbox, create.detail, { query: { id } })).body;
  const createdId = (answer: { body: Record<string, unknown> }) =>
    (answer.body['detail'] as { id: number }).id;

  it('answers 900 to a repeat with the same body and creates nothing', async () => {
    const key = freshKey();
    const first = await send(key);
    expect(first.code).toBe('200');
    const before = await count();
    const repeat = await send(key);
    expect(repeat.code).toBe('900');
    expect(repeat.description).toBe(
      `Duplicate uniquenumber: ${key} was already used (record ${createdId(first)})`,
    );
    expect(repeat.body).toEqual({ resCode: '900', resDesc: repeat.description });
    expect(await count()).toBe(before);
  });

  it('answers 900 to a repeat with a different body and leaves the first record as it was', async () => {
    const key = freshKey();
    const id = createdId(await send(key));
    const original = await detail(id);
    const before = await count();
    expect((await send(key, create.changed)).code).toBe('900');
    expect((await send(key, create.refused)).code).toBe('900');
    expect(await count()).toBe(before);
    expect(await detail(id)).toEqual(original);
  });

  it('lets a key whose create was refused be used again (a refusal records nothing)', async () => {
    const key = freshKey();
    const refused = await send(key, create.refused);
    expect(refused.code).toBe('100');
    expect((await send(key)).code).toBe('200');
  });

  it('scopes keys per endpoint and per store', async () => {
    const key = freshKey();
    expect((await send(key)).code).toBe('200');
    const other = creates.find((candidate) => candidate.endpoint !== create.endpoint);
    if (!other) throw new Error('three creates expected');
    const elsewhere = await callFor(sandbox, other.endpoint, {
      query: { uniquenumber: key },
      body: other.body,
    });
    expect(elsewhere.code).toBe('200');
    const before = await count(OTHER_STORE);
    expect((await send(key, create.body, OTHER_STORE)).code).toBe('200');
    expect(await count(OTHER_STORE)).toBe(before + 1);
  });

  it('creates every time without a uniquenumber, and refuses an empty one naming it', async () => {
    const before = await count();
    expect((await send(undefined)).code).toBe('200');
    expect((await send(undefined)).code).toBe('200');
    expect(await count()).toBe(before + 2);
    expect((await send('')).description).toMatch(/^uniquenumber /);
  });

  it('answers 900 to the resend after a connection reset that lost the answer of a committed create', async () => {
    const key = freshKey();
    const before = await count();
    sandbox.handle.scheduleFault({ endpoint: create.endpoint, mode: 'reset', timing: 'after' });
    await expect(send(key)).rejects.toThrow();
    expect(await count()).toBe(before + 1);
    expect((await send(key)).code).toBe('900');
    expect((await send(key)).code).toBe('900');
    expect(await count()).toBe(before + 1);
  });

  it('answers 900 to the resend after a committed create answered resCode 500', async () => {
    const key = freshKey();
    const before = await count();
    sandbox.handle.scheduleFault({ endpoint: create.endpoint, mode: 'res500', timing: 'after' });
    expect((await send(key)).code).toBe('500');
    expect((await send(key)).code).toBe('900');
    expect(await count()).toBe(before + 1);
  });

  it('creates on the resend when the fault struck before the create', async () => {
    const key = freshKey();
    const before = await count();
    sandbox.handle.scheduleFault({ endpoint: create.endpoint, mode: 'reset', timing: 'before' });
    await expect(send(key)).rejects.toThrow();
    expect(await count()).toBe(before);
    expect((await send(key)).code).toBe('200');
    expect((await send(key)).code).toBe('900');
    expect(await count()).toBe(before + 1);
  });

  it('creates exactly once for simultaneous resends', async () => {
    const key = freshKey();
    const before = await count();
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(key)));
    expect(answers.map((answer) => answer.code).sort()).toEqual(['200', '900', '900', '900', '900', '900']);
    expect(await count()).toBe(before + 1);
  });

  it('still answers 900 after the sandbox restarts on the same data file', async () => {
    const key = freshKey();
    expect((await send(key)).code).toBe('200');
    await sandbox.restart();
    expect((await send(key)).code).toBe('900');
  });
});

it('keeps the payment of a create that is resent with another payment', async () => {
  const key = freshKey();
  const first = await callFor(sandbox, 'AddIncome', { query: { uniquenumber: key }, body: incomeLike.body });
  const id = (first.body['detail'] as { id: number }).id;
  await callFor(sandbox, 'AddIncome', { query: { uniquenumber: key }, body: incomeLike.changed });
  const record = (await callFor(sandbox, 'GetIncomeDetail', { query: { id } })).body;
  expect([record['paymentamount'], record['paymentstatus'], record['uniquenumber']]).toEqual([
    100,
    'Paid',
    key,
  ]);
});
