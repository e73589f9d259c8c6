// AddContact, UpdateContact and GetContactDetail over real HTTP: fields, properties by id or name, code
// unique per store, only given fields changing, sub-contacts and shipping addresses, store isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreCredentials } from '../../../src-main/sandbox/index.js';
import { addContactExtras } from '../../../src-main/sandbox/resources/contacts/index.js';
import { DEFAULT_STORE, type TestSandbox, startTestSandbox } from '../../support/sandbox-harness.js';
import { callFor, storeId, OTHER_STORE } from '../finance/sandbox-calls.js';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ stores: [DEFAULT_STORE, OTHER_STORE] });
});
afterAll(async () => {
  await sandbox.close();
});

const fullContact = {
  code: 'C-FULL',
  name: 'บริษัท ตัวอย่าง จำกัด',
  idnumber: '0105551234567',
  phone: '02-123-4567',
  email: 'contact@example.com',
  address: '99 ถนนสีลม กรุงเทพฯ 10500',
  branchname: 'สำนักงานใหญ่',
  branchno: '00000',
  facebook: 'example.fb',
  line: '@example',
  instagram: 'example.ig',
};

async function addContact(body: Record<string, unknown>, as?: StoreCredentials): Promise<number> {
  const answer = await callFor(sandbox, 'AddContact', { body, ...(as ? { as } : {}) });
  expect(answer.description).toBe('Success');
  return (answer.body['detail'] as { id: number }).id;
}

async function detail(id: number, as?: StoreCredentials): Promise<Record<string, unknown>> {
  const answer = await callFor(sandbox, 'GetContactDetail', { query: { id }, ...(as ? { as } : {}) });
  expect(answer.code, answer.description).toBe('200');
  return answer.body;
}

describe('AddContact and GetContactDetail', () => {
  it('stores every field and answers the detail flat with empty lists', async () => {
    const id = await addContact(fullContact);
    expect(await detail(id)).toEqual({
      id,
      ...fullContact,
      imagepath: '',
      tag: [],
      properties: [],
      subContactList: [],
      shippingList: [],
    });
  });

  it('stores only code and name when nothing else is given, trimmed', async () => {
    const id = await addContact({ code: '  C-MIN ', name: ' ร้านเล็ก ' });
    const record = await detail(id);
    expect([record['code'], record['name'], record['phone'], record['email']]).toEqual([
      'C-MIN',
      'ร้านเล็ก',
      '',
      '',
    ]);
  });

  it('takes properties by name (creating them) and by id (an existing one)', async () => {
    const first = await addContact({
      code: 'C-PROP-1',
      name: 'a',
      properties: [
        { name: 'ระดับลูกค้า', value: 'Gold' },
        { id: 0, name: 'เครดิต (วัน)', value: '30' },
      ],
    });
    const properties = (await detail(first))['properties'] as { id: number; name: string; value: string }[];
    expect(properties.map(({ name, value }) => [name, value])).toEqual([
      ['ระดับลูกค้า', 'Gold'],
      ['เครดิต (วัน)', '30'],
    ]);
    const [level] = properties;
    if (!level) throw new Error('a property expected');
    const second = await addContact({
      code: 'C-PROP-2',
      name: 'c',
      properties: [{ id: level.id, value: 'Silver' }],
    });
    expect((await detail(second))['properties']).toEqual([
      { id: level.id, name: 'ระดับลูกค้า', value: 'Silver' },
    ]);
  });

  const refusals: [string, Record<string, unknown>, RegExp][] = [
    ['code missing', { name: 'x' }, /^code /],
    ['code blank', { code: '   ', name: 'x' }, /^code is required$/],
    ['name missing', { code: 'C-NONAME' }, /^name /],
    ['name blank', { code: 'C-BLANKNAME', name: '  ' }, /^name is required$/],
    ['phone not text', { code: 'C-PHONE', name: 'x', phone: 21234567 }, /^phone /],
    [
      'a property with neither id nor name',
      { code: 'C-P0', name: 'x', properties: [{ value: 'v' }] },
      /^properties\[0\]\.name is required when id is 0 or absent$/,
    ],
    [
      'a property id of no property of the store',
      { code: 'C-P1', name: 'x', properties: [{ id: 999_999, value: 'v' }] },
      /^properties\[0\]\.id names no contact property of this store \(999999\)$/,
    ],
    [
      'the same property twice',
      { code: 'C-P2', name: 'x', properties: [{ name: 'ซ้ำ' }, { name: 'ซ้ำ' }] },
      /^properties\[1\] repeats the property ซ้ำ$/,
    ],
  ];

  it.each(refusals)('refuses %s, naming the field, and creates nothing', async (_label, body, expected) => {
    const before = (await callFor(sandbox, 'GetContacts', { query: { limit: 1 } })).body['count'];
    const answer = await callFor(sandbox, 'AddContact', { body });
    expect(answer.code).toBe('100');
    expect(answer.description).toMatch(expected);
    expect((await callFor(sandbox, 'GetContacts', { query: { limit: 1 } })).body['count']).toBe(before);
  });

  it('refuses a code already used in the store, naming code; another store may use it', async () => {
    const id = await addContact({ code: 'C-DUP', name: 'first' });
    const answer = await callFor(sandbox, 'AddContact', { body: { code: ' C-DUP', name: 'second' } });
    expect(answer).toMatchObject({
      code: '100',
      description: `code is already used by another contact (C-DUP, id ${id})`,
    });
    const elsewhere = await addContact({ code: 'C-DUP', name: 'other store' }, OTHER_STORE);
    expect((await detail(elsewhere, OTHER_STORE))['name']).toBe('other store');
  });

  it('answers Invalid ID inside res for an unknown id, a missing id and another store’s contact', async () => {
    const theirs = await addContact({ code: 'C-THEIRS', name: 'x' }, OTHER_STORE);
    for (const id of [999_999, theirs]) {
      expect((await sandbox.call('GetContactDetail', { query: { id } })).body).toEqual({
        res: { resCode: '100', resDesc: `Invalid ID. No contact with id ${id}` },
      });
    }
    expect((await sandbox.call('GetContactDetail')).body).toEqual({
      res: { resCode: '100', resDesc: 'Invalid ID. id is required' },
    });
  });

  it('answers sub-contacts and shipping addresses added by the seeder, in order', async () => {
    const id = await addContact({ code: 'C-EXTRAS', name: 'มีผู้ติดต่อ' });
    const subContacts = [
      {
        name: 'คุณสมหญิง',
        position: 'จัดซื้อ',
        phone: '02-000-0001',
        mobile: '081-000-0001',
        email: 'a@example.com',
        isMain: true,
      },
      { name: 'คุณสมศักดิ์', position: 'บัญชี', phone: '', mobile: '081-000-0002', email: '', isMain: false },
    ];
    const shippingAddresses = [
      {
        name: 'คลังบางนา',
        address: '88 บางนา-ตราด',
        phone: '02-000-0003',
        email: 'wh@example.com',
        isMain: true,
      },
    ];
    addContactExtras(sandbox.handle.db, storeId(sandbox), id, { subContacts, shippingAddresses });
    const record = await detail(id);
    expect(record['subContactList']).toEqual(subContacts);
    expect(record['shippingList']).toEqual(shippingAddresses);
  });
});

describe('UpdateContact', () => {
  async function update(id: number, body: unknown, as?: StoreCredentials) {
    const answer = await callFor(sandbox, 'UpdateContact', { query: { id }, body, ...(as ? { as } : {}) });
    return { code: answer.code, description: answer.description };
  }

  it('changes only the fields given (code is always given)', async () => {
    const id = await addContact({ ...fullContact, code: 'C-UPD' });
    expect(await update(id, { code: 'C-UPD', phone: '099-999-9999', email: 'new@example.com' })).toEqual({
      code: '200',
      description: 'Success',
    });
    expect(await detail(id)).toMatchObject({
      ...fullContact,
      code: 'C-UPD',
      phone: '099-999-9999',
      email: 'new@example.com',
    });
  });

  it('changes the code to a free one, and may keep its own', async () => {
    const id = await addContact({ code: 'C-OLD', name: 'x' });
    expect((await update(id, { code: 'C-OLD', name: 'y' })).code).toBe('200');
    expect((await update(id, { code: 'C-NEW' })).code).toBe('200');
    expect(await detail(id)).toMatchObject({ code: 'C-NEW', name: 'y' });
    // The old code is free again.
    await addContact({ code: 'C-OLD', name: 'z' });
  });

  it('refuses, naming the field, and changes nothing', async () => {
    const id = await addContact({ code: 'C-KEEP', name: 'keep' });
    await addContact({ code: 'C-TAKEN', name: 'taken' });
    const cases: [unknown, RegExp][] = [
      [{ name: 'no code' }, /^code /],
      [{ code: '' }, /^code /],
      [{ code: '  ' }, /^code is required$/],
      [{ code: 'C-TAKEN', name: 'steal' }, /^code is already used by another contact \(C-TAKEN, id \d+\)$/],
      [{ code: 'C-KEEP', name: '' }, /^name /],
      [{ code: 'C-KEEP', name: '   ' }, /^name must not be empty$/],
      [{ code: 'C-KEEP', email: 5 }, /^email /],
    ];
    for (const [body, expected] of cases) {
      const answer = await update(id, body);
      expect(answer.code).toBe('100');
      expect(answer.description).toMatch(expected);
    }
    expect(await detail(id)).toMatchObject({ code: 'C-KEEP', name: 'keep', email: '' });
  });

  it('answers Invalid ID for an unknown id, a missing id and another store’s contact', async () => {
    const theirs = await addContact({ code: 'C-UPD-THEIRS', name: 'theirs' }, OTHER_STORE);
    for (const id of [999_999, theirs]) {
      expect(await update(id, { code: 'X' })).toEqual({
        code: '100',
        description: `Invalid ID. No contact with id ${id}`,
      });
    }
    const missing = await sandbox.call('UpdateContact', { body: { code: 'X' } });
    expect(missing.body).toEqual({ resCode: '100', resDesc: 'Invalid ID. id is required' });
    expect((await detail(theirs, OTHER_STORE))['code']).toBe('C-UPD-THEIRS');
  });
});
