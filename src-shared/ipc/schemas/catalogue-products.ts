// Products made and changed on this PC (issue 12): the products page's paged search, the product form's
// fields, and the writes (AddProduct, UpdateProduct, ActiveProduct, DisableProduct, DeleteProduct), each
// stored in the local catalogue at once and queued in the outbox. Field problems come back as the
// refusal's issues, by the form's field names (src-shared/products).
import { z } from 'zod';
import {
  PRODUCT_CHANGES,
  PURCHASE_VAT_STATUSES,
  SELL_VAT_STATUSES,
  SEND_STATES,
} from '../../domain/vocabulary.js';
import { PRODUCT_LIMITS, type EditableProductFields, type ProductFields } from '../../products/index.js';
import { EMPTY_ARGS, count, productRef, rowId, searchText } from './common.js';
import { productSummary } from './catalogue.js';

const figure = z.number().finite().nullable();
const literalOf = <T extends readonly number[]>(values: T) =>
  z.union(
    values.map((value) => z.literal(value)) as unknown as [z.ZodLiteral<T[number]>, z.ZodLiteral<T[number]>],
  );

const editableFields = z.strictObject({
  name: z.string().max(PRODUCT_LIMITS.name),
  barcode: z.string().max(200),
  sellprice: figure,
  purchaseprice: figure,
  unittext: z.string().max(PRODUCT_LIMITS.unittext),
  categoryId: rowId.nullable(),
  sellVatStatus: literalOf(SELL_VAT_STATUSES).nullable(),
  purchaseVatStatus: literalOf(PURCHASE_VAT_STATUSES).nullable(),
  weight: figure,
  width: figure,
  length: figure,
  height: figure,
  tags: z.array(z.string().max(PRODUCT_LIMITS.tag)).max(PRODUCT_LIMITS.tags),
});

export const productFieldsSchema = editableFields.extend({
  sku: z.string().max(PRODUCT_LIMITS.sku),
  properties: z
    .array(
      z.strictObject({
        name: z.string().max(PRODUCT_LIMITS.propertyName),
        value: z.string().max(PRODUCT_LIMITS.propertyValue),
      }),
    )
    .max(PRODUCT_LIMITS.properties),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The contract's fields are the form's fields (src-shared/products), field for field.
export const PRODUCT_FIELDS_MATCH: Same<z.output<typeof productFieldsSchema>, Mutable<ProductFields>> = true;
export const EDITABLE_FIELDS_MATCH: Same<
  z.output<typeof editableFields>,
  Mutable<EditableProductFields>
> = true;
type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer I)[] ? Array<Mutable<I>> : T[K] };

/** Where this PC's latest change to a product stands; null when it has none left to show. */
const sendState = z.enum(SEND_STATES).nullable();

export const productListItem = productSummary.extend({
  /** Made on this PC; its create has not been confirmed by a pull yet. */
  madeHere: z.boolean(),
  sendState,
});

export const productChangeView = z.object({
  operationId: rowId,
  change: z.enum(PRODUCT_CHANGES),
  state: z.enum(SEND_STATES),
  /** Why it needs a person (parked), in the outbox's words. */
  reasonText: z.string().nullable(),
});

export const productFieldsView = productFieldsSchema.extend({
  productId: productRef,
  categoryName: z.string().nullable(),
  active: z.boolean(),
  madeHere: z.boolean(),
  sendState,
  /** A delete is queued: the product is going away. */
  deleting: z.boolean(),
  /** This PC's changes still open, then the last few sent, newest first. */
  changes: z.array(productChangeView),
});
export type ProductFieldsView = z.output<typeof productFieldsView>;

export const catalogueProductCalls = {
  /**
   * The products page: search as catalogue.search does (and, for 4 or more digits, barcodes ending with
   * them), a page at a time. `total` is exact up to 500; `totalIsAtLeast` says there may be more.
   */
  'catalogue.searchPage': {
    args: z.strictObject({
      text: searchText(200),
      offset: count.max(475).default(0),
      limit: z.int().min(1).max(100).default(25),
    }),
    result: z.object({ products: z.array(productListItem), total: count, totalIsAtLeast: z.boolean() }),
  },
  /** A product as the form edits it, with this PC's changes and where they stand; 'not-found'. */
  'catalogue.productFields': { args: z.strictObject({ productId: productRef }), result: productFieldsView },
  /** A sku for a new product: unique to this PC, and no product of the catalogue has it. */
  'catalogue.proposeSku': { args: EMPTY_ARGS, result: z.object({ sku: z.string() }) },
  /**
   * Makes a product: stored in the local catalogue at once (searchable, scannable, countable, with a
   * local id ≤ −1) and queued as AddProduct. 'invalid-arguments' with issues by field (the sku or the
   * barcode another product has: 'conflict' with those issues).
   */
  'catalogue.createProduct': {
    args: z.strictObject({ fields: productFieldsSchema }),
    result: z.object({ productId: productRef, operationId: rowId }),
    reasons: ['product-fields'],
  },
  /**
   * Changes what differs from the product's local view (UpdateProduct with those fields only); null
   * operation when nothing differs. A product made on this PC: the write waits for its create.
   */
  'catalogue.updateProduct': {
    args: z.strictObject({ productId: productRef, fields: editableFields }),
    result: z.object({ operationId: rowId.nullable() }),
    reasons: ['deleting', 'product-fields'],
  },
  /** ActiveProduct or DisableProduct; null operation when the product already is so. */
  'catalogue.setProductActive': {
    args: z.strictObject({ productId: productRef, active: z.boolean() }),
    result: z.object({ operationId: rowId.nullable() }),
    reasons: ['deleting'],
  },
  /** What deleting a product would leave behind: stock writes still queued, open counts that hold it. */
  'catalogue.productUsage': {
    args: z.strictObject({ productId: productRef }),
    result: z.object({
      queuedStockWrites: count,
      openCounts: z.array(z.object({ sessionId: z.string(), name: z.string(), counted: z.number() })),
    }),
  },
  /** DeleteProduct, queued; the product stays shown as being deleted until the write is sent. */
  'catalogue.deleteProduct': {
    args: z.strictObject({ productId: productRef }),
    result: z.object({ operationId: rowId }),
    reasons: ['deleting'],
  },
} as const;
