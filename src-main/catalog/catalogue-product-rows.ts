// A Product record as the columns of the products and product_stock tables.
import type { ProductRecord } from '../../src-shared/api/records.js';
import { barcodeKey, normaliseScannedCode } from '../../src-shared/barcode/index.js';
import type { IndexedProductRow } from './catalogue-search-index.repository.js';
import { searchWordsOf } from './catalogue-search-text.js';

/** Positional parameters of the products upsert, in the order of its column list. */
export type ProductRowValues = [
  id: number,
  sku: string,
  barcode: string,
  barcodeKey: string | null,
  name: string,
  searchWords: string,
  sellprice: number | null,
  purchaseprice: number | null,
  unittext: string,
  categoryId: number | null,
  categoryName: string | null,
  variationId: number | null,
  producttype: number | null,
  active: number,
  imagepath: string,
  sharelink: string,
  variantsJson: string,
  propertiesJson: string,
  tagsJson: string,
  recordJson: string,
  syncedAt: number,
];

export const PRODUCT_COLUMNS = [
  'id',
  'sku',
  'barcode',
  'barcode_key',
  'name',
  'search_words',
  'sellprice',
  'purchaseprice',
  'unittext',
  'category_id',
  'category_name',
  'variation_id',
  'producttype',
  'active',
  'imagepath',
  'sharelink',
  'variants_json',
  'properties_json',
  'tags_json',
  'record_json',
  'synced_at',
] as const;

/**
 * A decimal the spec types as String ("1,250.50", "12", 12) as a number; undefined when absent or not
 * a number, so a bad figure is never stored as 0 by accident.
 */
export function decimalOf(text: string | number | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (typeof text === 'number') return Number.isFinite(text) ? text : undefined;
  const cleaned = text.replaceAll(',', '').trim();
  if (cleaned === '') return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

/** A products row: every column's value, and the parts the repository compares before writing. */
export interface ProductRow {
  readonly id: number;
  readonly values: ProductRowValues;
  /** What the search index holds for the product. */
  readonly indexed: IndexedProductRow;
  readonly recordJson: string;
}

export function productRow(record: ProductRecord, syncedAt: number): ProductRow {
  const name = record.name ?? '';
  const indexed: IndexedProductRow = {
    name,
    sku: record.sku ?? '',
    barcode: normaliseScannedCode(record.barcode ?? ''),
    search_words: searchWordsOf(name),
  };
  const recordJson = recordJsonOf(record);
  const values: ProductRowValues = [
    record.id,
    indexed.sku,
    indexed.barcode,
    barcodeKey(indexed.barcode) ?? null,
    name,
    indexed.search_words,
    decimalOf(record.sellprice) ?? null,
    decimalOf(record.purchaseprice) ?? null,
    record.unittext ?? '',
    record.categoryid ?? null,
    record.category ?? null,
    record.variationid ?? null,
    record.producttype ?? null,
    // The spec gives every product an active flag; a record without one is read as active, as the store creates them.
    record.active === false ? 0 : 1,
    record.imagepath ?? '',
    record.sharelink ?? '',
    JSON.stringify(record.variant ?? []),
    JSON.stringify(record.properties ?? []),
    JSON.stringify(record.tag ?? []),
    recordJson,
    syncedAt,
  ];
  return { id: record.id, values, indexed, recordJson };
}

/**
 * The record's JSON without its stock figures: they belong to the warehouse the record was read for
 * (product_stock keeps them), and leaving them out lets a re-pull of an unchanged product write nothing.
 */
function recordJsonOf(record: ProductRecord): string {
  const { stock: _stock, availablestock: _availablestock, ...productFields } = record;
  return JSON.stringify(productFields);
}

/** Stock figures of a record read for one warehouse; undefined when the record carries neither. */
export function stockValues(
  record: ProductRecord,
): { readonly stock: number | undefined; readonly availablestock: number | undefined } | undefined {
  const stock = decimalOf(record.stock);
  const availablestock = decimalOf(record.availablestock);
  if (stock === undefined && availablestock === undefined) return undefined;
  return { stock, availablestock };
}
