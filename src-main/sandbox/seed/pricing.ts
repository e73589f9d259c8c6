// Shelf prices as a Thai shop writes them (29.00, 45.00, 129.00) and supplier prices below them.
import type { Random } from '../../../src-shared/random.js';

/** A shelf price near `value`: whole baht, ending in 5, 9 or 0 once it is above 20 baht. */
export function shelfPrice(value: number, random: Random): number {
  if (value < 20) return Math.max(1, Math.round(value));
  if (value < 100) {
    const fives = Math.max(20, Math.round(value / 5) * 5);
    return fives % 10 === 0 && random.chance(0.5) ? fives - 1 : fives;
  }
  return Math.max(100, Math.round(value / 10) * 10) - 1;
}

/** A purchase price 60–85% of the sell price, to the satang, always at least one satang below it. */
export function purchasePrice(sell: number, random: Random): number {
  const satang = Math.round(sell * 100 * (0.6 + random.next() * 0.25));
  return Math.min(Math.round(sell * 100) - 1, Math.max(1, satang)) / 100;
}

/** Money as the v4 interface sends prices: a string with two decimals. */
export function priceText(value: number): string {
  return value.toFixed(2);
}
