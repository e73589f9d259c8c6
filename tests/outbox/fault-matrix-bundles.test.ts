// Issue 12's writes against every fault of the matrix (support/fault-cases.ts): serials (added,
// removed), a product's picture, a bundle made offline with an edit and an activation chained on its
// create, a bundle deleted. After healing, v4 (and the sandbox's serial table) shows each applied
// exactly once.
import { expect, it } from 'vitest';
import { ADD_SERIAL_KIND, enqueueSerialNumbers } from '../../src-main/outbox/index.js';
import { enqueueBundleCase, imagesOf } from './support/bundle-case.js';
import { describeFaultMatrix, MINUTE, plainRig } from './support/fault-cases.js';
import { startOutboxFixture, states } from './support/outbox-fixture.js';

let nextProduct = 1;

/** Two products per case: the case's own, and the other half of its bundles. */
function takeProduct(): number {
  const product = nextProduct;
  nextProduct += 2;
  return product;
}

describeFaultMatrix(
  {
    title: 'bundles, serials and pictures',
    start: async () => plainRig(await startOutboxFixture({ products: 60 })),
    endpoints: [
      'AddSerialNo',
      'DeleteSerialNo',
      'UpdateProductImage',
      'AddBundle',
      'UpdateBundle',
      'ActiveBundle',
      'DeleteBundle',
    ],
    async enqueue({ fx }) {
      const product = takeProduct();
      const work = await enqueueBundleCase(fx.db, fx.sandbox, product);
      return {
        ids: work.ids,
        expectAppliedOnce: async () => {
          await work.check();
          expect(imagesOf(fx.sandbox, product)).toBe(1);
        },
      };
    },
    // Writes chained on the bundle's create meet their own fault a round later: past the settle time of
    // a reset and the backoff of an unclear write.
    settle: { stepMs: 10 * MINUTE, rounds: 9 },
    randomSeed: 12,
    expectOutcomes({ timing }, outcomes) {
      if (timing === 'after') {
        // Serials: the resend's "already exists" after a lost answer is ours (or older): reconciled.
        // Picture: its imagepath moved since before sending. Bundle: found by its sku, same figures.
        expect(outcomes).toEqual([
          'reconciled',
          'reconciled',
          'applied',
          'reconciled',
          'reconciled',
          'reconciled',
          'reconciled',
          'reconciled',
        ]);
      } else {
        // Nothing reached the back office: the read-back finds the old state and the write is sent
        // again; but a new bundle is active from its create, so the activation's read-back finds it.
        expect(outcomes).toEqual([...Array(6).fill('applied'), 'reconciled', 'applied']);
      }
    },
  },
  (rig) => {
    it('a serial the back office already had is named a duplicate, with its words, not resent', async () => {
      const { fx } = rig();
      const product = takeProduct();
      await fx.sandbox.call('AddSerialNo', {
        query: { id: product },
        body: { serialsNo: [{ name: `DUP-${product}`, warehouseCode: 'W0001' }] },
      });
      const [id] = enqueueSerialNumbers(fx.db, [
        {
          kind: ADD_SERIAL_KIND,
          productId: product,
          sku: '',
          name: `DUP-${product}`,
          warehouseCode: 'W0001',
        },
        {
          kind: ADD_SERIAL_KIND,
          productId: product,
          sku: '',
          name: `BAD-${product}`,
          warehouseCode: 'W9999',
        },
      ]);
      await fx.outbox().drain();
      const rows = states(fx.db).filter((row) => row.id === id || row.id === (id ?? 0) + 1);
      expect(rows[0]).toMatchObject({ state: 'done', outcome: 'duplicate' });
      expect(rows[0]?.reason_text).toContain('already exists');
      expect(rows[1]).toMatchObject({ state: 'parked', reason_code: 'SERIAL_REFUSED' });
      expect(rows[1]?.reason_text).toContain('Warehouse W9999 not found');
    });
  },
);
