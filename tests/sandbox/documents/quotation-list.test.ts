// GetQuotations over real HTTP: every filter of the spec, count and totalAmount over all matching
// quotations, status codes, newest first, paging, orderdateString on list items, stores never mix.
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoreCredentials } from '../../../src-main/sandbox/index.js';
import { DEFAULT_STORE } from '../../support/sandbox-harness.js';
import { createdId, documentsSandboxForFile } from './support/documents-sandbox.js';
import { expectDifference, snapshot, type ListCase, type ListSnapshot } from './support/list-cases.js';

const BRANCH: StoreCredentials = { name: 'branch', apikey: 'branch-key', apisecret: 'branch-secret' };
const s = documentsSandboxForFile({ stores: [DEFAULT_STORE, BRANCH] });
const records = new Map<string, { id: number; amount: number; paymentamount: number }>();
const thai = (text: string) => Date.parse(`${text}:00+07:00`);

/*
 * Q1 created 10-01 10:00, dated 10-01, 100, Alpha Co, Pending
 * Q2 created 10-02 10:00, dated 10-02, 300, Beta, reference alpha-req, Success at creation
 * Q3 created 10-03 10:30, dated 10-04, 50, number QL-SPECIAL, voided at 10-05 12:00
 * Q4 created 10-03 10:31, dated 10-04, 1000, approved at 10-05 12:00
 */
const cases = (): ListCase[] => [
  { name: 'no filter', expected: ['Q4', 'Q3', 'Q2', 'Q1'] },
  {
    name: 'quotation date range',
    query: { quotationafter: '2026-10-02', quotationbefore: '2026-10-04' },
    expected: ['Q4', 'Q3', 'Q2'],
  },
  { name: 'quotationbefore (inclusive)', query: { quotationbefore: '2026-10-01' }, expected: ['Q1'] },
  { name: 'status 0 (Pending)', query: { status: '0' }, expected: ['Q1'] },
  { name: 'status 1 (Success)', query: { status: '1' }, expected: ['Q4', 'Q2'] },
  { name: 'status 0,1 (Voided left out)', query: { status: '0, 1' }, expected: ['Q4', 'Q2', 'Q1'] },
  { name: 'keyword on customer and reference', query: { keyword: 'alpha' }, expected: ['Q2', 'Q1'] },
  { name: 'keyword on number', query: { keyword: 'QL-SPEC' }, expected: ['Q3'] },
  { name: 'createusername api', query: { createusername: 'api' }, expected: ['Q4', 'Q3', 'Q2', 'Q1'] },
  { name: 'createusername nobody', query: { createusername: 'nobody' }, expected: [] },
  { name: 'amount range', query: { fromamount: 100, toamount: 300 }, expected: ['Q2', 'Q1'] },
  { name: 'createdafter', query: { createdafter: '2026-10-03' }, expected: ['Q4', 'Q3'] },
  {
    name: 'createdatetimebefore (inclusive minute)',
    query: { createdatetimebefore: '2026-10-03 10:30' },
    expected: ['Q3', 'Q2', 'Q1'],
  },
  { name: 'createdatetimeafter', query: { createdatetimeafter: '2026-10-03 10:31' }, expected: ['Q4'] },
  { name: 'updatedafter', query: { updatedafter: '2026-10-05' }, expected: ['Q4', 'Q3'] },
  { name: 'updatedbefore', query: { updatedbefore: '2026-10-02' }, expected: ['Q2', 'Q1'] },
  { name: 'updatedatetimeafter', query: { updatedatetimeafter: '2026-10-05 12:00' }, expected: ['Q4', 'Q3'] },
  { name: 'status and amount together', query: { status: '1', fromamount: 500 }, expected: ['Q4'] },
  { name: 'numberlist header', headers: { numberlist: 'QL-1,QL-SPECIAL' }, expected: ['Q3', 'Q1'] },
];

const before = new Map<string, ListSnapshot>();

beforeAll(async () => {
  for (const listCase of cases()) before.set(listCase.name, await snapshot(s, 'GetQuotations', listCase));
  const add = async (key: string, at: string, body: Record<string, unknown>) => {
    s.setNow(thai(at));
    const id = createdId(await s.ok('AddQuotation', { body }));
    records.set(key, { id, amount: body['amount'] as number, paymentamount: 0 });
    return id;
  };
  await add('Q1', '2026-10-01 10:00', {
    number: 'QL-1',
    amount: 100,
    customername: 'Alpha Co',
    quotationdate: '2026-10-01',
  });
  await add('Q2', '2026-10-02 10:00', {
    number: 'QL-2',
    amount: 300,
    customername: 'Beta',
    reference: 'alpha-req',
    quotationdate: '2026-10-02',
    status: 'Success',
  });
  const q3 = await add('Q3', '2026-10-03 10:30', {
    number: 'QL-SPECIAL',
    amount: 50,
    quotationdate: '2026-10-04',
  });
  const q4 = await add('Q4', '2026-10-03 10:31', {
    number: 'QL-4',
    amount: 1000,
    quotationdate: '2026-10-04',
  });
  s.setNow(thai('2026-10-05 12:00'));
  await s.ok('VoidQuotation', { query: { id: q3 } });
  await s.ok('ApproveQuotation', { query: { id: q4 } });
});

describe('GetQuotations filters, count and total', () => {
  it.each(cases().map((listCase) => [listCase.name, listCase] as const))('%s', async (_name, listCase) => {
    const after = await snapshot(s, 'GetQuotations', listCase);
    expectDifference(
      listCase,
      before.get(listCase.name) ?? { count: 0, ids: [], totals: {} },
      after,
      records,
    );
  });

  it('filters by the quotationidlist header', async () => {
    const ids = `${records.get('Q2')?.id},${records.get('Q4')?.id}`;
    const body = await s.ok('GetQuotations', { headers: { quotationidlist: ids } });
    expect(body).toMatchObject({ count: 2, totalAmount: 1300 });
    expect((body['list'] as { id: number }[]).map((item) => item.id)).toEqual([
      records.get('Q4')?.id,
      records.get('Q2')?.id,
    ]);
  });
});

describe('GetQuotations items, paging and refusals', () => {
  it('gives list items orderdateString, the twin of quotationdate, besides quotationdateString', async () => {
    const body = await s.ok('GetQuotations', { headers: { numberlist: 'QL-1' } });
    expect(body['list']).toEqual([
      expect.objectContaining({
        number: 'QL-1',
        quotationdateString: '2026-10-01',
        orderdateString: '2026-10-01',
        list: [],
        tag: [],
      }),
    ]);
  });

  it('pages newest first; count and totalAmount stay those of all matching; past the end is empty', async () => {
    const all = await s.ok('GetQuotations', { query: { limit: 500 } });
    const page1 = await s.ok('GetQuotations', { query: { limit: 3 } });
    const page2 = await s.ok('GetQuotations', { query: { limit: 3, page: 2 } });
    const ids = (all['list'] as { id: number }[]).map((item) => item.id);
    expect((page1['list'] as { id: number }[]).map((item) => item.id)).toEqual(ids.slice(0, 3));
    expect((page2['list'] as { id: number }[]).map((item) => item.id)).toEqual(ids.slice(3, 6));
    expect(ids.slice(0, 4)).toEqual(['Q4', 'Q3', 'Q2', 'Q1'].map((key) => records.get(key)?.id));
    for (const page of [page1, page2])
      expect(page).toMatchObject({ count: all['count'], totalAmount: all['totalAmount'] });
    expect(await s.ok('GetQuotations', { query: { limit: 3, page: 99 } })).toMatchObject({
      list: [],
      count: all['count'],
    });
  });

  it('refuses a bad status code, a short keyword and a bad id list, naming each', async () => {
    await s.refusedField('GetQuotations', { query: { status: '2' } }, 'status');
    await s.refusedField('GetQuotations', { query: { status: 'Pending' } }, 'status');
    await s.refusedField('GetQuotations', { query: { keyword: 'al' } }, 'keyword');
    await s.refusedField('GetQuotations', { headers: { quotationidlist: 'one' } }, 'quotationidlist');
    await s.refusedField('GetQuotations', { query: { quotationafter: '2026-13-01' } }, 'quotationafter');
  });
});

describe('stores never mix', () => {
  it("keeps each store's quotations to itself", async () => {
    const branchId = createdId(
      await s.ok('AddQuotation', { as: BRANCH, body: { number: 'QL-1', amount: 7 } }),
    );
    const demo = await s.ok('GetQuotations', { headers: { numberlist: 'QL-1' } });
    expect((demo['list'] as { id: number }[]).map((item) => item.id)).toEqual([records.get('Q1')?.id]);
    const branch = await s.ok('GetQuotations', { as: BRANCH, headers: { numberlist: 'QL-1' } });
    expect((branch['list'] as { id: number }[]).map((item) => item.id)).toEqual([branchId]);
    await s.refused('ApproveQuotation', { query: { id: branchId } }, '100', 'Invalid ID.');
    await s.refused(
      'EditQuotationInfo',
      { query: { id: branchId }, body: { customername: 'x' } },
      '100',
      'Invalid ID.',
    );
    await s.refused(
      'AddQuotationTag',
      { query: { id: records.get('Q1')?.id, tag: 'x' }, as: BRANCH },
      '100',
      'Invalid ID.',
    );
  });
});
