// Puts the generated catalogue into a store: AddProduct for each product at its creation time (and
// DisableProduct for inactive ones), stock per warehouse through UpdateProductStockList in batches,
// then variations and each member's variants through seed support.
import type { StoreContext } from '../core/handler.js';
import type { Catalogue, GeneratedProduct } from './products.js';
import type { SeedRunner } from './runner.js';
import { assignVariation, insertVariation } from './seed-support-adapter.js';
import { WAREHOUSE_CODES } from './stock.js';
import { formatThaiDate } from './calendar.js';

/** Lines per stock-list call; clients send a few hundred (notes: "Writes"). */
export const STOCK_BATCH = 500;

/** Creates the catalogue; returns the product id of each generated product, by position. */
export function applyCatalogue(context: StoreContext, runner: SeedRunner, catalogue: Catalogue): number[] {
  const ids: number[] = [];
  for (const batch of batches(catalogue.products)) {
    for (const product of batch) {
      const { sku } = product.body;
      const at = product.facts.createdAt;
      const { id } = runner.run('AddProduct', { at, query: {}, body: product.body }, sku);
      if (id === undefined) throw new Error(`demo seed: AddProduct ${sku} answered no id`);
      ids.push(id);
      if (!product.facts.active) {
        runner.run('DisableProduct', { at, query: {}, body: undefined, parentId: id }, sku);
      }
    }
    recordStock(runner, batch, ids.slice(ids.length - batch.length));
  }
  assignVariations(context, catalogue, ids);
  return ids;
}

/**
 * Consecutive products of one Thai month, at most STOCK_BATCH of them: their stock is counted right
 * after they are created, so stock history follows the catalogue's.
 */
function batches(products: readonly GeneratedProduct[]): GeneratedProduct[][] {
  const result: GeneratedProduct[][] = [];
  let current: GeneratedProduct[] = [];
  let month = '';
  for (const product of products) {
    const productMonth = formatThaiDate(product.facts.createdAt).slice(0, 7);
    if (current.length === STOCK_BATCH || (current.length > 0 && productMonth !== month)) {
      result.push(current);
      current = [];
    }
    month = productMonth;
    current.push(product);
  }
  if (current.length > 0) result.push(current);
  return result;
}

function recordStock(runner: SeedRunner, batch: readonly GeneratedProduct[], ids: readonly number[]): void {
  const at = batch.at(-1)?.facts.createdAt;
  if (at === undefined) return;
  for (const warehousecode of WAREHOUSE_CODES) {
    const stocks = batch.flatMap((product, index) => {
      const stock = product.facts.stock[warehousecode] ?? 0;
      const productid = ids[index];
      // Zero needs no line: a product never counted in a warehouse already has no stock there.
      if (stock <= 0 || productid === undefined) return [];
      return [{ productid, stock, cost: Number(product.body.purchaseprice) }];
    });
    if (stocks.length === 0) continue;
    const label = `${warehousecode} ${batch[0]?.body.sku ?? ''}…`;
    const result = runner.run(
      'UpdateProductStockList',
      { at, query: { warehousecode }, body: { stocks } },
      label,
    );
    const failed = result.payload?.stockupdate.fail ?? 0;
    if (failed) throw new Error(`demo seed: UpdateProductStockList ${label} failed for ${failed} lines`);
  }
}

function assignVariations(context: StoreContext, catalogue: Catalogue, ids: readonly number[]): void {
  const { db, store } = context;
  const created = catalogue.variations.map((variation) => {
    const { id, variantIds } = insertVariation(db, store.id, {
      sku: variation.sku,
      name: variation.name,
      // Seed support takes mutable arrays; the generated ones are read-only.
      variants: variation.variants.map((variant) => ({ ...variant })),
    });
    const byValue = new Map(
      variation.variants.map((variant, index) => [valueKey(variant), variantIds[index] ?? 0]),
    );
    return { id, byValue };
  });
  catalogue.products.forEach((product, index) => {
    const membership = product.facts.variation;
    const productId = ids[index];
    const variation = membership ? created[membership.index] : undefined;
    if (!membership || !variation || productId === undefined) return;
    const variant = membership.variant.map((value) => ({
      variantid: variation.byValue.get(valueKey(value)) ?? 0,
      ...value,
    }));
    assignVariation(db, store.id, productId, variation.id, variant);
  });
}

function valueKey(value: { readonly variantname: string; readonly name: string }): string {
  return `${value.variantname}\u0000${value.name}`;
}
