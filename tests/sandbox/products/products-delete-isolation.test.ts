// DeleteProduct (bundle guard included) and the isolation of stores, over HTTP.
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  callVerdict,
  freshSku,
  productDetail,
  productSandboxForFile,
  startProductSandbox,
} from './products-harness.js';

const sandbox = productSandboxForFile();

describe('DeleteProduct', () => {
  it('removes the product and its stock; its sku is free again', async () => {
    const sku = freshSku('DEL');
    const id = await addProduct(sandbox, { sku, stock: '4' });
    expect(await callVerdict(sandbox, 'DeleteProduct', { query: { id } })).toEqual({
      code: '200',
      description: 'Success',
    });
    const gone = await sandbox.call('GetProductDetail', { query: { id } });
    expect(gone.body).toEqual({ res: { resCode: '100', resDesc: `Invalid ID. product ${id} not found` } });
    const rows = sandbox.handle.db
      .prepare('SELECT COUNT(*) AS n FROM product_stock WHERE product_id = ?')
      .get(id);
    expect(rows).toEqual({ n: 0 });
    expect(await callVerdict(sandbox, 'DeleteProduct', { query: { id } })).toMatchObject({ code: '100' });
    await addProduct(sandbox, { sku });
  });

  it('refuses to delete a product a bundle holds, naming the bundle', async () => {
    const id = await addProduct(sandbox);
    const bundleSku = freshSku('BUNDLE');
    const bundle = await sandbox.call('AddBundle', {
      body: { name: 'ชุด', sku: bundleSku, sellprice: '99', list: [{ id, quantity: 2 }] },
    });
    const bundleId = (bundle.body as { detail: { id: number } }).detail.id;
    const result = await callVerdict(sandbox, 'DeleteProduct', { query: { id } });
    expect(result.code).toBe('100');
    expect(result.description).toContain(`bundle ${bundleId} (${bundleSku})`);
    expect((await productDetail(sandbox, id)).id).toBe(id);
  });
});

describe('stores', () => {
  it('never shows one store the products of another', async () => {
    const other = { name: 'other-store', apikey: 'other-key', apisecret: 'other-secret' };
    const two = await startProductSandbox({
      stores: [{ name: 'first', apikey: 'k1', apisecret: 's1' }, other],
    });
    try {
      const sku = freshSku('ISO');
      const id = await addProduct(two, { sku, stock: '3' });
      const asOther = await two.call('GetProductDetail', { as: other, query: { id } });
      expect(asOther.body).toEqual({
        res: { resCode: '100', resDesc: `Invalid ID. product ${id} not found` },
      });
      const list = await two.call('GetProducts', { as: other });
      expect(list.body).toMatchObject({ count: 0, list: [] });
      // The other store may use the same sku for its own product.
      const otherId = await addProduct(two, { sku }, { as: other });
      expect(otherId).not.toBe(id);
      const stock = await two.call('UpdateProductStockList', {
        as: other,
        query: { warehousecode: 'W0001' },
        body: { stocks: [{ productid: id, stock: 50 }] },
      });
      expect(stock.body).toMatchObject({ detail: { stockupdate: { fail: 1, success: 0 } } });
      expect((await productDetail(two, id)).stock).toBe('3');
      const removal = await two.call('DeleteProduct', { as: other, query: { id } });
      expect(removal.body).toMatchObject({ resCode: '100' });
    } finally {
      await two.close();
    }
  });
});
