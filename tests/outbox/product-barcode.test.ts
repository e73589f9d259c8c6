// Barcode assignments (UpdateProduct { barcode }) through the outbox to a real sandbox: applied, read
// back after a reset that came after the commit (reconciled, not resent), an unknown product parked with
// its reason, two assignments of one product in order (the last wins), and the enqueue-time checks.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  enqueueProductBarcode,
  enqueueStockChange,
  OutboxInputError,
  UNKNOWN_PRODUCT,
} from '../../src-main/outbox/index.js';
import { listOperations } from '../../src-main/outbox/operation-list.repository.js';
import { gtinCheckDigit } from '../../src-shared/barcode/index.js';
import {
  openCatalogue,
  product,
  type CatalogueFixture,
} from '../catalog/catalogue/catalogue-test-support.js';
import { SETTLE_MS, startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

/** A valid EAN-13 from twelve digits. */
function ean13(twelve: string): string {
  return `${twelve}${String(gtinCheckDigit(twelve))}`;
}

function sku(productId: number): string {
  return `SKU-${String(productId).padStart(6, '0')}`;
}

describe('product barcode assignments through the outbox', () => {
  let fx: OutboxFixture;
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 10 });
  });
  afterAll(() => fx.close());

  async function serverBarcode(productId: number): Promise<string> {
    const answer = await fx.sandbox.call('GetProductDetail', { query: { id: productId } });
    return (answer.body as { barcode?: string }).barcode ?? '';
  }

  function row(id: number) {
    return states(fx.db).find((candidate) => candidate.id === id);
  }

  it('enqueue + drain: GetProductDetail shows the barcode', async () => {
    const barcode = ean13('885000000001');
    const { operationId } = enqueueProductBarcode(fx.db, { productId: 1, sku: sku(1), barcode });
    await fx.outbox().drain();
    expect(row(operationId)).toMatchObject({ state: 'done', outcome: 'applied' });
    expect(await serverBarcode(1)).toBe(barcode);
  });

  it('a reset after the commit: unclear, then reconciled by reading the product, not sent again', async () => {
    const barcode = ean13('885000000002');
    const { operationId } = enqueueProductBarcode(fx.db, { productId: 2, sku: sku(2), barcode });
    fx.sandbox.handle.scheduleFault({ endpoint: 'UpdateProduct', mode: 'reset', timing: 'after' });
    const outbox = fx.outbox();
    await outbox.drain();
    expect(row(operationId)?.state).toBe('unclear');
    expect(await serverBarcode(2)).toBe(barcode);
    fx.clock.advance(SETTLE_MS);
    const before = fx.sandbox.handle.quotaUsed('demo');
    await outbox.drain();
    expect(row(operationId)).toMatchObject({ state: 'done', outcome: 'reconciled' });
    // One request: the read back; no second UpdateProduct.
    expect(fx.sandbox.handle.quotaUsed('demo') - before).toBe(1);
    expect(await serverBarcode(2)).toBe(barcode);
  });

  it('a reset before the commit: the read back finds the old barcode, so it is sent again', async () => {
    const barcode = 'BIN-B7';
    const { operationId } = enqueueProductBarcode(fx.db, { productId: 3, sku: sku(3), barcode });
    fx.sandbox.handle.scheduleFault({ endpoint: 'UpdateProduct', mode: 'reset', timing: 'before' });
    const outbox = fx.outbox();
    await outbox.drain();
    expect(row(operationId)?.state).toBe('unclear');
    expect(await serverBarcode(3)).not.toBe(barcode);
    fx.clock.advance(SETTLE_MS);
    await outbox.drain();
    expect(row(operationId)).toMatchObject({ state: 'done', outcome: 'applied' });
    expect(await serverBarcode(3)).toBe(barcode);
  });

  it('an unknown product ("Invalid ID.") is parked with the reason', async () => {
    const barcode = ean13('885000000003');
    const { operationId } = enqueueProductBarcode(fx.db, { productId: 987_654, sku: 'GONE-1', barcode });
    await fx.outbox().drain();
    const parked = row(operationId);
    expect(parked).toMatchObject({ state: 'parked', reason_code: UNKNOWN_PRODUCT });
    expect(parked?.reason_text).toContain('987654');
    expect(parked?.reason_text).toContain(barcode);
    expect(parked?.reason_text).toContain('Invalid ID.');
  });

  it('a product deleted between the send and the read back: parked with the reason', async () => {
    const added = await fx.sandbox.call('AddProduct', { body: { name: 'To delete', sku: 'DEL-1' } });
    const productId = (added.body as { detail?: { id?: number } }).detail?.id ?? 0;
    expect(productId).toBeGreaterThan(0);
    const barcode = 'DELETED-1';
    const { operationId } = enqueueProductBarcode(fx.db, { productId, sku: 'DEL-1', barcode });
    fx.sandbox.handle.scheduleFault({ endpoint: 'UpdateProduct', mode: 'reset', timing: 'after' });
    const outbox = fx.outbox();
    await outbox.drain();
    expect(row(operationId)?.state).toBe('unclear');
    const deleted = await fx.sandbox.call('DeleteProduct', { query: { id: productId } });
    expect(deleted.body).toMatchObject({ resCode: '200' });
    fx.clock.advance(SETTLE_MS);
    await outbox.drain();
    expect(row(operationId)).toMatchObject({ state: 'parked', reason_code: UNKNOWN_PRODUCT });
    expect(row(operationId)?.reason_text).toContain(barcode);
  });

  it('two assignments of one product keep their order: the last one wins', async () => {
    const first = enqueueProductBarcode(fx.db, { productId: 4, sku: sku(4), barcode: ean13('885000000004') });
    const last = enqueueProductBarcode(fx.db, { productId: 4, sku: sku(4), barcode: 'INTERNAL-44' });
    await fx.outbox().drain();
    expect(row(first.operationId)).toMatchObject({ state: 'done', outcome: 'superseded' });
    expect(row(last.operationId)).toMatchObject({ state: 'done', outcome: 'applied' });
    expect(await serverBarcode(4)).toBe('INTERNAL-44');
  });

  it('a later assignment waits behind a parked one of the same product', async () => {
    fx.sandbox.handle.scheduleFault({ endpoint: 'UpdateProduct', mode: 'reset', timing: 'before' });
    const first = enqueueProductBarcode(fx.db, { productId: 5, sku: sku(5), barcode: 'FIRST-5' });
    const outbox = fx.outbox();
    await outbox.drain();
    expect(row(first.operationId)?.state).toBe('unclear');
    // Queued while the first is unclear: it must not overtake it (no collapse past a non-pending row).
    const second = enqueueProductBarcode(fx.db, { productId: 5, sku: sku(5), barcode: 'SECOND-5' });
    fx.clock.advance(SETTLE_MS);
    await outbox.drain();
    await outbox.drain();
    expect(row(first.operationId)?.state).toBe('done');
    expect(row(second.operationId)).toMatchObject({ state: 'done', outcome: 'applied' });
    expect(await serverBarcode(5)).toBe('SECOND-5');
  });

  it('refuses a bad barcode or product before storing anything', () => {
    const count = states(fx.db).length;
    const refuse = (barcode: string, productId = 6) =>
      expect(() => enqueueProductBarcode(fx.db, { productId, sku: sku(6), barcode })).toThrow(
        OutboxInputError,
      );
    refuse('');
    refuse(' \r\n ');
    refuse('X'.repeat(65));
    refuse('8850000000050'.slice(0, 12) + String(((gtinCheckDigit('885000000005') ?? 0) + 1) % 10));
    refuse('SHELF-1', 0);
    expect(() =>
      enqueueProductBarcode(fx.db, { productId: 6, sku: sku(6), barcode: '4006381333932' }),
    ).toThrow(/check digit/);
    expect(states(fx.db)).toHaveLength(count);
    // Not a GTIN (letters, or a length no GTIN has): taken as the store's own code, cleaned as a scan.
    expect(
      enqueueProductBarcode(fx.db, { productId: 6, sku: sku(6), barcode: '\u0002AB-1234\r' }).barcode,
    ).toBe('AB-1234');
    expect(enqueueProductBarcode(fx.db, { productId: 6, sku: sku(6), barcode: '12345' }).barcode).toBe(
      '12345',
    );
    expect(
      enqueueProductBarcode(fx.db, { productId: 6, sku: sku(6), barcode: 'X'.repeat(64) }).barcode,
    ).toHaveLength(64);
  });
});

describe('the local view: a scan finds a product by a barcode still in the outbox', () => {
  let catalogue: CatalogueFixture;
  beforeEach(() => {
    catalogue = openCatalogue();
    catalogue.repository.upsertProducts([product(1), product(2, { barcode: '8851234567898' }), product(3)], {
      syncedAt: 1,
    });
  });
  afterEach(() => catalogue.close());

  const found = (code: string) => catalogue.lookup.lookupCode(code)?.id;
  const setState = (id: number, state: string) =>
    catalogue.db.prepare('UPDATE outbox_operations SET state = ? WHERE id = ?').run(state, id);

  it('until it is sent; the newest assignment of a product replaces its earlier one', () => {
    expect(found('NEW-1')).toBeUndefined();
    const first = enqueueProductBarcode(catalogue.db, { productId: 1, sku: 'SKU-1', barcode: 'NEW-1' });
    expect(found('NEW-1')).toBe(1);
    expect(found('\u0002NEW-1\r\n')).toBe(1);
    // A UPC-A assigned is found when the scanner sends it as EAN-13.
    enqueueProductBarcode(catalogue.db, { productId: 3, sku: 'SKU-3', barcode: '036000291452' });
    expect(found('0036000291452')).toBe(3);
    enqueueProductBarcode(catalogue.db, { productId: 1, sku: 'SKU-1', barcode: 'NEW-2' });
    expect(found('NEW-1')).toBeUndefined();
    expect(found('NEW-2')).toBe(1);
    // Parked is still meant; done (the catalogue's next pull has it) and discarded are not overlaid.
    setState(first.operationId + 2, 'parked');
    expect(found('NEW-2')).toBe(1);
    setState(first.operationId + 2, 'discarded');
    expect(found('NEW-2')).toBeUndefined();
    setState(first.operationId + 1, 'done');
    expect(found('0036000291452')).toBeUndefined();
  });

  it("the server's barcode and sku come first; a product missing from the catalogue is skipped", () => {
    enqueueProductBarcode(catalogue.db, { productId: 1, sku: 'SKU-1', barcode: '8851234567898' });
    expect(found('8851234567898')).toBe(2);
    enqueueProductBarcode(catalogue.db, { productId: 404, sku: 'GONE', barcode: 'GHOST-1' });
    expect(found('GHOST-1')).toBeUndefined();
    enqueueProductBarcode(catalogue.db, { productId: 1, sku: 'SKU-1', barcode: 'SKU-3' });
    // A pending barcode is a barcode: it comes before the exact-sku match.
    expect(found('SKU-3')).toBe(1);
  });
});

describe("the Outbox list names a barcode change's product and code", () => {
  let catalogue: CatalogueFixture;
  beforeEach(() => {
    catalogue = openCatalogue();
    catalogue.repository.upsertProducts([product(1, { name: 'ปลากระป๋อง' }), product(2)], {
      warehouseCode: 'W0001',
      syncedAt: 1,
    });
  });
  afterEach(() => catalogue.close());

  it('the row carries product id, sku, name and the barcode (they live only in its payload)', () => {
    enqueueProductBarcode(catalogue.db, { productId: 1, sku: 'SKU-1', barcode: 'NEW-1' });
    enqueueStockChange(catalogue.db, {
      warehouseCode: 'W0001',
      change: 'set',
      lines: [{ productId: 2, sku: 'SKU-2', value: 4 }],
    });
    enqueueProductBarcode(catalogue.db, { productId: 404, sku: 'GONE', barcode: 'GHOST-1' });
    const { items } = listOperations(catalogue.db, { state: 'all', offset: 0, limit: 10 });
    expect(
      items.map(({ kind, productId, sku, productName, barcode, value }) => ({
        kind,
        productId,
        sku,
        productName,
        barcode,
        value,
      })),
    ).toEqual([
      {
        kind: 'productBarcode',
        productId: 404,
        sku: 'GONE',
        productName: null,
        barcode: 'GHOST-1',
        value: null,
      },
      {
        kind: expect.any(String),
        productId: 2,
        sku: 'SKU-2',
        productName: 'Product 2',
        barcode: null,
        value: 4,
      },
      {
        kind: 'productBarcode',
        productId: 1,
        sku: 'SKU-1',
        productName: 'ปลากระป๋อง',
        barcode: 'NEW-1',
        value: null,
      },
    ]);
    // An unreadable payload (the drainer parks it) still lists, naming nothing.
    catalogue.db
      .prepare(`UPDATE outbox_operations SET payload = 'not json' WHERE kind = 'productBarcode'`)
      .run();
    const damaged = listOperations(catalogue.db, { state: 'all', offset: 0, limit: 10 });
    expect(damaged.items[0]).toMatchObject({ productId: null, barcode: null });
  });
});
