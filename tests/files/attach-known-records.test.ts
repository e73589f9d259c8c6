// Attaching a file to a record this PC knows is not there is refused before anything is queued (it used
// to park later as "Invalid ID."): a quotation number the back office says it does not have, and, with
// the back office away, one of this PC's own quotation numbers that no save has taken. A quotation in
// the local copy takes files offline. Real SQLite, files folder, outbox and sandbox over loopback.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileFolder } from '../../src-main/files/file-folder.js';
import { FilesService } from '../../src-main/files/files.service.js';
import { outboxFileWrites } from '../../src-main/files/outbox-file-writes.js';
import { Refusal } from '../../src-main/refusal/refusal.js';
import { STAGE_CHUNK_BYTES } from '../../src-shared/files/attachment-rules.js';
import { callContract } from '../../src-shared/ipc/index.js';
import type { AttachmentRecord } from '../../src-shared/ipc/schemas/files.js';
import { states } from '../outbox/support/outbox-fixture.js';
import { startQuotationFixture, type QuotationFixture } from '../documents/support/quotation-fixture.js';
import { PDF } from './support/files-fixture.js';

let q: QuotationFixture;
let files: FilesService;
let folder: FileFolder;

beforeAll(async () => {
  q = await startQuotationFixture();
  folder = new FileFolder(join(q.fx.temp.folder, 'store.files'));
  files = new FilesService({
    db: q.fx.db,
    client: q.fx.client(),
    writes: outboxFileWrites(q.fx.db),
    folder,
    presence: (kind, at) => (kind === 'quotation' ? q.documents.quotationPresence(at) : 'unknown'),
  });
});
afterAll(() => q.close());

async function attach(record: AttachmentRecord): ReturnType<FilesService['attach']> {
  let uploadId: string | null = null;
  for (let offset = 0; offset < PDF.length; offset += STAGE_CHUNK_BYTES) {
    const chunk = PDF.subarray(offset, offset + STAGE_CHUNK_BYTES).toString('base64');
    uploadId = (await files.stage({ uploadId, offset, chunk })).uploadId;
  }
  return files.attach({ record, uploadId: uploadId ?? '', fileName: 'signed.pdf' });
}

async function refusalOf(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Refusal)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

const kept = (sub: string) => {
  const path = join(folder.root, sub);
  return existsSync(path) ? readdirSync(path) : [];
};

function expectNothingQueued(before: number): void {
  expect(states(q.fx.db)).toHaveLength(before);
  expect(kept('attached')).toEqual([]);
  expect(kept('staging')).toEqual([]);
}

describe('attaching to a record this PC knows is not there', () => {
  it('refuses a quotation number the back office does not have, naming it, before queuing', async () => {
    const before = states(q.fx.db).length;
    const refusal = await refusalOf(attach({ kind: 'quotation', number: 'QT-0000-NONE' }));
    expect(refusal).toMatchObject({ code: 'not-found', reason: 'record-not-found' });
    expect(refusal.message).toContain('QT-0000-NONE');
    expectNothingQueued(before);
  });

  it('offline: refuses one of this PC’s numbers no save took; takes a quotation of the copy', async () => {
    const port = q.fx.sandbox.handle.port;
    await q.fx.sandbox.handle.close();
    try {
      const proposal = q.documents.proposeNumber().number;
      const before = states(q.fx.db).length;
      const refusal = await refusalOf(attach({ kind: 'quotation', number: proposal }));
      expect(refusal).toMatchObject({ code: 'not-found', reason: 'record-not-found' });
      expect(refusal.message).toContain(proposal);
      expectNothingQueued(before);

      // Made here while offline: in the copy, so its number takes a file at once (queued).
      const [product] = q.products;
      const made = q.documents.create(
        callContract['documents.createQuotation'].args.parse({
          number: proposal,
          customer: { name: 'Somchai Trading' },
          lines: [
            { productId: product?.id, sku: product?.sku, name: product?.name, quantity: 1, unitPrice: 10 },
          ],
        }),
      );
      expect(made.number).toBe(proposal);
      const attached = await attach({ kind: 'quotation', number: proposal });
      expect(attached.sendState).toBe('waitingToSend');
    } finally {
      await q.fx.sandbox.restart({ port });
    }
  });
});
