// What a seeded store's stock should read: the generated stock less what successful return purchase
// orders sent back to suppliers.
import type { DemoStore } from '../../../src-main/sandbox/seed/index.js';
import type { WarehouseCode } from '../../../src-main/sandbox/seed/stock.js';

/** Quantity per `${sku}@${warehouse}` that left through returns that became Success. */
export function returnedQuantities(demo: DemoStore): Map<string, number> {
  const succeeded = new Set(
    demo.steps.flatMap((item) =>
      item.endpoint === 'UpdateReturnPurchaseOrderStatus' && item.query.statu === '1' ? [item.target] : [],
    ),
  );
  const returned = new Map<string, number>();
  for (const item of demo.steps) {
    if (item.endpoint !== 'AddReturnPurchaseOrder') continue;
    if (item.body.status !== 'Success' && !succeeded.has(item.creates)) continue;
    for (const line of item.body.list ?? []) {
      const key = `${line.sku}@${item.body.warehousecode ?? 'W0001'}`;
      returned.set(key, (returned.get(key) ?? 0) + line.number);
    }
  }
  return returned;
}

/** Expected stock of every product in one warehouse, by sku. */
export function expectedStock(demo: DemoStore, code: WarehouseCode): Map<string, number> {
  const returned = returnedQuantities(demo);
  return new Map(
    demo.catalogue.products.map((product) => {
      const { sku } = product.body;
      return [sku, (product.facts.stock[code] ?? 0) - (returned.get(`${sku}@${code}`) ?? 0)];
    }),
  );
}
