// Person actions on parked rows (retry, edit, discard) and the outbox schema's own guarantees, on a
// real file without a server.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  actionsOf,
  discardParked,
  editParkedValue,
  enqueueIncome,
  enqueueStockChange,
  listParked,
  ParkedActionError,
  pendingStock,
  retryParked,
} from '../../src-main/outbox/index.js';
import { settleRow } from '../../src-main/outbox/drain.repository.js';
import { createTempDatabase, type TempDatabase } from './support/temp-database.js';

describe('person actions on parked rows', () => {
  let temp: TempDatabase;
  beforeEach(() => {
    temp = createTempDatabase();
  });
  afterEach(() => temp.close());

  function parkedIncrease(value: number): number {
    const [id] = enqueueStockChange(temp.db, {
      warehouseCode: 'W0001',
      change: 'increase',
      lines: [{ productId: 1, sku: 'P1', value }],
    }).operationIds;
    settleRow(temp.db, id ?? 0, { state: 'parked', code: 'LINE_REFUSED', text: 'refused' }, 1);
    return id ?? 0;
  }

  const stateOf = (id: number) =>
    temp.db
      .prepare<[number], { state: string; value: number }>(
        'SELECT state, value FROM outbox_operations WHERE id = ?',
      )
      .get(id);

  it('lists parked rows with their reason, and acts only on parked rows', () => {
    const id = parkedIncrease(3);
    expect(listParked(temp.db)).toMatchObject([
      { id, reasonCode: 'LINE_REFUSED', reasonText: 'refused', value: 3 },
    ]);
    retryParked(temp.db, id);
    expect(stateOf(id)).toMatchObject({ state: 'pending' });
    expect(() => retryParked(temp.db, id)).toThrow(ParkedActionError);
    expect(() => discardParked(temp.db, 999)).toThrow(/No outbox operation 999/);
  });

  it('edits a stock line’s figure and records what was changed and why it was parked', () => {
    const id = parkedIncrease(3);
    editParkedValue(temp.db, id, 2);
    expect(stateOf(id)).toEqual({ state: 'pending', value: 2 });
    const [action] = actionsOf(temp.db, id);
    expect(action?.action).toBe('edit');
    expect(JSON.parse(action?.detail ?? '{}')).toEqual({
      parkedFor: { code: 'LINE_REFUSED', text: 'refused' },
      note: 'value 3 → 2',
    });
    expect(() => editParkedValue(temp.db, id, -1)).toThrow(/≥ 0/);
  });

  it('discards into history: no longer in the local view, never sent, still stored', () => {
    const id = parkedIncrease(4);
    expect(pendingStock(temp.db, 'W0001', [1]).get(1)).toEqual({ delta: 4 });
    discardParked(temp.db, id, 'counted wrong');
    expect(stateOf(id)).toMatchObject({ state: 'discarded' });
    expect(pendingStock(temp.db, 'W0001', [1]).has(1)).toBe(false);
    expect(actionsOf(temp.db, id)[0]).toMatchObject({ action: 'discard' });
  });

  it('refuses to edit an income (it has no figure) or to give a drift policy to a stock change', () => {
    const { operationId } = enqueueIncome(temp.db, { body: { amount: 1 } });
    settleRow(temp.db, operationId, { state: 'parked', code: 'X', text: 'x' }, 1);
    expect(() => editParkedValue(temp.db, operationId, 1)).toThrow(/no figure/);
    const id = parkedIncrease(1);
    expect(() => retryParked(temp.db, id, { policy: 'keepCounted' })).toThrow(/Only count lines/);
  });
});

describe('the outbox schema', () => {
  let temp: TempDatabase;
  beforeEach(() => {
    temp = createTempDatabase();
  });
  afterEach(() => temp.close());

  it('refuses unknown states and a second lease or control row', () => {
    const { operationIds } = enqueueStockChange(temp.db, {
      warehouseCode: 'W0001',
      change: 'set',
      lines: [{ productId: 1, sku: 'P1', value: 1 }],
    });
    expect(() =>
      temp.db.prepare(`UPDATE outbox_operations SET state = 'lost' WHERE id = ?`).run(operationIds[0]),
    ).toThrow(/CHECK constraint/);
    expect(() => temp.db.prepare('INSERT INTO outbox_lease (id) VALUES (2)').run()).toThrow(
      /CHECK constraint/,
    );
    expect(() => temp.db.prepare('INSERT INTO outbox_control (id) VALUES (2)').run()).toThrow(
      /CHECK constraint/,
    );
  });

  it('keeps each uniquenumber once', () => {
    const { uniquenumber } = enqueueIncome(temp.db, { body: { amount: 1 } });
    expect(() =>
      temp.db
        .prepare(
          `INSERT INTO outbox_operations (kind, order_key, batch_key, unique_number, created_at, updated_at)
           VALUES ('income', 'k', 'k', ?, 0, 0)`,
        )
        .run(uniquenumber),
    ).toThrow(/UNIQUE constraint/);
  });
});
