// Catalogue lookups: server figures as last synced, with the local view (server + writes still in the
// outbox) beside them in the product detail, the figure a warehouse person expects on the shelf.
import { z } from 'zod';
import { EMPTY_ARGS, requiredText, rowId } from './common.js';

export const productSummary = z.object({
  id: z.number(),
  sku: z.string(),
  /** As a scanner sends it; '' when the product has none. */
  barcode: z.string(),
  name: z.string(),
  unittext: z.string(),
  sellprice: z.number(),
  purchaseprice: z.number(),
  active: z.boolean(),
  imagepath: z.string(),
});
export type ProductSummary = z.output<typeof productSummary>;

export const stockInWarehouse = z.object({
  warehouseCode: z.string(),
  /** The server's figure at the last sync. */
  stock: z.number(),
  availablestock: z.number(),
  /** The server figure with the writes still in the outbox applied. */
  expected: z.number(),
});

export const productDetail = productSummary.extend({
  category: z.object({ id: z.number().nullable(), name: z.string() }).nullable(),
  variants: z.array(
    z.object({ variantid: z.number().nullable(), variantname: z.string(), name: z.string() }),
  ),
  properties: z.array(z.object({ id: z.number().nullable(), name: z.string(), value: z.string() })),
  tags: z.array(z.string()),
  stockByWarehouse: z.array(stockInWarehouse),
});
export type ProductDetail = z.output<typeof productDetail>;

/** Why a product's image could not be shown (the page words each for people). */
export const IMAGE_PROBLEMS = ['unreachable', 'not-found', 'too-large', 'not-an-image', 'failed'] as const;

/** A product's image as a data: URL (the CSP allows no other image source), or why there is none. */
export const productImage = z
  .union([
    z.object({ dataUrl: z.string(), fromCache: z.boolean() }),
    z.object({ dataUrl: z.null(), problem: z.enum(IMAGE_PROBLEMS) }),
  ])
  .nullable();
export type ProductImage = z.output<typeof productImage>;

export const warehouse = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  address: z.string(),
});

export const catalogueCalls = {
  /** A scanned or typed code: barcode first, then exact sku. null when no product has it. */
  'catalogue.lookup': {
    args: z.strictObject({ code: requiredText(200) }),
    result: productSummary.nullable(),
  },
  /** Products whose name, sku or barcode words start with the typed words, best first. */
  'catalogue.search': {
    args: z.strictObject({ text: z.string().max(200), limit: z.int().min(1).max(500).default(50) }),
    result: z.array(productSummary),
  },
  /** One product with its stock in every warehouse; 'not-found' when the catalogue has no such id. */
  'catalogue.product': { args: z.strictObject({ productId: rowId }), result: productDetail },
  'catalogue.warehouses': { args: EMPTY_ARGS, result: z.array(warehouse) },
  /**
   * Gives a product a barcode (an unknown scanned code matched to it): queued as a product update in
   * the outbox. The code is cleaned as a scan is and checked (non-empty, ≤ 64 characters, a GTIN's
   * check digit); a refused one answers 'invalid-arguments' with the reason; 'not-found' when the
   * local catalogue has no such product.
   */
  'catalogue.assignBarcode': {
    args: z.strictObject({ productId: rowId, barcode: requiredText(200) }),
    result: z.object({ operationId: rowId }),
  },
  /**
   * The product's image, fetched by main (≤ 2 MB, image/* only) and cached in the store's folder, so it
   * still shows offline; null when the product has none, 'not-found' when the catalogue has no such id.
   */
  'catalogue.productImage': { args: z.strictObject({ productId: rowId }), result: productImage },
} as const;
