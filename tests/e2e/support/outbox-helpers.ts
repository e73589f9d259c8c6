// Helpers of the Outbox e2e test: a v4 client of the store for what the back office itself says and
// for changes made there (stock sold behind the PC's back), and the Outbox page captured in both
// languages.
import type { Page } from 'playwright-core';
import { BackofficeClient } from '../../../src-main/backoffice/index.js';
import { DEMO_STORE } from '../../../src-main/services/demo-credentials.js';
import { inBothLanguages } from './page-helpers.js';

export interface ServerProduct {
  readonly id: number;
  readonly sku: string;
  readonly stock: number;
}

/** A v4 client of a store, for what the back office itself says and for changes made there. */
export function backOffice(baseUrl: string) {
  const client = new BackofficeClient({
    baseUrl,
    credentials: { storename: DEMO_STORE.name, apikey: DEMO_STORE.apikey, apisecret: DEMO_STORE.apisecret },
  });
  const products = async (warehouseCode: string, ids?: readonly number[]): Promise<ServerProduct[]> => {
    const answer = await client.call('GetProducts', {
      query: { warehousecode: warehouseCode, limit: 100, page: 1 },
      ...(ids === undefined ? {} : { headers: { productidlist: [...ids] } }),
    });
    return answer.list.map((product) => ({
      id: product.id,
      sku: product.sku ?? '',
      stock: Number(product.stock),
    }));
  };
  return {
    products,
    async stockOf(warehouseCode: string, productId: number): Promise<number> {
      const [product] = await products(warehouseCode, [productId]);
      if (product === undefined) throw new Error(`no product ${productId}`);
      return product.stock;
    },
    async sell(warehouseCode: string, productId: number, quantity: number): Promise<void> {
      await client.call('DecreaseProductStockList', {
        query: { warehousecode: warehouseCode },
        body: { stocks: [{ productid: productId, stock: quantity }] },
      });
    },
    close: () => client.close(),
  };
}

/** Screenshot and axe check of the Outbox page in English, then in Thai, back to English. */
export async function outboxInBothLanguages(page: Page, name: string): Promise<void> {
  await inBothLanguages(page, name, {
    th: page.getByRole('heading', { name: 'รายการรอส่ง', level: 2 }),
    en: page.getByRole('heading', { name: 'Outbox', level: 2 }),
  });
}
