import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  enqueueIncome,
  enqueueStockChange,
  enqueueStockCount,
  OutboxInputError,
} from '../../src-main/outbox/enqueue.js';
import { createTempDatabase, type TempDatabase } from './support/temp-database.js';

interface Row {
  id: number;
  kind: string;
  state: string;
  change: string | null;
  value: number | null;
  counted_against: number | null;
  policy: string | null;
  unique_number: string | null;
  payload: string | null;
}

describe('enqueue', () => {
  let temp: TempDatabase;
  beforeEach(() => {
    temp = createTempDatabase();
  });
  afterEach(() => temp.close());

  const rows = () => temp.db.prepare<[], Row>('SELECT * FROM outbox_operations ORDER BY id').all();

  it('stores one pending row per count line with the figure it was counted against', () => {
    const { operationIds } = enqueueStockCount(temp.db, {
      sessionId: 's1',
      warehouseCode: 'W0001',
      policy: 'ask',
      lines: [
        { productId: 1, sku: 'A', counted: 5, countedAgainst: 7 },
        { productId: 2, sku: 'B', counted: 0, countedAgainst: 3 },
      ],
    });
    expect(operationIds).toHaveLength(2);
    expect(rows()).toMatchObject([
      {
        id: operationIds[0],
        kind: 'stockCount',
        state: 'pending',
        change: 'count',
        value: 5,
        counted_against: 7,
        policy: 'ask',
      },
      { id: operationIds[1], kind: 'stockCount', state: 'pending', value: 0, counted_against: 3 },
    ]);
  });

  it('commits or rolls back with the caller transaction', () => {
    temp.db.exec('CREATE TABLE local_change (note TEXT)');
    const write = temp.db.transaction((fail: boolean) => {
      temp.db.prepare('INSERT INTO local_change VALUES (?)').run('moved');
      enqueueStockChange(temp.db, {
        warehouseCode: 'W0001',
        change: 'increase',
        lines: [{ productId: 3, sku: 'C', value: 2 }],
      });
      if (fail) throw new Error('the caller changed its mind');
    });
    expect(() => write(true)).toThrow('changed its mind');
    expect(rows()).toHaveLength(0);
    expect(temp.db.prepare('SELECT count(*) AS n FROM local_change').get()).toEqual({ n: 0 });
    write(false);
    expect(rows()).toHaveLength(1);
    expect(temp.db.prepare('SELECT count(*) AS n FROM local_change').get()).toEqual({ n: 1 });
  });

  it('gives every income its own uniquenumber, stored with the body', () => {
    const body = {
      amount: 107,
      paymentmethod: 'Cash',
      paymentamount: 107,
      list: [{ name: 'Fee', totalprice: 107 }],
    };
    const first = enqueueIncome(temp.db, { body });
    const second = enqueueIncome(temp.db, { body });
    expect(first.uniquenumber).toMatch(/^[0-9a-f]{32}$/);
    expect(second.uniquenumber).not.toBe(first.uniquenumber);
    const stored = rows();
    expect(stored.map((row) => row.unique_number)).toEqual([first.uniquenumber, second.uniquenumber]);
    expect(JSON.parse(stored[0]?.payload ?? '')).toEqual(body);
  });

  it('refuses bad input before storing anything', () => {
    const line = { productId: 1, sku: 'A', value: -1 };
    expect(() =>
      enqueueStockChange(temp.db, { warehouseCode: 'W0001', change: 'set', lines: [line] }),
    ).toThrow(OutboxInputError);
    expect(() =>
      enqueueStockChange(temp.db, { warehouseCode: ' ', change: 'set', lines: [{ ...line, value: 1 }] }),
    ).toThrow(/warehouse/);
    expect(() =>
      enqueueStockChange(temp.db, {
        warehouseCode: 'W1',
        change: 'set',
        lines: [{ productId: 0, sku: '', value: 1 }],
      }),
    ).toThrow(/productId or a sku/);
    expect(() => enqueueIncome(temp.db, { body: { amount: 5, paymentamount: 5 } })).toThrow(/Income refused/);
    expect(rows()).toHaveLength(0);
  });
});
