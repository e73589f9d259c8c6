// What the crash children write to, shared by the child, the crash test and the soak script.
export const CRASH_WAREHOUSE = 'W0001';
export const CRASH_PRODUCTS: readonly number[] = [1, 2, 3, 4, 5, 6];

/** Deterministic [0, 1) numbers (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
