// Runs a table of list filters twice, before and after the test's records are created, and compares
// the difference: exact whatever records the store was seeded with.
import { expect } from 'vitest';
import type { EndpointName } from '../../../../src-shared/api/endpoints/index.js';
import type { QueryValues } from '../../../support/sandbox-harness.js';
import type { DocumentsSandbox } from './documents-sandbox.js';

export interface ListCase {
  readonly name: string;
  readonly query?: QueryValues;
  readonly headers?: Readonly<Record<string, string>>;
  /** Keys (see `keyOf`) of the test's records expected to match, newest first. */
  readonly expected: readonly string[];
}

export interface ListSnapshot {
  readonly count: number;
  readonly ids: readonly number[];
  readonly totals: Readonly<Record<string, number>>;
}

const TOTAL_NAMES = ['totalAmount', 'totalPaymentAmount'] as const;

export async function snapshot(
  s: DocumentsSandbox,
  endpoint: EndpointName,
  listCase: ListCase,
): Promise<ListSnapshot> {
  const body = await s.ok(endpoint, {
    query: { limit: 500, ...listCase.query },
    ...(listCase.headers ? { headers: listCase.headers } : {}),
  });
  const totals: Record<string, number> = {};
  for (const name of TOTAL_NAMES) if (typeof body[name] === 'number') totals[name] = body[name];
  return {
    count: body['count'] as number,
    ids: (body['list'] as { id: number }[]).map((item) => item.id),
    totals,
  };
}

/**
 * Checks one case: the new matches are exactly `expected` (newest first), count grew by their number
 * and each total by their sum.
 */
export function expectDifference(
  listCase: ListCase,
  before: ListSnapshot,
  after: ListSnapshot,
  records: ReadonlyMap<string, { id: number; amount: number; paymentamount: number }>,
): void {
  const known = new Set([...records.values()].map((record) => record.id));
  const mine = after.ids.filter((id) => known.has(id) && !before.ids.includes(id));
  const expected = listCase.expected.map((key) => {
    const record = records.get(key);
    if (!record) throw new Error(`No record ${key}`);
    return record;
  });
  expect(mine, listCase.name).toEqual(expected.map((record) => record.id));
  expect(after.count - before.count, `${listCase.name}: count`).toBe(expected.length);
  const sums = {
    totalAmount: expected.reduce((sum, record) => sum + record.amount, 0),
    totalPaymentAmount: expected.reduce((sum, record) => sum + record.paymentamount, 0),
  };
  for (const [name, value] of Object.entries(after.totals)) {
    const grown = (value - (before.totals[name] ?? 0)).toFixed(2);
    expect(grown, `${listCase.name}: ${name}`).toBe(sums[name as keyof typeof sums].toFixed(2));
  }
}
