// The stock movement log over HTTP, and the stock functions other resources call in process.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adjustStock,
  assignVariation,
  findProductRef,
  insertVariation,
  listStockMovements,
  readStock,
  setProductActiveAndCreated,
} from '../../../src-main/sandbox/resources/products/index.js';
import {
  START,
  addProduct,
  listProducts,
  productDetail,
  productSandboxForFile,
  productWithStock,
  sendStockList,
} from './products-harness.js';

const sandbox = productSandboxForFile();
let storeId: number;

beforeAll(() => {
  storeId = sandbox.handle.stores[0]?.id ?? 0;
});

describe('the movement log and the stock functions other resources use', () => {
  it('records every change with deltas, resulting figures, the endpoint and the time', async () => {
    const { id } = await productWithStock(sandbox, 0);
    sandbox.clock.set(START + 1000);
    await sendStockList(sandbox, 'UpdateProductStockList', 'W0002', [{ productid: id, stock: 8 }]);
    await sendStockList(sandbox, 'UpdateProductAvailableStockList', 'W0002', [{ productid: id, stock: 5 }]);
    await sendStockList(sandbox, 'DecreaseProductStockList', 'W0002', [{ productid: id, stock: 1 }]);
    await sendStockList(sandbox, 'UpdateProductStockList', 'W0002', [{ productid: id, stock: 7 }]);
    sandbox.clock.set(START);
    const movements = listStockMovements(sandbox.handle.db, storeId, { productId: id });
    expect(
      movements.map(({ warehouseCode, stockDelta, availableDelta, stock, availablestock, reason, at }) => ({
        warehouseCode,
        stockDelta,
        availableDelta,
        stock,
        availablestock,
        reason,
        at,
      })),
    ).toEqual([
      {
        warehouseCode: 'W0002',
        stockDelta: 8,
        availableDelta: 8,
        stock: 8,
        availablestock: 8,
        reason: 'UpdateProductStockList',
        at: START + 1000,
      },
      {
        warehouseCode: 'W0002',
        stockDelta: 0,
        availableDelta: -3,
        stock: 8,
        availablestock: 5,
        reason: 'UpdateProductAvailableStockList',
        at: START + 1000,
      },
      {
        warehouseCode: 'W0002',
        stockDelta: -1,
        availableDelta: -1,
        stock: 7,
        availablestock: 4,
        reason: 'DecreaseProductStockList',
        at: START + 1000,
      },
    ]);
  });

  it('logs AddProduct stock and the stock DeleteProduct takes away', async () => {
    const id = await addProduct(sandbox, { stock: '6' });
    await sendStockList(sandbox, 'UpdateProductStockList', 'W0002', [{ productid: id, stock: 2 }]);
    await sandbox.call('DeleteProduct', { query: { id } });
    const movements = listStockMovements(sandbox.handle.db, storeId, { productId: id });
    expect(
      movements.map(({ warehouseCode, stockDelta, reason }) => [warehouseCode, stockDelta, reason]),
    ).toEqual([
      ['W0001', 6, 'AddProduct'],
      ['W0002', 2, 'UpdateProductStockList'],
      ['W0001', -6, 'DeleteProduct'],
      ['W0002', -2, 'DeleteProduct'],
    ]);
  });

  it('findProductRef, readStock and adjustStock work for other resources', async () => {
    const { id, sku } = await productWithStock(sandbox, 5, 3);
    const db = sandbox.handle.db;
    expect(findProductRef(db, storeId, { sku })).toEqual({ id, sku, name: 'สินค้าทดสอบ', unittext: '' });
    expect(findProductRef(db, storeId, { productId: id, sku: 'ignored' })?.id).toBe(id);
    expect(findProductRef(db, storeId, { productId: 0, sku })?.id).toBe(id);
    expect(findProductRef(db, storeId + 1000, { sku })).toBeUndefined();
    expect(readStock(db, storeId, id, 'W0001')).toEqual({ stock: 5, availablestock: 3 });
    expect(readStock(db, storeId, id, 'W0002')).toEqual({ stock: 0, availablestock: 0 });
    expect(readStock(db, storeId, id, 'NOPE')).toEqual({ stock: 0, availablestock: 0 });
    const after = adjustStock(db, storeId, {
      warehouseCode: 'W0001',
      productId: id,
      delta: -2,
      reason: 'Test',
      at: START,
    });
    expect(after).toEqual({ stock: 3, availablestock: 1 });
    expect(listStockMovements(db, storeId, { productId: id }).at(-1)).toMatchObject({
      stockDelta: -2,
      reason: 'Test',
      stock: 3,
    });
    expect(() =>
      adjustStock(db, storeId, { warehouseCode: 'NOPE', productId: id, delta: 1, reason: 'Test', at: START }),
    ).toThrow('Access Denied.');
  });
});

describe('seed support', () => {
  it('setProductActiveAndCreated back-dates a product and sets its flag', async () => {
    const id = await addProduct(sandbox);
    setProductActiveAndCreated(sandbox.handle.db, storeId, id, {
      active: false,
      createdAt: Date.parse('2026-01-15T05:00:00Z'),
    });
    const day = { createdafter: '2026-01-15', createdbefore: '2026-01-15' };
    const page = await listProducts(sandbox, day);
    expect(page.list.map((product) => [product.id, product.active])).toEqual([[id, false]]);
    expect(
      (await listProducts(sandbox, { updatedafter: '2026-01-15', updatedbefore: '2026-01-15' })).count,
    ).toBe(1);
  });

  it('assignVariation refuses an unknown product or variation', async () => {
    const db = sandbox.handle.db;
    const id = await addProduct(sandbox);
    const variation = insertVariation(db, storeId, {
      sku: 'V',
      name: 'v',
      variants: [{ variantname: 'a', name: 'n' }],
    });
    expect(() => assignVariation(db, storeId, 999999, variation.id, [])).toThrow('productId');
    expect(() => assignVariation(db, storeId, id, 999999, [])).toThrow('variationId');
    assignVariation(db, storeId, id, variation.id, [
      { variantid: variation.variantIds[0] ?? 0, variantname: 'a', name: 'n' },
    ]);
    expect((await productDetail(sandbox, id)).variationid).toBe(variation.id);
  });
});
