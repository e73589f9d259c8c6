// GetIncomes/GetExpenses over real HTTP: every filter of the spec (date ranges inclusive by Thai day,
// datetime ranges by minute, payments, keyword, id list), newest first, count and paging. The store
// starts empty so counts are exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../../support/sandbox-harness.js';
import type { TestSandbox } from '../../support/sandbox-harness.js';
import { CASH, financeCalls, financeKinds, thai, type FinanceKindNames } from './finance-calls.js';
import { addPaymentMethods, storeId } from './sandbox-calls.js';

let sandbox: TestSandbox;
let clock = thai('2026-03-01 09:00');

beforeAll(async () => {
  sandbox = await startTestSandbox({ seed: 'empty', now: () => clock });
  addPaymentMethods(sandbox, storeId(sandbox), [CASH]);
});
afterAll(async () => {
  await sandbox.close();
});

/** Four documents A–D created at known Thai times, with payments on A and C. */
async function createFixture(names: FinanceKindNames) {
  const calls = financeCalls(sandbox, names);
  const at = async (time: string, body: Record<string, unknown>) => {
    clock = thai(time);
    return calls.add(body);
  };
  const a = await at('2026-03-01 23:59:30', {
    amount: 100,
    [names.dateField]: '2026-03-01',
    reference: 'INV-ALPHA',
    contactname: 'ร้านสมชาย',
    description: 'ค่าเช่า',
  });
  const b = await at('2026-03-02 00:00', {
    amount: 200,
    [names.dateField]: '2026-03-02',
    contactname: 'Somchai Trading',
    description: 'monthly fee',
  });
  const c = await at('2026-03-03 12:00', {
    amount: 300,
    [names.dateField]: '2026-03-03',
    reference: 'REF-777',
    description: 'Alpha project',
  });
  const d = await at('2026-03-04 08:00', { amount: 400, [names.dateField]: '2026-02-28' });
  clock = thai('2026-03-07 09:00');
  await calls.pay(a, { paymentamount: 10, paymentmethod: CASH, paymentdate: '2026-03-05 10:00' });
  clock = thai('2026-03-08 10:00');
  await calls.pay(c, { paymentamount: 10, paymentmethod: CASH, paymentdate: '2026-03-06 23:59' });
  return { a, b, c, d };
}

describe.each(financeKinds)('$list', (names) => {
  let ids: Awaited<ReturnType<typeof createFixture>>;
  const calls = () => financeCalls(sandbox, names);
  /** The ids a filter selects, newest first, and checks count equals their number. */
  const select = async (query: Record<string, string | number>, headers?: Record<string, string>) => {
    const page = await calls().list({ limit: 500, ...query }, headers ? { headers } : {});
    expect(page.count).toBe(page.list.length);
    return page.list.map((record) => record.id);
  };

  beforeAll(async () => {
    ids = await createFixture(names);
  });

  it('lists everything newest first (by creation) with the total count', async () => {
    const { a, b, c, d } = ids;
    expect(await select({})).toEqual([d, c, b, a]);
  });

  it(`filters ${names.dateField} by Thai day, both bounds inclusive`, async () => {
    const { a, b, c, d } = ids;
    const after = `${names.dateField}after`;
    const before = `${names.dateField}before`;
    expect(await select({ [after]: '2026-03-02', [before]: '2026-03-02' })).toEqual([b]);
    expect(await select({ [after]: '2026-03-01' })).toEqual([c, b, a]);
    expect(await select({ [before]: '2026-03-01' })).toEqual([d, a]);
    expect(await select({ [after]: '2026-03-04' })).toEqual([]);
  });

  it('filters createdafter/createdbefore by Thai day (23:59:30 belongs to its day)', async () => {
    const { a, b, c, d } = ids;
    expect(await select({ createdafter: '2026-03-02' })).toEqual([d, c, b]);
    expect(await select({ createdbefore: '2026-03-01' })).toEqual([a]);
    expect(await select({ createdafter: '2026-03-02', createdbefore: '2026-03-02' })).toEqual([b]);
  });

  it('filters createdatetimeafter/before by minute, both inclusive', async () => {
    const { a, b, c, d } = ids;
    expect(await select({ createdatetimebefore: '2026-03-01 23:59' })).toEqual([a]);
    expect(await select({ createdatetimeafter: '2026-03-02 00:00' })).toEqual([d, c, b]);
    expect(await select({ createdatetimeafter: '2026-03-02 00:01' })).toEqual([d, c]);
    expect(
      await select({ createdatetimeafter: '2026-03-03 12:00', createdatetimebefore: '2026-03-03 12:00' }),
    ).toEqual([c]);
  });

  it('applies a day filter and a minute filter on the same column together', async () => {
    expect(await select({ createdafter: '2026-03-02', createdatetimebefore: '2026-03-03 11:59' })).toEqual([
      ids.b,
    ]);
  });

  it('filters updated (a payment updates its document) by day and by minute', async () => {
    const { a, b, c, d } = ids;
    expect(await select({ updatedafter: '2026-03-07' })).toEqual([c, a]);
    expect(await select({ updatedafter: '2026-03-08' })).toEqual([c]);
    expect(await select({ updatedbefore: '2026-03-06' })).toEqual([d, b]);
    expect(await select({ updatedatetimebefore: '2026-03-07 08:59' })).toEqual([d, b]);
    expect(await select({ updatedatetimebefore: '2026-03-07 09:00' })).toEqual([d, b, a]);
    expect(await select({ updatedatetimeafter: '2026-03-08 10:01' })).toEqual([]);
  });

  it('filters paymentafter/paymentbefore on the dates of payments, by Thai day', async () => {
    const { a, c } = ids;
    expect(await select({ paymentafter: '2026-03-06' })).toEqual([c]);
    expect(await select({ paymentbefore: '2026-03-05' })).toEqual([a]);
    expect(await select({ paymentafter: '2026-03-05', paymentbefore: '2026-03-06' })).toEqual([c, a]);
    expect(await select({ paymentafter: '2026-03-07' })).toEqual([]);
  });

  it('matches keyword in contact name, reference and description, ASCII case-insensitively', async () => {
    const { a, b, c } = ids;
    expect(await select({ keyword: 'สมชาย' })).toEqual([a]);
    expect(await select({ keyword: 'somchai' })).toEqual([b]);
    expect(await select({ keyword: 'alpha' })).toEqual([c, a]);
    expect(await select({ keyword: 'REF-777' })).toEqual([c]);
    expect(await select({ keyword: ' fee ' })).toEqual([b]);
    expect(await select({ keyword: 'xyzzy' })).toEqual([]);
  });

  it('refuses a keyword shorter than 3 characters, naming keyword', async () => {
    expect(await calls().listVerdict({ keyword: 'ab' })).toEqual({
      code: '100',
      description: 'keyword must be at least 3 characters',
    });
  });

  it(`filters by the ${names.idListHeader} header, with the other filters`, async () => {
    const { a, b, c } = ids;
    const header = names.idListHeader;
    expect(await select({}, { [header]: `${a}, ${c}` })).toEqual([c, a]);
    expect(await select({ keyword: 'alpha' }, { [header]: `${a},${b}` })).toEqual([a]);
    expect(await select({}, { [header]: '999999' })).toEqual([]);
    expect(await calls().listVerdict({}, { headers: { [header]: '1,x' } })).toEqual({
      code: '100',
      description: expect.stringMatching(new RegExp(`^${header} `)) as string,
    });
  });

  it('pages newest first with count over all pages; a page past the end is empty', async () => {
    const { a, b, c, d } = ids;
    const page = async (query: Record<string, number>) => {
      const answer = await calls().list(query);
      return [answer.list.map((record) => record.id), answer.count];
    };
    expect(await page({ limit: 2 })).toEqual([[d, c], 4]);
    expect(await page({ limit: 2, page: 2 })).toEqual([[b, a], 4]);
    expect(await page({ limit: 2, page: 3 })).toEqual([[], 4]);
    expect(await page({ limit: 3, page: 2 })).toEqual([[a], 4]);
    expect(await page({ limit: 1000 })).toEqual([[d, c, b, a], 4]);
  });

  it('refuses bad paging and date filters, naming the parameter', async () => {
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ page: 0 }, /^page /],
      [{ limit: 0 }, /^limit /],
      [{ limit: 'ten' }, /^limit /],
      [{ [`${names.dateField}after`]: '2026-13-01' }, new RegExp(`^${names.dateField}after `)],
      [{ createdbefore: '2026-03-01 10:00' }, /^createdbefore /],
      [{ createdatetimeafter: '2026-03-01' }, /^createdatetimeafter /],
      [{ paymentafter: '01/03/2026' }, /^paymentafter /],
    ];
    for (const [query, expected] of cases) {
      const answer = await calls().listVerdict(query);
      expect(answer.code).toBe('100');
      expect(answer.description).toMatch(expected);
    }
  });
});
