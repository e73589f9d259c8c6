// GetContacts over real HTTP: keyword (at least 3 characters) over name, code, phone and email, the
// contactidlist header, newest first, count and paging (limit clamped to 500). Stores start empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreCredentials } from '../../../src-main/sandbox/index.js';
import { insertContact } from '../../../src-main/sandbox/resources/contacts/contact.repository.js';
import { DEFAULT_STORE, type TestSandbox, startTestSandbox } from '../../support/sandbox-harness.js';
import { callFor, storeId, OTHER_STORE } from '../finance/sandbox-calls.js';

const BULK_STORE: StoreCredentials = { name: 'bulk', apikey: 'bulk-key', apisecret: 'bulk-secret' };

let sandbox: TestSandbox;
let ids: { a: number; b: number; c: number; d: number };

async function addContact(body: Record<string, unknown>, as?: StoreCredentials): Promise<number> {
  const answer = await callFor(sandbox, 'AddContact', { body, ...(as ? { as } : {}) });
  expect(answer.description).toBe('Success');
  return (answer.body['detail'] as { id: number }).id;
}

interface ContactPage {
  readonly list: readonly { id: number; properties: unknown[] }[];
  readonly count: number;
}

async function contacts(
  query: Record<string, string | number> = {},
  headers?: Record<string, string>,
  as?: StoreCredentials,
) {
  const answer = await callFor(sandbox, 'GetContacts', {
    query,
    ...(headers ? { headers } : {}),
    ...(as ? { as } : {}),
  });
  return { code: answer.code, description: answer.description, page: answer.body as unknown as ContactPage };
}

async function select(query: Record<string, string | number>, headers?: Record<string, string>) {
  const { page } = await contacts({ limit: 500, ...query }, headers);
  expect(page.count).toBe(page.list.length);
  return page.list.map((contact) => contact.id);
}

beforeAll(async () => {
  sandbox = await startTestSandbox({ seed: 'empty', stores: [DEFAULT_STORE, OTHER_STORE, BULK_STORE] });
  const a = await addContact({ code: 'CUST-001', name: 'ร้านสมชาย การค้า', phone: '081-234-5678' });
  const b = await addContact({ code: 'CUST-002', name: 'Somchai Trading', email: 'buy@somchai.example' });
  const c = await addContact({
    code: 'SUP-100',
    name: 'Alpha Supplies',
    phone: '02-999-0000',
    properties: [{ name: 'ประเภท', value: 'ผู้ขาย' }],
  });
  const d = await addContact({ code: 'SUP-200', name: 'โรงงานเบต้า', email: 'beta@factory.example' });
  ids = { a, b, c, d };
  await addContact({ code: 'CUST-001', name: 'ร้านสมชาย สาขาอื่น' }, OTHER_STORE);
});
afterAll(async () => {
  await sandbox.close();
});

describe('GetContacts', () => {
  it('lists the store’s contacts newest first, with their properties, and only its own', async () => {
    const { a, b, c, d } = ids;
    const { page } = await contacts({ limit: 500 });
    expect(page.list.map((contact) => contact.id)).toEqual([d, c, b, a]);
    expect(page.count).toBe(4);
    expect(page.list[1]?.properties).toEqual([
      { id: expect.any(Number) as number, name: 'ประเภท', value: 'ผู้ขาย' },
    ]);
    expect((await contacts({}, undefined, OTHER_STORE)).page.count).toBe(1);
  });

  it('matches keyword in name, code, phone and email (ASCII case-insensitively)', async () => {
    const { a, b, c, d } = ids;
    expect(await select({ keyword: 'สมชาย' })).toEqual([a]);
    expect(await select({ keyword: 'somchai' })).toEqual([b]);
    expect(await select({ keyword: 'cust-' })).toEqual([b, a]);
    expect(await select({ keyword: '234-5678' })).toEqual([a]);
    expect(await select({ keyword: 'factory.example' })).toEqual([d]);
    expect(await select({ keyword: 'ALPHA' })).toEqual([c]);
    expect(await select({ keyword: 'nothing-like-this' })).toEqual([]);
  });

  it('refuses a keyword under 3 characters, naming keyword; an empty keyword filters nothing', async () => {
    expect(await contacts({ keyword: 'ab' })).toMatchObject({
      code: '100',
      description: 'keyword must be at least 3 characters',
    });
    expect(await contacts({ keyword: ' สม ' })).toMatchObject({ code: '100' });
    expect(await select({ keyword: '' })).toHaveLength(4);
  });

  it('filters by the contactidlist header, with the keyword', async () => {
    const { a, b, c } = ids;
    expect(await select({}, { contactidlist: `${a},${c}` })).toEqual([c, a]);
    expect(await select({ keyword: 'CUST' }, { contactidlist: `${a},${c}` })).toEqual([a]);
    expect(await select({}, { contactidlist: String(b + 100_000) })).toEqual([]);
    expect((await contacts({}, { contactidlist: 'abc' })).description).toMatch(/^contactidlist /);
  });

  it('pages with count over all pages; a page past the end is empty', async () => {
    const { a, b, c, d } = ids;
    const page = async (query: Record<string, number>) => {
      const { page: answer } = await contacts(query);
      return [answer.list.map((contact) => contact.id), answer.count];
    };
    expect(await page({ limit: 3 })).toEqual([[d, c, b], 4]);
    expect(await page({ limit: 3, page: 2 })).toEqual([[a], 4]);
    expect(await page({ limit: 3, page: 3 })).toEqual([[], 4]);
    expect((await contacts({ page: 0 })).description).toMatch(/^page /);
  });

  it('clamps limit to 500', async () => {
    const bulk = storeId(sandbox, BULK_STORE.name);
    const db = sandbox.handle.db;
    db.transaction(() => {
      for (let index = 0; index < 501; index += 1) {
        insertContact(db, bulk, { code: `BULK-${index}`, name: `bulk ${index}` }, Date.now());
      }
    })();
    for (const limit of [500, 501, 10_000]) {
      const { page } = await contacts({ limit }, undefined, BULK_STORE);
      expect([page.list.length, page.count]).toEqual([500, 501]);
    }
    const { page } = await contacts({ limit: 10_000, page: 2 }, undefined, BULK_STORE);
    expect([page.list.length, page.count]).toEqual([1, 501]);
  });
});
