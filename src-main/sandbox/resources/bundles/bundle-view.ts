// Bundle records and their stock: how many whole bundles the items allow, i.e. the minimum over items
// of floor(item figure / quantity), per figure (stock, availablestock), never below 0.
import type { Database } from 'better-sqlite3';
import type { HandlerResult } from '../../core/handler.js';
import { formatQuantity } from '../products/product-view.js';
import { stockTotals, type StockFigures } from '../products/stock.repository.js';
import { itemsFor, type BundleItemRow, type BundleRow } from './bundle.repository.js';

export type BundleDetailView = HandlerResult<'GetBundleDetail'>;
export type BundleListView = HandlerResult<'GetBundles'>['list'][number];

/** Whole bundles an item figure allows; the epsilon keeps 0.3 / 0.1 at 3, not 2.999… → 2. */
function wholeBundles(figure: number, quantity: number): number {
  return Math.max(0, Math.floor(figure / quantity + 1e-9));
}

/** A bundle's figures from its items' figures (absent items count as 0/0). */
export function bundleFigures(
  items: readonly { readonly productId: number; readonly quantity: number }[],
  figures: ReadonlyMap<number, StockFigures>,
): StockFigures {
  if (items.length === 0) return { stock: 0, availablestock: 0 };
  let stock = Number.POSITIVE_INFINITY;
  let availablestock = Number.POSITIVE_INFINITY;
  for (const item of items) {
    const itemFigures = figures.get(item.productId) ?? { stock: 0, availablestock: 0 };
    stock = Math.min(stock, wholeBundles(itemFigures.stock, item.quantity));
    availablestock = Math.min(availablestock, wholeBundles(itemFigures.availablestock, item.quantity));
  }
  return { stock, availablestock };
}

interface PageParts {
  readonly items: Map<number, BundleItemRow[]>;
  readonly figures: Map<number, StockFigures>;
}

/** Items and item figures for a page of bundles: one query each, whatever the page size. */
function pageParts(
  db: Database,
  storeId: number,
  rows: readonly BundleRow[],
  warehouseId: number | null,
): PageParts {
  const items = itemsFor(
    db,
    storeId,
    rows.map((row) => row.id),
  );
  const productIds = [...new Set([...items.values()].flat().map((item) => item.product_id))];
  return { items, figures: stockTotals(db, storeId, productIds, warehouseId) };
}

function listView(row: BundleRow, parts: PageParts): BundleListView {
  const items = (parts.items.get(row.id) ?? []).map((item) => ({
    productId: item.product_id,
    quantity: item.quantity,
  }));
  const figures = bundleFigures(items, parts.figures);
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    sellprice: row.sellprice,
    sell_vat_status: row.sell_vat_status,
    stock: formatQuantity(figures.stock),
    availablestock: formatQuantity(figures.availablestock),
    // Bundles have no image upload in v4; the field is sent empty.
    imagepath: '',
    active: row.active === 1,
  };
}

export function bundleListViews(
  db: Database,
  storeId: number,
  rows: readonly BundleRow[],
  warehouseId: number | null,
): BundleListView[] {
  const parts = pageParts(db, storeId, rows, warehouseId);
  return rows.map((row) => listView(row, parts));
}

export function bundleDetailView(
  db: Database,
  storeId: number,
  row: BundleRow,
  warehouseId: number | null,
): BundleDetailView {
  const parts = pageParts(db, storeId, [row], warehouseId);
  return {
    ...listView(row, parts),
    list: (parts.items.get(row.id) ?? []).map((item) => ({
      id: item.product_id,
      name: item.name,
      sku: item.sku,
      sell_vat_status: item.sell_vat_status,
      quantity: item.quantity,
    })),
    imageList: [],
  };
}
