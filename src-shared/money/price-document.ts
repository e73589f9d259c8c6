// Document arithmetic in whole satang. Pricing runs in two steps: the vattype-independent figures
// (line totals, subtotal, discount, shipping), then the VAT split for one vattype. computeDocument
// needs the split for two candidate vattypes when it derives the setting, so the first step runs once.
import { discountSatang, formatDiscount, parseDiscount, type Discount } from './discount.js';
import type {
  ComputedFigures,
  ComputedLine,
  DocumentDraft,
  DocumentDraftLine,
  DocumentError,
  DocumentResult,
} from './document-types.js';
import { formatMoney, fromSatang, roundHalfAwayFromZero, toSatang } from './rounding.js';
import { vatTwinsSatang, type VatTwins, type VatType } from './vat.js';

/** A product line's vattype-independent figures, in satang. */
interface ProductFigures {
  readonly number: number;
  readonly pricepernumber: number;
  readonly discountamount: number;
}

/** A line in satang: its total, and for a product line how it was reached. */
export interface PricedLine {
  readonly product: ProductFigures | undefined;
  readonly totalprice: number;
}

/** A document's vattype-independent figures, in satang. */
export interface PricedDocument {
  readonly lines: readonly PricedLine[];
  readonly subtotal: number;
  readonly discountamount: number;
  readonly shippingamount: number;
  readonly shippingvat: 0 | 1;
  /** The given net amount of a document without lines (undefined when there are lines). */
  readonly amountWithoutLines: number | undefined;
}

export type PricedDocumentResult = { ok: true; priced: PricedDocument } | DocumentError;

/** Computes every figure of a document from what the app knows before sending it. */
export function priceDocument(draft: DocumentDraft): DocumentResult {
  const priced = priceDraft(draft);
  if (!priced.ok) return priced;
  return { ok: true, ...applyVat(priced.priced, draft.vattype) };
}

/** The vattype-independent step: line totals, subtotal, document discount and shipping. */
export function priceDraft(draft: Omit<DocumentDraft, 'vattype'>): PricedDocumentResult {
  const lines: PricedLine[] = [];
  for (const [index, line] of draft.lines.entries()) {
    const priced = priceLine(line, `list[${index}]`);
    if ('ok' in priced) return priced;
    lines.push(priced);
  }
  if (lines.length === 0 && draft.amount === undefined) {
    return failure('amount', 'amount is required for a document without lines');
  }

  const subtotal = lines.reduce((sum, line) => sum + line.totalprice, 0);
  const discount = readDiscount(draft.discount, 'discount');
  if ('ok' in discount) return discount;
  // Without lines there is no subtotal to discount: the given amount is already net of any discount.
  const discountamount = lines.length === 0 ? 0 : discountSatang(discount, fromSatang(subtotal));
  if (discountamount > subtotal) {
    return failure(
      'discount',
      `discount ${formatDiscount(discount)} is more than the subtotal ${formatMoney(fromSatang(subtotal))}`,
    );
  }

  return {
    ok: true,
    priced: {
      lines,
      subtotal,
      discountamount,
      shippingamount: toSatang(draft.shippingamount ?? 0),
      shippingvat: draft.shippingvat ?? 0,
      amountWithoutLines: lines.length === 0 ? toSatang(draft.amount ?? 0) : undefined,
    },
  };
}

function priceLine(line: DocumentDraftLine, path: string): PricedLine | DocumentError {
  const { number, pricepernumber } = line;
  if (number === undefined || pricepernumber === undefined) {
    if (line.totalprice === undefined) {
      return failure(
        `${path}.totalprice`,
        `${path}.totalprice is required for an item without number and pricepernumber`,
      );
    }
    return { product: undefined, totalprice: toSatang(line.totalprice) };
  }

  const discount = readDiscount(line.discount, `${path}.discount`);
  if ('ok' in discount) return discount;
  const unitDiscount = discountSatang(discount, pricepernumber);
  if (unitDiscount > toSatang(pricepernumber)) {
    return failure(
      `${path}.discount`,
      `${path}.discount ${formatDiscount(discount)} is more than pricepernumber ${formatMoney(pricepernumber)}`,
    );
  }
  const discountamount = roundHalfAwayFromZero(number * unitDiscount);
  return {
    product: { number, pricepernumber: toSatang(pricepernumber), discountamount },
    totalprice: roundHalfAwayFromZero(number * pricepernumber * 100 - discountamount),
  };
}

/** The VAT step: splits every figure for one vattype. Never fails. */
export function applyVat(priced: PricedDocument, vattype: VatType): ComputedFigures {
  const twins = (satang: number): VatTwins => vatTwinsSatang(satang, vattype);
  // Shipping without shipping vat is outside VAT whatever the vattype; with it, it is in the document's basis.
  const shipping = priced.shippingvat === 1 ? twins(priced.shippingamount) : untaxed(priced.shippingamount);
  const discount = twins(priced.discountamount);

  let amount: number;
  let totals: VatTwins;
  if (priced.amountWithoutLines !== undefined) {
    // Without lines the amount is the net amount, VAT included unless there is none.
    amount = priced.amountWithoutLines;
    totals = vattype === 1 ? untaxed(amount) : vatTwinsSatang(amount, 3);
  } else {
    const net = twins(priced.subtotal - priced.discountamount);
    // VAT on the net, not the sum of the lines' VAT: one rounding for the whole document.
    totals = { pretax: net.pretax + shipping.pretax, vat: net.vat + shipping.vat };
    amount =
      vattype === 2
        ? totals.pretax + totals.vat
        : priced.subtotal - priced.discountamount + priced.shippingamount;
  }

  return {
    document: {
      vattype,
      amount: fromSatang(amount),
      amount_pretax: fromSatang(totals.pretax),
      vatamount: fromSatang(totals.vat),
      ...withTwins('discountamount', priced.discountamount, discount),
      shippingvat: priced.shippingvat,
      ...withTwins('shippingamount', priced.shippingamount, shipping),
    },
    lines: priced.lines.map((line) => computedLine(line, twins)),
  };
}

function computedLine(line: PricedLine, twins: (satang: number) => VatTwins): ComputedLine {
  const total = withTwins('totalprice', line.totalprice, twins(line.totalprice));
  if (line.product === undefined) return total;
  const { number, pricepernumber, discountamount } = line.product;
  return {
    number,
    ...withTwins('pricepernumber', pricepernumber, twins(pricepernumber)),
    ...withTwins('discountamount', discountamount, twins(discountamount)),
    ...total,
  };
}

/** `{ name, name_pretax, name_vat }` in baht, the way the wire names a figure and its twins. */
function withTwins<Name extends string>(
  name: Name,
  satang: number,
  twins: VatTwins,
): Record<Name | `${Name}_pretax` | `${Name}_vat`, number> {
  return {
    [name]: fromSatang(satang),
    [`${name}_pretax`]: fromSatang(twins.pretax),
    [`${name}_vat`]: fromSatang(twins.vat),
  } as Record<Name | `${Name}_pretax` | `${Name}_vat`, number>;
}

function untaxed(satang: number): VatTwins {
  return { pretax: satang, vat: 0 };
}

function readDiscount(text: string | undefined, field: string): Discount | DocumentError {
  const parsed = parseDiscount(text);
  return parsed.ok ? parsed.discount : failure(field, `${field} ${parsed.message}`);
}

export function failure(field: string, message: string): DocumentError {
  return { ok: false, field, message };
}
