// Product records as GetProducts and GetProductDetail answer them: figures as Strings (as production
// sends them), everything a row needs fetched for the whole page at once.
import type { Database } from 'better-sqlite3';
import type { HandlerResult } from '../../core/handler.js';
import { productImagePath } from './image.repository.js';
import { imageIdsFor, propertiesFor, variantsFor } from './product-query.repository.js';
import type { ProductRow } from './product.repository.js';
import { roundQuantity, stockTotals, type StockFigures } from './stock.repository.js';

export type ProductView = HandlerResult<'GetProductDetail'>;

/** A quantity as the String the spec types stock figures with ("12", "2.5"). */
export function formatQuantity(value: number): string {
  return String(roundQuantity(value));
}

function parseTags(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((tag): tag is string => typeof tag === 'string') : [];
}

/**
 * The records of a page of product rows, in the rows' order. Figures are the warehouse's when
 * `warehouseId` is given, else the sum over the store's warehouses.
 */
export function productViews(
  db: Database,
  storeId: number,
  rows: readonly ProductRow[],
  warehouseId: number | null,
): ProductView[] {
  const ids = rows.map((row) => row.id);
  const figures = stockTotals(db, storeId, ids, warehouseId);
  const variants = variantsFor(db, storeId, ids);
  const properties = propertiesFor(db, storeId, ids);
  const images = imageIdsFor(db, storeId, ids);
  return rows.map((row) =>
    productView(row, storeId, figures.get(row.id) ?? { stock: 0, availablestock: 0 }, {
      variant: variants.get(row.id) ?? [],
      properties: properties.get(row.id) ?? [],
      imageIds: images.get(row.id) ?? [],
    }),
  );
}

function productView(
  row: ProductRow,
  storeId: number,
  figures: StockFigures,
  extras: {
    variant: ProductView['variant'];
    properties: ProductView['properties'];
    imageIds: readonly number[];
  },
): ProductView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sku: row.sku,
    sellprice: row.sellprice,
    purchaseprice: row.purchaseprice,
    sell_vat_status: row.sell_vat_status,
    purchase_vat_status: row.purchase_vat_status,
    barcode: row.barcode,
    stock: formatQuantity(figures.stock),
    availablestock: formatQuantity(figures.availablestock),
    unittext: row.unittext,
    imagepath: row.imagepath,
    weight: row.weight,
    width: row.width,
    length: row.length,
    height: row.height,
    categoryid: row.category_id ?? 0,
    category: row.category ?? '',
    producttype: row.producttype,
    variationid: row.variation_id ?? 0,
    variant: extras.variant,
    tag: parseTags(row.tags_json),
    active: row.active === 1,
    imageList: extras.imageIds.map((imageId) => productImagePath(storeId, imageId)),
    sharelink: '',
    properties: extras.properties,
  };
}
