// The app's one seeded PRNG (sfc32): demo data, sandbox faults, the crash tests and the benches draw from
// it, so each is the same on every machine and every run for one seed (Math.random is not seedable).

/** The random source every generator draws from. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability `probability`. */
  chance(probability: number): boolean;
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** An item chosen by weight: `weights[i]` is the relative chance of `items[i]`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** `count` distinct items in random order (all of them when count exceeds the list). */
  sample<T>(items: readonly T[], count: number): T[];
}

/** 32-bit FNV-1a of a text, to turn seed names ("demo", "contacts") into numbers. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A generator for one purpose of one seed. Separate streams per purpose keep, say, the contacts the
 * same when the product count changes.
 */
export function createRandom(seed: string, stream: string): Random {
  let a = hashText(seed);
  let b = hashText(stream);
  let c = hashText(`${seed}\u0000${stream}`);
  let d = 1;
  const next = (): number => {
    // sfc32 (Chris Doty-Humphrey's Small Fast Counting generator).
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs of sfc32 still echo the seed; discarding them is the usual warm-up.
  for (let round = 0; round < 15; round += 1) next();

  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted: (items, weights) => {
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      let roll = next() * total;
      for (const [index, item] of items.entries()) {
        roll -= weights[index] ?? 0;
        if (roll < 0) return item;
      }
      return pick(items);
    },
    sample: (items, count) => {
      const copy = [...items];
      const taken = Math.min(count, copy.length);
      for (let index = 0; index < taken; index += 1) {
        const swap = int(index, copy.length - 1);
        const held = copy[index];
        copy[index] = copy[swap] as (typeof copy)[number];
        copy[swap] = held as (typeof copy)[number];
      }
      return copy.slice(0, taken);
    },
  };
}

/** Floats in [0, 1) from a numeric seed (fault picking, test plans, benches). */
export function seededFloats(seed: number, stream = 'floats'): () => number {
  const random = createRandom(String(seed), stream);
  return () => random.next();
}
