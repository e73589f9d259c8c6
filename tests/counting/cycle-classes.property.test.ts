// The two pure rules of cycle counting (src-main/counting/cycle-classes.ts): value classes and due dates.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLASS_A,
  CLASS_B,
  CLASS_C,
  classifyByValue,
  dueOrder,
  isDue,
  naturalDailyShare,
} from '../../src-main/counting/cycle-classes.js';
import { DAY_MS } from '../../src-shared/time/index.js';

const DEFAULT_SHARES = { aShare: 80, bShare: 15 };
const INTERVALS = { A: 30, B: 91, C: 365 };
const NOW = Date.UTC(2026, 11, 2, 5, 0, 0);

const valuesArb = fc.array(fc.oneof(fc.constant(0), fc.double({ min: -50, max: 1e6, noNaN: true })), {
  maxLength: 300,
});
const sharesArb = fc
  .tuple(fc.double({ min: 0.5, max: 99.5, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([aShare, fraction]) => ({ aShare, bShare: (100 - aShare) * fraction }));

describe('value classes', () => {
  it('give every product exactly one class, A holding the most valuable and C every product of no value', () => {
    fc.assert(
      fc.property(valuesArb, sharesArb, (list, shares) => {
        const values = Float64Array.from(list);
        const classes = classifyByValue(values, shares);
        expect(classes.length).toBe(values.length);
        for (const code of classes) expect([CLASS_A, CLASS_B, CLASS_C]).toContain(code);
        // Monotone: a more valuable product is never in a lower class than a less valuable one.
        list.forEach((value, index) => {
          if (value <= 0) expect(classes[index]).toBe(CLASS_C);
          list.forEach((other, otherIndex) => {
            if (value > other) expect(classes[index] ?? 9).toBeLessThanOrEqual(classes[otherIndex] ?? 9);
          });
        });
        // The most valuable product is A whenever anything holds value.
        const best = list.reduce((top, value, index) => (value > (list[top] ?? 0) ? index : top), 0);
        if ((list[best] ?? 0) > 0) expect(classes[best]).toBe(CLASS_A);
      }),
      { numRuns: 200 },
    );
  });

  it('put the products holding the top 80 % of value in A and the next 15 % in B', () => {
    // 100 + 60 + 20 + 10 + 5 + 5 = 200: A takes what starts under 160 (100, 60), B under 190 (20, 10).
    const classes = classifyByValue(Float64Array.from([5, 100, 20, 60, 10, 5]), DEFAULT_SHARES);
    expect(Array.from(classes)).toEqual([CLASS_C, CLASS_A, CLASS_B, CLASS_A, CLASS_B, CLASS_C]);
    // Shares are the store's: 50 / 30 takes only 100 into A.
    const other = classifyByValue(Float64Array.from([5, 100, 20, 60, 10, 5]), { aShare: 50, bShare: 30 });
    expect(Array.from(other)).toEqual([CLASS_C, CLASS_A, CLASS_C, CLASS_B, CLASS_C, CLASS_C]);
  });

  it('make everything C when nothing holds value', () => {
    expect(Array.from(classifyByValue(Float64Array.from([0, -3, 0]), DEFAULT_SHARES))).toEqual([2, 2, 2]);
  });
});

describe('due dates', () => {
  const productArb = fc.record({
    value: fc.double({ min: 0, max: 1e5, noNaN: true }),
    // Never counted, counted any time in the last three years, or today (Thai day or the last hours).
    last: fc.oneof(
      fc.constant(Number.NaN),
      fc.integer({ min: NOW - 3 * 365 * DAY_MS, max: NOW }),
      fc.integer({ min: NOW - DAY_MS + 1, max: NOW }),
    ),
  });
  const intervalsArb = fc.record({
    A: fc.integer({ min: 1, max: 3650 }),
    B: fc.integer({ min: 1, max: 3650 }),
    C: fc.integer({ min: 1, max: 3650 }),
  });

  it('never list a product counted today, and list every product past its interval, most overdue first', () => {
    fc.assert(
      fc.property(
        fc.array(productArb, { maxLength: 200 }),
        intervalsArb,
        sharesArb,
        (products, intervals, shares) => {
          const values = Float64Array.from(products, (product) => product.value);
          const classes = classifyByValue(values, shares);
          const candidates = {
            productIds: Float64Array.from(products, (_, index) => index + 1),
            values,
            classes,
            lastCountedAt: Float64Array.from(products, (product) => product.last),
          };
          const order = Array.from(dueOrder(candidates, intervals, NOW));
          const listed = new Set(order);
          products.forEach((product, index) => {
            const letter = (['A', 'B', 'C'] as const)[classes[index] ?? 2] ?? 'C';
            const countedToday = !Number.isNaN(product.last) && NOW - product.last < DAY_MS;
            if (countedToday) expect(listed.has(index)).toBe(false);
            const last = Number.isNaN(product.last) ? null : product.last;
            expect(listed.has(index)).toBe(isDue(last, intervals[letter], NOW));
          });
          // Never-counted first; then the longer past due first.
          const overdue = (index: number) => {
            const last = products[index]?.last ?? Number.NaN;
            const letter = (['A', 'B', 'C'] as const)[classes[index] ?? 2] ?? 'C';
            return Number.isNaN(last) ? Number.POSITIVE_INFINITY : NOW - last - intervals[letter] * DAY_MS;
          };
          for (let position = 1; position < order.length; position += 1) {
            expect(overdue(order[position - 1] ?? 0)).toBeGreaterThanOrEqual(overdue(order[position] ?? 0));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('is due exactly when the interval has passed', () => {
    expect(isDue(null, 30, NOW)).toBe(true);
    expect(isDue(NOW - 30 * DAY_MS + 1, 30, NOW)).toBe(false);
    expect(isDue(NOW - 30 * DAY_MS, 30, NOW)).toBe(true);
  });

  it('order never-counted products A before B before C, then by value', () => {
    const candidates = {
      productIds: Float64Array.from([1, 2, 3, 4]),
      values: Float64Array.from([1, 50, 30, 2]),
      classes: Uint8Array.from([CLASS_C, CLASS_A, CLASS_A, CLASS_B]),
      lastCountedAt: Float64Array.from([Number.NaN, Number.NaN, Number.NaN, NOW - 400 * DAY_MS]),
    };
    expect(Array.from(dueOrder(candidates, INTERVALS, NOW))).toEqual([1, 2, 0, 3]);
  });

  it('share a day so every class is counted once per interval', () => {
    expect(naturalDailyShare({ A: 300, B: 910, C: 3650 }, INTERVALS)).toBe(30);
    expect(naturalDailyShare({ A: 1, B: 0, C: 0 }, INTERVALS)).toBe(1);
    expect(naturalDailyShare({ A: 0, B: 0, C: 0 }, INTERVALS)).toBe(0);
  });
});
