// seedOrdersAndPurchaseOrders (for the demo seeder) and the empty seed: an empty store has no orders
// or purchase orders, so every Order/PurchaseOrder file endpoint answers Invalid ID there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countParents,
  insertParent,
} from '../../../src-main/sandbox/resources/files/attachment.repository.js';
import { seedOrdersAndPurchaseOrders } from '../../../src-main/sandbox/resources/files/index.js';
import { DEFAULT_STORE, type TestSandbox, startTestSandbox } from '../../support/sandbox-harness.js';
import { callFor, storeId, OTHER_STORE } from '../finance/sandbox-calls.js';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ seed: 'empty', stores: [DEFAULT_STORE, OTHER_STORE] });
});
afterAll(async () => {
  await sandbox.close();
});

describe('the empty seed', () => {
  it('gives a store no orders and no purchase orders', () => {
    const { db } = sandbox.handle;
    expect([
      countParents(db, storeId(sandbox), 'order'),
      countParents(db, storeId(sandbox), 'purchaseOrder'),
    ]).toEqual([0, 0]);
  });

  it('so the order and purchase order file endpoints answer Invalid ID', async () => {
    for (const [endpoint, label] of [
      ['GetOrderFiles', 'order'],
      ['GetPurchaseOrderFiles', 'purchase order'],
    ] as const) {
      expect((await callFor(sandbox, endpoint, { query: { id: 1 } })).description).toBe(
        `Invalid ID. No ${label} with id 1`,
      );
    }
  });
});

describe('seedOrdersAndPurchaseOrders', () => {
  it('adds count orders and purchase orders, numbered on from the store’s existing ones, per store', async () => {
    const { db } = sandbox.handle;
    const other = storeId(sandbox, OTHER_STORE.name);
    const at = Date.parse('2026-01-15T03:00:00Z');
    seedOrdersAndPurchaseOrders(db, other, 0, at);
    expect(countParents(db, other, 'order')).toBe(0);
    seedOrdersAndPurchaseOrders(db, other, 3, at);
    seedOrdersAndPurchaseOrders(db, other, 2, at);
    expect([countParents(db, other, 'order'), countParents(db, other, 'purchaseOrder')]).toEqual([5, 5]);
    expect(countParents(db, storeId(sandbox), 'order')).toBe(0);

    const newest = await callFor(sandbox, 'GetOrderFiles', { query: { number: 'SO-0005' }, as: OTHER_STORE });
    expect(newest.body).toEqual([]);
    const purchaseOrder = await callFor(sandbox, 'GetPurchaseOrderFiles', {
      query: { number: 'PO-0001' },
      as: OTHER_STORE,
    });
    expect(purchaseOrder.body).toEqual([]);
    expect(
      (await callFor(sandbox, 'GetOrderFiles', { query: { number: 'SO-0006' }, as: OTHER_STORE }))
        .description,
    ).toBe('Invalid ID. No order with number SO-0006');
  });
});

describe('parents by number', () => {
  it('takes the newest of several orders sharing a number (numbers are not unique in real stores)', async () => {
    const { db } = sandbox.handle;
    const store = storeId(sandbox);
    const older = insertParent(db, store, 'order', 'DUP-1', Date.now());
    const newer = insertParent(db, store, 'order', 'DUP-1', Date.now());
    const file = { fileName: 'dup.txt', data: 'dup' };
    expect((await callFor(sandbox, 'AddOrderFile', { query: { number: 'DUP-1' }, file })).code).toBe('200');
    expect((await callFor(sandbox, 'GetOrderFiles', { query: { id: newer } })).body).toHaveLength(1);
    expect((await callFor(sandbox, 'GetOrderFiles', { query: { id: older } })).body).toEqual([]);
  });
});
