// The shapes of document arithmetic: return purchase orders, quotations, incomes and expenses.
// Field names are the wire names, so computed figures can be copied onto records and requests as they are.
import type { VatType } from './vat.js';

/**
 * A line as sent. A product line has `number` (quantity) and `pricepernumber`, and an optional per-unit
 * `discount`; an income or expense item has only `totalprice`.
 */
export interface DocumentLineInput {
  number?: number;
  pricepernumber?: number;
  discount?: string;
  totalprice: number;
}

/** A document body as sent, with the figures computeDocument checks. */
export interface DocumentInput {
  /** Omitted: derived from vatamount. Given: vatamount is ignored and computed. */
  vattype?: VatType;
  vatamount?: number;
  /** The net amount. Checked against the lines when there are lines; taken as given when there are none. */
  amount: number;
  discount?: string;
  shippingamount?: number;
  shippingvat?: 0 | 1;
  lines: readonly DocumentLineInput[];
}

/** A line before its total is known: product lines need no totalprice, items still do. */
export interface DocumentDraftLine {
  number?: number;
  pricepernumber?: number;
  discount?: string;
  totalprice?: number;
}

/** What the app knows before computing a document's figures (to build a request). */
export interface DocumentDraft {
  vattype: VatType;
  /** Read only when there are no lines: then it is the document's net amount. */
  amount?: number;
  discount?: string;
  shippingamount?: number;
  shippingvat?: 0 | 1;
  lines: readonly DocumentDraftLine[];
}

/** A computed line. The quantity, price and discount figures are present on product lines only. */
export interface ComputedLine {
  number?: number;
  pricepernumber?: number;
  pricepernumber_pretax?: number;
  pricepernumber_vat?: number;
  discountamount?: number;
  discountamount_pretax?: number;
  discountamount_vat?: number;
  totalprice: number;
  totalprice_pretax: number;
  totalprice_vat: number;
}

/** A document's computed money figures. */
export interface ComputedDocument {
  /** The vattype applied: as sent, or as derived from vatamount. */
  vattype: VatType;
  amount: number;
  amount_pretax: number;
  vatamount: number;
  discountamount: number;
  discountamount_pretax: number;
  discountamount_vat: number;
  shippingvat: 0 | 1;
  shippingamount: number;
  shippingamount_pretax: number;
  shippingamount_vat: number;
}

/** A refused document: the wire field at fault (`amount`, `list[2].totalprice`...) and a sentence saying why. */
export interface DocumentError {
  ok: false;
  field: string;
  message: string;
}

/** Every computed figure of a document. */
export interface ComputedFigures {
  document: ComputedDocument;
  lines: ComputedLine[];
}

export type DocumentResult = ({ ok: true } & ComputedFigures) | DocumentError;
