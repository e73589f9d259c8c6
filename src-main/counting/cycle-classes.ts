// Cycle counting's two pure rules (issue 24, decision 0020): which value class each product is in, and
// which products are due for a count. No SQL here, so both are property-tested directly.
//
// Classes: the warehouse's products by stock value (stock × purchase price), highest first; a product is
// A while the value of the products before it is under the A share of the total, B while under A + B,
// else C. So the first product is always A when anything holds value, every product gets exactly one
// class, and products holding no value are C.
//
// Due: a product is due once its class's interval has passed since its last count (never counted: due,
// and before every counted one). The most overdue come first: never counted (A before B before C, then
// the higher value), then by how long past due, then the higher value, then the lower id.
import { DAY_MS } from '../../src-shared/time/index.js';

export const VALUE_CLASSES = ['A', 'B', 'C'] as const;
export type ValueClass = (typeof VALUE_CLASSES)[number];

/** Class codes in typed arrays: 0 A, 1 B, 2 C. */
export const CLASS_A = 0;
export const CLASS_B = 1;
export const CLASS_C = 2;

export interface ClassShares {
  /** % of the total value the A products hold (0 < a < 100). */
  readonly aShare: number;
  /** % the B products hold next (a + b ≤ 100). */
  readonly bShare: number;
}

export type ClassIntervals = Readonly<Record<ValueClass, number>>;

/** The class of each product, aligned with `values` (0 A, 1 B, 2 C). Negative values count as 0. */
export function classifyByValue(values: Float64Array, shares: ClassShares): Uint8Array {
  const count = values.length;
  const order = new Uint32Array(count);
  let total = 0;
  for (let index = 0; index < count; index += 1) {
    order[index] = index;
    total += Math.max(0, values[index] ?? 0);
  }
  order.sort((left, right) => (values[right] ?? 0) - (values[left] ?? 0) || left - right);
  const classes = new Uint8Array(count).fill(CLASS_C);
  if (total <= 0) return classes;
  // Compared as shares (before ÷ total), not against total × share: that product underflows for tiny totals.
  const aLimit = shares.aShare / 100;
  const bLimit = (shares.aShare + shares.bShare) / 100;
  let before = 0;
  for (const index of order) {
    const value = Math.max(0, values[index] ?? 0);
    if (value <= 0) break; // the rest hold nothing: C
    const share = before / total;
    classes[index] = share < aLimit ? CLASS_A : share < bLimit ? CLASS_B : CLASS_C;
    before += value;
  }
  return classes;
}

export function classLetter(code: number): ValueClass {
  const letter = VALUE_CLASSES[code];
  if (letter === undefined) throw new RangeError(`No value class ${code}`);
  return letter;
}

/** When a product counted at `lastCountedAt` is next due (null: never counted, due now). */
export function dueAt(lastCountedAt: number | null, intervalDays: number): number | null {
  return lastCountedAt === null ? null : lastCountedAt + intervalDays * DAY_MS;
}

export function isDue(lastCountedAt: number | null, intervalDays: number, now: number): boolean {
  const due = dueAt(lastCountedAt, intervalDays);
  return due === null || due <= now;
}

/** One product of a warehouse as the due list reads it. */
export interface DueCandidates {
  readonly productIds: Float64Array;
  readonly values: Float64Array;
  readonly classes: Uint8Array;
  /** Epoch ms of the last count; NaN when never counted. */
  readonly lastCountedAt: Float64Array;
}

/** Indexes (into the candidates) of the products due at `now`, most overdue first. */
export function dueOrder(candidates: DueCandidates, intervals: ClassIntervals, now: number): Uint32Array {
  return dueList(candidates, intervals, now).order;
}

export interface DueList {
  readonly order: Uint32Array;
  /** The next moment a product not due now becomes due (Infinity: none will): the order holds until then. */
  readonly validUntil: number;
}

export function dueList(candidates: DueCandidates, intervals: ClassIntervals, now: number): DueList {
  const { productIds, values, classes, lastCountedAt } = candidates;
  const intervalMs = VALUE_CLASSES.map((letter) => intervals[letter] * DAY_MS);
  const due: number[] = [];
  const overdue = new Float64Array(productIds.length);
  let validUntil = Number.POSITIVE_INFINITY;
  for (let index = 0; index < productIds.length; index += 1) {
    const last = lastCountedAt[index] ?? Number.NaN;
    const interval = intervalMs[classes[index] ?? CLASS_C] ?? Number.POSITIVE_INFINITY;
    const past = Number.isNaN(last) ? Number.POSITIVE_INFINITY : now - (last + interval);
    if (past < 0) {
      validUntil = Math.min(validUntil, last + interval);
      continue;
    }
    overdue[index] = past;
    due.push(index);
  }
  const order = Uint32Array.from(due);
  order.sort((left, right) => {
    const byOverdue = (overdue[right] ?? 0) - (overdue[left] ?? 0);
    if (byOverdue !== 0 && !Number.isNaN(byOverdue)) return byOverdue;
    // Both never counted (Infinity − Infinity is NaN) or equally overdue.
    return (
      (classes[left] ?? 0) - (classes[right] ?? 0) ||
      (values[right] ?? 0) - (values[left] ?? 0) ||
      (productIds[left] ?? 0) - (productIds[right] ?? 0)
    );
  });
  return { order, validUntil };
}

/**
 * The products a day's count should hold so every class is counted once per interval: Σ products in
 * the class ÷ its interval in days, rounded up (at least 1 when there is any product).
 */
export function naturalDailyShare(
  classCounts: Readonly<Record<ValueClass, number>>,
  intervals: ClassIntervals,
): number {
  const share = VALUE_CLASSES.reduce((sum, letter) => sum + classCounts[letter] / intervals[letter], 0);
  return share > 0 ? Math.max(1, Math.ceil(share - 1e-9)) : 0;
}
