// A file on a quotation made on this PC, named by its create's outbox operation: the upload waits for
// the create (afterOperation) and goes to the quotation the create made, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueWrite, type WriteRequest } from '../../src-main/outbox/index.js';
import { writeRowOf } from '../../src-main/outbox/writes/write-table.js';
import { addQuotation } from '../sandbox/files/file-parents.js';
import { PDF, PNG, startFilesFixture, type FilesFixture } from './support/files-fixture.js';

let f: FilesFixture;
beforeAll(async () => {
  f = await startFilesFixture();
});
afterAll(() => f.close());

async function filesOn(quotationId: number): Promise<string[]> {
  const answer = await f.fx.sandbox.call('GetQuotationFiles', { query: { id: quotationId } });
  return (answer.body as Array<{ fileName: string }>).map((file) => file.fileName);
}

describe('a file on a quotation made on this PC', () => {
  it('goes to the quotation its done create made (the id is read from the create)', async () => {
    const quotation = await addQuotation(f.fx.sandbox);
    // The create as the outbox keeps it once sent: done, with the server id its answer gave.
    const now = f.fx.clock.now();
    const create = f.fx.db
      .prepare(
        `INSERT INTO outbox_operations (kind, order_key, batch_key, state, payload, unique_number, server_id,
                                        created_at, updated_at)
         VALUES ('addQuotation', 'quotation-made-here', 'quotation-made-here', 'done', '{}', 'made-here-1', ?, ?, ?)`,
      )
      .run(quotation.id, now, now).lastInsertRowid;
    const record = { kind: 'quotation' as const, operationId: Number(create) };
    const attached = await f.attach(record, 'signed.pdf', PDF);
    expect(attached.sendState).toBe('waitingToSend');
    await f.outbox.drain();
    expect(await filesOn(quotation.id)).toEqual([attached.fileName]);
    const listed = await f.files.list({ record });
    expect(listed.source).toBe('backOffice');
    expect(listed.files).toEqual([
      expect.objectContaining({ fileName: attached.fileName, sendState: 'sent' }),
    ]);
  });

  // Runs once the quotations' write rows are merged (the documents branch adds `addQuotation`).
  it.runIf(writeRowOf('addQuotation') !== undefined)(
    'waits for its AddQuotation queued offline, then lands on the new quotation once',
    async () => {
      const number = `QT-CHAIN-${Date.now()}`;
      const create = enqueueWrite(f.fx.db, {
        kind: 'addQuotation',
        body: { number, amount: 100 },
      } as unknown as WriteRequest);
      const record = { kind: 'quotation' as const, operationId: create.operationId };
      const attached = await f.attach(record, 'site photo.png', PNG);
      const before = await f.files.list({ record });
      expect(before.source).toBe('none');
      expect(before.files.map((file) => file.sendState)).toEqual(['waitingToSend']);
      f.fx.sandbox.handle.scheduleFault({ endpoint: 'AddQuotationFile', mode: 'reset', timing: 'after' });
      await f.outbox.drain();
      f.fx.clock.advance(60_000);
      await f.outbox.drain();
      const made = await f.fx.sandbox.call('GetQuotations', { query: { keyword: number } });
      const [quotation] = (made.body as { list: Array<{ id: number }> }).list;
      expect(await filesOn(quotation?.id ?? 0)).toEqual([attached.fileName]);
    },
  );
});
