// Catalogue lookups: server figures as last synced, with the local view (server + writes still in the
// outbox) beside them in the product detail, the figure a warehouse person expects on the shelf.
import { z } from 'zod';
import { ALIAS_IMPORT_SKIPS } from '../../domain/vocabulary.js';
import { EMPTY_ARGS, count, epochMs, productRef, requiredText, rowId, searchText } from './common.js';

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

/**
 * A warehouse a picker offers: the back office's (as last pulled), or one added on this PC whose create
 * is still in the outbox (`pending`: waiting to send, `id` 0 until the back office gives one).
 */
export const warehouseChoice = warehouse.extend({ pending: z.boolean() });

/** Shortest warehouse code: read back by its code after an unclear failure (WRITES.md). */
export const WAREHOUSE_CODE_MIN = 3;

export const category = z.object({ id: z.number(), name: z.string() });

/** Most units one pack code may stand for. */
export const MAX_PACK_UNITS = 100_000;

/**
 * A code this store's PCs know for a product besides its barcode, kept on the PC (never sent to the
 * back office; shared between PCs by file). `units` 1: another code for the product (a supplier's label,
 * an old EAN); N > 1: a pack (a carton's GTIN-14, a supplier's case code) whose one scan counts N units.
 */
export const codeAlias = z.object({
  /** As a scanner sends it (cleaned). */
  code: z.string(),
  productId: z.number(),
  /** From the local catalogue; '' when the product is not in it any more (the alias then finds nothing). */
  sku: z.string(),
  name: z.string(),
  units: z.number(),
  createdAt: epochMs,
});
export type CodeAlias = z.output<typeof codeAlias>;

/** The alias file's own name on disk, and what an import did. */
export const aliasFile = z.object({ fileName: z.string(), text: z.string() });

export const aliasImport = z.object({
  added: count,
  /** Same code and product, another number of units: the file's figure is taken. */
  updated: count,
  /** Already known exactly so (importing a file twice changes nothing). */
  unchanged: count,
  /** Not taken, each with why; the PC's own alias wins over a file's. */
  skipped: z.array(z.object({ code: z.string(), productId: z.number(), reason: z.enum(ALIAS_IMPORT_SKIPS) })),
});

export const catalogueCalls = {
  /**
   * A scanned or typed code: barcode first (server, then one queued from this PC), then an alias or
   * pack kept on this PC, then exact sku. null when no product has it.
   */
  'catalogue.lookup': {
    args: z.strictObject({ code: requiredText(200) }),
    result: productSummary.nullable(),
  },
  /**
   * Many codes at once (a list of products typed or pasted for a count's scope): one answer per code, in
   * the order given, null for a code no product has. Up to 5,000 codes.
   */
  'catalogue.lookupMany': {
    args: z.strictObject({ codes: z.array(requiredText(200)).min(1).max(5_000) }),
    result: z.array(productSummary.nullable()),
  },
  /** Products whose name, sku or barcode words start with the typed words, best first. */
  'catalogue.search': {
    args: z.strictObject({ text: searchText(200), limit: z.int().min(1).max(500).default(50) }),
    result: z.array(productSummary),
  },
  /** One product with its stock in every warehouse; 'not-found' when the catalogue has no such id. */
  'catalogue.product': { args: z.strictObject({ productId: productRef }), result: productDetail },
  'catalogue.warehouses': { args: EMPTY_ARGS, result: z.array(warehouseChoice) },
  /**
   * Gives a product a barcode (an unknown scanned code matched to it): queued as a product update in
   * the outbox. The code is cleaned as a scan is and checked (non-empty, ≤ 64 characters, a GTIN's
   * check digit); a refused one answers 'invalid-arguments' with the reason; 'not-found' when the
   * local catalogue has no such product.
   */
  'catalogue.assignBarcode': {
    args: z.strictObject({
      productId: rowId,
      barcode: requiredText(200),
      /**
       * v4 holds ONE barcode per product: giving it another replaces the old one for the whole store
       * (the old code stops scanning everywhere). Without `replace: true`, a product that already has
       * a different barcode refuses with 'conflict', reason 'replaces-barcode' (keep the code as an
       * alias instead: catalogue.addAlias).
       */
      replace: z.boolean().default(false),
    }),
    result: z.object({ operationId: rowId }),
    reasons: [
      'barcode-check-digit',
      'barcode-empty',
      'barcode-shelf-prefix',
      'barcode-too-long',
      'replaces-barcode',
    ],
  },
  /** The categories of the catalogue (for a count's scope), by id. */
  'catalogue.categories': { args: EMPTY_ARGS, result: z.array(category) },
  /**
   * Aliases and packs kept on this PC, by code; only one product's when `productId` is given (a
   * product made here included: it has none until it is sent, as addAlias takes server ids only).
   */
  'catalogue.aliases': {
    args: z.strictObject({ productId: productRef.optional() }),
    result: z.array(codeAlias),
  },
  /**
   * Keeps `code` on this PC as another code for the product (`units` 1) or as a pack of `units`. The
   * code is cleaned as a scan is. Again for the same product: its units are updated. Refusals:
   * 'not-found' (no such product), 'conflict' with reason 'code-is-a-barcode' (a product already has
   * that barcode: it would never be reached) or 'alias-of-another-product'.
   */
  'catalogue.addAlias': {
    args: z.strictObject({
      productId: rowId,
      code: requiredText(200),
      units: z.int().min(1).max(MAX_PACK_UNITS).default(1),
    }),
    result: codeAlias,
    reasons: ['alias-of-another-product', 'code-is-a-barcode', 'code-is-a-shelf', 'unknown-product'],
  },
  /** Forgets an alias or pack on this PC; `removed` false when there was none. */
  'catalogue.removeAlias': {
    args: z.strictObject({ code: requiredText(200) }),
    result: z.object({ removed: z.boolean() }),
  },
  /** Every alias and pack of this PC as a small JSON file to carry to the store's other PCs. */
  'catalogue.exportAliases': { args: EMPTY_ARGS, result: aliasFile },
  /**
   * Takes the aliases of a file written by exportAliases (on any PC of the store). Idempotent: the
   * same file twice changes nothing. An unreadable file refuses with 'invalid-arguments' and takes
   * nothing.
   */
  'catalogue.importAliases': {
    args: z.strictObject({ text: z.string().min(1).max(5_000_000) }),
    result: aliasImport,
    reasons: ['alias-of-another-product', 'code-is-a-barcode', 'code-is-a-shelf'],
  },
  /**
   * The product's image, fetched by main (≤ 2 MB, image/* only) and cached in the store's folder, so it
   * still shows offline; null when the product has none, 'not-found' when the catalogue has no such id.
   */
  'catalogue.productImage': { args: z.strictObject({ productId: productRef }), result: productImage },
  /**
   * Adds a warehouse: queued in the outbox (AddWarehouse, read back by its code after an unclear
   * failure) and offered by every picker at once as waiting to send; stock moved into it waits for its
   * create. The code (at least 3 characters) must be new among the warehouses this PC knows: 'conflict'
   * with reason 'code-taken' otherwise.
   */
  'catalogue.addWarehouse': {
    args: z.strictObject({
      code: requiredText(64).refine((code) => code.length >= WAREHOUSE_CODE_MIN, {
        error: `must be at least ${WAREHOUSE_CODE_MIN} characters`,
      }),
      name: requiredText(200),
      address: z.string().trim().max(500).default(''),
    }),
    result: warehouseChoice,
    reasons: ['code-taken'],
  },
  /** A code no warehouse this PC knows has yet, in the store's own pattern (W0004 after W0003). */
  'catalogue.proposeWarehouseCode': { args: EMPTY_ARGS, result: z.object({ code: z.string() }) },
} as const;
