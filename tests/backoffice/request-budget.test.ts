import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  InMemoryRequestBudgetStore,
  RequestBudget,
  SqliteRequestBudgetStore,
  type RequestBudgetSnapshot,
  type RequestBudgetStore,
} from '../../src-main/backoffice/index.js';

// 2026-03-01 16:59:59.999 UTC is 23:59:59.999 in Bangkok; one millisecond later is the next Thai day.
const LAST_MS_OF_THAI_DAY = Date.UTC(2026, 2, 1, 16, 59, 59, 999);

const databases: Database.Database[] = [];
afterEach(() => {
  for (const db of databases.splice(0)) db.close();
});

function openDatabase(): Database.Database {
  const db = new Database(':memory:');
  databases.push(db);
  return db;
}

const stores: Array<[string, () => RequestBudgetStore]> = [
  ['in memory', () => new InMemoryRequestBudgetStore()],
  ['in SQLite', () => new SqliteRequestBudgetStore(openDatabase())],
];

describe.each(stores)('a request budget store %s', (_label, makeStore) => {
  it('counts per store and day, starting at 0', () => {
    const store = makeStore();
    expect(store.load('shop', '2026-03-01')).toBe(0);
    expect(store.add('shop', '2026-03-01', 1)).toBe(1);
    expect(store.add('shop', '2026-03-01', 4)).toBe(5);
    expect(store.add('other', '2026-03-01', 2)).toBe(2);
    expect(store.load('shop', '2026-03-01')).toBe(5);
    expect(store.load('shop', '2026-03-02')).toBe(0);
  });
});

describe('the SQLite store', () => {
  it('creates its table when missing, keeps counts across instances, and forgets old days', () => {
    const db = openDatabase();
    new SqliteRequestBudgetStore(db).add('shop', '2026-02-28', 7);
    const reopened = new SqliteRequestBudgetStore(db);
    reopened.add('shop', '2026-03-01', 3);
    expect(reopened.load('shop', '2026-02-28')).toBe(7);
    expect(reopened.forgetBefore('2026-03-01')).toBe(1);
    expect(reopened.load('shop', '2026-02-28')).toBe(0);
    expect(reopened.load('shop', '2026-03-01')).toBe(3);
    expect(() => reopened.add('shop', '2026-03-01', -1)).toThrow(RangeError);
  });
});

describe('the request budget', () => {
  it('counts on the Thai day and starts again at Thai midnight', () => {
    let now = LAST_MS_OF_THAI_DAY;
    const budget = new RequestBudget({
      store: new InMemoryRequestBudgetStore(),
      storeKey: 'shop',
      limit: 10,
      now: () => now,
    });
    expect(budget.record()).toMatchObject({ dayKey: '2026-03-01', used: 1, limit: 10, remaining: 9 });
    budget.record(2);
    now += 1;
    expect(budget.snapshot()).toMatchObject({
      dayKey: '2026-03-02',
      used: 0,
      remaining: 10,
      exhausted: false,
    });
  });

  it('is exhausted at the limit, or for the rest of the day once the server said so', () => {
    let now = LAST_MS_OF_THAI_DAY - 1_000;
    const budget = new RequestBudget({
      store: new InMemoryRequestBudgetStore(),
      storeKey: 'shop',
      limit: 2,
      now: () => now,
    });
    budget.record(2);
    expect(budget.snapshot()).toMatchObject({ used: 2, remaining: 0, exhausted: true });
    now += 2_000;
    expect(budget.snapshot().exhausted).toBe(false);
    expect(budget.markExhausted()).toMatchObject({ used: 0, exhausted: true });
    now += 24 * 60 * 60 * 1000;
    expect(budget.snapshot().exhausted).toBe(false);
  });

  it('tells subscribers about every change until they unsubscribe', () => {
    const budget = new RequestBudget({ store: new InMemoryRequestBudgetStore(), storeKey: 'shop' });
    const seen: RequestBudgetSnapshot[] = [];
    const unsubscribe = budget.subscribe((snapshot) => seen.push(snapshot));
    budget.record();
    budget.markExhausted();
    unsubscribe();
    budget.record();
    expect(seen.map((snapshot) => [snapshot.used, snapshot.exhausted])).toEqual([
      [1, false],
      [1, true],
    ]);
    expect(budget.limit).toBe(50_000);
  });

  it('keeps counting in memory when the store fails, and reports the error', () => {
    const errors: unknown[] = [];
    const broken: RequestBudgetStore = {
      load: () => 0,
      add: () => {
        throw new Error('database is locked');
      },
    };
    const budget = new RequestBudget({
      store: broken,
      storeKey: 'shop',
      onStoreError: (e) => errors.push(e),
    });
    budget.record();
    expect(budget.record().used).toBe(2);
    expect(budget.snapshot().used).toBe(2);
    expect(errors).toHaveLength(2);
  });

  it('survives a listener that throws', () => {
    const errors: unknown[] = [];
    const budget = new RequestBudget({
      store: new InMemoryRequestBudgetStore(),
      storeKey: 'shop',
      onStoreError: (error) => errors.push(error),
    });
    budget.subscribe(() => {
      throw new Error('window closed');
    });
    expect(budget.record().used).toBe(1);
    expect(errors).toHaveLength(1);
  });
});
