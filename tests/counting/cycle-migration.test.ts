// Migration 0021: sessions committed before it leave their trace (history with classes, last count),
// open and discarded ones none, and the recount a commit sent is the figure recorded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { classifyByValue, classLetter } from '../../src-main/counting/cycle-classes.js';
import { migrate, schemaVersion } from '../../src-main/db/migrate.js';
import { migrations } from '../../src-main/db/migrations/index.js';

describe('migration 0021-cycle-counting', () => {
  let folder: string;
  let db: Database.Database;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'stockroom-cycle-migration-'));
    db = new Database(join(folder, 'store.sqlite'));
  });
  afterEach(() => {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('backfills the history and last counts of committed sessions', () => {
    migrate(db, migrations.slice(0, 20));
    const product = db.prepare(
      `INSERT INTO products (id, sku, name, purchaseprice, record_json, synced_at) VALUES (?, ?, '', ?, '{}', 0)`,
    );
    const stock = db.prepare(
      `INSERT INTO product_stock (product_id, warehouse_code, stock, availablestock, synced_at) VALUES (?, 'W1', ?, ?, 0)`,
    );
    // Values 900, 80, 20: A = 1, B = 2, C = 3.
    for (const [id, price, units] of [
      [1, 9, 100],
      [2, 8, 10],
      [3, 2, 10],
    ] as const) {
      product.run(id, `P${id}`, price);
      stock.run(id, units, units);
    }
    const session = db.prepare(
      `INSERT INTO count_sessions (id, name, warehouse_code, blind, drift_policy, state, created_at, closed_at)
       VALUES (?, ?, 'W1', 0, 'ask', ?, 1, ?)`,
    );
    session.run('old', 'old', 'committed', 1000);
    session.run('new', 'new', 'committed', 2000);
    session.run('open', 'open', 'open', null);
    session.run('gone', 'gone', 'discarded', 3000);
    const line = db.prepare(
      `INSERT INTO count_lines (session_id, kind, product_id, sku, purchase_price, counted_against, counted,
         live_events, first_at, last_at, recount_requested_at, recounted, recount_use)
       VALUES (?, 'product', ?, ?, 5, ?, ?, ?, 1, 1, ?, ?, ?)`,
    );
    line.run('old', 1, 'P1', 100, 100, 1, null, null, null);
    line.run('old', 2, 'P2', 10, 9, 1, 5, 10, 'recount'); // the recount was sent
    line.run('old', 3, 'P3', 10, 0, 0, null, null, null); // every event undone: not counted
    line.run('new', 1, 'P1', 100, 99, 1, null, null, null);
    line.run('open', 3, 'P3', 10, 10, 1, null, null, null);
    line.run('gone', 3, 'P3', 10, 10, 1, null, null, null);

    expect(migrate(db, migrations).applied).toContain('0021-cycle-counting');
    expect(schemaVersion(db)).toBe(migrations.length);
    expect(
      db
        .prepare(
          `SELECT session_id, product_id, counted_at, counted, counted_against, purchase_price, value_class
             FROM count_history ORDER BY session_id, product_id`,
        )
        .raw()
        .all(),
    ).toEqual([
      ['new', 1, 2000, 99, 100, 5, 'A'],
      ['old', 1, 1000, 100, 100, 5, 'A'],
      ['old', 2, 1000, 10, 10, 5, 'B'],
    ]);
    expect(
      db
        .prepare(
          'SELECT warehouse_code, product_id, counted_at, session_id FROM count_last_counted ORDER BY product_id',
        )
        .raw()
        .all(),
    ).toEqual([
      ['W1', 1, 2000, 'new'],
      ['W1', 2, 1000, 'old'],
    ]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('classes the backfill as the commit does (classifyByValue, default shares)', () => {
    const productsArb = fc.array(
      fc.record({ stock: fc.integer({ min: -5, max: 200 }), price: fc.integer({ min: 0, max: 500 }) }),
      { minLength: 1, maxLength: 40 },
    );
    fc.assert(
      fc.property(productsArb, (products) => {
        const memory = new Database(':memory:');
        try {
          migrate(memory, migrations.slice(0, 20));
          memory
            .prepare(
              `INSERT INTO count_sessions (id, name, warehouse_code, blind, drift_policy, state, created_at, closed_at)
               VALUES ('s', 's', 'W1', 0, 'ask', 'committed', 1, 2)`,
            )
            .run();
          products.forEach(({ stock, price }, index) => {
            const id = index + 1;
            memory
              .prepare(
                `INSERT INTO products (id, sku, purchaseprice, record_json, synced_at) VALUES (?, ?, ?, '{}', 0)`,
              )
              .run(id, `P${id}`, price);
            memory
              .prepare(
                `INSERT INTO product_stock (product_id, warehouse_code, stock, availablestock, synced_at)
                 VALUES (?, 'W1', ?, ?, 0)`,
              )
              .run(id, stock, stock);
            memory
              .prepare(
                `INSERT INTO count_lines (session_id, kind, product_id, sku, counted_against, counted, live_events, first_at, last_at)
                 VALUES ('s', 'product', ?, ?, 0, 1, 1, 1, 1)`,
              )
              .run(id, `P${id}`);
          });
          migrate(memory, migrations);
          const recorded = memory
            .prepare<[], string>('SELECT value_class FROM count_history ORDER BY product_id')
            .pluck()
            .all();
          const values = Float64Array.from(products, ({ stock, price }) => Math.max(stock, 0) * price);
          expect(recorded).toEqual(
            Array.from(classifyByValue(values, { aShare: 80, bShare: 15 }), (code) => classLetter(code)),
          );
        } finally {
          memory.close();
        }
      }),
      { numRuns: 30 },
    );
  });
});
