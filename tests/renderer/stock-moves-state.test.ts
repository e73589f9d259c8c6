// The stock-moves page's state against a fake bridge: a scan picks the product, a bad form is refused
// field by field in the page's words with nothing sent, a decrease past the expected stock asks first
// and is sent again once confirmed, transfers name both warehouses, and adding a warehouse.
import './support/page-globals.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ipcFail, type ProductSummary, type StockMoveView } from '../../src-shared/ipc/index.js';
import { AddWarehouseForm } from '../../src-renderer/features/stock-moves/add-warehouse.svelte.js';
import { StockMovesState } from '../../src-renderer/features/stock-moves/stock-moves.svelte.js';
import { FakeBridge, ok, refused } from './support/fake-bridge.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

const product: ProductSummary = {
  id: 7,
  sku: 'SKU-7',
  barcode: '8850000000007',
  name: 'น้ำดื่ม',
  unittext: 'ขวด',
  sellprice: 10,
  purchaseprice: 6,
  active: true,
  imagepath: '',
};
const warehouses = [
  { id: 1, code: 'W0001', name: 'Main', address: '', pending: false },
  { id: 0, code: 'W0004', name: 'New', address: '', pending: true },
];
const move: StockMoveView = {
  id: 1,
  kind: 'decrease',
  productId: 7,
  sku: 'SKU-7',
  name: 'น้ำดื่ม',
  warehouseCode: 'W0001',
  toWarehouseCode: null,
  quantity: 2,
  reason: 'damaged',
  note: '',
  madeBy: 'pc',
  madeAt: 0,
  expectedBefore: 1,
  halves: [
    {
      change: 'decrease',
      warehouseCode: 'W0001',
      operationId: 9,
      sendState: 'waitingToSend',
      problem: null,
      problemCode: null,
      waitingForWarehouse: false,
    },
  ],
};

let bridge: FakeBridge;

beforeEach(() => {
  bridge = new FakeBridge()
    .answer('catalogue.warehouses', ok(warehouses))
    .answer('stockMoves.list', ok({ total: 0, offset: 0, items: [] }));
});

describe('StockMovesState', () => {
  it('loads the warehouses (the pending one too) and picks a scanned product', async () => {
    bridge.answer('catalogue.lookup', ok(product), ok(null));
    const state = new StockMovesState(bridge);
    await state.load();
    expect(state.warehouses.map((warehouse) => warehouse.code)).toEqual(['W0001', 'W0004']);
    expect([state.warehouseCode, state.toWarehouseCode]).toEqual(['W0001', 'W0004']);
    await state.scan('8850000000007');
    expect(state.product).toEqual(product);
    await state.scan('0000');
    expect(state.errors.get('product')).toBe('noProductFound');
  });

  it('refuses a bad form field by field and sends nothing', async () => {
    const state = new StockMovesState(bridge);
    await state.load();
    state.mode = 'increase';
    state.reason = 'other';
    state.quantity = '0';
    expect(await state.save()).toBeNull();
    expect(Object.fromEntries(state.errors)).toEqual({
      product: 'errorProduct',
      quantity: 'errorQuantity',
      note: 'errorNote',
    });
    state.pick(product);
    state.mode = 'transfer';
    state.toWarehouseCode = 'W0001';
    state.quantity = '3';
    expect(await state.save()).toBeNull();
    expect(Object.fromEntries(state.errors)).toEqual({ to: 'errorTo' });
    expect(
      bridge.calls.filter((call) => call.name.startsWith('stockMoves.') && call.name !== 'stockMoves.list'),
    ).toEqual([]);
  });

  it('asks before a decrease past the expected stock, then sends it confirmed', async () => {
    bridge.answer(
      'stockMoves.adjust',
      ipcFail('conflict', 'more than expected', { reason: 'below-expected-stock' }),
      ok(move),
    );
    const state = new StockMovesState(bridge);
    await state.load();
    state.pick(product);
    state.mode = 'decrease';
    state.reason = 'damaged';
    state.quantity = '2';
    expect(await state.save()).toBeNull();
    expect(state.askingBelowStock).toBe(true);
    expect(state.failure).toBeNull();
    expect(await state.save(true)).toEqual([move]);
    expect(bridge.argsOf('stockMoves.adjust')).toEqual([
      expect.objectContaining({
        direction: 'decrease',
        quantity: 2,
        reason: 'damaged',
        confirmBelowStock: false,
      }),
      expect.objectContaining({ confirmBelowStock: true }),
    ]);
    expect([state.askingBelowStock, state.quantity, state.notice]).toEqual([false, '', 'saved']);
  });

  it('sends a transfer with both warehouses and shows a refusal without a field in main’s words', async () => {
    bridge.answer(
      'stockMoves.transfer',
      ok([move]),
      refused('not-found', 'No product 7 in the local catalogue.'),
    );
    const state = new StockMovesState(bridge);
    await state.load();
    state.pick(product);
    state.mode = 'transfer';
    state.quantity = '10';
    state.note = 'หน้าร้าน';
    await state.save();
    expect(bridge.argsOf('stockMoves.transfer')[0]).toEqual({
      fromWarehouseCode: 'W0001',
      toWarehouseCode: 'W0004',
      lines: [{ productId: 7, quantity: 10 }],
      note: 'หน้าร้าน',
      madeBy: '',
      confirmBelowStock: false,
    });
    state.quantity = '1';
    await state.save();
    expect(state.failure).toEqual({
      sentence: 'What this names is no longer there. Reload the page, then try again.',
      details: 'No product 7 in the local catalogue.',
    });
  });
});

describe('AddWarehouseForm', () => {
  it('starts with main’s proposed code, checks the fields, and shows a taken code next to it', async () => {
    bridge
      .answer('catalogue.proposeWarehouseCode', ok({ code: 'W0005' }))
      .answer(
        'catalogue.addWarehouse',
        ipcFail('conflict', 'taken', { reason: 'code-taken' }),
        ok({ id: 0, code: 'W0006', name: 'Back', address: '', pending: true }),
      );
    const form = new AddWarehouseForm(bridge);
    await form.start();
    expect(form.code).toBe('W0005');
    form.code = 'W5';
    expect(await form.save()).toBeNull();
    expect(Object.fromEntries(form.errors)).toEqual({ code: 'errorCode', name: 'errorName' });
    form.code = 'W0005';
    form.name = 'Back';
    expect(await form.save()).toBeNull();
    expect(Object.fromEntries(form.errors)).toEqual({ code: 'errorCodeTaken' });
    form.code = 'W0006';
    expect(await form.save()).toMatchObject({ code: 'W0006', pending: true });
    expect(bridge.argsOf('catalogue.addWarehouse')).toHaveLength(2);
  });
});
