import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../src-main/db/database.js';
import { migrate, schemaVersion } from '../../../src-main/db/migrate.js';
import { catalogueMigration } from '../../../src-main/db/migrations/0001-catalogue.js';

const tables = [
  'products',
  'product_stock',
  'product_search',
  'bundles',
  'bundle_items',
  'contacts',
  'categories',
  'variations',
  'variation_variants',
  'warehouses',
  'payment_methods',
  'sales_channels',
  'shipping_channels',
  'merchant_profile',
];
const indexes = [
  'products_by_barcode',
  'products_by_sku',
  'product_stock_by_product',
  'bundles_by_sku',
  'bundle_items_by_product',
  'contacts_by_code',
  'warehouses_by_code',
];

function names(db: Database.Database, type: string): string[] {
  return db
    .prepare<[string], string>('SELECT name FROM sqlite_master WHERE type = ? ORDER BY name')
    .pluck()
    .all(type);
}

function expectCatalogueSchema(db: Database.Database): void {
  expect(names(db, 'table')).toEqual(expect.arrayContaining(tables));
  expect(names(db, 'index')).toEqual(expect.arrayContaining(indexes));
  const search = db
    .prepare<[], string>("SELECT sql FROM sqlite_master WHERE name = 'product_search'")
    .pluck()
    .get();
  expect(search).toMatch(/content = 'products'/);
  expect(search).toMatch(/prefix = '1 2 3'/);
  const rank = db.prepare<[], string>("SELECT v FROM product_search_config WHERE k = 'rank'").pluck().get();
  expect(rank).toBe('bm25(4.0, 3.0, 3.0, 1.0)');
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
}

describe('migration 0001-catalogue', () => {
  let folder: string;
  let file: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'stockroom-catalogue-migration-'));
    file = join(folder, 'store.sqlite');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('creates every catalogue table and index, and the search ranking, on a fresh file', () => {
    const db = openDatabase(file);
    expectCatalogueSchema(db);
    db.close();
  });

  it('brings a file at version 0 (created by an earlier start that stopped before migrating) to version 1', () => {
    const empty = new Database(file);
    empty.exec('CREATE TABLE left_by_someone (x)');
    expect(schemaVersion(empty)).toBe(0);
    const report = migrate(empty, [catalogueMigration]);
    expect(report).toEqual({ from: 0, to: 1, applied: ['0001-catalogue'] });
    expectCatalogueSchema(empty);
    empty.close();
  });

  it('uses the indexes for scanned-code lookups (no table scan on the scan path)', () => {
    const db = openDatabase(file);
    const plan = (sql: string): string =>
      db
        .prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
        .all()
        .map((row) => row.detail)
        .join('; ');
    expect(plan("SELECT id FROM products WHERE barcode_key = 'x' ORDER BY active DESC, id LIMIT 1")).toMatch(
      /USING (COVERING )?INDEX products_by_barcode/,
    );
    expect(plan("SELECT id FROM products WHERE sku = 'x' ORDER BY active DESC, id LIMIT 1")).toMatch(
      /USING (COVERING )?INDEX products_by_sku/,
    );
    expect(
      plan("SELECT id FROM products WHERE barcode_key = 'x' ORDER BY active DESC, id LIMIT 1"),
    ).not.toMatch(/TEMP B-TREE/);
    db.close();
  });
});
