// Figures of demo documents, computed with the same money rules the sandbox checks documents against
// (src-shared/money), so every line total, amount and vatamount is what the back office expects.
import type { z } from 'zod';
import type { documentLine } from '../../../src-shared/api/endpoints/document-bodies.js';
import { priceDocument, type VatType } from '../../../src-shared/money/index.js';
import type { GeneratedProduct } from './products.js';
import type { Random } from '../../../src-shared/random.js';
import { isWeighed } from './stock.js';

export type DocumentLineBody = z.input<typeof documentLine>;

export interface LineDraft {
  readonly product: GeneratedProduct;
  readonly number: number;
  readonly pricepernumber: number;
  readonly discount?: string;
}

export interface DocumentDraft {
  readonly vattype: VatType;
  readonly discount?: string;
  readonly shippingamount?: number;
  readonly shippingvat?: 0 | 1;
}

export interface PricedDocument {
  readonly list: DocumentLineBody[];
  readonly amount: number;
  readonly vatamount: number;
}

/** Line totals, amount and vatamount of a product document. */
export function priceProductDocument(draft: DocumentDraft, lines: readonly LineDraft[]): PricedDocument {
  const result = priceDocument({
    ...draft,
    lines: lines.map(({ number, pricepernumber, discount }) => ({ number, pricepernumber, discount })),
  });
  if (!result.ok) throw new Error(`demo document does not price: ${result.field} ${result.message}`);
  const list = lines.map((line, index): DocumentLineBody => {
    const body: DocumentLineBody = {
      sku: line.product.body.sku,
      name: line.product.body.name,
      number: line.number,
      pricepernumber: line.pricepernumber,
      totalprice: result.lines[index]?.totalprice ?? 0,
    };
    if (line.discount !== undefined) body.discount = line.discount;
    return body;
  });
  return { list, amount: result.document.amount, vatamount: result.document.vatamount };
}

/** Amount and vatamount of an income or expense made of items with their totals. */
export function priceItems(
  draft: DocumentDraft,
  totals: readonly number[],
): { amount: number; vatamount: number } {
  const result = priceDocument({ ...draft, lines: totals.map((totalprice) => ({ totalprice })) });
  if (!result.ok) throw new Error(`demo document does not price: ${result.field} ${result.message}`);
  return { amount: result.document.amount, vatamount: result.document.vatamount };
}

/** vattype as Thai shops use it: most documents include VAT, some exclude it, few have none. */
export function pickVatType(random: Random): VatType {
  return random.weighted<VatType>([1, 2, 3], [2, 3, 5]);
}

/** A quantity: whole units, or kilograms to a tenth for goods sold by weight. */
export function pickQuantity(random: Random, product: GeneratedProduct, high: number): number {
  if (isWeighed(product.body.unittext)) return random.int(5, high * 10) / 10;
  return random.int(1, high);
}
