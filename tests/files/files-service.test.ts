// The files service on a real database, files folder, outbox and sandbox: attaching keeps the file in the
// store's folder under a unique name and queues its upload (checked first: size, type, first bytes);
// lists merge the back office's files with this PC's waiting uploads and work offline from the saved
// copy; a file opened once opens offline.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Refusal } from '../../src-main/refusal/refusal.js';
import { MAX_ATTACHMENT_BYTES } from '../../src-shared/files/attachment-rules.js';
import { addOrders, addQuotation } from '../sandbox/files/file-parents.js';
import { states } from '../outbox/support/outbox-fixture.js';
import { PDF, PNG, startFilesFixture, type FilesFixture } from './support/files-fixture.js';

let f: FilesFixture;
beforeAll(async () => {
  f = await startFilesFixture();
});
afterAll(() => f.close());

async function refusalOf(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Refusal)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

const stagingFiles = () => {
  const folder = join(f.folder.root, 'staging');
  return existsSync(folder) ? readdirSync(folder) : [];
};

describe('FilesService', () => {
  it('attaches a photo to a purchase order by number: kept here, waiting, then sent and listed once', async () => {
    const [purchaseOrder] = addOrders(f.fx.sandbox).purchaseOrders;
    const record = { kind: 'purchaseOrder' as const, number: purchaseOrder.number };
    const attached = await f.attach(record, 'delivery photo.png', PNG);
    expect(attached).toMatchObject({
      fileId: null,
      type: 'image/png',
      sendState: 'waitingToSend',
      offline: true,
    });
    expect(attached.fileName).toMatch(/^delivery photo-[a-z2-9]{6}-\d+\.png$/);
    expect(existsSync(join(f.folder.root, 'attached', attached.fileName))).toBe(true);
    expect(stagingFiles()).toEqual([]);

    const waiting = await f.files.list({ record });
    expect(waiting.source).toBe('backOffice');
    expect(waiting.files.map((file) => [file.fileName, file.sendState])).toEqual([
      [attached.fileName, 'waitingToSend'],
    ]);

    await f.outbox.drain();
    const sent = await f.files.list({ record });
    expect(sent.files).toEqual([
      expect.objectContaining({
        fileId: expect.any(Number) as number,
        localId: attached.localId,
        fileName: attached.fileName,
        sendState: 'sent',
        offline: true,
      }),
    ]);
    const onBackOffice = await f.fx.sandbox.call('GetPurchaseOrderFiles', {
      query: { id: purchaseOrder.id },
    });
    expect((onBackOffice.body as Array<{ fileName: string }>).map((file) => file.fileName)).toEqual([
      attached.fileName,
    ]);
  });

  it('two files of the same name get different names, each uploaded once', async () => {
    const [order] = addOrders(f.fx.sandbox).orders;
    const record = { kind: 'order' as const, id: order.id };
    const first = await f.attach(record, 'invoice.pdf', PDF);
    const second = await f.attach(record, 'invoice.pdf', PDF);
    expect(first.fileName).not.toBe(second.fileName);
    await f.outbox.drain();
    const listed = (await f.files.list({ record })).files.map((file) => file.fileName);
    expect(listed.sort()).toEqual([first.fileName, second.fileName].sort());
  });

  it.each([
    ['a program renamed', 'setup.exe', PNG, 'file-type-not-allowed'],
    ['a PDF named as a picture', 'photo.png', PDF, 'file-content-mismatch'],
    ['a file without a name extension', 'README', PDF, 'file-type-not-allowed'],
  ] as const)('refuses %s before queuing anything (%s)', async (_label, fileName, bytes, reason) => {
    const [order] = addOrders(f.fx.sandbox).orders;
    const before = states(f.fx.db).length;
    const refusal = await refusalOf(f.attach({ kind: 'order', id: order.id }, fileName, bytes));
    expect(refusal).toMatchObject({ code: 'invalid-arguments', reason });
    expect(refusal.fields[0]?.path).toBe('fileName');
    expect(states(f.fx.db)).toHaveLength(before);
    expect(stagingFiles()).toEqual([]);
  });

  it('refuses a file past 10 MB while it is still arriving, and drops what arrived', async () => {
    const chunk = Buffer.alloc(512 * 1024).toString('base64');
    let uploadId: string | null = null;
    let offset = 0;
    const refusal = await refusalOf(
      (async () => {
        for (; offset <= MAX_ATTACHMENT_BYTES; offset += 512 * 1024) {
          uploadId = (await f.files.stage({ uploadId, offset, chunk })).uploadId;
        }
      })(),
    );
    expect(refusal).toMatchObject({ code: 'invalid-arguments', reason: 'file-too-large' });
    expect(offset).toBe(MAX_ATTACHMENT_BYTES);
    expect(stagingFiles()).toEqual([]);
  });

  it('refuses a chunk out of order, and an upload id that is not one of this PC', async () => {
    const first = await f.files.stage({ uploadId: null, offset: 0, chunk: 'AAAA' });
    expect(first.receivedBytes).toBe(3);
    expect(
      await refusalOf(f.files.stage({ uploadId: first.uploadId, offset: 0, chunk: 'AAAA' })),
    ).toMatchObject({
      code: 'conflict',
    });
    expect(
      await refusalOf(
        f.files.attach({ record: { kind: 'order', id: 1 }, uploadId: '../../etc', fileName: 'a.png' }),
      ),
    ).toMatchObject({ code: 'invalid-arguments' });
  });

  it('opens a file once, then offline; a file never opened says it needs the back office', async () => {
    const quotation = await addQuotation(f.fx.sandbox);
    const record = { kind: 'quotation' as const, id: quotation.id };
    for (const [fileName, data, mimeType] of [
      ['scan.png', PNG, 'image/png'],
      ['terms.pdf', PDF, 'application/pdf'],
    ] as const) {
      await f.fx.sandbox.call('AddQuotationFile', {
        query: { id: quotation.id },
        file: { fileName, mimeType, data },
      });
    }
    const listed = await f.files.list({ record });
    const [terms, scan] = listed.files;
    expect([scan?.fileName, terms?.fileName, scan?.offline]).toEqual(['scan.png', 'terms.pdf', false]);

    const picture = await f.files.open({ record, fileId: scan?.fileId ?? 0 });
    expect(picture).toMatchObject({
      fileName: 'scan.png',
      type: 'image/png',
      view: 'image',
      size: PNG.length,
    });
    expect(Buffer.from(picture.content, 'base64')).toEqual(PNG);

    const port = f.fx.sandbox.handle.port;
    await f.fx.sandbox.handle.close();
    try {
      const offline = await f.files.list({ record });
      expect(offline.source).toBe('saved');
      expect(offline.problem).not.toBeNull();
      expect(offline.files.map((file) => [file.fileName, file.offline])).toEqual([
        ['terms.pdf', false],
        ['scan.png', true],
      ]);
      expect(
        Buffer.from((await f.files.open({ record, fileId: scan?.fileId ?? 0 })).content, 'base64'),
      ).toEqual(PNG);
      expect(await refusalOf(f.files.open({ record, fileId: terms?.fileId ?? 0 }))).toMatchObject({
        reason: 'not-on-this-pc',
      });
      // Attaching works offline too.
      const waiting = await f.attach(record, 'signed.pdf', PDF);
      expect((await f.files.list({ record })).files[0]).toMatchObject({
        fileName: waiting.fileName,
        sendState: 'waitingToSend',
      });
      const own = await f.files.open({ record, localId: waiting.localId ?? 0 });
      expect(own).toMatchObject({ view: 'pdf', type: 'application/pdf' });
    } finally {
      await f.fx.sandbox.restart({ port });
    }
  });

  it('says when the back office has no such record', async () => {
    expect(
      await refusalOf(f.files.list({ record: { kind: 'purchaseOrder', number: 'PO-NOPE' } })),
    ).toMatchObject({
      code: 'not-found',
      reason: 'record-not-found',
    });
  });

  it('a quotation named by an operation that is not its create is refused, and nothing is kept', async () => {
    const before = readdirSync(join(f.folder.root, 'attached')).length;
    const refusal = await refusalOf(f.attach({ kind: 'quotation', operationId: 1 }, 'quote.pdf', PDF));
    expect(refusal.code).toBe('invalid-arguments');
    expect(readdirSync(join(f.folder.root, 'attached'))).toHaveLength(before);
  });
});
