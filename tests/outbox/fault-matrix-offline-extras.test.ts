// A picture and serial numbers queued on a product made offline (local id ≤ −1), against every fault of
// the matrix (support/fault-cases.ts) on the create and on them: they wait for the product's create,
// are sent to the server id it answered (learnt by the outbox alone here: no catalogue moves the rows),
// and v4 (and the sandbox's serial table: v4 has no serial read) shows one product with one picture and
// its serials, each applied once.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import {
  ADD_SERIAL_KIND,
  DELETE_SERIAL_KIND,
  enqueueSerialNumbers,
  enqueueWrite,
  localProductId,
  OutboxInputError,
} from '../../src-main/outbox/index.js';
import { listSerialNumbers } from '../../src-main/sandbox/resources/products/index.js';
import { imagesOf, PNG_BYTES } from './support/bundle-case.js';
import { describeFaultMatrix, MINUTE, plainRig, SETTLE_MS } from './support/fault-cases.js';
import { states, startOutboxFixture, type OutboxFixture } from './support/outbox-fixture.js';

let nextCase = 1;

async function serverIdsOf(fx: OutboxFixture, sku: string): Promise<number[]> {
  const answer = await fx.sandbox.call('GetProducts', {
    query: { warehousecode: 'W0001', limit: 500 },
    headers: { skulist: sku },
  });
  return (answer.body as { list: Array<{ id: number }> }).list.map((product) => product.id);
}

describeFaultMatrix(
  {
    title: 'a picture and serials of a product made offline',
    start: async () => plainRig(await startOutboxFixture({ products: 20 })),
    endpoints: ['AddProduct', 'AddSerialNo', 'DeleteSerialNo', 'UpdateProductImage'],
    /** A product made offline; two serials added and one of them removed; its picture replaced. */
    async enqueue({ fx }) {
      const n = nextCase++;
      const sku = `OX-${n}`;
      const create = enqueueWrite(fx.db, {
        kind: 'addProduct',
        body: { name: `Offline extras ${n}`, sku },
      });
      const productId = localProductId(create.operationId);
      const serial = (k: number) => `OX-${n}-SN${k}`;
      const serialIds = enqueueSerialNumbers(fx.db, [
        { kind: ADD_SERIAL_KIND, productId, sku, name: serial(1), warehouseCode: 'W0001' },
        { kind: ADD_SERIAL_KIND, productId, sku, name: serial(2), warehouseCode: 'W0001' },
        { kind: DELETE_SERIAL_KIND, productId, sku, name: serial(2), warehouseCode: '' },
      ]);
      const path = join(fx.temp.folder, `offline-picture-${n}.png`);
      writeFileSync(path, PNG_BYTES);
      const picture = enqueueWrite(fx.db, {
        kind: 'updateProductImage',
        target: { afterOperation: create.operationId },
        args: { file: { path, fileName: `offline-${n}.png`, type: 'image/png' } },
      });
      return {
        ids: [create.operationId, ...serialIds, picture.operationId],
        expectAppliedOnce: async () => {
          const found = await serverIdsOf(fx, sku);
          expect(found).toHaveLength(1);
          const id = found[0] ?? 0;
          expect(imagesOf(fx.sandbox, id)).toBe(1);
          const storeId = fx.sandbox.handle.stores[0]?.id ?? 0;
          const serials = listSerialNumbers(fx.sandbox.handle.db, storeId, id);
          expect(serials.map((entry) => entry.name)).toEqual([serial(1)]);
        },
      };
    },
    // Each write on the product meets its fault in turn behind the create: each is read back in turn.
    settle: { stepMs: SETTLE_MS + MINUTE, rounds: 8 },
    randomSeed: 21,
    expectOutcomes({ timing }, outcomes) {
      if (timing === 'after') {
        // Create: found by its sku. First add: its resend (the read-back) hears "already exists" after a
        // lost answer. Second add: the fault was spent, a plain send. Removal: its resend is the
        // read-back, and DeleteSerialNo names no serial, so it is applied again (absent either way).
        // Picture: its imagepath moved since before sending.
        expect(outcomes).toEqual(['reconciled', 'reconciled', 'applied', 'applied', 'reconciled']);
      } else {
        // Nothing reached the back office: each read-back finds the old state and the write is sent again.
        expect(outcomes).toEqual(Array(5).fill('applied'));
      }
    },
    // The create waits to be sent again; the serials and the picture wait for it, never sent ahead.
    expectWhileRefused(rows) {
      expect(rows.map((row) => row.state)).toEqual(['retry', 'pending', 'pending', 'pending', 'pending']);
    },
  },
  (rig) => {
    it('refuses serials on a product that is not made here, before storing anything', () => {
      const { fx } = rig();
      const before = states(fx.db).length;
      const request = { kind: ADD_SERIAL_KIND, sku: 'X', name: 'SN', warehouseCode: 'W0001' } as const;
      expect(() => enqueueSerialNumbers(fx.db, [{ ...request, productId: -999_999 }])).toThrow(
        OutboxInputError,
      );
      expect(() => enqueueSerialNumbers(fx.db, [{ ...request, productId: 0 }])).toThrow(OutboxInputError);
      expect(states(fx.db)).toHaveLength(before);
    });
  },
);
