// Stock quantities are Doubles kept to 6 decimal places by the back office; comparing figures read back
// with figures we computed must not fail on 0.1 + 0.2.
const SCALE = 1_000_000;

export function roundQuantity(value: number): number {
  const rounded = Math.round(value * SCALE) / SCALE;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export function sameQuantity(a: number, b: number): boolean {
  return roundQuantity(a) === roundQuantity(b);
}

/** A quantity from the wire (the v4 answers carry stock as text). NaN when it is not a number. */
export function readQuantity(text: string | number | undefined): number {
  if (typeof text === 'number') return roundQuantity(text);
  if (text === undefined || text.trim() === '') return Number.NaN;
  const value = Number(text);
  return Number.isFinite(value) ? roundQuantity(value) : Number.NaN;
}
