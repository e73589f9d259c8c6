// Money transfers over real HTTP: AddMoneyTransfer (our body: amount, from/to payment method by id or
// name, actiondate, reference, description), GetMoneyTransfers with its filters, and the flat detail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../../support/sandbox-harness.js';
import type { TestSandbox } from '../../support/sandbox-harness.js';
import { CASH, PROMPTPAY, thai } from './finance-calls.js';
import { addPaymentMethods, callFor, storeId } from './sandbox-calls.js';

const BANK = 'โอนเงิน ธนาคารกสิกรไทย';

let sandbox: TestSandbox;
let clock = thai('2026-04-01 08:00');
let cash: number;
let promptPay: number;
let bank: number;

beforeAll(async () => {
  // An empty store (with three payment methods) so list counts are exact.
  sandbox = await startTestSandbox({ seed: 'empty', now: () => clock });
  [cash = 0, promptPay = 0, bank = 0] = addPaymentMethods(sandbox, storeId(sandbox), [CASH, PROMPTPAY, BANK]);
});
afterAll(async () => {
  await sandbox.close();
});

async function transfer(body: Record<string, unknown>): Promise<number> {
  const answer = await callFor(sandbox, 'AddMoneyTransfer', { body });
  expect(answer.description).toBe('Success');
  return (answer.body['detail'] as { id: number }).id;
}

async function detail(id: number) {
  return (await callFor(sandbox, 'GetMoneyTransferDetail', { query: { id } })).body;
}

describe('AddMoneyTransfer and GetMoneyTransferDetail', () => {
  it('creates a Success transfer and answers it flat, with names and Thai dates', async () => {
    clock = thai('2026-04-01 00:15:20');
    const id = await callFor(sandbox, 'AddMoneyTransfer', {
      query: { uniquenumber: 'mt-detail-1' },
      body: {
        amount: 1500.255,
        fromPaymentMethodId: cash,
        toPaymentMethodName: BANK,
        actiondate: '2026-03-31',
        reference: 'DEP-001',
        description: 'นำเงินสดเข้าธนาคาร',
      },
    }).then((answer) => (answer.body['detail'] as { id: number }).id);
    expect(await detail(id)).toEqual({
      id,
      status: 'Success',
      // Rounded half away from zero to the satang.
      amount: 1500.26,
      actiondate: '2026-03-31T00:00:00',
      actiondateString: '2026-03-31',
      fromPaymentMethodId: cash,
      fromPaymentMethodName: CASH,
      toPaymentMethodId: bank,
      toPaymentMethodName: BANK,
      reference: 'DEP-001',
      description: 'นำเงินสดเข้าธนาคาร',
      createdatetime: '2026-04-01T00:15:20',
      createdatetimeString: '2026-04-01 00:15',
      createuserid: 1,
      createusername: 'api',
      createdby: 'API',
      uniquenumber: 'mt-detail-1',
    });
  });

  it('takes both sides by id, both by name, and an id with its matching name', async () => {
    const byIds = await detail(
      await transfer({ amount: 1, fromPaymentMethodId: promptPay, toPaymentMethodId: cash }),
    );
    expect([byIds['fromPaymentMethodName'], byIds['toPaymentMethodName']]).toEqual([PROMPTPAY, CASH]);
    const byNames = await detail(
      await transfer({ amount: 1, fromPaymentMethodName: BANK, toPaymentMethodName: ` ${CASH} ` }),
    );
    expect([byNames['fromPaymentMethodId'], byNames['toPaymentMethodId']]).toEqual([bank, cash]);
    const both = await detail(
      await transfer({
        amount: 1,
        fromPaymentMethodId: bank,
        fromPaymentMethodName: BANK,
        toPaymentMethodId: cash,
      }),
    );
    expect(both['fromPaymentMethodId']).toBe(bank);
  });

  it('dates a transfer without actiondate today in Thai time', async () => {
    clock = thai('2026-04-02 01:00');
    const record = await detail(
      await transfer({ amount: 1, fromPaymentMethodId: cash, toPaymentMethodId: bank }),
    );
    expect([record['actiondate'], record['actiondateString']]).toEqual(['2026-04-02T00:00:00', '2026-04-02']);
  });

  // Bodies are built when the test runs: the payment method ids exist only after beforeAll.
  const refusals: [string, () => Record<string, unknown>, RegExp][] = [
    ['amount missing', () => ({ fromPaymentMethodName: CASH, toPaymentMethodName: BANK }), /^amount /],
    [
      'amount 0',
      () => ({ amount: 0, fromPaymentMethodName: CASH, toPaymentMethodName: BANK }),
      /^amount must be greater than 0/,
    ],
    [
      'amount negative',
      () => ({ amount: -5, fromPaymentMethodName: CASH, toPaymentMethodName: BANK }),
      /^amount /,
    ],
    [
      'amount under half a satang',
      () => ({ amount: 0.004, fromPaymentMethodName: CASH, toPaymentMethodName: BANK }),
      /^amount must be at least 0\.01$/,
    ],
    [
      'no paying side',
      () => ({ amount: 1, toPaymentMethodName: BANK }),
      /^fromPaymentMethodName is required when fromPaymentMethodId is 0/,
    ],
    [
      'no receiving side',
      () => ({ amount: 1, fromPaymentMethodId: 0, fromPaymentMethodName: CASH }),
      /^toPaymentMethodName is required/,
    ],
    [
      'an unknown paying id',
      () => ({ amount: 1, fromPaymentMethodId: 999_999, toPaymentMethodName: BANK }),
      /^fromPaymentMethodId 999999 is not a payment method of this store \(see GetPaymentMethods\)$/,
    ],
    [
      'an unknown receiving name',
      () => ({ amount: 1, fromPaymentMethodName: CASH, toPaymentMethodName: 'Bitcoin' }),
      /^toPaymentMethodName Bitcoin is not a payment method of this store \(see GetPaymentMethods\)$/,
    ],
    [
      'the same method on both sides (ids)',
      () => ({ amount: 1, fromPaymentMethodId: cash, toPaymentMethodId: cash }),
      /^toPaymentMethodId must differ from the paying side/,
    ],
    [
      'the same method on both sides (id and name)',
      () => ({ amount: 1, fromPaymentMethodId: cash, toPaymentMethodName: CASH }),
      /^toPaymentMethodName must differ from the paying side/,
    ],
    [
      'actiondate not a real day',
      () => ({ amount: 1, fromPaymentMethodName: CASH, toPaymentMethodName: BANK, actiondate: '2026-04-31' }),
      /^actiondate /,
    ],
    [
      'fromPaymentMethodId not a whole number',
      () => ({ amount: 1, fromPaymentMethodId: 1.5, toPaymentMethodName: BANK }),
      /^fromPaymentMethodId /,
    ],
  ];

  it.each(refusals)('refuses %s, naming the field, and creates nothing', async (_label, body, expected) => {
    const before = (await callFor(sandbox, 'GetMoneyTransfers')).body['count'];
    const answer = await callFor(sandbox, 'AddMoneyTransfer', { body: body() });
    expect(answer.code).toBe('100');
    expect(answer.description).toMatch(expected);
    expect((await callFor(sandbox, 'GetMoneyTransfers')).body['count']).toBe(before);
  });

  it('refuses a name that does not belong to the id given with it, naming the name', async () => {
    const answer = await callFor(sandbox, 'AddMoneyTransfer', {
      body: {
        amount: 1,
        fromPaymentMethodId: cash,
        fromPaymentMethodName: BANK,
        toPaymentMethodId: promptPay,
      },
    });
    expect(answer.description).toBe(
      `fromPaymentMethodName ${BANK} is not the name of fromPaymentMethodId ${cash} (${CASH})`,
    );
  });

  it('answers Invalid ID inside res for an unknown or missing id', async () => {
    expect((await sandbox.call('GetMoneyTransferDetail', { query: { id: 999_999 } })).body).toEqual({
      res: { resCode: '100', resDesc: 'Invalid ID. No money transfer with id 999999' },
    });
    expect((await sandbox.call('GetMoneyTransferDetail')).body).toEqual({
      res: { resCode: '100', resDesc: 'Invalid ID. id is required' },
    });
  });
});

describe('GetMoneyTransfers', () => {
  /** The fixture's ids a filter selects (only the fixture's ids, so earlier tests' transfers do not count). */
  let fixture: { a: number; b: number; c: number };
  const select = async (query: Record<string, string | number>) => {
    const answer = await callFor(sandbox, 'GetMoneyTransfers', {
      query: { limit: 500, ...query },
      headers: { moneytransferidlist: Object.values(fixture).join(',') },
    });
    const list = answer.body['list'] as { id: number }[];
    expect(answer.body['count']).toBe(list.length);
    return list.map((record) => record.id);
  };

  beforeAll(async () => {
    clock = thai('2026-05-01 23:59:59');
    const a = await transfer({
      amount: 10,
      fromPaymentMethodId: cash,
      toPaymentMethodId: bank,
      actiondate: '2026-05-01',
      reference: 'Alpha-1',
    });
    clock = thai('2026-05-02 00:00');
    const b = await transfer({
      amount: 20,
      fromPaymentMethodId: bank,
      toPaymentMethodId: promptPay,
      actiondate: '2026-05-02',
      description: 'ถอนเงิน alpha',
    });
    clock = thai('2026-05-03 12:30');
    const c = await transfer({
      amount: 30,
      fromPaymentMethodId: promptPay,
      toPaymentMethodId: cash,
      actiondate: '2026-04-30',
    });
    fixture = { a, b, c };
  });

  it('lists newest first, filtered by the id list header', async () => {
    const { a, b, c } = fixture;
    expect(await select({})).toEqual([c, b, a]);
  });

  it('filters dateafter/datebefore on actiondate by Thai day, inclusive', async () => {
    const { a, b, c } = fixture;
    expect(await select({ dateafter: '2026-05-01' })).toEqual([b, a]);
    expect(await select({ datebefore: '2026-05-01' })).toEqual([c, a]);
    expect(await select({ dateafter: '2026-05-02', datebefore: '2026-05-02' })).toEqual([b]);
  });

  it('filters createdatetimeafter/before by minute, inclusive', async () => {
    const { a, b, c } = fixture;
    expect(await select({ createdatetimebefore: '2026-05-01 23:59' })).toEqual([a]);
    expect(await select({ createdatetimeafter: '2026-05-02 00:00' })).toEqual([c, b]);
    expect(
      await select({ createdatetimeafter: '2026-05-03 12:30', createdatetimebefore: '2026-05-03 12:30' }),
    ).toEqual([c]);
  });

  it('matches keyword in reference, description and payment method names', async () => {
    const { a, b } = fixture;
    expect(await select({ keyword: 'ALPHA' })).toEqual([b, a]);
    expect(await select({ keyword: 'ถอนเงิน' })).toEqual([b]);
    expect(await select({ keyword: 'กสิกร' })).toEqual([b, a]);
    expect((await callFor(sandbox, 'GetMoneyTransfers', { query: { keyword: 'al' } })).description).toBe(
      'keyword must be at least 3 characters',
    );
  });

  it('pages with count over all pages; a page past the end is empty', async () => {
    const { a, b, c } = fixture;
    const page = async (query: Record<string, number>) => {
      const answer = await callFor(sandbox, 'GetMoneyTransfers', {
        query,
        headers: { moneytransferidlist: `${a},${b},${c}` },
      });
      return [(answer.body['list'] as { id: number }[]).map((record) => record.id), answer.body['count']];
    };
    expect(await page({ limit: 2 })).toEqual([[c, b], 3]);
    expect(await page({ limit: 2, page: 2 })).toEqual([[a], 3]);
    expect(await page({ limit: 2, page: 9 })).toEqual([[], 3]);
  });

  it('counts every transfer of the store without filters', async () => {
    const answer = await callFor(sandbox, 'GetMoneyTransfers', { query: { limit: 1 } });
    const all = await callFor(sandbox, 'GetMoneyTransfers', { query: { limit: 500 } });
    expect(answer.body['count']).toBe((all.body['list'] as unknown[]).length);
    expect((answer.body['list'] as unknown[]).length).toBe(1);
  });
});
