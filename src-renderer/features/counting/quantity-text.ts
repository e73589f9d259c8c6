// What a person types as a quantity, read the same whatever the keyboard layout. With the Thai
// Kedmanee layout on, the number row types Thai letters (ๅ / - ภ ถ ุ ึ ค ต จ) and '.' types 'ใ'; a
// counter should not have to switch layouts to enter "12", so those keys count as the digits printed on
// them. Thai digits (๐–๙) count too. No DOM here: the rules are tested on their own.

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

const THAI_ZERO = 0x0e50;

/** The largest quantity one scan may add (the contract's bound). */
export const MAX_SCAN_QUANTITY = 1_000_000_000;

/** Keeps digits and one decimal point, reading Thai digits and Thai-layout keys as digits. */
export function normaliseQuantityText(text: string): string {
  let out = '';
  for (const character of text) {
    const point = character.codePointAt(0) ?? 0;
    let mapped: string | undefined;
    if (/[0-9.]/.test(character)) mapped = character;
    else if (point >= THAI_ZERO && point <= THAI_ZERO + 9) mapped = String(point - THAI_ZERO);
    else mapped = THAI_LAYOUT_KEYS[character];
    if (mapped === undefined) continue;
    if (mapped === '.' && out.includes('.')) continue;
    out += mapped;
  }
  return out;
}

export type QuantityReading =
  | { readonly ok: true; readonly quantity: number }
  | { readonly ok: false; readonly problem: 'empty' | 'notAboveZero' | 'tooLarge' };

/** The quantity a prompt's text asks for: a number above 0 and at most MAX_SCAN_QUANTITY. */
export function readQuantity(text: string): QuantityReading {
  const clean = normaliseQuantityText(text);
  if (clean === '' || clean === '.') return { ok: false, problem: 'empty' };
  const quantity = Number(clean);
  if (!(quantity > 0)) return { ok: false, problem: 'notAboveZero' };
  if (quantity > MAX_SCAN_QUANTITY) return { ok: false, problem: 'tooLarge' };
  return { ok: true, quantity };
}

/** The repeat window in whole or tenth seconds for people: 1500 → "1.5", 2000 → "2". */
export function secondsText(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}
