// The number rules of cycle counting's settings (issue 24), kept free of zod so the rules form checks
// each figure with the same rule main's schema applies (src-shared/ipc/schemas/cycle-counting.ts).
import type { NumberRule } from './typed-number.js';

/** A class's share of the value, in % with up to 2 decimals. */
export const SHARE_RULE: NumberRule = {
  decimals: 2,
  zeroAllowed: true,
  negativeAllowed: false,
  max: 100,
  currency: false,
};
/** Class A's share: above 0. */
export const A_SHARE_RULE: NumberRule = { ...SHARE_RULE, zeroAllowed: false };
/** Days between two counts of a class: whole days, 1 to 10 years. */
export const DAYS_RULE: NumberRule = {
  decimals: 0,
  zeroAllowed: false,
  negativeAllowed: false,
  max: 3650,
  currency: false,
};
/** Products in a day's share. */
export const DAILY_SHARE_RULE: NumberRule = { ...DAYS_RULE, max: 100_000 };
/** Units or % a counted line may be off and still be accurate. */
export const TOLERANCE_RULE: NumberRule = {
  decimals: 2,
  zeroAllowed: true,
  negativeAllowed: false,
  max: 1_000_000,
  currency: false,
};
