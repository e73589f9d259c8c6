// The request pipeline with stand-in handlers: uploads, header lists, one transaction per write,
// the check of success bodies, crashes, and the answer for an endpoint without a handler.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handlers } from '../../../src-main/sandbox/core/handler.js';
import { validation } from '../../../src-main/sandbox/core/handler.js';
import { insertWarehouse } from '../../../src-main/sandbox/resources/merchant/merchant.repository.js';
import { startTestSandbox, verdict, type TestSandbox } from '../../support/sandbox-harness.js';

const MAX_UPLOAD = 1024;

const stubs: Partial<Handlers> = {
  UpdateProductImage: ({ file, parent }) => ({
    description: `${parent.id ?? 0}:${file.fileName}:${file.mimeType}:${file.data.toString('utf8')}`,
  }),
  GetProducts: ({ headerLists }) => {
    const ids = headerLists.productidlist ?? [];
    const skus = headerLists.skulist ?? [];
    return { list: ids.map((id, index) => ({ id, sku: skus[index] ?? '' })), count: ids.length };
  },
  AddProduct: ({ db, store, body, now }) => {
    insertWarehouse(db, store.id, { code: `TX-${body.sku}`, name: body.name, address: '', createdAt: now() });
    if (body.sku === 'fail') throw validation('sku', 'is refused by this stub after writing');
    return { id: 1 };
  },
  GetProductDetail: ({ parent }) => {
    if (parent.id === 13) throw new Error('stub crash');
    // A detail without its id breaks the row's record schema.
    return { name: 'no id' } as unknown as { id: number };
  },
};

let sandbox: TestSandbox;
const logs: string[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox({
    seed: 'empty',
    handlers: stubs,
    maxUploadBytes: MAX_UPLOAD,
    log: (line) => logs.push(line),
  });
});
afterAll(async () => {
  await sandbox.close();
});

async function warehouseCodes(): Promise<string[]> {
  const body = (await sandbox.call('GetWarehouses', { query: { limit: 500 } })).body as {
    list: { code: string }[];
  };
  return body.list.map((warehouse) => warehouse.code);
}

describe('uploads', () => {
  it('hands the multipart part named file to the handler', async () => {
    const answer = await sandbox.call('UpdateProductImage', {
      query: { id: 7 },
      file: { fileName: 'photo.png', mimeType: 'image/png', data: 'PNGDATA' },
    });
    expect(answer.body).toEqual({ resCode: '200', resDesc: '7:photo.png:image/png:PNGDATA' });
  });

  it('answers a file over the size limit with a clear error', async () => {
    const answer = await sandbox.call('UpdateProductImage', {
      query: { id: 7 },
      file: { fileName: 'big.bin', data: 'x'.repeat(MAX_UPLOAD + 1) },
    });
    expect(answer.body).toEqual({
      resCode: '100',
      resDesc: `file is larger than the limit of ${MAX_UPLOAD} bytes`,
    });
  });

  it('requires the part to be named file', async () => {
    const form = new FormData();
    form.append('image', new Blob(['abc']), 'a.png');
    const response = await fetch(`${sandbox.url}/v4/Product/UpdateProductImage?id=7`, {
      method: 'POST',
      headers: { storename: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' },
      body: form,
    });
    expect(verdict(await response.json())?.description).toMatch(/^file is required/);
  });
});

describe('header lists', () => {
  it('parses int and string lists, trimming blanks', async () => {
    const answer = await sandbox.call('GetProducts', {
      headers: { productidlist: ' 3, 4,,5 ', skulist: 'A,B' },
    });
    expect(answer.body).toMatchObject({
      count: 3,
      list: [
        { id: 3, sku: 'A' },
        { id: 4, sku: 'B' },
        { id: 5, sku: '' },
      ],
    });
  });
});

describe('writes are one transaction', () => {
  it('commits a write that succeeds', async () => {
    const answer = await sandbox.call('AddProduct', { body: { name: 'ok', sku: 'ok' } });
    expect(answer.body).toEqual({ resCode: '200', resDesc: 'Success', detail: { id: 1 } });
    expect(await warehouseCodes()).toContain('TX-ok');
  });

  it('rolls back everything a failing write did', async () => {
    const answer = await sandbox.call('AddProduct', { body: { name: 'no', sku: 'fail' } });
    expect(answer.body).toEqual({ resCode: '100', resDesc: 'sku is refused by this stub after writing' });
    expect(await warehouseCodes()).not.toContain('TX-fail');
  });
});

describe('handler mistakes', () => {
  it('answers a body its row rejects with code 500 naming the field, and logs it', async () => {
    const answer = await sandbox.call('GetProductDetail', { query: { id: 1 } });
    expect(answer.status).toBe(200);
    expect(verdict(answer.body)?.code).toBe('500');
    expect(verdict(answer.body)?.description).toContain('id is required');
    expect(logs.some((line) => line.includes('GetProductDetail'))).toBe(true);
  });

  it('answers a crash with HTTP 500 and resCode 500', async () => {
    const answer = await sandbox.call('GetProductDetail', { query: { id: 13 } });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ res: { resCode: '500', resDesc: 'Internal sandbox error: stub crash' } });
  });
});

describe('endpoints without a handler', () => {
  it('answer code 100 "Not implemented in the sandbox: <name>" with HTTP 200', async () => {
    const empty = await startTestSandbox({ seed: 'empty', handlers: { GetWarehouses: undefined } });
    try {
      expect(empty.handle.missingHandlers).toContain('GetWarehouses');
      const answer = await empty.call('GetWarehouses');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        res: { resCode: '100', resDesc: 'Not implemented in the sandbox: GetWarehouses' },
      });
    } finally {
      await empty.close();
    }
  });
});
