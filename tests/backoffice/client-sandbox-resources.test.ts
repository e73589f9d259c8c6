// The client against the sandbox's resource modules: header lists, stock-list payloads, code-100
// texts (Access Denied., Invalid ID.), the 900 of a repeated uniquenumber, uploads and bare file lists.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestSandbox } from '../support/sandbox-harness.js';
import { startResourceSandbox } from './support/resource-sandbox.js';
import { testClient, type TestClient } from './support/client.js';
import { TEST_STORE, expectFailure } from './support/secrets.js';

let sandbox: TestSandbox;
let made: TestClient;
let productIds: number[] = [];

beforeAll(async () => {
  sandbox = await startResourceSandbox({
    stores: [TEST_STORE],
    log: () => {},
  });
  made = testClient(sandbox.url);
  productIds = [];
  for (const sku of ['BO-1', 'BO-2', 'BO-3']) {
    const created = await made.client.call('AddProduct', {
      body: { name: `Product ${sku}`, sku, sellprice: '10' },
    });
    productIds.push(created.detail?.id ?? 0);
  }
});
afterAll(async () => {
  await made.client.close();
  await sandbox.close();
});
afterEach(() => sandbox.handle.clearFaults());

const client = () => made.client;

describe('products and stock', () => {
  it('reads products by an id list header and one by id', async () => {
    const [first, , third] = productIds;
    const answer = await client().call('GetProducts', {
      headers: { productidlist: [first ?? 0, third ?? 0] },
    });
    expect(answer.list.map((product) => product.sku).sort()).toEqual(['BO-1', 'BO-3']);
    const bySku = await client().call('GetProducts', { headers: { skulist: ['BO-2'] } });
    expect(bySku.list.map((product) => product.id)).toEqual([productIds[1]]);
    const detail = await client().call('GetProductDetail', { id: first ?? 0 });
    expect(detail).toMatchObject({ id: first, sku: 'BO-1', sellprice: expect.any(String) });
  });

  it('sets stock with an absolute stock list and reads the per-line result', async () => {
    const warehouses = await client().call('GetWarehouses');
    const warehousecode = warehouses.list[0]?.code ?? '';
    const answer = await client().call('UpdateProductStockList', {
      query: { warehousecode },
      body: {
        stocks: [
          { sku: 'BO-1', stock: 12, cost: 5 },
          { productid: productIds[1] ?? 0, stock: 3 },
        ],
      },
    });
    expect(answer.detail?.stockupdate).toMatchObject({ success: 2 });
    const read = await client().call('GetProducts', {
      query: { warehousecode },
      headers: { skulist: ['BO-1'] },
    });
    expect(Number(read.list[0]?.stock)).toBe(12);
  });

  it('classifies an unknown warehouse (Access Denied.) as auth and an unknown id (Invalid ID.) as permanent', async () => {
    const denied = await expectFailure(
      client().call('UpdateProductStockList', {
        query: { warehousecode: 'W9999' },
        body: { stocks: [{ sku: 'BO-1', stock: 1 }] },
      }),
      'auth',
    );
    expect(denied).toMatchObject({ code: '100', text: 'Access Denied.' });
    const missing = await expectFailure(client().call('GetProductDetail', { id: 987_654 }), 'permanent');
    expect(missing).toMatchObject({ code: '100', text: expect.stringMatching(/^Invalid ID\./) as unknown });
  });
});

describe('idempotent creates', () => {
  it('answers a repeated uniquenumber with 900: already applied', async () => {
    const income = { query: { uniquenumber: 'INC-BO-1' }, body: { amount: 250, description: 'Deposit' } };
    const first = await client().call('AddIncome', income);
    expect(first.detail?.id).toEqual(expect.any(Number));
    const again = await expectFailure(client().call('AddIncome', income), 'duplicate');
    expect(again).toMatchObject({
      endpoint: 'AddIncome',
      code: '900',
      alreadyApplied: true,
      effect: 'applied',
    });
  });

  it('reconciles an unclear create by resending the same key', async () => {
    sandbox.handle.scheduleFault({ endpoint: 'AddIncome', mode: 'reset', timing: 'after' });
    const income = { query: { uniquenumber: 'INC-BO-2' }, body: { amount: 99 } };
    await expectFailure(client().call('AddIncome', income), 'unclear');
    const resent = await expectFailure(client().call('AddIncome', income), 'duplicate');
    expect(resent.alreadyApplied).toBe(true);
  });
});

describe('file attachments', () => {
  it('uploads a file as multipart, lists it from a bare array and reads it back', async () => {
    const quotation = await client().call('AddQuotation', {
      query: { uniquenumber: 'QT-BO-1' },
      body: { number: 'QT-BO-1', amount: 100 },
    });
    const id = quotation.detail?.id ?? 0;
    const bytes = new TextEncoder().encode('stock count sheet');
    await client().call('AddQuotationFile', {
      id,
      file: { fileName: 'count.txt', data: bytes, type: 'text/plain' },
    });
    const files = await client().call('GetQuotationFiles', { id });
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ fileName: 'count.txt' });
    const detail = await client().call('GetQuotationFileDetail', {
      id,
      query: { fileid: files[0]?.id ?? 0 },
    });
    expect(Buffer.from(detail.content, 'base64').toString()).toBe('stock count sheet');
  });
});
