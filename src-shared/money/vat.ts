// Thai VAT and the three vattype settings of the v4 interface (conventions rule 10).
import type { MoneyVatChoice } from '../domain/vocabulary.js';
import { divideRoundingHalfAway, fromSatang, toSatang } from './rounding.js';

export const VAT_RATE = 0.07;

/** VAT_RATE as a whole percentage, so VAT is computed on integers (7/100, 100/107). */
const VAT_PERCENT = Math.round(VAT_RATE * 100);

/** 1 = No Vat, 2 = Exclude Vat (prices exclude VAT), 3 = Include Vat (prices include VAT). */
export type VatType = 1 | 2 | 3;

export const VAT_TYPE = { noVat: 1, excludeVat: 2, includeVat: 3 } as const satisfies Record<string, VatType>;

export const VAT_TYPE_NAMES: Readonly<Record<VatType, string>> = {
  1: 'No Vat',
  2: 'Exclude Vat',
  3: 'Include Vat',
};

export function isVatType(value: unknown): value is VatType {
  return value === 1 || value === 2 || value === 3;
}

/** The wire's vattype as the app's choice; a value the wire should not send reads as no VAT. */
export function vatChoiceOf(vattype: number | undefined): MoneyVatChoice {
  return vattype === 2 ? 'excludeVat' : vattype === 3 ? 'includeVat' : 'noVat';
}

/** A figure split into its pretax part and its VAT. */
export interface VatTwins {
  readonly pretax: number;
  readonly vat: number;
}

/** vatTwins in whole satang: the form the document arithmetic works in. */
export function vatTwinsSatang(amountSatang: number, vattype: VatType): VatTwins {
  switch (vattype) {
    case 1:
      return { pretax: amountSatang, vat: 0 };
    case 2:
      return { pretax: amountSatang, vat: divideRoundingHalfAway(amountSatang * VAT_PERCENT, 100) };
    case 3: {
      // VAT is what is left after the rounded pretax, so pretax + vat is exactly the amount.
      const pretax = divideRoundingHalfAway(amountSatang * 100, 100 + VAT_PERCENT);
      return { pretax, vat: amountSatang - pretax };
    }
  }
}

/**
 * Splits an amount given in the basis of `vattype` into pretax and VAT, each rounded to satang:
 * type 1 → (x, 0); type 2 → (x, round(x × 0.07)); type 3 → pretax = round(x / 1.07), vat = x − pretax.
 */
export function vatTwins(amountInBasis: number, vattype: VatType): VatTwins {
  const twins = vatTwinsSatang(toSatang(amountInBasis), vattype);
  return { pretax: fromSatang(twins.pretax), vat: fromSatang(twins.vat) };
}
