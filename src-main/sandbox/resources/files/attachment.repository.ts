// Files attached to orders, purchase orders and quotations (bytes kept in SQLite), and the two minimal
// parent tables the sandbox needs because orders and purchase orders have no endpoints of their own.
import type { Database } from 'better-sqlite3';

export type AttachmentParentKind = 'order' | 'purchaseOrder' | 'quotation';

/** The parents this module owns; quotations belong to the documents module. */
export type OwnedParentKind = Exclude<AttachmentParentKind, 'quotation'>;

export const attachmentSchemaSql = `
CREATE TABLE IF NOT EXISTS orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  store_id INTEGER NOT NULL,
  number TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS orders_by_number ON orders (store_id, number);
CREATE TABLE IF NOT EXISTS purchase_orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  store_id INTEGER NOT NULL,
  number TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS purchase_orders_by_number ON purchase_orders (store_id, number);
CREATE TABLE IF NOT EXISTS attachments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  store_id INTEGER NOT NULL,
  parent_kind TEXT NOT NULL CHECK (parent_kind IN ('order', 'purchaseOrder', 'quotation')),
  parent_id INTEGER NOT NULL,
  file_name TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  data BLOB NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS attachments_by_parent ON attachments (store_id, parent_kind, parent_id);`;

/** Table names by kind: fixed strings, never from a request. */
const parentTables: Readonly<Record<OwnedParentKind, string>> = {
  order: 'orders',
  purchaseOrder: 'purchase_orders',
};

export interface ParentRow {
  readonly id: number;
  readonly number: string;
}

export function findParentById(
  db: Database,
  storeId: number,
  kind: OwnedParentKind,
  id: number,
): ParentRow | undefined {
  return db
    .prepare<[number, number], ParentRow>(
      `SELECT id, number FROM ${parentTables[kind]} WHERE store_id = ? AND id = ?`,
    )
    .get(storeId, id);
}

/** The newest parent with this number (numbers are not unique in real stores). */
export function findParentByNumber(
  db: Database,
  storeId: number,
  kind: OwnedParentKind,
  number: string,
): ParentRow | undefined {
  return db
    .prepare<[number, string], ParentRow>(
      `SELECT id, number FROM ${parentTables[kind]} WHERE store_id = ? AND number = ? ORDER BY id DESC LIMIT 1`,
    )
    .get(storeId, number);
}

export function countParents(db: Database, storeId: number, kind: OwnedParentKind): number {
  const row = db
    .prepare<[number], { total: number }>(
      `SELECT COUNT(*) AS total FROM ${parentTables[kind]} WHERE store_id = ?`,
    )
    .get(storeId);
  return row?.total ?? 0;
}

export function insertParent(
  db: Database,
  storeId: number,
  kind: OwnedParentKind,
  number: string,
  createdAt: number,
): number {
  const result = db
    .prepare(`INSERT INTO ${parentTables[kind]} (store_id, number, created_at) VALUES (?, ?, ?)`)
    .run(storeId, number, createdAt);
  return Number(result.lastInsertRowid);
}

export interface AttachmentSummaryRow {
  readonly id: number;
  readonly file_name: string;
  readonly mime_type: string;
}

export interface AttachmentRow extends AttachmentSummaryRow {
  readonly data: Buffer;
}

export interface NewAttachment {
  readonly fileName: string;
  readonly mimeType: string;
  readonly data: Buffer;
  readonly createdAt: number;
}

export function insertAttachment(
  db: Database,
  storeId: number,
  kind: AttachmentParentKind,
  parentId: number,
  file: NewAttachment,
): number {
  const result = db
    .prepare(
      `INSERT INTO attachments (store_id, parent_kind, parent_id, file_name, mime_type, data, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(storeId, kind, parentId, file.fileName, file.mimeType, file.data, file.createdAt);
  return Number(result.lastInsertRowid);
}

/** The files of one parent, newest first, without their bytes. */
export function listAttachments(
  db: Database,
  storeId: number,
  kind: AttachmentParentKind,
  parentId: number,
): AttachmentSummaryRow[] {
  return db
    .prepare<[number, string, number], AttachmentSummaryRow>(
      `SELECT id, file_name, mime_type FROM attachments
       WHERE store_id = ? AND parent_kind = ? AND parent_id = ? ORDER BY id DESC`,
    )
    .all(storeId, kind, parentId);
}

/** One file of one parent (a file of another parent, kind or store is not found). */
export function findAttachment(
  db: Database,
  storeId: number,
  kind: AttachmentParentKind,
  parentId: number,
  fileId: number,
): AttachmentRow | undefined {
  return db
    .prepare<[number, string, number, number], AttachmentRow>(
      `SELECT id, file_name, mime_type, data FROM attachments
       WHERE store_id = ? AND parent_kind = ? AND parent_id = ? AND id = ?`,
    )
    .get(storeId, kind, parentId, fileId);
}
