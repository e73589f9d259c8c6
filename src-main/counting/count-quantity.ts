// Quantities as the back office keeps them: Doubles to 6 decimal places (0.1 + 0.2 is 0.3).
import { invalidInput } from './counting-errors.js';

const QUANTITY_SCALE = 1e6;

export function roundQuantity(value: number): number {
  return Math.round(value * QUANTITY_SCALE) / QUANTITY_SCALE || 0;
}

/** A finite quantity, rounded; `allowed` says which signs make sense for the call. */
export function checkedQuantity(value: number, allowed: 'positive' | 'nonNegative' | 'nonZero'): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw invalidInput(`The quantity must be a number (got ${String(value)})`);
  }
  const quantity = roundQuantity(value);
  const fits =
    allowed === 'positive' ? quantity > 0 : allowed === 'nonNegative' ? quantity >= 0 : quantity !== 0;
  if (!fits) {
    const wanted = { positive: 'above 0', nonNegative: '0 or more', nonZero: 'other than 0' }[allowed];
    throw invalidInput(`The quantity must be ${wanted} (got ${String(value)})`);
  }
  return quantity;
}

const MAX_COUNTER_NAME = 100;

/** A counter's name, trimmed; every event carries it and each counter undoes only their own events. */
export function checkedCounter(counter: string): string {
  const name = typeof counter === 'string' ? counter.trim() : '';
  if (name === '') throw invalidInput('Say who is counting: the counter name is blank');
  if (name.length > MAX_COUNTER_NAME) {
    throw invalidInput(`The counter name is longer than ${MAX_COUNTER_NAME} characters`);
  }
  return name;
}
