import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveDrift } from '../../src-main/outbox/core/drift.js';
import { enqueueStockChange, enqueueStockCount } from '../../src-main/outbox/enqueue.js';
import { effectiveStock, pendingStock } from '../../src-main/outbox/local-view.js';
import { createTempDatabase, type TempDatabase } from './support/temp-database.js';

describe('drift policy', () => {
  it('sends the counted figure when nothing moved, whatever the policy', () => {
    for (const policy of ['keepDifference', 'keepCounted', 'ask'] as const) {
      expect(resolveDrift(policy, { counted: 4, countedAgainst: 9, current: 9 })).toEqual({
        kind: 'send',
        target: 4,
        drift: 0,
      });
    }
  });

  it('keeps the movements since counting, the counted figure, or asks', () => {
    const figures = { counted: 10, countedAgainst: 12, current: 9 };
    expect(resolveDrift('keepDifference', figures)).toEqual({ kind: 'send', target: 7, drift: -3 });
    expect(resolveDrift('keepCounted', figures)).toEqual({ kind: 'send', target: 10, drift: -3 });
    expect(resolveDrift('ask', figures)).toEqual({ kind: 'ask', reason: 'drift', drift: -3 });
  });

  it('asks when keeping the difference would go below zero, and ignores float noise', () => {
    expect(resolveDrift('keepDifference', { counted: 1, countedAgainst: 5, current: 2 })).toMatchObject({
      kind: 'ask',
      reason: 'negativeTarget',
    });
    expect(resolveDrift('ask', { counted: 1, countedAgainst: 0.3, current: 0.1 + 0.2 })).toMatchObject({
      kind: 'send',
      target: 1,
    });
  });
});

describe('local view', () => {
  let temp: TempDatabase;
  beforeEach(() => {
    temp = createTempDatabase();
  });
  afterEach(() => temp.close());

  const change = (
    change: 'set' | 'increase' | 'decrease' | 'setAvailable',
    productId: number,
    value: number,
  ) =>
    enqueueStockChange(temp.db, {
      warehouseCode: 'W0001',
      change,
      lines: [{ productId, sku: `P${productId}`, value }],
    });

  it('folds the last absolute and the deltas after it, per product and warehouse', () => {
    change('increase', 1, 2);
    change('set', 1, 10);
    change('decrease', 1, 3);
    change('increase', 1, 0.5);
    change('increase', 2, 4);
    change('setAvailable', 3, 8);
    enqueueStockChange(temp.db, {
      warehouseCode: 'W0002',
      change: 'set',
      lines: [{ productId: 2, sku: 'P2', value: 50 }],
    });
    const view = pendingStock(temp.db, 'W0001', [1, 2, 3, 4]);
    expect(view.get(1)).toEqual({ absolute: 10, delta: -2.5 });
    expect(view.get(2)).toEqual({ delta: 4 });
    expect(view.has(3)).toBe(false);
    expect(view.has(4)).toBe(false);
    expect(effectiveStock(100, view.get(1))).toBe(7.5);
    expect(effectiveStock(100, view.get(2))).toBe(104);
    expect(effectiveStock(100, undefined)).toBe(100);
  });

  it('shows counts by policy and leaves out what is done or discarded', () => {
    enqueueStockCount(temp.db, {
      sessionId: 's',
      warehouseCode: 'W0001',
      policy: 'keepDifference',
      lines: [{ productId: 1, sku: 'P1', counted: 8, countedAgainst: 10 }],
    });
    enqueueStockCount(temp.db, {
      sessionId: 's',
      warehouseCode: 'W0001',
      policy: 'keepCounted',
      lines: [{ productId: 2, sku: 'P2', counted: 8, countedAgainst: 10 }],
    });
    const [done] = change('increase', 3, 5).operationIds;
    temp.db.prepare(`UPDATE outbox_operations SET state = 'done' WHERE id = ?`).run(done);
    const view = pendingStock(temp.db, 'W0001', [1, 2, 3]);
    expect(view.get(1)).toEqual({ delta: -2 });
    expect(view.get(2)).toEqual({ absolute: 8, delta: 0 });
    expect(view.has(3)).toBe(false);
  });

  it('reads the open stock lines through the partial index', () => {
    const plan = temp.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT product_id FROM outbox_operations
          WHERE warehouse_code = ? AND product_id IN (SELECT value FROM json_each(?))
            AND state NOT IN ('done', 'discarded') ORDER BY id`,
      )
      .all('W0001', '[1]') as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join('\n')).toMatch(/outbox_open_stock/);
  });
});
