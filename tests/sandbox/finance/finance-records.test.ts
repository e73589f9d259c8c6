// The IncomeTransaction/ExpenseTransaction records over real HTTP: every field as stored, dates and
// their ...String twins in Thai time, the API user, the contact link, and detail refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../../support/sandbox-harness.js';
import type { TestSandbox } from '../../support/sandbox-harness.js';
import { financeCalls, financeKinds, thai } from './finance-calls.js';
import { callFor } from './sandbox-calls.js';

let sandbox: TestSandbox;
// 00:30 in Bangkok is still the previous day in UTC: every date below must follow Thai time.
let clock = thai('2026-03-10 00:30');

beforeAll(async () => {
  sandbox = await startTestSandbox({ now: () => clock });
});
afterAll(async () => {
  await sandbox.close();
});

describe.each(financeKinds)('$detail', (names) => {
  const calls = () => financeCalls(sandbox, names);

  it('answers every field as sent or computed, flat', async () => {
    clock = thai('2026-03-10 00:30:45');
    const id = await calls().add(
      {
        amount: 107,
        vattype: 3,
        contactname: 'ร้านค้าทดสอบ',
        contactidnumber: '0105551234567',
        contactphone: '02-111-2222',
        contactemail: 'shop@example.com',
        contactaddress: '1 ถนนสุขุมวิท กรุงเทพฯ',
        contactbranchname: 'สำนักงานใหญ่',
        [names.branchField]: '00000',
        reference: 'REF-1',
        description: 'ค่าสินค้า',
        tag: ['ด่วน', 'VIP'],
        [names.dateField]: '2026-03-05',
        list: [{ name: 'สินค้า', totalprice: 107, categoryname: 'ทั่วไป' }],
      },
      { query: { uniquenumber: `${names.kind}-record-1` } },
    );
    const record = await calls().detail(id);
    expect(record).toEqual({
      id,
      contactid: 0,
      contactname: 'ร้านค้าทดสอบ',
      contactidnumber: '0105551234567',
      contactemail: 'shop@example.com',
      contactphone: '02-111-2222',
      contactaddress: '1 ถนนสุขุมวิท กรุงเทพฯ',
      contactbranchname: 'สำนักงานใหญ่',
      contactbranchno: '00000',
      paymentstatus: 'Pending',
      amount: 107,
      amount_pretax: 100,
      vatamount: 7,
      [names.dateField]: '2026-03-05T00:00:00',
      [`${names.dateField}String`]: '2026-03-05',
      paymentamount: 0,
      reference: 'REF-1',
      description: 'ค่าสินค้า',
      discount: '',
      vattype: 3,
      list: [
        {
          id: expect.any(Number) as number,
          name: 'สินค้า',
          categoryname: 'ทั่วไป',
          totalprice: 107,
          totalprice_pretax: 100,
          totalprice_vat: 7,
        },
      ],
      payments: [],
      tag: ['ด่วน', 'VIP'],
      createdatetime: '2026-03-10T00:30:45',
      createdatetimeString: '2026-03-10 00:30',
      updatedatetime: '2026-03-10T00:30:45',
      updatedatetimeString: '2026-03-10 00:30',
      createuserid: 1,
      createusername: 'api',
      createdby: 'API',
      uniquenumber: `${names.kind}-record-1`,
    });
  });

  it('answers the same record in the list as in the detail', async () => {
    const id = await calls().add({ amount: 50, reference: 'same-in-list' });
    const page = await calls().list({}, { headers: { [names.idListHeader]: String(id) } });
    expect(page.list).toEqual([await calls().detail(id)]);
  });

  it(`defaults ${names.dateField} to today in Thai time, and uniquenumber and texts to ''`, async () => {
    clock = thai('2026-03-10 00:30');
    const record = await calls().detail(await calls().add({ amount: 10 }));
    expect(record[names.dateField]).toBe('2026-03-10T00:00:00');
    expect(record[`${names.dateField}String`]).toBe('2026-03-10');
    expect([record.uniquenumber, record.contactname, record.reference, record.tag]).toEqual(['', '', '', []]);
  });

  it('keeps tags trimmed, in order, without repeats; refuses a blank one naming it', async () => {
    const record = await calls().detail(await calls().add({ amount: 1, tag: [' ด่วน ', 'VIP', 'ด่วน'] }));
    expect(record.tag).toEqual(['ด่วน', 'VIP']);
    expect(await calls().refuse({ amount: 1, tag: ['ok', '  '] })).toEqual({
      code: '100',
      description: 'tag[1] is required',
    });
  });

  it('links contactid to the store contact of exactly that name, else 0', async () => {
    const contact = await callFor(sandbox, 'AddContact', {
      body: { code: `LINK-${names.kind}`, name: `บริษัท ลิงก์ ${names.kind} จำกัด` },
    });
    const contactId = (contact.body['detail'] as { id: number }).id;
    const linked = await calls().detail(
      await calls().add({ amount: 10, contactname: `บริษัท ลิงก์ ${names.kind} จำกัด` }),
    );
    expect(linked.contactid).toBe(contactId);
    const unlinked = await calls().detail(await calls().add({ amount: 10, contactname: 'ไม่มีในระบบ' }));
    expect(unlinked.contactid).toBe(0);
  });

  it('answers Invalid ID inside res for an unknown id, a missing id and the id of the other kind', async () => {
    const other = financeKinds.find((kind) => kind.kind !== names.kind);
    if (!other) throw new Error('two kinds expected');
    const otherId = await financeCalls(sandbox, other).add({ amount: 1 });
    for (const id of [999_999, otherId]) {
      const answer = await sandbox.call(names.detail, { query: { id } });
      expect(answer.body).toEqual({
        res: { resCode: '100', resDesc: `Invalid ID. No ${names.kind} with id ${id}` },
      });
    }
    const missing = await sandbox.call(names.detail);
    expect(missing.body).toEqual({ res: { resCode: '100', resDesc: 'Invalid ID. id is required' } });
  });
});

it("AddIncome stores the body's customerbranchno as contactbranchno and ignores a contactbranchno", async () => {
  const [income] = financeKinds;
  if (!income) throw new Error('income expected');
  const id = await financeCalls(sandbox, income).add({ amount: 1, contactbranchno: '99999' });
  expect((await financeCalls(sandbox, income).detail(id)).contactbranchno).toBe('');
});
