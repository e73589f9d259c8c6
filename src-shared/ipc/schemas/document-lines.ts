// The product lines and money settings of a document (quotation, return purchase order), as the shared
// line editor (src-renderer/components/DocumentLines.svelte) sends them, and main's preview of what the
// back office will store for them (computed with src-shared/money, the arithmetic the sandbox applies).
//
// Paths of refusals: `lines.2.quantity`, `lines.2.unitPrice`, `lines.2.discount`, `lines`, `discount`,
// `shippingAmount`; a form embedding the editor spreads `documentLinesFields` at its top level, so its
// own refusals name the same paths.
import { z } from 'zod';
import { MONEY_VAT_CHOICES } from '../../domain/vocabulary.js';
import { QUANTITY_RULE } from '../../domain/typed-number.js';
import { requiredText, shortText, typedFigure } from './common.js';
import { baht, discountText } from './money.js';

/** Most lines one document may carry. */
export const MAX_DOCUMENT_LINES = 500;

/** A quantity: whole units above 0 (the back office refuses 0; typed-number.ts says why whole). */
const quantity = typedFigure(QUANTITY_RULE);

/** One product line: the product as the catalogue names it, quantity, unit price, per-unit discount. */
export const documentLineDraft = z.strictObject({
  /** The catalogue's product id; null for a line whose product is not in the local catalogue. */
  productId: z.int().positive().nullable().default(null),
  sku: requiredText(100),
  name: requiredText(300),
  unitText: shortText(50).default(''),
  quantity,
  /** Per unit, in the basis of vatType (excluding VAT for excludeVat, including it otherwise). */
  unitPrice: baht,
  /** Per unit: an amount ('5') or a percentage ('10%'); '' for none. */
  discount: discountText,
});
export type DocumentLineDraft = z.output<typeof documentLineDraft>;

/** The editor's part of a document's arguments (spread into the document's own args object). */
export const documentLinesFields = {
  lines: z
    .array(documentLineDraft)
    .min(1, { error: 'needs at least one line' })
    .max(MAX_DOCUMENT_LINES, { error: `has more than ${MAX_DOCUMENT_LINES} lines` }),
  vatType: z.enum(MONEY_VAT_CHOICES).default('noVat'),
  /** On the sum of the lines: an amount or a percentage; '' for none. */
  discount: discountText,
  shippingAmount: baht.default(0),
  /** The shipping is subject to VAT (the wire's shippingvat 1). */
  shippingVat: z.boolean().default(false),
};

export const documentLinesDraft = z.strictObject(documentLinesFields);
export type DocumentLinesDraft = z.output<typeof documentLinesDraft>;

/** A line's computed figures (in the basis of vatType, with the twins the back office stores). */
export const documentLineFigures = z.object({
  /** Discount of one unit, in baht. */
  unitDiscount: z.number(),
  /** quantity × unitDiscount, rounded to satang. */
  discountAmount: z.number(),
  totalPrice: z.number(),
  totalPricePretax: z.number(),
  totalPriceVat: z.number(),
});

/** Every figure the back office will store for the lines and settings. */
export const documentLinesPreview = z.object({
  vatType: z.enum(MONEY_VAT_CHOICES),
  /** Sum of the line totals, before the document discount. */
  subtotal: z.number(),
  discountAmount: z.number(),
  shippingAmount: z.number(),
  shippingAmountPretax: z.number(),
  shippingAmountVat: z.number(),
  /** What the back office stores as amount / amount_pretax / vatamount. */
  amount: z.number(),
  amountPretax: z.number(),
  vatAmount: z.number(),
  lines: z.array(documentLineFigures),
});
export type DocumentLinesPreview = z.output<typeof documentLinesPreview>;

export const documentLinesCalls = {
  /** The figures a document with these lines and settings would have; nothing is saved. */
  'documents.previewLines': { args: documentLinesDraft, result: documentLinesPreview },
} as const;
