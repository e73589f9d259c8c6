// What a person types as a quantity, read the same whatever the keyboard layout. With the Thai
// Kedmanee layout on, the number row types Thai letters (ๅ / - ภ ถ ุ ึ ค ต จ) and '.' types 'ใ'; a
// counter should not have to switch layouts to enter "12", so those keys count as the digits printed on
// them. Thai digits (๐–๙) count too. No DOM here: the rules are tested on their own.
import {
  QUANTITY_RULE,
  readTypedNumber,
  type NumberRefusal,
  type NumberRule,
} from '../../../src-shared/domain/typed-number.js';

/** The Kedmanee number row and its '.' key, as digits. */
const THAI_LAYOUT_KEYS: Readonly<Record<string, string>> = {
  ๅ: '1',
  '/': '2',
  '-': '3',
  ภ: '4',
  ถ: '5',
  'ุ': '6',
  'ึ': '7',
  ค: '8',
  ต: '9',
  จ: '0',
  ใ: '.',
};

/**
 * Reads the Kedmanee number row and its '.' key as the digits printed on them; every other character is
 * kept, so the one rule of typed numbers (typed-number.ts) refuses what is not a figure instead of it
 * being dropped ("1e3" stays "1e3", never "13"). Thai digits are the rule's own to read.
 */
export function normaliseQuantityText(text: string): string {
  let out = '';
  for (const character of text) out += THAI_LAYOUT_KEYS[character] ?? character;
  return out;
}

export type QuantityReading =
  { readonly ok: true; readonly quantity: number } | { readonly ok: false; readonly refusal: NumberRefusal };

/** The quantity a prompt's text asks for: whole units above 0, up to the rule's bound. */
export function readQuantity(text: string, rule: NumberRule = QUANTITY_RULE): QuantityReading {
  const read = readTypedNumber(normaliseQuantityText(text), rule);
  return read.ok ? { ok: true, quantity: read.value } : { ok: false, refusal: read.refusal };
}

/** The repeat window in whole or tenth seconds for people: 1500 → "1.5", 2000 → "2". */
export function secondsText(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}
