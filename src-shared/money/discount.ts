// Discount texts (conventions rule 9): an amount ("50", "12.5") or a percentage ("10%", "10.5%").
import { fromSatang, toSatang } from './rounding.js';

export type Discount =
  | { readonly kind: 'none' }
  | { readonly kind: 'amount'; readonly value: number }
  | { readonly kind: 'percent'; readonly value: number };

export type DiscountParse = { ok: true; discount: Discount } | { ok: false; message: string };

export const NO_DISCOUNT: Discount = { kind: 'none' };

const DISCOUNT_FORM_MESSAGE = 'must be an amount (e.g. 50) or a percentage (e.g. 10%)';
const DISCOUNT_PATTERN = /^(-?)(\d+(?:\.\d*)?|\.\d+)(%?)$/;

/**
 * Reads a discount text. Empty, missing and zero discounts are all `none`, so callers have one case
 * for "no discount". Surrounding spaces are ignored; anything else that is not a non-negative number,
 * optionally followed by %, is refused with a message a person can act on.
 */
export function parseDiscount(text: string | undefined): DiscountParse {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { ok: true, discount: NO_DISCOUNT };
  const match = DISCOUNT_PATTERN.exec(trimmed);
  if (!match) return { ok: false, message: `${quote(text)} ${DISCOUNT_FORM_MESSAGE}` };
  const [, sign, digits = '', percentSign] = match;
  const value = Number(digits);
  if (sign === '-' && value !== 0) {
    return { ok: false, message: `${quote(text)} must not be negative` };
  }
  if (value === 0) return { ok: true, discount: NO_DISCOUNT };
  if (percentSign === '%') {
    if (value > 100) return { ok: false, message: `${quote(text)} is more than 100%` };
    return { ok: true, discount: { kind: 'percent', value } };
  }
  return { ok: true, discount: { kind: 'amount', value } };
}

/** The wire text of a discount: '' for none, '50' for an amount, '10%' for a percentage. */
export function formatDiscount(discount: Discount): string {
  switch (discount.kind) {
    case 'none':
      return '';
    case 'amount':
      return String(discount.value);
    case 'percent':
      return `${discount.value}%`;
  }
}

/** The discount in whole satang on a base in baht: the amount itself, or the percentage of the base. */
export function discountSatang(discount: Discount, base: number): number {
  switch (discount.kind) {
    case 'none':
      return 0;
    case 'amount':
      return toSatang(discount.value);
    case 'percent':
      return toSatang((base * discount.value) / 100);
  }
}

/** The discount in baht on `base`, rounded to satang (10% of 33.33 → 3.33). */
export function discountValue(discount: Discount, base: number): number {
  return fromSatang(discountSatang(discount, base));
}

function quote(text: string | undefined): string {
  return JSON.stringify(text ?? '');
}
