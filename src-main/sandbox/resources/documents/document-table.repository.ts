// The single-record statements every document header table needs (quotations, return purchase
// orders): insert by a fixed column list, find, the id-or-number lookups and touching updated_at.
import type { Database } from 'better-sqlite3';
import { pickColumns } from '../shared/columns.js';

export interface DocumentTable<New, Row> {
  /** Writes a new record of the store; its id. */
  insert(db: Database, storeId: number, record: New): number;
  /** The record as every read returns it. */
  find(db: Database, storeId: number, id: number): Row | undefined;
  idExists(db: Database, storeId: number, id: number): boolean;
  /** The newest record (highest id) with this number: numbers are not unique in real stores. */
  newestIdByNumber(db: Database, storeId: number, number: string): number | undefined;
  /** Marks a change that does not touch the header (payment, tag) on updatedatetime. */
  touch(db: Database, storeId: number, id: number, updatedAt: number): void;
}

export interface DocumentTableSpec<New> {
  readonly table: string;
  /** Every column a new record is written with: a fixed list, so no caller's extra key reaches the SQL. */
  readonly insertColumns: readonly (keyof New & string)[];
  /** The store's records as every read sees them; its one `?` is the store id. */
  readonly rowsOfStore: string;
}

export function documentTable<New, Row>({
  table,
  insertColumns,
  rowsOfStore,
}: DocumentTableSpec<New>): DocumentTable<New, Row> {
  const insertSql = `INSERT INTO ${table} (store_id, ${insertColumns.join(', ')})
  VALUES (@storeId, ${insertColumns.map((column) => `@${column}`).join(', ')})`;
  return {
    insert: (db, storeId, record) =>
      Number(db.prepare(insertSql).run({ storeId, ...pickColumns(record, insertColumns) }).lastInsertRowid),

    find: (db, storeId, id) =>
      db.prepare<[number, number], Row>(`SELECT * FROM (${rowsOfStore}) WHERE id = ?`).get(storeId, id),

    idExists: (db, storeId, id) =>
      db
        .prepare<[number, number], { id: number }>(`SELECT id FROM ${table} WHERE store_id = ? AND id = ?`)
        .get(storeId, id) !== undefined,

    newestIdByNumber: (db, storeId, number) =>
      db
        .prepare<[number, string], { id: number }>(
          `SELECT id FROM ${table} WHERE store_id = ? AND number = ? ORDER BY id DESC LIMIT 1`,
        )
        .get(storeId, number)?.id,

    touch: (db, storeId, id, updatedAt) => {
      db.prepare(`UPDATE ${table} SET updated_at = ? WHERE store_id = ? AND id = ?`).run(
        updatedAt,
        storeId,
        id,
      );
    },
  };
}
