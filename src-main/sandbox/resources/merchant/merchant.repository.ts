// Merchant reference data and warehouses: tables and queries (every row keyed by store_id).
import type { Database } from 'better-sqlite3';

export const merchantSchemaSql = `
CREATE TABLE IF NOT EXISTS merchant_profiles (
  store_id INTEGER PRIMARY KEY REFERENCES stores(id),
  name TEXT NOT NULL,
  phone TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT '',
  taxid TEXT NOT NULL DEFAULT '',
  fax TEXT NOT NULL DEFAULT '',
  website TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS merchant_references (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL REFERENCES stores(id),
  kind TEXT NOT NULL CHECK (kind IN ('saleschannel', 'paymentmethod', 'shippingchannel')),
  name TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS merchant_references_by_store ON merchant_references (store_id, kind, id);
CREATE TABLE IF NOT EXISTS warehouses (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL REFERENCES stores(id),
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  address TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  UNIQUE (store_id, code)
);
`;

export type ReferenceKind = 'saleschannel' | 'paymentmethod' | 'shippingchannel';

export interface MerchantProfileRow {
  readonly name: string;
  readonly phone: string;
  readonly email: string;
  readonly address: string;
  readonly taxid: string;
  readonly fax: string;
  readonly website: string;
}

export interface ReferenceRow {
  readonly id: number;
  readonly name: string;
}

export interface WarehouseRow {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly address: string;
}

export function readMerchantProfile(db: Database, storeId: number): MerchantProfileRow | undefined {
  return db
    .prepare<[number], MerchantProfileRow>(
      'SELECT name, phone, email, address, taxid, fax, website FROM merchant_profiles WHERE store_id = ?',
    )
    .get(storeId);
}

export function writeMerchantProfile(db: Database, storeId: number, profile: MerchantProfileRow): void {
  db.prepare(
    `INSERT INTO merchant_profiles (store_id, name, phone, email, address, taxid, fax, website)
     VALUES (@storeId, @name, @phone, @email, @address, @taxid, @fax, @website)
     ON CONFLICT (store_id) DO UPDATE SET name = excluded.name, phone = excluded.phone,
       email = excluded.email, address = excluded.address, taxid = excluded.taxid, fax = excluded.fax,
       website = excluded.website`,
  ).run({ storeId, ...profile });
}

export function countReferences(db: Database, storeId: number, kind: ReferenceKind): number {
  const row = db
    .prepare<[number, string], { total: number }>(
      'SELECT COUNT(*) AS total FROM merchant_references WHERE store_id = ? AND kind = ?',
    )
    .get(storeId, kind);
  return row?.total ?? 0;
}

/** One page of a reference list, newest first. */
export function listReferences(
  db: Database,
  storeId: number,
  kind: ReferenceKind,
  limit: number,
  offset: number,
): ReferenceRow[] {
  return db
    .prepare<[number, string, number, number], ReferenceRow>(
      `SELECT id, name FROM merchant_references WHERE store_id = ? AND kind = ?
       ORDER BY id DESC LIMIT ? OFFSET ?`,
    )
    .all(storeId, kind, limit, offset);
}

export function findReferenceByName(
  db: Database,
  storeId: number,
  kind: ReferenceKind,
  name: string,
): ReferenceRow | undefined {
  return db
    .prepare<[number, string, string], ReferenceRow>(
      'SELECT id, name FROM merchant_references WHERE store_id = ? AND kind = ? AND name = ? ORDER BY id LIMIT 1',
    )
    .get(storeId, kind, name);
}

export function findReferenceById(
  db: Database,
  storeId: number,
  kind: ReferenceKind,
  id: number,
): ReferenceRow | undefined {
  return db
    .prepare<[number, string, number], ReferenceRow>(
      'SELECT id, name FROM merchant_references WHERE store_id = ? AND kind = ? AND id = ?',
    )
    .get(storeId, kind, id);
}

export function insertReference(db: Database, storeId: number, kind: ReferenceKind, name: string): number {
  const result = db
    .prepare('INSERT INTO merchant_references (store_id, kind, name) VALUES (?, ?, ?)')
    .run(storeId, kind, name);
  return Number(result.lastInsertRowid);
}

export function countWarehouses(db: Database, storeId: number): number {
  const row = db
    .prepare<[number], { total: number }>('SELECT COUNT(*) AS total FROM warehouses WHERE store_id = ?')
    .get(storeId);
  return row?.total ?? 0;
}

/** One page of warehouses, newest first. */
export function listWarehouses(db: Database, storeId: number, limit: number, offset: number): WarehouseRow[] {
  return db
    .prepare<[number, number, number], WarehouseRow>(
      'SELECT id, code, name, address FROM warehouses WHERE store_id = ? ORDER BY id DESC LIMIT ? OFFSET ?',
    )
    .all(storeId, limit, offset);
}

/** Every warehouse of a store, oldest first (W0001 first): for handlers that spread stock. */
export function listAllWarehouses(db: Database, storeId: number): WarehouseRow[] {
  return db
    .prepare<[number], WarehouseRow>(
      'SELECT id, code, name, address FROM warehouses WHERE store_id = ? ORDER BY id',
    )
    .all(storeId);
}

export function findWarehouseByCode(db: Database, storeId: number, code: string): WarehouseRow | undefined {
  return db
    .prepare<[number, string], WarehouseRow>(
      'SELECT id, code, name, address FROM warehouses WHERE store_id = ? AND code = ?',
    )
    .get(storeId, code);
}

export function insertWarehouse(
  db: Database,
  storeId: number,
  warehouse: { code: string; name: string; address: string; createdAt: number },
): number {
  const result = db
    .prepare(
      `INSERT INTO warehouses (store_id, code, name, address, created_at)
       VALUES (@storeId, @code, @name, @address, @createdAt)`,
    )
    .run({ storeId, ...warehouse });
  return Number(result.lastInsertRowid);
}
