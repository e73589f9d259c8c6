// When a product made on this PC takes its server id (its create confirmed: the catalogue's
// applyConfirmedWrites, in the transaction that marks the create done), the picture and serial numbers
// chosen on it here move with it, and its serial writes still waiting leave the create's key for the
// server product's own keys, with its id in their payload (so they batch again). Real SQLite file; the
// services as the store session builds them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogueLookup } from '../../src-main/catalog/catalogue-lookup.js';
import { CatalogueRepository } from '../../src-main/catalog/catalogue.repository.js';
import { outboxPictureWrites, ProductPictures } from '../../src-main/catalog/pictures/index.js';
import { SerialNumbers } from '../../src-main/catalog/serials/index.js';
import { discardParked, enqueueWrite, localProductId } from '../../src-main/outbox/index.js';
import { Product, Warehouse } from '../../src-shared/api/records.js';
import { PNG_BYTES } from './support/bundle-case.js';
import { createTempDatabase, type TempDatabase } from './support/temp-database.js';
import { join } from 'node:path';

const SERVER_ID = 7_001;

interface RowKeys {
  readonly id: number;
  readonly order_key: string;
  readonly batch_key: string | null;
  readonly payload: string;
  readonly depends_on: number | null;
  readonly target_id: number | null;
}

describe('a product made here moving to its server id', () => {
  let temp: TempDatabase;
  let catalogue: CatalogueRepository;
  let serials: SerialNumbers;
  let pictures: ProductPictures;
  const now = () => 1_750_000_000_000;

  beforeEach(() => {
    temp = createTempDatabase();
    catalogue = new CatalogueRepository(temp.db);
    catalogue.replaceWarehouses([Warehouse.parse({ id: 1, code: 'W0001', name: 'Main' })]);
    const lookup = new CatalogueLookup(temp.db);
    serials = new SerialNumbers({ db: temp.db, lookup, repository: catalogue, now });
    pictures = new ProductPictures({
      db: temp.db,
      lookup,
      directory: join(temp.folder, 'uploads'),
      now,
      currentId: (productId) => catalogue.localWrites.currentId(productId),
      writes: outboxPictureWrites(temp.db, catalogue.localWrites),
    });
  });
  afterEach(() => temp.close());

  /** A product made here as ProductEdits makes one: its create queued, its row under the local id. */
  function makeProduct(sku: string): { createId: number; localId: number } {
    const { operationId } = enqueueWrite(temp.db, { kind: 'addProduct', body: { name: sku, sku } });
    const localId = localProductId(operationId);
    catalogue.putProduct(Product.parse({ id: localId, name: sku, sku, active: true, producttype: 0 }), now());
    catalogue.localWrites.record(operationId, localId, 'create', now());
    return { createId: operationId, localId };
  }

  const rowsOf = (ids: readonly number[]) =>
    temp.db
      .prepare<[string], RowKeys>(
        `SELECT id, order_key, batch_key, payload, depends_on, target_id FROM outbox_operations
          WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`,
      )
      .all(JSON.stringify(ids));

  it('waits on the create while local, then moves its picture, serials and waiting serial writes', async () => {
    const { createId, localId } = makeProduct('MOVE-1');
    const [create] = rowsOf([createId]);
    const listed = serials.add({ productId: localId, warehouseCode: 'W0001', names: ['S1', 'S2'] });
    const picture = await pictures.replace({
      productId: localId,
      fileName: 'move.png',
      type: 'image/png',
      dataBase64: PNG_BYTES.toString('base64'),
    });
    const serialIds = listed.map((entry) => entry.operationId);
    // Local: every write waits on the create's key and names it.
    for (const row of rowsOf([...serialIds, picture.operationId])) {
      expect(row).toMatchObject({ order_key: create?.order_key, depends_on: createId, target_id: null });
    }

    catalogue.applyConfirmedWrites(
      [{ kind: 'productCreated', operationId: createId, serverId: SERVER_ID }],
      now(),
    );

    const moved = rowsOf(serialIds);
    expect(moved.map((row) => [row.order_key, row.batch_key, JSON.parse(row.payload).productId])).toEqual([
      [JSON.stringify(['serial', SERVER_ID, 'S1']), JSON.stringify(['addSerialNo', SERVER_ID]), SERVER_ID],
      [JSON.stringify(['serial', SERVER_ID, 'S2']), JSON.stringify(['addSerialNo', SERVER_ID]), SERVER_ID],
    ]);
    for (const row of moved) expect(row.target_id).toBe(SERVER_ID);
    // The picture's upload keeps the create's key (one order with the product's other writes).
    expect(rowsOf([picture.operationId])[0]?.order_key).toBe(create?.order_key);
    // The page's reads find them by the server id and by the local id it may still hold.
    for (const productId of [SERVER_ID, localId]) {
      expect(serials.list(productId).map((entry) => entry.name)).toEqual(['S2', 'S1']);
      expect(await pictures.upload(productId)).toMatchObject({ operationId: picture.operationId });
      expect(await pictures.localDataUrl(productId)).toMatch(/^data:image\/png;base64,/);
    }
    // New writes now go on the server product: a serial by its own key, a picture by the create.
    const later = serials.add({ productId: localId, warehouseCode: 'W0001', names: ['S3'] })[0];
    expect(rowsOf([later?.operationId ?? 0])[0]).toMatchObject({
      order_key: JSON.stringify(['serial', SERVER_ID, 'S3']),
      depends_on: null,
    });
  });

  it('refuses a serial already added on the product made here, before and after it moved', () => {
    const { createId, localId } = makeProduct('MOVE-2');
    serials.add({ productId: localId, warehouseCode: 'W0001', names: ['S1'] });
    catalogue.applyConfirmedWrites(
      [{ kind: 'productCreated', operationId: createId, serverId: SERVER_ID }],
      now(),
    );
    expect(() => serials.add({ productId: SERVER_ID, warehouseCode: 'W0001', names: ['S1'] })).toThrow(
      /already added/,
    );
  });

  it('refuses serials and a picture on a product made here whose create was discarded, queuing nothing', async () => {
    const { createId, localId } = makeProduct('MOVE-3');
    // The create parked for a person (as a refused AddProduct would be), who discards it.
    temp.db
      .prepare(
        `UPDATE outbox_operations SET state = 'parked', reason_code = 'X', reason_text = 'x' WHERE id = ?`,
      )
      .run(createId);
    discardParked(temp.db, createId);
    const before = rowsOf([createId + 1, createId + 2]).length;
    expect(() => serials.add({ productId: localId, warehouseCode: 'W0001', names: ['S1'] })).toThrow(
      /discarded/,
    );
    await expect(
      pictures.replace({
        productId: localId,
        fileName: 'late.png',
        type: 'image/png',
        dataBase64: PNG_BYTES.toString('base64'),
      }),
    ).rejects.toThrow(/discarded/);
    expect(rowsOf([createId + 1, createId + 2])).toHaveLength(before);
    expect(serials.list(localId)).toEqual([]);
    expect(await pictures.upload(localId)).toBeNull();
  });
});
