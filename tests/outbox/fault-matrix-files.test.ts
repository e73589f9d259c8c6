// File uploads (addOrderFile, addPurchaseOrderFile, addQuotationFile) against every fault the sandbox
// injects: after healing, v4's Get*Files lists each uploaded file exactly once, by the name the app
// made unique. A lost answer after the commit is read back, never uploaded twice.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueWrite, type Outbox } from '../../src-main/outbox/index.js';
import type { FaultMode, FaultTiming } from '../../src-main/sandbox/index.js';
import { insertAttachment } from '../../src-main/sandbox/resources/files/attachment.repository.js';
import { storeId } from '../sandbox/finance/sandbox-calls.js';
import { addOrders, addQuotation, type Parent } from '../sandbox/files/file-parents.js';
import { SETTLE_MS, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type ListEndpoint = 'GetOrderFiles' | 'GetPurchaseOrderFiles' | 'GetQuotationFiles';

describe('file uploads against sandbox faults', () => {
  let fx: OutboxFixture;
  let folder: string;
  let sequence = 0;
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 5 });
    folder = join(fx.temp.folder, 'store.files', 'attached');
    mkdirSync(folder, { recursive: true });
  });
  afterAll(() => fx.close());

  /** A file as the files service keeps it: in the store's folder, under a name unique to this PC. */
  function storedFile(stem: string) {
    sequence += 1;
    const fileName = `${stem}-tstpc1-${sequence}.png`;
    const path = join(folder, fileName);
    writeFileSync(path, PNG);
    return { path, fileName, type: 'image/png' };
  }

  async function listed(endpoint: ListEndpoint, parent: Parent): Promise<string[]> {
    const answer = await fx.sandbox.call(endpoint, { query: { id: parent.id } });
    return (answer.body as Array<{ fileName: string }>).map((file) => file.fileName);
  }

  /** One upload of each kind: an order by id, a purchase order by number, a quotation by id. */
  async function uploadCase() {
    const { orders, purchaseOrders } = addOrders(fx.sandbox);
    const [order] = orders;
    const [purchaseOrder] = purchaseOrders;
    const quotation = await addQuotation(fx.sandbox);
    const files = [storedFile('receipt'), storedFile('ใบส่งของ'), storedFile('quote')] as const;
    const queued = [
      enqueueWrite(fx.db, { kind: 'addOrderFile', target: { serverId: order.id }, args: { file: files[0] } }),
      enqueueWrite(fx.db, {
        kind: 'addPurchaseOrderFile',
        target: { number: purchaseOrder.number },
        args: { file: files[1] },
      }),
      enqueueWrite(fx.db, {
        kind: 'addQuotationFile',
        target: { serverId: quotation.id },
        args: { file: files[2] },
      }),
    ];
    const checks: Array<[ListEndpoint, Parent, string]> = [
      ['GetOrderFiles', order, files[0].fileName],
      ['GetPurchaseOrderFiles', purchaseOrder, files[1].fileName],
      ['GetQuotationFiles', quotation, files[2].fileName],
    ];
    return {
      ids: queued.map((write) => write.operationId),
      check: async () => {
        for (const [endpoint, parent, fileName] of checks) {
          expect(await listed(endpoint, parent)).toEqual([fileName]);
        }
      },
    };
  }

  function expectAllDone(ids: readonly number[]): void {
    const byId = new Map(states(fx.db).map((row) => [row.id, row]));
    for (const id of ids) expect(byId.get(id)).toMatchObject({ state: 'done' });
  }

  const uploads = ['AddOrderFile', 'AddPurchaseOrderFile', 'AddQuotationFile'];
  const injected: Array<[FaultMode, FaultTiming]> = [
    ['reset', 'before'],
    ['reset', 'after'],
    ['http500', 'before'],
    ['http500', 'after'],
    ['res500', 'before'],
    ['res500', 'after'],
  ];

  it.each(injected)('%s %s the upload commits: read back by its unique name, once', async (mode, timing) => {
    const work = await uploadCase();
    for (const endpoint of uploads) fx.sandbox.handle.scheduleFault({ endpoint, mode, timing });
    const outbox = fx.outbox();
    await outbox.drain();
    if (mode === 'reset') {
      expect(
        states(fx.db)
          .filter((row) => work.ids.includes(row.id))
          .map((row) => row.state),
      ).toEqual(['unclear', 'unclear', 'unclear']);
      fx.clock.advance(SETTLE_MS);
      await outbox.drain();
    }
    expectAllDone(work.ids);
    const outcomes = states(fx.db)
      .filter((row) => work.ids.includes(row.id))
      .map((row) => row.outcome);
    // After the commit the list shows the unique name: reconciled. Before, the list is unchanged: sent again.
    expect(outcomes).toEqual(Array(3).fill(timing === 'after' ? 'reconciled' : 'applied'));
    await work.check();
  });

  it('refused connection (sandbox closed): waits with backoff, then uploads', async () => {
    const work = await uploadCase();
    const port = fx.sandbox.handle.port;
    await fx.sandbox.handle.close();
    const outbox = fx.outbox();
    expect((await outbox.drain()).stoppedBy).toBe('notSent');
    while ((await outbox.drain()).batches > 0);
    expect(
      states(fx.db)
        .filter((row) => work.ids.includes(row.id))
        .map((row) => row.state),
    ).toEqual(['retry', 'retry', 'retry']);
    await fx.sandbox.restart({ port });
    fx.clock.advance(10 * MINUTE);
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  it('an answer lost while another file arrived: a person decides, with both lists in words', async () => {
    const { orders } = addOrders(fx.sandbox);
    const [order] = orders;
    const file = storedFile('contested');
    const { operationId } = enqueueWrite(fx.db, {
      kind: 'addOrderFile',
      target: { serverId: order.id },
      args: { file },
    });
    // The upload is refused before it commits; right after the read before sending, another PC's file
    // lands on the order (written straight into the sandbox's database, so it is there in time).
    fx.sandbox.handle.scheduleFault({ endpoint: 'AddOrderFile', mode: 'http500', timing: 'before' });
    let requests = 0;
    const outbox = fx.outbox({
      hooks: {
        beforeRequest: () => {
          if (++requests !== 1) return;
          insertAttachment(fx.sandbox.handle.db, storeId(fx.sandbox), 'order', order.id, {
            fileName: 'other-pc.pdf',
            mimeType: 'application/pdf',
            data: Buffer.from('%PDF-1.4'),
            createdAt: Date.now(),
          });
        },
      },
    });
    await outbox.drain();
    fx.clock.advance(10 * MINUTE);
    await outbox.drain();
    const row = states(fx.db).find((candidate) => candidate.id === operationId);
    expect(row).toMatchObject({ state: 'parked', reason_code: 'UNCERTAIN_DELTA_WRITE' });
    expect(row?.reason_text).toContain('other-pc.pdf');
    expect(await listed('GetOrderFiles', order)).not.toContain(file.fileName);
  });

  it('the kept copy is gone: parked saying so, nothing sent', async () => {
    const { orders } = addOrders(fx.sandbox);
    const [order] = orders;
    const file = storedFile('vanished');
    const { operationId } = enqueueWrite(fx.db, {
      kind: 'addOrderFile',
      target: { serverId: order.id },
      args: { file },
    });
    rmSync(file.path);
    await fx.outbox().drain();
    expect(states(fx.db).find((row) => row.id === operationId)).toMatchObject({
      state: 'parked',
      reason_code: 'UPLOAD_MISSING',
    });
    expect(await listed('GetOrderFiles', order)).toEqual([]);
  });

  it('two drainers on one file under random faults: every file uploaded once', async () => {
    const first = await uploadCase();
    const second = await uploadCase();
    const ids = [...first.ids, ...second.ids];
    fx.sandbox.handle.setFaults({ failRate: 0.3, seed: 23 });
    const one = fx.outbox();
    const two = fx.outbox({ db: fx.temp.open() });
    for (let round = 0; round < 60; round++) {
      await Promise.all([one.drain(), two.drain()]);
      const open = states(fx.db).filter((row) => ids.includes(row.id) && row.state !== 'done');
      if (open.length === 0) break;
      fx.clock.advance(5 * MINUTE);
    }
    fx.sandbox.handle.setFaults({ failRate: 0 });
    expectAllDone(ids);
    await first.check();
    await second.check();
  });

  it('quota reached: the uploads hold until the next Thai day, then go', async () => {
    const work = await uploadCase();
    const { handle } = fx.sandbox;
    handle.setQuota(handle.quotaUsed('demo') + 1);
    const outbox = fx.outbox();
    expect((await outbox.drain()).stoppedBy).toBe('held');
    expect((await outbox.drain()).skipped).toBe('held');
    handle.setQuota(50_000);
    fx.clock.advance(DAY);
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });

  it('credentials revoked mid-drain: the uploads pause until a person resumes, none parked', async () => {
    const work = await uploadCase();
    let requests = 0;
    const outbox: Outbox = fx.outbox({
      hooks: {
        afterResponse: () => {
          if (++requests === 1) fx.sandbox.handle.revokeStore('demo');
        },
      },
    });
    expect((await outbox.drain()).stoppedBy).toBe('paused');
    expect(outbox.control()).toMatchObject({ paused: true, pauseText: 'Invalid API' });
    expect(states(fx.db).filter((row) => row.state === 'parked' && work.ids.includes(row.id))).toEqual([]);
    fx.sandbox.handle.restoreStore('demo');
    outbox.resume();
    await outbox.drain();
    expectAllDone(work.ids);
    await work.check();
  });
});
