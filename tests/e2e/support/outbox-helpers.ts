// Helpers of the Outbox e2e test: a v4 client of the store for what the back office itself says and
// for changes made there (stock sold behind the PC's back), and screenshots with an axe check in both
// languages.
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { BackofficeClient } from '../../../src-main/backoffice/index.js';
import { DEMO_STORE } from '../../../src-main/services/demo-credentials.js';
import { PROJECT_ROOT } from '../../app/support/build-app.js';
import { checkAccessibility } from '../../support/axe.js';

export const SCREENSHOTS = resolve(PROJECT_ROOT, 'test-results', 'e2e');

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

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Screenshot and axe check in English, then the same in Thai, back to English. */
export async function inBothLanguages(page: Page, name: string, thaiHeading: string): Promise<void> {
  await screenshot(page, `${name}-en`);
  expect(await checkAccessibility(page)).toEqual([]);
  await page.getByRole('button', { name: 'ภาษาไทย' }).click();
  await page.getByRole('heading', { name: thaiHeading, level: 2 }).waitFor();
  await screenshot(page, `${name}-th`);
  expect(await checkAccessibility(page)).toEqual([]);
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('heading', { name: 'Outbox', level: 2 }).waitFor();
}
