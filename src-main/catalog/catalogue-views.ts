// What the catalogue hands to the rest of the app: plain objects with numbers as numbers, and the rows
// of SQLite they are read from.
import type { z } from 'zod';
import type { Property, Variant } from '../../src-shared/api/records.js';
import type { CallValue, ProductSummary } from '../../src-shared/ipc/index.js';

/** A product as lookups and searches return it: the contract's summary. */
export type ProductView = ProductSummary;

export interface StockInWarehouse {
  readonly warehouseCode: string;
  readonly stock: number;
  readonly availablestock: number;
}

export interface ProductDetailView extends ProductView {
  readonly category: { readonly id: number | undefined; readonly name: string } | undefined;
  readonly variants: ReadonlyArray<z.output<typeof Variant>>;
  readonly properties: ReadonlyArray<z.output<typeof Property>>;
  readonly tags: readonly string[];
  readonly stockByWarehouse: readonly StockInWarehouse[];
}

/** A warehouse of the back office as last pulled (pickers add the ones made on this PC). */
export type WarehouseView = Omit<CallValue<'catalogue.warehouses'>[number], 'pending'>;

export interface NamedView {
  readonly id: number;
  readonly name: string;
}

/** A products row as the lookups read it (the columns of ProductView). */
export interface ProductViewRow {
  id: number;
  sku: string;
  barcode: string;
  name: string;
  unittext: string;
  sellprice: number | null;
  purchaseprice: number | null;
  active: number;
  imagepath: string;
}

export interface ProductDetailRow extends ProductViewRow {
  category_id: number | null;
  category_name: string | null;
  variants_json: string;
  properties_json: string;
  tags_json: string;
}

export interface StockRow {
  warehouse_code: string;
  stock: number;
  availablestock: number;
}

export function productView(row: ProductViewRow): ProductView {
  return {
    id: row.id,
    sku: row.sku,
    barcode: row.barcode,
    name: row.name,
    unittext: row.unittext,
    sellprice: row.sellprice ?? 0,
    purchaseprice: row.purchaseprice ?? 0,
    active: row.active === 1,
    imagepath: row.imagepath,
  };
}

export function productDetailView(row: ProductDetailRow, stock: readonly StockRow[]): ProductDetailView {
  const category =
    row.category_id === null && (row.category_name ?? '') === ''
      ? undefined
      : { id: row.category_id ?? undefined, name: row.category_name ?? '' };
  return {
    ...productView(row),
    category,
    // Written by this module from validated records: parsing them back needs no second validation.
    variants: JSON.parse(row.variants_json) as Array<z.output<typeof Variant>>,
    properties: JSON.parse(row.properties_json) as Array<z.output<typeof Property>>,
    tags: JSON.parse(row.tags_json) as string[],
    stockByWarehouse: stock.map((line) => ({
      warehouseCode: line.warehouse_code,
      stock: line.stock,
      availablestock: line.availablestock,
    })),
  };
}
