// Done writes reach the catalogue, against a real sandbox: the outbox's onApplied hook wired as the
// store session wires it (CatalogueRepository.applyConfirmedWrites, in the transaction that marks the
// rows done). A barcode given to a product finds it while queued, while sending, once done and after a
// later pull; a drained count, increase or set leaves the catalogue's server figure at what the back
// office now has, without a sync; a follower that fails leaves the rows done and the catalogue as it was.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CatalogueLookup } from '../../src-main/catalog/catalogue-lookup.js';
import { CatalogueRepository } from '../../src-main/catalog/catalogue.repository.js';
import { CountingService } from '../../src-main/counting/index.js';
import {
  enqueueProductBarcode,
  enqueueStockChange,
  type AppliedWrite,
  type Outbox,
  type OutboxOptions,
} from '../../src-main/outbox/index.js';
import { pendingBarcodes } from '../../src-main/outbox/pending-barcodes.js';
import { gtinCheckDigit } from '../../src-shared/barcode/index.js';
import { SETTLE_MS, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

const WAREHOUSE = 'W0001';

function ean13(twelve: string): string {
  return `${twelve}${String(gtinCheckDigit(twelve))}`;
}

describe('done writes update the catalogue', () => {
  let fx: OutboxFixture;
  let catalogue: CatalogueRepository;
  let lookup: CatalogueLookup;

  /** The sync's pull of one warehouse (server state into the catalogue), at the test clock's time. */
  async function pull(): Promise<void> {
    const client = fx.client();
    catalogue.replaceWarehouses((await client.call('GetWarehouses', { query: { limit: 500 } })).list);
    const answer = await client.call('GetProducts', { query: { warehousecode: WAREHOUSE, limit: 500 } });
    catalogue.upsertProducts(answer.list, { warehouseCode: WAREHOUSE, syncedAt: fx.clock.now() });
  }

  /** An outbox whose done rows update the catalogue, as src-main/services/store-session.ts wires it. */
  function followingOutbox(options: Partial<OutboxOptions> = {}): Outbox {
    return fx.outbox({
      onApplied: (writes) => catalogue.applyConfirmedWrites(writes, fx.clock.now()),
      ...options,
    });
  }

  const serverFigure = (productId: number): number | undefined =>
    lookup.serverStock(productId, WAREHOUSE)?.stock;

  async function sandboxFigures(productId: number): Promise<{ stock: number; available: number }> {
    const figures = (await fx.stock(WAREHOUSE, [productId])).get(productId);
    if (!figures) throw new Error(`The sandbox has no product ${productId} in ${WAREHOUSE}`);
    return figures;
  }

  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 12 });
    catalogue = new CatalogueRepository(fx.db);
    lookup = new CatalogueLookup(fx.db);
  });
  beforeEach(async () => {
    fx.clock.advance(60_000);
    await pull();
  });
  afterAll(() => fx.close());

  it('a barcode given to a product finds it queued, sending, done (without a pull) and after a later pull', async () => {
    const barcode = ean13('885123400001');
    expect(lookup.lookupCode(barcode)).toBeUndefined();
    const { operationId } = enqueueProductBarcode(fx.db, { productId: 1, sku: 'SKU-000001', barcode });
    expect(lookup.lookupCode(barcode)?.id).toBe(1);

    const whileSending: Array<number | undefined> = [];
    await followingOutbox({
      hooks: {
        beforeRequest: () => {
          whileSending.push(lookup.lookupCode(barcode)?.id);
        },
      },
    }).drain();
    expect(whileSending).toEqual([1]);
    expect(states(fx.db).find((row) => row.id === operationId)).toMatchObject({ state: 'done' });
    expect(pendingBarcodes(fx.db)).toEqual([]);
    // Found by the catalogue's own barcode now, by the scan path and the search box alike.
    expect(lookup.findByBarcode(barcode)?.id).toBe(1);
    expect(lookup.lookupCode(barcode)?.id).toBe(1);
    expect(lookup.search(barcode).map((product) => product.id)).toEqual([1]);
    catalogue.checkSearchIndex();

    fx.clock.advance(60_000);
    await pull();
    expect(lookup.lookupCode(barcode)?.id).toBe(1);
    catalogue.checkSearchIndex();
  });

  it('a barcode whose send was lost after the commit finds the product while unclear and once reconciled', async () => {
    const barcode = 'BIN-07-A';
    const { operationId } = enqueueProductBarcode(fx.db, { productId: 2, sku: 'SKU-000002', barcode });
    fx.sandbox.handle.scheduleFault({ endpoint: 'UpdateProduct', mode: 'reset', timing: 'after' });
    const outbox = followingOutbox();
    await outbox.drain();
    expect(states(fx.db).find((row) => row.id === operationId)?.state).toBe('unclear');
    expect(lookup.lookupCode(barcode)?.id).toBe(2);
    fx.clock.advance(SETTLE_MS);
    await outbox.drain();
    expect(states(fx.db).find((row) => row.id === operationId)).toMatchObject({
      state: 'done',
      outcome: 'reconciled',
    });
    expect(lookup.findByBarcode(barcode)?.id).toBe(2);
  });

  it('a drained count leaves the catalogue at the counted figure without a sync, available moved by the same delta', async () => {
    const before = await sandboxFigures(3);
    const counted = before.stock + 7;
    const counting = new CountingService(fx.db, { now: fx.clock.now });
    const sessionId = counting.createSession({ warehouseCode: WAREHOUSE, driftPolicy: 'keepDifference' }).id;
    counting.scan({ sessionId, code: 'SKU-000003', counter: 'Somchai', quantity: counted });
    counting.commit({ sessionId });
    expect(serverFigure(3)).toBe(before.stock); // queued: the catalogue still holds the pulled figure

    await followingOutbox().drain();
    expect(await sandboxFigures(3)).toEqual({ stock: counted, available: before.available + 7 });
    expect(serverFigure(3)).toBe(counted);
    expect(lookup.serverStock(3, WAREHOUSE)?.availablestock).toBe(before.available + 7);
    expect(lookup.serverStock(3, WAREHOUSE)?.syncedAt).toBe(fx.clock.now());
    // The counting screen's expected figure (local view: server figure + nothing pending) is the count.
    const next = counting.createSession({ warehouseCode: WAREHOUSE }).id;
    expect(counting.scan({ sessionId: next, code: 'SKU-000003', counter: 'Somchai' })).toMatchObject({
      countedAgainst: counted,
    });
  });

  it('an increase and a set leave the figures the back office has; the available stock set leaves stock alone', async () => {
    const increased = await sandboxFigures(4);
    enqueueStockChange(fx.db, {
      warehouseCode: WAREHOUSE,
      change: 'increase',
      lines: [{ productId: 4, sku: 'SKU-000004', value: 2.5 }],
    });
    enqueueStockChange(fx.db, {
      warehouseCode: WAREHOUSE,
      change: 'set',
      lines: [{ productId: 5, sku: 'SKU-000005', value: 41 }],
    });
    await followingOutbox().drain();
    expect(serverFigure(4)).toBe(increased.stock + 2.5);
    expect(serverFigure(5)).toBe(41);
    expect((await sandboxFigures(4)).stock).toBe(increased.stock + 2.5);

    enqueueStockChange(fx.db, {
      warehouseCode: WAREHOUSE,
      change: 'setAvailable',
      lines: [{ productId: 5, sku: 'SKU-000005', value: 30 }],
    });
    await followingOutbox().drain();
    expect(lookup.serverStock(5, WAREHOUSE)).toMatchObject({ stock: 41, availablestock: 30 });
    expect(await sandboxFigures(5)).toEqual({ stock: 41, available: 30 });
  });

  it('a set the back office already had (not updated) still brings a stale catalogue figure to it', async () => {
    const before = await sandboxFigures(7);
    const elsewhere = await fx.sandbox.call('IncreaseProductStockList', {
      query: { warehousecode: WAREHOUSE },
      body: { stocks: [{ productid: 7, stock: 4 }] },
    });
    expect(elsewhere.status).toBe(200);
    expect(serverFigure(7)).toBe(before.stock); // the catalogue has not pulled the increase
    const { operationIds } = enqueueStockChange(fx.db, {
      warehouseCode: WAREHOUSE,
      change: 'set',
      lines: [{ productId: 7, sku: 'SKU-000007', value: before.stock + 4 }],
    });
    await followingOutbox().drain();
    expect(states(fx.db).find((row) => row.id === operationIds[0])).toMatchObject({
      state: 'done',
      outcome: 'notUpdated',
    });
    expect(serverFigure(7)).toBe(before.stock + 4);
  });

  it('a count whose answer was lost is reconciled by reading back, and the catalogue takes the figure read', async () => {
    const before = await sandboxFigures(8);
    const counting = new CountingService(fx.db, { now: fx.clock.now });
    const sessionId = counting.createSession({ warehouseCode: WAREHOUSE, driftPolicy: 'keepCounted' }).id;
    counting.scan({ sessionId, code: 'SKU-000008', counter: 'Somchai', quantity: before.stock + 2 });
    const { operationIds } = counting.commit({ sessionId });
    fx.sandbox.handle.scheduleFault({ endpoint: 'UpdateProductStockList', mode: 'reset', timing: 'after' });
    const outbox = followingOutbox();
    await outbox.drain();
    expect(serverFigure(8)).toBe(before.stock); // unclear: nothing confirmed yet
    fx.clock.advance(SETTLE_MS);
    await outbox.drain();
    expect(states(fx.db).find((row) => row.id === operationIds[0])).toMatchObject({
      state: 'done',
      outcome: 'reconciled',
    });
    expect(serverFigure(8)).toBe(before.stock + 2);
  });

  it('a follower that fails leaves the row done (sent once) and the catalogue as the last pull left it', async () => {
    const errors: unknown[] = [];
    const seen: AppliedWrite[][] = [];
    const barcode = 'BROKEN-FOLLOWER-6';
    const { operationId } = enqueueProductBarcode(fx.db, { productId: 6, sku: 'SKU-000006', barcode });
    const quotaBefore = fx.sandbox.handle.quotaUsed('demo');
    await followingOutbox({
      onApplied: (writes) => {
        seen.push([...writes]);
        catalogue.applyConfirmedWrites(writes, fx.clock.now());
        throw new Error('the follower broke after writing');
      },
      onError: (error) => errors.push(error),
    }).drain();
    expect(seen).toEqual([[{ kind: 'barcode', productId: 6, barcode }]]);
    expect(errors).toEqual([new Error('the follower broke after writing')]);
    expect(states(fx.db).find((row) => row.id === operationId)).toMatchObject({
      state: 'done',
      outcome: 'applied',
    });
    expect(fx.sandbox.handle.quotaUsed('demo') - quotaBefore).toBe(1);
    // Its own writes were rolled back with its savepoint: the next pull brings the barcode.
    expect(lookup.findByBarcode(barcode)).toBeUndefined();
    catalogue.checkSearchIndex();
    fx.clock.advance(60_000);
    await pull();
    expect(lookup.lookupCode(barcode)?.id).toBe(6);
  });
});
