// Merchant reference data and warehouses over real HTTP, and the warehouse lookup other modules use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWarehouseByCode, requireWarehouse } from '../../src-main/sandbox/resources/merchant/index.js';
import { startTestSandbox, verdict, type TestSandbox } from '../support/sandbox-harness.js';

const other = { name: 'other', apikey: 'other-key', apisecret: 'other-secret' };
const demo = { name: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' };

interface Named {
  id: number;
  name: string;
}
interface WarehouseItem extends Named {
  code: string;
  address: string;
}
interface ListBody<T> {
  res: { resCode: string };
  list: T[];
  count: number;
}

describe('demo seed', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ seed: 'demo', stores: [demo, other] });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('has three warehouses W0001..W0003 with Thai names, newest first', async () => {
    const answer = await sandbox.call('GetWarehouses');
    const body = answer.body as ListBody<WarehouseItem>;
    expect(body.count).toBe(3);
    expect(body.list.map((warehouse) => warehouse.code)).toEqual(['W0003', 'W0002', 'W0001']);
    for (const warehouse of body.list) expect(warehouse.name).toMatch(/[\u0E00-\u0E7F]/);
  });

  it.each(['GetSalesChannels', 'GetPaymentMethods', 'GetShippingChannels'] as const)(
    '%s lists id and name items with a count',
    async (name) => {
      const body = (await sandbox.call(name)).body as ListBody<Named>;
      expect(body.res.resCode).toBe('200');
      expect(body.count).toBeGreaterThanOrEqual(3);
      expect(body.list.length).toBe(body.count);
      for (const item of body.list)
        expect(item).toEqual({ id: expect.any(Number), name: expect.any(String) });
      const page = (await sandbox.call(name, { query: { limit: 2, page: 2 } })).body as ListBody<Named>;
      expect(page.list).toEqual(body.list.slice(2, 4));
    },
  );

  it('reads the merchant profile flat', async () => {
    const answer = await sandbox.call('GetMerchantProfile');
    expect(answer.body).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      phone: expect.any(String),
      email: expect.any(String),
      address: expect.any(String),
      taxid: expect.any(String),
      fax: expect.any(String),
      website: expect.any(String),
    });
  });

  it('adds a warehouse that then lists first; address is optional', async () => {
    const added = await sandbox.call('AddWarehouse', { body: { code: 'W0004', name: 'คลังใหม่' } });
    expect(verdict(added.body)?.code).toBe('200');
    const id = (added.body as { detail: { id: number } }).detail.id;
    const body = (await sandbox.call('GetWarehouses')).body as ListBody<WarehouseItem>;
    expect(body.count).toBe(4);
    expect(body.list[0]).toEqual({ id, code: 'W0004', name: 'คลังใหม่', address: '' });
  });

  it('refuses a duplicate code naming code, and a missing name naming name', async () => {
    const duplicate = await sandbox.call('AddWarehouse', { body: { code: 'W0001', name: 'x' } });
    expect(verdict(duplicate.body)?.description).toMatch(/^code is already used/);
    const noName = await sandbox.call('AddWarehouse', { body: { code: 'W0999' } });
    expect(verdict(noName.body)?.description).toBe('name is required');
    const blankName = await sandbox.call('AddWarehouse', { body: { code: 'W0999', name: '  ' } });
    expect(verdict(blankName.body)?.description).toBe('name is required');
    const codes = ((await sandbox.call('GetWarehouses')).body as ListBody<WarehouseItem>).list.map(
      (w) => w.code,
    );
    expect(codes).not.toContain('W0999');
  });

  it("keeps each store's warehouses apart", async () => {
    await sandbox.call('AddWarehouse', { as: other, body: { code: 'W0500', name: 'อื่น' } });
    const mine = (await sandbox.call('GetWarehouses')).body as ListBody<WarehouseItem>;
    expect(mine.list.map((warehouse) => warehouse.code)).not.toContain('W0500');
    const theirs = (await sandbox.call('GetWarehouses', { as: other })).body as ListBody<WarehouseItem>;
    expect(theirs.list.map((warehouse) => warehouse.code)).toContain('W0500');
  });

  it('finds a warehouse by code per store, and answers Access Denied. for an unknown one', () => {
    const [demoStore, otherStore] = sandbox.handle.stores;
    if (!demoStore || !otherStore) throw new Error('two stores expected');
    expect(findWarehouseByCode(sandbox.handle.db, demoStore.id, 'W0001')?.code).toBe('W0001');
    expect(findWarehouseByCode(sandbox.handle.db, demoStore.id, 'W0500')).toBeUndefined();
    expect(requireWarehouse(sandbox.handle.db, otherStore.id, 'W0500').code).toBe('W0500');
    expect(() => requireWarehouse(sandbox.handle.db, demoStore.id, 'W0500')).toThrow(
      expect.objectContaining({ code: '100', description: 'Access Denied.' }),
    );
  });
});

describe('empty seed', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ seed: 'empty' });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('has one warehouse W0001, a merchant profile and no channels or payment methods', async () => {
    const warehouses = (await sandbox.call('GetWarehouses')).body as ListBody<WarehouseItem>;
    expect(warehouses.list.map((warehouse) => warehouse.code)).toEqual(['W0001']);
    expect(verdict((await sandbox.call('GetMerchantProfile')).body)).toBeUndefined();
    for (const name of ['GetSalesChannels', 'GetPaymentMethods', 'GetShippingChannels'] as const) {
      expect(((await sandbox.call(name)).body as ListBody<Named>).count).toBe(0);
    }
  });
});
