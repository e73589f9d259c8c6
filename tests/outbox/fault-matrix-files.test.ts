// File uploads (addOrderFile, addPurchaseOrderFile, addQuotationFile) against every fault of the
// matrix (support/fault-cases.ts): after healing, v4's Get*Files lists each uploaded file exactly once,
// by the name the app made unique. A lost answer after the commit is read back, never uploaded twice.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { enqueueWrite } from '../../src-main/outbox/index.js';
import { insertAttachment } from '../../src-main/sandbox/resources/files/attachment.repository.js';
import { storeId } from '../sandbox/finance/sandbox-calls.js';
import { addOrders, addQuotation, type Parent } from '../sandbox/files/file-parents.js';
import { PNG_BYTES } from './support/bundle-case.js';
import { describeFaultMatrix, MINUTE, plainRig, SETTLE_MS, type FaultRig } from './support/fault-cases.js';
import { startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

type ListEndpoint = 'GetOrderFiles' | 'GetPurchaseOrderFiles' | 'GetQuotationFiles';

interface FilesRig extends FaultRig {
  /** The store's folder of kept copies. */
  readonly folder: string;
}

let sequence = 0;

/** A file as the files service keeps it: in the store's folder, under a name unique to this PC. */
function storedFile({ folder }: FilesRig, stem: string) {
  sequence += 1;
  const fileName = `${stem}-tstpc1-${sequence}.png`;
  const path = join(folder, fileName);
  writeFileSync(path, PNG_BYTES);
  return { path, fileName, type: 'image/png' };
}

async function listed(fx: OutboxFixture, endpoint: ListEndpoint, parent: Parent): Promise<string[]> {
  const answer = await fx.sandbox.call(endpoint, { query: { id: parent.id } });
  return (answer.body as Array<{ fileName: string }>).map((file) => file.fileName);
}

/** A new order with one file queued for it. */
function queueOrderFile(rig: FilesRig, stem: string) {
  const [order] = addOrders(rig.fx.sandbox).orders;
  const file = storedFile(rig, stem);
  const { operationId } = enqueueWrite(rig.fx.db, {
    kind: 'addOrderFile',
    target: { serverId: order.id },
    args: { file },
  });
  return { order, file, operationId };
}

describeFaultMatrix<FilesRig>(
  {
    title: 'file uploads',
    async start() {
      const fx = await startOutboxFixture({ products: 5 });
      const folder = join(fx.temp.folder, 'store.files', 'attached');
      mkdirSync(folder, { recursive: true });
      return { ...plainRig(fx), folder };
    },
    endpoints: ['AddOrderFile', 'AddPurchaseOrderFile', 'AddQuotationFile'],
    /** One upload of each kind: an order by id, a purchase order by number, a quotation by id. */
    async enqueue(rig) {
      const { fx } = rig;
      const { orders, purchaseOrders } = addOrders(fx.sandbox);
      const [order] = orders;
      const [purchaseOrder] = purchaseOrders;
      const quotation = await addQuotation(fx.sandbox);
      const files = [
        storedFile(rig, 'receipt'),
        storedFile(rig, 'ใบส่งของ'),
        storedFile(rig, 'quote'),
      ] as const;
      const queued = [
        enqueueWrite(fx.db, {
          kind: 'addOrderFile',
          target: { serverId: order.id },
          args: { file: files[0] },
        }),
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
        expectAppliedOnce: async () => {
          for (const [endpoint, parent, fileName] of checks)
            expect(await listed(fx, endpoint, parent)).toEqual([fileName]);
        },
      };
    },
    settle: { stepMs: SETTLE_MS, rounds: 1 },
    randomSeed: 23,
    expectOutcomes({ mode, timing }, outcomes, firstDrain) {
      if (mode === 'reset') expect(firstDrain.map((row) => row.state)).toEqual(Array(3).fill('unclear'));
      // After the commit the list shows the unique name: reconciled. Before, the list is unchanged: sent
      // again.
      expect(outcomes).toEqual(Array(3).fill(timing === 'after' ? 'reconciled' : 'applied'));
    },
    expectSlowOutcomes(outcomes) {
      // The sandbox reads an upload's body only after the held time, when the client has gone: the
      // upload never lands, so the read-back finds the list without it and sends it again, once.
      expect(outcomes).toEqual(['applied']);
    },
    expectWhileRefused(rows) {
      expect(rows.map((row) => row.state)).toEqual(['retry', 'retry', 'retry']);
    },
  },
  (rig) => {
    it('an answer lost while another file arrived: a person decides, with both lists in words', async () => {
      const { fx } = rig();
      const { order, file, operationId } = queueOrderFile(rig(), 'contested');
      // The upload is refused before it commits; right after the read before sending, another PC's
      // file lands on the order (written straight into the sandbox's database, so it is there in time).
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
      expect(await listed(fx, 'GetOrderFiles', order)).not.toContain(file.fileName);
    });

    it('the kept copy is gone: parked saying so, nothing sent', async () => {
      const { fx } = rig();
      const { order, file, operationId } = queueOrderFile(rig(), 'vanished');
      rmSync(file.path);
      await fx.outbox().drain();
      expect(states(fx.db).find((row) => row.id === operationId)).toMatchObject({
        state: 'parked',
        reason_code: 'UPLOAD_MISSING',
      });
      expect(await listed(fx, 'GetOrderFiles', order)).toEqual([]);
    });
  },
);
