// File attachments over real HTTP, the same three operations on orders, purchase orders and
// quotations: multipart upload, the bare-array list, Base64 detail that round-trips every byte, parents
// by id or number, refusals naming fileid/file, and store isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '../../../src-shared/api/endpoints/index.js';
import type { StoreCredentials } from '../../../src-main/sandbox/index.js';
import {
  DEFAULT_STORE,
  type CallOptions,
  type TestSandbox,
  startTestSandbox,
} from '../../support/sandbox-harness.js';
import { callFor, OTHER_STORE } from '../finance/sandbox-calls.js';
import { addOrders, addQuotation, type Parent } from './file-parents.js';

const MAX_UPLOAD_BYTES = 64 * 1024;

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({
    stores: [DEFAULT_STORE, OTHER_STORE],
    maxUploadBytes: MAX_UPLOAD_BYTES,
  });
});
afterAll(async () => {
  await sandbox.close();
});

interface AttachmentKind {
  readonly label: string;
  readonly list: EndpointName;
  readonly detail: EndpointName;
  readonly add: EndpointName;
  /** Two parents of this kind in the store (or another store). */
  readonly parents: (as?: StoreCredentials) => Promise<[Parent, Parent]>;
}

const kinds: readonly AttachmentKind[] = [
  {
    label: 'order',
    list: 'GetOrderFiles',
    detail: 'GetOrderFileDetail',
    add: 'AddOrderFile',
    parents: async (as) => {
      const { orders } = addOrders(sandbox, as);
      return orders;
    },
  },
  {
    label: 'purchase order',
    list: 'GetPurchaseOrderFiles',
    detail: 'GetPurchaseOrderFileDetail',
    add: 'AddPurchaseOrderFile',
    parents: async (as) => {
      const { purchaseOrders } = addOrders(sandbox, as);
      return purchaseOrders;
    },
  },
  {
    label: 'quotation',
    list: 'GetQuotationFiles',
    detail: 'GetQuotationFileDetail',
    add: 'AddQuotationFile',
    parents: async (as) => [await addQuotation(sandbox, as), await addQuotation(sandbox, as)],
  },
];

/** Every byte value, zero bytes in a run, and a length that is not a multiple of 3 (Base64 padding). */
function binarySample(): Uint8Array {
  const bytes = new Uint8Array(256 + 16 + 1);
  for (let value = 0; value < 256; value += 1) bytes[value] = value;
  bytes[bytes.length - 1] = 0xff;
  return bytes;
}

function byParent(parent: Parent, useNumber: boolean): Record<string, string | number> {
  return useNumber ? { number: parent.number } : { id: parent.id };
}

describe.each(kinds)('files of a $label', (kind) => {
  let first: Parent;
  let second: Parent;

  const upload = (parent: Parent, file: CallOptions['file'], useNumber = false, as?: StoreCredentials) =>
    callFor(sandbox, kind.add, { query: byParent(parent, useNumber), file, ...(as ? { as } : {}) });
  const files = async (parent: Parent, useNumber = false, as?: StoreCredentials) => {
    const answer = await sandbox.call(kind.list, {
      query: byParent(parent, useNumber),
      ...(as ? { as } : {}),
    });
    return answer.body;
  };
  const detail = (parent: Parent, fileid: number | string, useNumber = false, as?: StoreCredentials) =>
    callFor(sandbox, kind.detail, {
      query: { ...byParent(parent, useNumber), fileid },
      ...(as ? { as } : {}),
    });

  beforeAll(async () => {
    [first, second] = await kind.parents();
  });

  it('uploads, answering resCode/resDesc only, and lists a bare array of { id, fileName, type }, newest first', async () => {
    const answer = await upload(first, {
      fileName: 'invoice.pdf',
      mimeType: 'application/pdf',
      data: '%PDF-1.7 demo',
    });
    expect(answer.body).toEqual({ resCode: '200', resDesc: 'Success' });
    await upload(first, {
      fileName: 'photo.jpg',
      mimeType: 'image/jpeg',
      data: new Uint8Array([0xff, 0xd8, 0xff]),
    });
    const list = await files(first);
    expect(Array.isArray(list)).toBe(true);
    expect(list).toEqual([
      { id: expect.any(Number) as number, fileName: 'photo.jpg', type: 'image/jpeg' },
      { id: expect.any(Number) as number, fileName: 'invoice.pdf', type: 'application/pdf' },
    ]);
    expect(await files(second)).toEqual([]);
  });

  it('answers the bytes in Base64, byte for byte, with the name and type as uploaded', async () => {
    const bytes = binarySample();
    await upload(second, { fileName: 'ใบเสร็จ รับเงิน.bin', mimeType: 'application/octet-stream', data: bytes });
    const [newest] = (await files(second)) as { id: number }[];
    if (!newest) throw new Error('a file expected');
    const answer = await detail(second, newest.id);
    expect(answer.code).toBe('200');
    const { content, ...rest } = answer.body as { content: string };
    expect(rest).toEqual({ id: newest.id, fileName: 'ใบเสร็จ รับเงิน.bin', type: 'application/octet-stream' });
    expect(new Uint8Array(Buffer.from(content, 'base64'))).toEqual(bytes);
  });

  it('takes the parent by number for all three operations', async () => {
    expect(
      (await upload(first, { fileName: 'by-number.txt', mimeType: 'text/plain', data: 'เลขที่' }, true)).code,
    ).toBe('200');
    const list = (await files(first, true)) as { id: number; fileName: string }[];
    expect(list).toEqual(await files(first));
    const [newest] = list;
    if (!newest) throw new Error('a file expected');
    expect(newest.fileName).toBe('by-number.txt');
    const answer = await detail(first, newest.id, true);
    expect(Buffer.from((answer.body as { content: string }).content, 'base64').toString('utf8')).toBe('เลขที่');
  });

  it('answers Invalid ID naming fileid for an unknown file or a file of another parent', async () => {
    const [file] = (await files(first)) as { id: number }[];
    if (!file) throw new Error('a file expected');
    for (const fileid of [999_999, file.id]) {
      const answer = await sandbox.call(kind.detail, { query: { id: second.id, fileid } });
      expect(answer.body).toEqual({
        res: {
          resCode: '100',
          resDesc: `Invalid ID. fileid ${fileid} is not a file of ${kind.label} ${second.id}`,
        },
      });
    }
    expect((await detail(first, 'abc')).description).toMatch(/^fileid /);
    const missing = await callFor(sandbox, kind.detail, { query: { id: first.id } });
    expect(missing.description).toMatch(/^fileid /);
  });

  it('answers Invalid ID for an unknown parent (id or number), and for neither given', async () => {
    const file = { fileName: 'x.txt', data: 'x' };
    for (const [query, text] of [
      [{ id: 999_999 }, `No ${kind.label} with id 999999`],
      [{ number: 'NO-SUCH-NUMBER' }, `No ${kind.label} with number NO-SUCH-NUMBER`],
    ] as const) {
      expect((await callFor(sandbox, kind.list, { query })).description).toBe(`Invalid ID. ${text}`);
      expect((await callFor(sandbox, kind.detail, { query: { ...query, fileid: 1 } })).description).toBe(
        `Invalid ID. ${text}`,
      );
      expect((await callFor(sandbox, kind.add, { query, file })).body).toEqual({
        resCode: '100',
        resDesc: `Invalid ID. ${text}`,
      });
    }
    expect((await callFor(sandbox, kind.list)).description).toBe(
      'Invalid ID. number is required when id is 0 or absent',
    );
  });

  it('refuses an empty file, a request without the file part and a file over the limit, naming file', async () => {
    const before = ((await files(first)) as unknown[]).length;
    expect((await upload(first, { fileName: 'empty.txt', data: new Uint8Array(0) })).description).toBe(
      'file is empty',
    );
    const noPart = await callFor(sandbox, kind.add, {
      query: { id: first.id },
      body: { file: 'not multipart' },
    });
    expect(noPart.description).toMatch(/^file is required/);
    const tooBig = await upload(first, { fileName: 'big.bin', data: new Uint8Array(MAX_UPLOAD_BYTES + 1) });
    expect(tooBig.description).toBe(`file is larger than the limit of ${MAX_UPLOAD_BYTES} bytes`);
    expect(((await files(first)) as unknown[]).length).toBe(before);
    expect(
      (await upload(first, { fileName: 'limit.bin', data: new Uint8Array(MAX_UPLOAD_BYTES) })).code,
    ).toBe('200');
  });

  it('keeps stores apart: another store cannot reach this store’s parents or files', async () => {
    const [theirs] = await kind.parents(OTHER_STORE);
    await upload(theirs, { fileName: 'theirs.txt', data: 'theirs' }, false, OTHER_STORE);
    const [theirFile] = (await files(theirs, false, OTHER_STORE)) as { id: number }[];
    if (!theirFile) throw new Error('a file expected');
    expect((await callFor(sandbox, kind.list, { query: { id: theirs.id } })).description).toBe(
      `Invalid ID. No ${kind.label} with id ${theirs.id}`,
    );
    expect((await detail(first, theirFile.id)).description).toBe(
      `Invalid ID. fileid ${theirFile.id} is not a file of ${kind.label} ${first.id}`,
    );
    const ours = (await files(first)) as { fileName: string }[];
    expect(ours.map((file) => file.fileName)).not.toContain('theirs.txt');
  });
});
