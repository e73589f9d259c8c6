// Issue 12's services on a real store file against the real sandbox: the catalogue and its bundles are
// pulled through v4 first, then bundles, serials and a picture are written offline-first and drained.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleRepository, BundleService, refreshBundles } from '../../src-main/bundles/index.js';
import { CatalogueLookup } from '../../src-main/catalog/catalogue-lookup.js';
import { CatalogueRepository } from '../../src-main/catalog/catalogue.repository.js';
import { outboxPictureWrites, ProductPictures } from '../../src-main/catalog/pictures/index.js';
import { SerialNumbers } from '../../src-main/catalog/serials/index.js';
import { CatalogueSync } from '../../src-main/catalog/sync/index.js';
import { operationStates } from '../../src-main/outbox/index.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { PNG_BYTES } from '../outbox/support/bundle-case.js';
import { startOutboxFixture, type OutboxFixture } from '../outbox/support/outbox-fixture.js';
import { join } from 'node:path';

function refusalOf(work: () => unknown): { message: string; paths: string[] } {
  try {
    work();
  } catch (error) {
    if (isRefusal(error)) return { message: error.message, paths: error.fields.map((issue) => issue.path) };
    throw error;
  }
  throw new Error('not refused');
}

const openOperations = (fx: OutboxFixture) =>
  fx.db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM outbox_operations`).get()?.n ?? 0;

describe('bundles, serials and pictures services', () => {
  let fx: OutboxFixture;
  let bundles: BundleService;
  let copy: BundleRepository;
  let serials: SerialNumbers;
  let pictures: ProductPictures;
  let lookup: CatalogueLookup;
  const isOpen = (id: number) =>
    operationStates(fx.db, [id]).some((state) => state.state !== 'done' && state.state !== 'discarded');

  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 40 });
    await new CatalogueSync({ db: fx.db, client: fx.client(), now: fx.clock.now }).firstSync();
    lookup = new CatalogueLookup(fx.db);
    copy = new BundleRepository(fx.db);
    refreshBundles({ db: fx.db, bundles: copy, isOpen, now: fx.clock.now });
    bundles = new BundleService({ db: fx.db, bundles: copy, lookup, now: fx.clock.now });
    const catalogue = new CatalogueRepository(fx.db);
    serials = new SerialNumbers({ db: fx.db, lookup, repository: catalogue, now: fx.clock.now });
    pictures = new ProductPictures({
      db: fx.db,
      lookup,
      directory: join(fx.temp.folder, 'store.uploads'),
      now: fx.clock.now,
      currentId: (productId) => catalogue.localWrites.currentId(productId),
      writes: outboxPictureWrites(fx.db, catalogue.localWrites),
    });
  });
  afterAll(() => fx.close());

  it('lists the bundles the catalogue pulled, with their items, and "N of M"', async () => {
    const answer = await fx.sandbox.call('GetBundles', { query: { limit: 500 } });
    const pulled = (answer.body as { count: number }).count;
    expect(pulled).toBeGreaterThan(0);
    const all = bundles.list({ text: '', offset: 0, limit: 500 });
    expect(all.all).toBe(pulled);
    const first = all.rows[0];
    expect(first === undefined ? 0 : bundles.detail(first.id).items?.length).toBeGreaterThan(0);
    const some = bundles.list({ text: first?.sku ?? '', offset: 0, limit: 10 });
    expect(some.total).toBe(1);
    expect(some.all).toBe(pulled);
  });

  it('refuses a bad bundle naming the fields, and queues nothing', () => {
    const before = openOperations(fx);
    const short = refusalOf(() =>
      bundles.create({
        sku: 'AB',
        name: 'Short',
        sellprice: 1,
        sellVatStatus: null,
        items: [{ productId: 1, quantity: 1 }],
      }),
    );
    expect(short.paths).toEqual(['sku']);
    const twice = refusalOf(() =>
      bundles.create({
        sku: 'SKU-000001',
        name: 'Twice',
        sellprice: 1,
        sellVatStatus: null,
        items: [
          { productId: 1, quantity: 1 },
          { productId: 1, quantity: 2 },
          { productId: 999_999, quantity: 1 },
        ],
      }),
    );
    expect(twice.paths).toEqual(['sku', 'items.1.productId', 'items.2.productId']);
    expect(openOperations(fx)).toBe(before);
  });

  it('a bundle made offline shows at once; its edit waits for its create; drained once', async () => {
    const made = bundles.create({
      sku: 'BDL-SVC-1',
      name: 'Starter pair',
      sellprice: 150,
      sellVatStatus: null,
      items: [
        { productId: 2, quantity: 1 },
        { productId: 3, quantity: 2 },
      ],
    });
    expect(made).toMatchObject({ serverId: null, sendState: 'waitingToSend', sellprice: 150 });
    expect(made.items?.map((item) => [item.productId, item.quantity])).toEqual([
      [2, 1],
      [3, 2],
    ]);
    const edited = bundles.update({ bundleId: made.id, name: 'Starter pair XL', sellprice: 140.5 });
    expect(edited).toMatchObject({ name: 'Starter pair XL', sellprice: 140.5, sendState: 'waitingToSend' });
    expect(bundles.list({ text: 'starter', offset: 0, limit: 10 }).rows.map((row) => row.id)).toEqual([
      made.id,
    ]);

    await fx.outbox().drain();
    const sent = bundles.detail(made.id);
    expect(sent.sendState).toBe('sent');
    expect(sent.serverId).toBeGreaterThan(0);
    const listed = (await fx.sandbox.call('GetBundles', { query: { keyword: 'BDL-SVC-1' } })).body as {
      list: Array<{ name: string; sellprice: string }>;
    };
    expect(listed.list).toHaveLength(1);
    expect(listed.list[0]).toMatchObject({ name: 'Starter pair XL' });

    // The next pull takes the bundle over on the same row: never twice.
    await new CatalogueSync({ db: fx.db, client: fx.client(), now: fx.clock.now }).refreshReference();
    refreshBundles({ db: fx.db, bundles: copy, isOpen, now: fx.clock.now });
    expect(bundles.list({ text: 'BDL-SVC-1', offset: 0, limit: 10 }).rows).toHaveLength(1);

    bundles.remove(made.id);
    expect(bundles.list({ text: 'BDL-SVC-1', offset: 0, limit: 10 }).rows).toHaveLength(0);
    await fx.outbox().drain();
    const gone = (await fx.sandbox.call('GetBundles', { query: { keyword: 'BDL-SVC-1' } })).body as {
      list: unknown[];
    };
    expect(gone.list).toEqual([]);
  });

  it('serials: a repeat is refused by field; results come back per serial, a duplicate named', async () => {
    await fx.sandbox.call('AddSerialNo', {
      query: { id: 5 },
      body: { serialsNo: [{ name: 'OLD-5', warehouseCode: 'W0001' }] },
    });
    expect(
      refusalOf(() => serials.add({ productId: 5, warehouseCode: 'W0001', names: ['A-1', 'A-1'] })).paths,
    ).toEqual(['names.1']);
    expect(refusalOf(() => serials.add({ productId: 5, warehouseCode: 'W9', names: ['A-1'] })).paths).toEqual(
      ['warehouseCode'],
    );
    const listed = serials.add({ productId: 5, warehouseCode: 'W0001', names: ['A-1', 'A-2', 'OLD-5'] });
    expect(listed.map((entry) => [entry.name, entry.result])).toEqual([
      ['OLD-5', 'waiting'],
      ['A-2', 'waiting'],
      ['A-1', 'waiting'],
    ]);
    expect(
      refusalOf(() => serials.add({ productId: 5, warehouseCode: 'W0001', names: ['A-2'] })).paths,
    ).toEqual(['names.0']);
    await fx.outbox().drain();
    const after = serials.list(5);
    expect(after.map((entry) => [entry.name, entry.result])).toEqual([
      ['OLD-5', 'duplicate'],
      ['A-2', 'added'],
      ['A-1', 'added'],
    ]);
    expect(after[0]?.text).toContain('already exists');
    serials.remove(5, 'A-1');
    await fx.outbox().drain();
    expect(serials.list(5).find((entry) => entry.name === 'A-1')).toMatchObject({
      action: 'remove',
      result: 'removed',
    });
  });

  it('a picture: checked before queuing, shown at once, uploaded once, then the server copy wins', async () => {
    const bad = (dataBase64: string) =>
      pictures.replace({ productId: 7, fileName: 'x.png', type: 'image/png', dataBase64 }).then(
        () => [],
        (error: unknown) => (isRefusal(error) ? error.fields.map((issue) => issue.path) : ['thrown']),
      );
    expect(await bad(Buffer.from('not a picture').toString('base64'))).toEqual(['type']);
    expect(await bad(Buffer.alloc(2 * 1024 * 1024 + 1, 0xff).toString('base64'))).toEqual(['dataBase64']);
    const before = lookup.product(7)?.imagepath;
    const queued = await pictures.replace({
      productId: 7,
      fileName: 'front.png',
      type: 'image/png',
      dataBase64: PNG_BYTES.toString('base64'),
    });
    expect(queued.sendState).toBe('waitingToSend');
    expect(await pictures.localDataUrl(7)).toBe(`data:image/png;base64,${PNG_BYTES.toString('base64')}`);
    await fx.outbox().drain();
    // Uploaded, but the catalogue has not pulled the new imagepath yet: the local picture still shows.
    expect(await pictures.upload(7)).toMatchObject({ sendState: 'sent' });
    const detail = (await fx.sandbox.call('GetProductDetail', { query: { id: 7 } })).body as {
      imagepath: string;
    };
    expect(detail.imagepath).not.toBe(before);
    await new CatalogueSync({ db: fx.db, client: fx.client(), now: fx.clock.now }).incremental();
    expect(lookup.product(7)?.imagepath).toBe(detail.imagepath);
    expect(await pictures.upload(7)).toBeNull();
    expect(await pictures.localDataUrl(7)).toBeNull();
  });

  it('a picture is named as an attachment is cleaned, for what its bytes are (issue 21)', async () => {
    const { operationId } = await pictures.replace({
      productId: 8,
      fileName: '\u202Eevil\u200F gnp.exe.',
      type: 'image/png',
      dataBase64: PNG_BYTES.toString('base64'),
    });
    const row = fx.db
      .prepare<[number], { file_name: string }>('SELECT file_name FROM product_pictures WHERE product_id = ?')
      .get(8);
    expect(row?.file_name).toBe('evil gnp.png');
    const queued = fx.db
      .prepare<[number], { description: string }>('SELECT description FROM outbox_operations WHERE id = ?')
      .get(operationId ?? 0);
    expect(queued?.description).toContain('evil gnp.png');
  });
});
