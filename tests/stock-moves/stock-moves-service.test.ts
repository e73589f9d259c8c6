// The stock-moves service on a real database with a catalogue pulled from the sandbox: what it checks
// before queueing anything, how a move is stored with its halves, warehouses added on this PC, the CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import type { StockMoveView } from '../../src-shared/ipc/index.js';
import { states } from '../outbox/support/outbox-fixture.js';
import { startStockMovesFixture, type StockMovesFixture } from './support/stock-moves-fixture.js';

function refusalOf(run: () => unknown): { code: string; reason?: string; paths: string[] } {
  try {
    run();
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return {
      code: error.code,
      ...(error.reason === undefined ? {} : { reason: error.reason }),
      paths: error.fields.map((issue) => issue.path),
    };
  }
  throw new Error('expected a refusal');
}

const base = { note: '', madeBy: '', confirmBelowStock: false } as const;

describe('stock moves service', () => {
  let m: StockMovesFixture;
  let products: number[] = [];
  const outboxRows = () => states(m.fx.db).length;
  const orderKeys = (ids: readonly number[]) =>
    ids.map(
      (id) =>
        m.fx.db
          .prepare<[number], { order_key: string }>('SELECT order_key FROM outbox_operations WHERE id = ?')
          .get(id)?.order_key,
    );

  beforeAll(async () => {
    m = await startStockMovesFixture(30);
    products = m.stocked(['W0001', 'W0002'], 5);
  });
  afterAll(() => m.close());

  it('an increase with a reason is queued with one half waiting to send', () => {
    const productId = products[0] ?? 0;
    const expected = m.lookup.serverStock(productId, 'W0001')?.stock ?? 0;
    const move = m.moves.adjust({
      ...base,
      productId,
      warehouseCode: 'W0001',
      direction: 'increase',
      quantity: 4,
      reason: 'found',
      madeBy: ' Somchai ',
    });
    expect(move).toMatchObject({
      kind: 'increase',
      productId,
      warehouseCode: 'W0001',
      toWarehouseCode: null,
      quantity: 4,
      reason: 'found',
      madeBy: 'Somchai',
      expectedBefore: expected,
    });
    expect(move.halves).toEqual([
      expect.objectContaining({ change: 'increase', warehouseCode: 'W0001', sendState: 'waitingToSend' }),
    ]);
    expect(m.moves.list({ offset: 0, limit: 10 }).items[0]).toEqual(move);
  });

  it('refuses a bad form field by field and queues nothing', () => {
    const before = outboxRows();
    const productId = products[1] ?? 0;
    const adjust = {
      ...base,
      productId,
      warehouseCode: 'W0001',
      direction: 'increase',
      quantity: 1,
    } as const;
    expect(refusalOf(() => m.moves.adjust({ ...adjust, reason: 'other', note: '  ' }))).toEqual({
      code: 'invalid-arguments',
      paths: ['note'],
    });
    expect(refusalOf(() => m.moves.adjust({ ...adjust, reason: 'lost', warehouseCode: 'W0404' }))).toEqual({
      code: 'invalid-arguments',
      paths: ['warehouseCode'],
    });
    expect(refusalOf(() => m.moves.adjust({ ...adjust, reason: 'lost', productId: 999_999 }))).toMatchObject({
      code: 'not-found',
      paths: ['productId'],
    });
    const transfer = { ...base, fromWarehouseCode: 'W0001', toWarehouseCode: 'W0001' };
    expect(
      refusalOf(() => m.moves.transfer({ ...transfer, lines: [{ productId, quantity: 1 }] })).paths,
    ).toEqual(['toWarehouseCode']);
    const twice = {
      ...transfer,
      toWarehouseCode: 'W0002',
      lines: [
        { productId, quantity: 1 },
        { productId, quantity: 2 },
      ],
    };
    expect(refusalOf(() => m.moves.transfer(twice)).paths).toEqual(['lines.1.productId']);
    expect(outboxRows()).toBe(before);
  });

  it('asks before a decrease past the expected stock, and queues it once confirmed', () => {
    const productId = products[2] ?? 0;
    const expected = m.lookup.serverStock(productId, 'W0002')?.stock ?? 0;
    const before = outboxRows();
    const decrease = {
      ...base,
      productId,
      warehouseCode: 'W0002',
      direction: 'decrease',
      quantity: expected + 1,
      reason: 'damaged',
    } as const;
    expect(refusalOf(() => m.moves.adjust(decrease))).toEqual({
      code: 'conflict',
      reason: 'below-expected-stock',
      paths: [],
    });
    expect(outboxRows()).toBe(before);
    // Within the expected stock no question is asked; the queued decrease lowers what is expected next.
    m.moves.adjust({ ...decrease, quantity: expected });
    expect(refusalOf(() => m.moves.adjust({ ...decrease, quantity: 1 })).reason).toBe('below-expected-stock');
    const confirmed = m.moves.adjust({ ...decrease, quantity: 1, confirmBelowStock: true });
    expect(confirmed).toMatchObject({ kind: 'decrease', expectedBefore: 0 });
    expect(outboxRows()).toBe(before + 2);
  });

  it('a transfer is one move per product, its halves on independent keys', () => {
    const lines = [products[3] ?? 0, products[4] ?? 0].map((productId) => ({ productId, quantity: 2 }));
    const moves = m.moves.transfer({
      ...base,
      fromWarehouseCode: 'W0001',
      toWarehouseCode: 'W0002',
      lines,
      note: 'ย้ายไปหน้าร้าน',
    });
    expect(moves).toHaveLength(2);
    for (const [index, move] of moves.entries()) {
      expect(move).toMatchObject({
        kind: 'transfer',
        productId: lines[index]?.productId,
        warehouseCode: 'W0001',
        toWarehouseCode: 'W0002',
        reason: null,
        note: 'ย้ายไปหน้าร้าน',
        madeBy: 'test-pc',
      });
      expect(move.halves.map((half) => [half.change, half.warehouseCode])).toEqual([
        ['decrease', 'W0001'],
        ['increase', 'W0002'],
      ]);
      const keys = orderKeys(move.halves.map((half) => half.operationId));
      expect(keys).toEqual([
        JSON.stringify(['stock', 'W0001', move.productId]),
        JSON.stringify(['stock', 'W0002', move.productId]),
      ]);
    }
  });

  it('a warehouse added here is offered at once, and moves into it wait for its create', () => {
    expect(m.warehouses.proposeCode()).toEqual({ code: 'W0004' });
    expect(refusalOf(() => m.warehouses.add({ code: 'w0002', name: 'again', address: '' }))).toEqual({
      code: 'conflict',
      reason: 'code-taken',
      paths: ['code'],
    });
    const added = m.warehouses.add({ code: 'W0004', name: 'คลังใหม่', address: 'Bangkok' });
    expect(added).toEqual({ id: 0, code: 'W0004', name: 'คลังใหม่', address: 'Bangkok', pending: true });
    expect(m.warehouses.choices().find((warehouse) => warehouse.code === 'W0004')).toEqual(added);
    expect(m.warehouses.proposeCode()).toEqual({ code: 'W0005' });
    const create = states(m.fx.db).at(-1);
    const [move] = m.moves.transfer({
      ...base,
      fromWarehouseCode: 'W0001',
      toWarehouseCode: 'W0004',
      lines: [{ productId: products[5] ?? 0, quantity: 1 }],
    });
    const [decrease, increase] = move?.halves ?? [];
    expect(decrease).toMatchObject({ waitingForWarehouse: false, sendState: 'waitingToSend' });
    expect(increase).toMatchObject({ waitingForWarehouse: true, sendState: 'waitingToSend' });
    const createKey = m.fx.db
      .prepare<[number], { order_key: string }>('SELECT order_key FROM outbox_operations WHERE id = ?')
      .get(create?.id ?? 0)?.order_key;
    expect(orderKeys([increase?.operationId ?? 0])).toEqual([createKey]);
  });

  it('sets available stock and exports every move with reasons and notes as UTF-8 CSV with a BOM', () => {
    const available = m.moves.setAvailable({
      productId: products[0] ?? 0,
      warehouseCode: 'W0001',
      available: 3,
      note: '',
      madeBy: '',
    });
    expect(available).toMatchObject({ kind: 'setAvailable', quantity: 3 });
    expect(available.halves.map((half) => half.change)).toEqual(['setAvailable']);
    m.moves.adjust({
      ...base,
      productId: products[1] ?? 0,
      warehouseCode: 'W0001',
      direction: 'increase',
      quantity: 1,
      reason: 'other',
      note: '=ของแถม, "promo"',
    });
    const { fileName, csv } = m.moves.exportCsv();
    expect(fileName).toMatch(/^stock moves \d{4}-\d{2}-\d{2}\.csv$/);
    expect(
      csv.startsWith(
        '\uFEFFmade_at,made_by,kind,sku,name,warehouse,to_warehouse,quantity,reason,note,sent\r\n',
      ),
    ).toBe(true);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + m.moves.list({ offset: 0, limit: 100 }).total);
    expect(csv).toContain(',found,');
    expect(csv).toContain(',damaged,');
    expect(csv).toContain('ย้ายไปหน้าร้าน');
    // A note starting with = is kept as text, quoted with its comma and doubled quotes.
    expect(csv).toContain(`,other,"'=ของแถม, ""promo""",`);
  });

  it('once drained, each half shows as sent and the back office holds each move once', async () => {
    const productId = products[6] ?? 0;
    const before = await m.fx.stock('W0001', [productId]);
    const move = m.moves.adjust({
      ...base,
      productId,
      warehouseCode: 'W0001',
      direction: 'decrease',
      quantity: 2,
      reason: 'expired',
    });
    await m.outbox().drain();
    const listed = m.moves.list({ offset: 0, limit: 100 }).items;
    const shown = listed.find((item) => item.id === move.id) as StockMoveView;
    expect(shown.halves.map((half) => half.sendState)).toEqual(['sent']);
    expect((await m.fx.stock('W0001', [productId])).get(productId)?.stock).toBe(
      (before.get(productId)?.stock ?? 0) - 2,
    );
    // The warehouse added here was created, then the transfer into it went.
    const created = await m.fx.sandbox.call('GetWarehouses', { query: { limit: 500 } });
    const codes = (created.body as { list: Array<{ code: string }> }).list.map((warehouse) => warehouse.code);
    expect(codes.filter((code) => code === 'W0004')).toHaveLength(1);
    // Every half went, except the decrease confirmed past the stock: the back office refused it, and it
    // waits for a person with the reason.
    const unsent = listed.flatMap((item) =>
      item.halves.filter((half) => half.sendState !== 'sent').map((half) => [item.kind, item.reason, half]),
    );
    expect(unsent).toEqual([
      [
        'decrease',
        'damaged',
        expect.objectContaining({
          sendState: 'needsAttention',
          problem: expect.stringMatching(/larger than the stock/),
        }),
      ],
    ]);
  });
});
