// Money is held as whole satang (1/100 baht) while computing, so sums and differences are exact and
// repeated rounding cannot drift; baht values appear only at the edges (input and output).

/**
 * Significant digits kept before rounding. A double carries ~15.9 of them, so cutting to 15 removes
 * the binary error of decimal inputs (1.005 is stored as 1.00499999999999989...) without touching
 * any digit a person wrote.
 */
const SIGNIFICANT_DIGITS = 15;

/** Rounds to a whole number, half away from zero, after removing binary float noise. */
export function roundHalfAwayFromZero(value: number): number {
  const magnitude = Number(Math.abs(value).toPrecision(SIGNIFICANT_DIGITS));
  const rounded = Math.round(magnitude);
  // `|| 0` turns -0 into 0 so that callers never see "-0.00".
  return (value < 0 ? -rounded : rounded) || 0;
}

/** Integer division rounded half away from zero; exact for safe integers. */
export function divideRoundingHalfAway(numerator: number, denominator: number): number {
  const quotient = Math.trunc(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  if (2 * Math.abs(remainder) < Math.abs(denominator)) return quotient || 0;
  return quotient + Math.sign(numerator) * Math.sign(denominator);
}

/** Baht to whole satang, half away from zero (1.005 → 101). */
export function toSatang(baht: number): number {
  return roundHalfAwayFromZero(baht * 100);
}

/** Whole satang to baht; the result is the double nearest the 2-decimal value. */
export function fromSatang(satang: number): number {
  return satang / 100;
}

/** Rounds a baht amount to satang, half away from zero (1.005 → 1.01, -1.005 → -1.01). */
export function roundMoney(baht: number): number {
  return fromSatang(toSatang(baht));
}

/** How far a sent figure may be from the computed one and still be accepted: one satang. */
export const MONEY_TOLERANCE = 0.01;

/** True when two baht figures differ by at most one satang (with room for float noise). */
export function moneyMatches(sent: number, expected: number): boolean {
  return Math.abs(sent - expected) <= MONEY_TOLERANCE + 1e-9;
}

/** Baht with two decimals, for messages ("1070.00"). */
export function formatMoney(baht: number): string {
  return roundMoney(baht).toFixed(2);
}
