// One case of issue 12's writes for the fault matrices: on a product of its own, two serials added and
// one removed (added first through v4), a new picture; a bundle made offline with an edit and an
// activation chained on its create; a bundle the back office has, deleted. `check` reads v4 (and the
// sandbox's serial table: v4 has no serial read) to show each applied exactly once.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Database } from '../../../src-main/db/database.js';
import {
  ADD_SERIAL_KIND,
  DELETE_SERIAL_KIND,
  enqueueSerialNumbers,
  enqueueWrite,
} from '../../../src-main/outbox/index.js';
import { listSerialNumbers } from '../../../src-main/sandbox/resources/products/index.js';
import type { TestSandbox } from '../../support/sandbox-harness.js';

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const folder = mkdtempSync(join(tmpdir(), 'stockroom-uploads-'));

interface Listed {
  readonly list: Array<{ id: number; sku: string; name: string; sellprice: string; active: boolean }>;
}

async function productImagepath(sandbox: TestSandbox, id: number): Promise<string> {
  const answer = await sandbox.call('GetProductDetail', { query: { id } });
  return (answer.body as { imagepath?: string }).imagepath ?? '';
}

export async function enqueueBundleCase(
  db: Database,
  sandbox: TestSandbox,
  product: number,
): Promise<{ ids: number[]; check: () => Promise<void> }> {
  const sku = `SKU-${String(product).padStart(6, '0')}`;
  const other = product + 1;
  const serial = (n: number) => `SN-${product}-${n}`;
  // A serial the back office has, to remove; and a bundle it has, to delete.
  await sandbox.call('AddSerialNo', {
    query: { id: product },
    body: { serialsNo: [{ name: serial(0), warehouseCode: 'W0001' }] },
  });
  const made = await sandbox.call('AddBundle', {
    body: {
      name: `Old ${product}`,
      sku: `OLD-${product}`,
      sellprice: '10',
      list: [{ id: other, quantity: 1 }],
    },
  });
  const oldBundle = (made.body as { detail: { id: number } }).detail.id;
  const imageBefore = await productImagepath(sandbox, product);

  const serials = enqueueSerialNumbers(db, [
    { kind: ADD_SERIAL_KIND, productId: product, sku, name: serial(1), warehouseCode: 'W0001' },
    { kind: ADD_SERIAL_KIND, productId: product, sku, name: serial(2), warehouseCode: 'W0001' },
    { kind: DELETE_SERIAL_KIND, productId: product, sku, name: serial(0), warehouseCode: '' },
  ]);
  const path = join(folder, `picture-${product}.png`);
  writeFileSync(path, PNG_BYTES);
  const picture = enqueueWrite(db, {
    kind: 'updateProductImage',
    target: { serverId: product },
    args: { file: { path, fileName: `picture-${product}.png`, type: 'image/png' } },
  });
  const bundleSku = `BDL-${product}`;
  const create = enqueueWrite(db, {
    kind: 'addBundle',
    body: {
      name: `Pair ${product}`,
      sku: bundleSku,
      sellprice: '99.50',
      list: [
        { id: product, quantity: 1 },
        { id: other, quantity: 2 },
      ],
    },
  });
  const update = enqueueWrite(db, {
    kind: 'updateBundle',
    target: { afterOperation: create.operationId },
    args: { body: { name: `Pair ${product} renamed`, sellprice: '89.00' } },
  });
  const activate = enqueueWrite(db, {
    kind: 'activateBundle',
    target: { afterOperation: create.operationId },
    args: {},
  });
  const remove = enqueueWrite(db, { kind: 'deleteBundle', target: { serverId: oldBundle }, args: {} });
  return {
    ids: [
      ...serials,
      picture.operationId,
      create.operationId,
      update.operationId,
      activate.operationId,
      remove.operationId,
    ],
    check: async () => {
      const storeId = sandbox.handle.stores[0]?.id ?? 0;
      expect(listSerialNumbers(sandbox.handle.db, storeId, product).map((s) => s.name)).toEqual([
        serial(1),
        serial(2),
      ]);
      expect(await productImagepath(sandbox, product)).not.toBe(imageBefore);
      const listed = (await sandbox.call('GetBundles', { query: { keyword: bundleSku, limit: 500 } }))
        .body as Listed;
      const ours = listed.list.filter((bundle) => bundle.sku === bundleSku);
      expect(ours).toHaveLength(1);
      expect(ours[0]).toMatchObject({ name: `Pair ${product} renamed`, active: true });
      expect(Number(ours[0]?.sellprice)).toBe(89);
      const gone = (await sandbox.call('GetBundles', { headers: { bundleidlist: String(oldBundle) } }))
        .body as Listed;
      expect(gone.list).toEqual([]);
    },
  };
}

/** How many images the sandbox holds for a product (a picture uploaded twice would show as 2). */
export function imagesOf(sandbox: TestSandbox, product: number): number {
  return (
    sandbox.handle.db
      .prepare<[number], { n: number }>('SELECT count(*) AS n FROM product_images WHERE product_id = ?')
      .get(product)?.n ?? 0
  );
}
