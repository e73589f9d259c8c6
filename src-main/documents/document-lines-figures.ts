// A document's product lines and money settings (the shared line editor's draft) → the figures the back
// office will store (src-shared/money, the arithmetic the sandbox computes with) and the wire's `list`
// and money fields that carry them. Used by quotations and return purchase orders alike.
import type { z } from 'zod';
import type { documentLine } from '../../src-shared/api/endpoints/document-bodies.js';
import type { DocumentLinesDraft, DocumentLinesPreview } from '../../src-shared/ipc/index.js';
import {
  discountValue,
  formatDiscount,
  parseDiscount,
  priceDocument,
  roundMoney,
  type ComputedFigures,
} from '../../src-shared/money/index.js';
import { vatChoiceOf, vatTypeOf } from '../money/money-figures.js';
import { Refusal } from '../refusal/refusal.js';

/** A product line as AddQuotation / AddReturnPurchaseOrder / EditQuotation send it. */
export type WireDocumentLine = z.output<typeof documentLine>;

/** The money fields of a document body, computed (so the back office's check agrees). */
export interface WireDocumentMoney {
  readonly amount: number;
  readonly vattype: 1 | 2 | 3;
  readonly discount: string;
  readonly shippingamount: number;
  readonly shippingvat: 0 | 1;
}

/** The wire field priceDocument names → the draft's path (`list[2].discount` → `lines.2.discount`). */
function draftPath(field: string): string {
  return field.replace(/^list\[(\d+)\]\./, 'lines.$1.').replace(/\.pricepernumber$/, '.unitPrice');
}

/** The discount text as the wire and the local copy store it: '', '50' or '10%'. */
function discountText(text: string): string {
  const parsed = parseDiscount(text);
  return parsed.ok ? formatDiscount(parsed.discount) : '';
}

/** One unit's discount in baht: the amount, or the percentage of the unit price. */
function unitDiscount(text: string, unitPrice: number): number {
  const parsed = parseDiscount(text);
  return parsed.ok ? discountValue(parsed.discount, roundMoney(unitPrice)) : 0;
}

/** Every figure of the draft; a figure the back office would refuse is refused here, on its field. */
export function computeLines(draft: DocumentLinesDraft): ComputedFigures {
  const result = priceDocument({
    vattype: vatTypeOf(draft.vatType),
    discount: draft.discount,
    shippingamount: draft.shippingAmount,
    shippingvat: draft.shippingVat ? 1 : 0,
    lines: draft.lines.map((line) => ({
      number: line.quantity,
      pricepernumber: roundMoney(line.unitPrice),
      discount: line.discount,
    })),
  });
  if (!result.ok) {
    const path = draftPath(result.field);
    throw Refusal.field(path, result.message, undefined, result.message);
  }
  return result;
}

export function linesPreview(draft: DocumentLinesDraft, figures: ComputedFigures): DocumentLinesPreview {
  const { document } = figures;
  return {
    vatType: vatChoiceOf(document.vattype),
    subtotal: roundMoney(figures.lines.reduce((sum, line) => sum + line.totalprice, 0)),
    discountAmount: document.discountamount,
    shippingAmount: document.shippingamount,
    shippingAmountPretax: document.shippingamount_pretax,
    shippingAmountVat: document.shippingamount_vat,
    amount: document.amount,
    amountPretax: document.amount_pretax,
    vatAmount: document.vatamount,
    lines: draft.lines.map((line, index) => {
      const computed = figures.lines[index];
      const discountAmount = computed?.discountamount ?? 0;
      return {
        unitDiscount: unitDiscount(line.discount, line.unitPrice),
        discountAmount,
        totalPrice: computed?.totalprice ?? 0,
        totalPricePretax: computed?.totalprice_pretax ?? 0,
        totalPriceVat: computed?.totalprice_vat ?? 0,
      };
    }),
  };
}

/** The wire's `list`: each line with its computed total and its discount text as stored. */
export function wireLines(draft: DocumentLinesDraft, figures: ComputedFigures): WireDocumentLine[] {
  return draft.lines.map((line, index) => {
    const discount = discountText(line.discount);
    return {
      sku: line.sku,
      name: line.name,
      number: line.quantity,
      pricepernumber: roundMoney(line.unitPrice),
      totalprice: figures.lines[index]?.totalprice ?? 0,
      ...(discount === '' ? {} : { discount }),
    };
  });
}

/** The wire's money fields: the computed amount with the vattype that gives it. */
export function wireMoney(draft: DocumentLinesDraft, figures: ComputedFigures): WireDocumentMoney {
  return {
    amount: figures.document.amount,
    vattype: vatTypeOf(draft.vatType),
    discount: discountText(draft.discount),
    shippingamount: roundMoney(draft.shippingAmount),
    shippingvat: draft.shippingVat ? 1 : 0,
  };
}
