// Helpers shared by the computeDocument tests: unwrap a result or a refusal, and common figures.
import {
  computeDocument,
  type DocumentInput,
  type DocumentResult,
} from '../../../../src-shared/money/index.js';

export function computed(input: DocumentInput): Extract<DocumentResult, { ok: true }> {
  const result = computeDocument(input);
  if (!result.ok) throw new Error(`expected a computed document, got ${result.field}: ${result.message}`);
  return result;
}

export function refused(input: DocumentInput): { field: string; message: string } {
  const result = computeDocument(input);
  if (result.ok) throw new Error('expected a refusal');
  return { field: result.field, message: result.message };
}

export const noDiscountOrShipping = {
  discountamount: 0,
  discountamount_pretax: 0,
  discountamount_vat: 0,
  shippingvat: 0,
  shippingamount: 0,
  shippingamount_pretax: 0,
  shippingamount_vat: 0,
} as const;

// vattype 2, one line of 3 × 100 with 10% off each unit:
// unit discount 10; discountamount 3 × 10 = 30; totalprice 300 − 30 = 270; VAT 7% of 270 = 18.90.
export const excludeVatLine: DocumentInput = {
  vattype: 2,
  amount: 288.9,
  lines: [{ number: 3, pricepernumber: 100, discount: '10%', totalprice: 270 }],
};
