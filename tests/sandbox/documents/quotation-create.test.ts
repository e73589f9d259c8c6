// AddQuotation and GetQuotationDetail over real HTTP: fields and Thai dates, computed money for every
// vattype, validation naming the field (nothing created), uniquenumber idempotency ('900').
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoreCredentials } from '../../../src-main/sandbox/index.js';
import { DEFAULT_STORE } from '../../support/sandbox-harness.js';
import { MONEY_SKUS, moneyCases, moneyRefusals } from './support/money-cases.js';
import { createdId, documentsSandboxForFile, line } from './support/documents-sandbox.js';

const OTHER: StoreCredentials = { name: 'other', apikey: 'other-key', apisecret: 'other-secret' };
const s = documentsSandboxForFile({ stores: [DEFAULT_STORE, OTHER] });

beforeAll(async () => {
  for (const sku of MONEY_SKUS) await s.addProduct(sku, 0);
  await s.addProduct('QC-1', 0);
});

async function quotationCount(as?: StoreCredentials): Promise<number> {
  return (await s.ok('GetQuotations', { query: { limit: 1 }, ...(as ? { as } : {}) }))['count'] as number;
}

async function detail(query: Record<string, string | number>): Promise<Record<string, unknown>> {
  return s.ok('GetQuotationDetail', { query });
}

describe('AddQuotation', () => {
  it('creates a Pending quotation with its fields, tags, Thai dates and the API user', async () => {
    s.setNow(Date.parse('2026-08-01T17:10:00Z')); // 2026-08-02 00:10 Thai
    const id = createdId(
      await s.ok('AddQuotation', {
        query: { uniquenumber: 'q-create-1' },
        body: {
          number: 'QT-0001',
          amount: 200,
          customername: 'คุณลูกค้า',
          customeridnumber: '1100',
          customerphone: '0812345678',
          customeremail: 'c@example.com',
          customeraddress: 'เชียงใหม่',
          customerbranchname: 'สาขา 1',
          customerbranchno: '00001',
          reference: 'REQ-9',
          description: 'ราคานี้รวมค่าติดตั้ง',
          saleschannel: 'Shopee',
          quotationdate: '2026-08-05',
          tag: ['vip', 'vip', 'โปรโมชั่น'],
          list: [line('QC-1', 2, 100, 200)],
        },
      }),
    );
    const quotation = await detail({ id });
    expect(quotation).toMatchObject({
      id,
      number: 'QT-0001',
      status: 'Pending',
      customerid: 0,
      customername: 'คุณลูกค้า',
      customerbranchno: '00001',
      reference: 'REQ-9',
      description: 'ราคานี้รวมค่าติดตั้ง',
      saleschannel: 'Shopee',
      quotationdate: '2026-08-05T00:00:00',
      quotationdateString: '2026-08-05',
      approvedate: '',
      approvedateString: '',
      expiredateString: '',
      createdatetime: '2026-08-02T00:10:00',
      createdatetimeString: '2026-08-02 00:10',
      updatedatetimeString: '2026-08-02 00:10',
      createuserid: 1,
      createusername: 'api',
      createdby: 'API',
      uniquenumber: 'q-create-1',
      currency: 'THB',
      tag: ['vip', 'โปรโมชั่น'],
      list: [
        expect.objectContaining({
          sku: 'QC-1',
          number: 2,
          unittext: 'ชิ้น',
          totalprice: 200,
          bundleid: null,
          bundleitemid: null,
        }),
      ],
    });
    // The detail names the date's twin quotationdateString; only list items add orderdateString.
    expect(quotation).not.toHaveProperty('orderdateString');
  });

  it('creates a Success quotation approved today (Thai time), and defaults quotationdate to today', async () => {
    s.setNow(Date.parse('2026-08-03T20:00:00Z')); // 2026-08-04 03:00 Thai
    const id = createdId(
      await s.ok('AddQuotation', { body: { number: 'QT-0002', amount: 50, status: 'Success' } }),
    );
    expect(await detail({ id })).toMatchObject({
      status: 'Success',
      quotationdateString: '2026-08-04',
      approvedate: '2026-08-04T00:00:00',
      approvedateString: '2026-08-04',
      uniquenumber: '',
    });
  });

  it.each(moneyCases)('money: $name', async ({ body, document, lines }) => {
    const id = createdId(await s.ok('AddQuotation', { body: { number: 'QT-MONEY', ...body } }));
    const quotation = await detail({ id });
    expect(quotation).toMatchObject(document);
    const stored = quotation['list'] as Record<string, unknown>[];
    expect(stored).toHaveLength(lines.length);
    lines.forEach((expected, index) => expect(stored[index]).toMatchObject(expected));
  });

  it.each(moneyRefusals)('refuses %s, naming the field, and creates nothing', async (_label, body, field) => {
    const before = await quotationCount();
    await s.refusedField('AddQuotation', { body: { number: 'QT-BAD', ...body } }, field);
    expect(await quotationCount()).toBe(before);
  });

  it.each([
    ['number missing', { amount: 1 }, 'number'],
    ['a blank number', { number: ' ', amount: 1 }, 'number'],
    ['status Voided', { number: 'X', amount: 1, status: 'Voided' }, 'status'],
    ['a malformed quotationdate', { number: 'X', amount: 1, quotationdate: '01/08/2026' }, 'quotationdate'],
    ['an impossible quotationdate', { number: 'X', amount: 1, quotationdate: '2026-02-30' }, 'quotationdate'],
    ['a blank tag', { number: 'X', amount: 1, tag: ['ok', ' '] }, 'tag[1]'],
    ['tag not a list', { number: 'X', amount: 1, tag: 'vip' }, 'tag'],
  ])('refuses %s, naming the field, and creates nothing', async (_label, body, field) => {
    const before = await quotationCount();
    await s.refusedField('AddQuotation', { body }, field);
    expect(await quotationCount()).toBe(before);
  });
});

describe('AddQuotation idempotency (uniquenumber)', () => {
  it("answers a repeated uniquenumber with '900' and creates nothing, whatever the body", async () => {
    const first = createdId(
      await s.ok('AddQuotation', {
        query: { uniquenumber: 'IDEM-1' },
        body: { number: 'QT-IDEM', amount: 10 },
      }),
    );
    const before = await quotationCount();
    await s.refused(
      'AddQuotation',
      { query: { uniquenumber: 'IDEM-1' }, body: { number: 'QT-IDEM', amount: 10 } },
      '900',
      'IDEM-1',
    );
    await s.refused(
      'AddQuotation',
      { query: { uniquenumber: 'IDEM-1' }, body: { number: 'QT-OTHER', amount: 99 } },
      '900',
    );
    expect(await quotationCount()).toBe(before);
    expect(await detail({ number: 'QT-IDEM' })).toMatchObject({ id: first });
  });

  it('creates twice without a uniquenumber, and once per distinct uniquenumber', async () => {
    const before = await quotationCount();
    await s.ok('AddQuotation', { body: { number: 'QT-NOKEY', amount: 1 } });
    await s.ok('AddQuotation', { body: { number: 'QT-NOKEY', amount: 1 } });
    await s.ok('AddQuotation', { query: { uniquenumber: 'IDEM-2' }, body: { number: 'QT-K', amount: 1 } });
    await s.ok('AddQuotation', { query: { uniquenumber: 'IDEM-3' }, body: { number: 'QT-K', amount: 1 } });
    expect(await quotationCount()).toBe(before + 4);
  });

  it('does not spend a uniquenumber on a refused request', async () => {
    await s.refusedField(
      'AddQuotation',
      { query: { uniquenumber: 'IDEM-4' }, body: { number: 'QT-R', amount: 5, vattype: 9 } },
      'vattype',
    );
    await s.ok('AddQuotation', { query: { uniquenumber: 'IDEM-4' }, body: { number: 'QT-R', amount: 5 } });
  });

  it('keeps uniquenumbers per store, and refuses a blank one', async () => {
    await s.ok('AddQuotation', {
      query: { uniquenumber: 'SHARED-KEY' },
      body: { number: 'QT-S', amount: 1 },
    });
    const otherBefore = await quotationCount(OTHER);
    await s.ok('AddQuotation', {
      as: OTHER,
      query: { uniquenumber: 'SHARED-KEY' },
      body: { number: 'QT-S', amount: 1 },
    });
    expect(await quotationCount(OTHER)).toBe(otherBefore + 1);
    await s.refusedField(
      'AddQuotation',
      { query: { uniquenumber: '   ' }, body: { number: 'QT-S', amount: 1 } },
      'uniquenumber',
    );
  });
});

describe('GetQuotationDetail and the id-or-number rule', () => {
  it('finds by id, and by number the newest of quotations sharing it', async () => {
    const first = createdId(await s.ok('AddQuotation', { body: { number: 'QT-SHARED', amount: 1 } }));
    const second = createdId(await s.ok('AddQuotation', { body: { number: 'QT-SHARED', amount: 2 } }));
    expect(await detail({ id: first })).toMatchObject({ id: first, amount: 1 });
    expect(await detail({ number: 'QT-SHARED' })).toMatchObject({ id: second, amount: 2 });
    expect(await detail({ id: first, number: 'QT-SHARED' })).toMatchObject({ id: first });
  });

  it('answers unknown ids and numbers, and neither, with Invalid ID.; other stores see nothing', async () => {
    const id = createdId(await s.ok('AddQuotation', { body: { number: 'QT-MINE', amount: 1 } }));
    for (const query of [{ id: 555555 }, { number: 'NOPE' }, {}]) {
      await s.refused('GetQuotationDetail', { query }, '100', 'Invalid ID.');
    }
    await s.refused('GetQuotationDetail', { as: OTHER, query: { id } }, '100', 'Invalid ID.');
    await s.refused('GetQuotationDetail', { as: OTHER, query: { number: 'QT-MINE' } }, '100', 'Invalid ID.');
  });
});
