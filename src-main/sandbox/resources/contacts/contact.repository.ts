// Contacts: the contacts table, its list query, and the lookups finance uses to link a document's
// contact. Code is unique per store (the handlers answer a validation error before the index would).
import type { Database } from 'better-sqlite3';
import { SqlWhere } from '../shared/sql-where.js';

export const contactSchemaSql = `
CREATE TABLE IF NOT EXISTS contacts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  store_id INTEGER NOT NULL,
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  idnumber TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL,
  address TEXT NOT NULL,
  branchname TEXT NOT NULL,
  branchno TEXT NOT NULL,
  facebook TEXT NOT NULL,
  line TEXT NOT NULL,
  instagram TEXT NOT NULL,
  imagepath TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (store_id, code)
);
CREATE INDEX IF NOT EXISTS contacts_by_name ON contacts (store_id, name);`;

/** The text fields a request may set (all but code and name are optional). */
export const contactTextFields = [
  'name',
  'idnumber',
  'phone',
  'email',
  'address',
  'branchname',
  'branchno',
  'facebook',
  'line',
  'instagram',
] as const;
export type ContactTextField = (typeof contactTextFields)[number];

/** Text fields as a request gives them: each one optional. */
export type ContactTexts = { readonly [K in ContactTextField]?: string | undefined };

export type ContactRow = { readonly id: number; readonly code: string; readonly imagepath: string } & {
  readonly [K in ContactTextField]: string;
};

const columns = `id, code, name, idnumber, phone, email, address, branchname, branchno, facebook, line,
  instagram, imagepath`;

/** A new contact; a text field not given is stored as ''. */
export function insertContact(
  db: Database,
  storeId: number,
  contact: ContactTexts & { readonly code: string; readonly name: string },
  createdAt: number,
): number {
  const texts = Object.fromEntries(contactTextFields.map((field) => [field, contact[field] ?? '']));
  const result = db
    .prepare(
      `INSERT INTO contacts (store_id, code, name, idnumber, phone, email, address, branchname, branchno,
         facebook, line, instagram, imagepath, created_at, updated_at)
       VALUES (@storeId, @code, @name, @idnumber, @phone, @email, @address, @branchname, @branchno,
         @facebook, @line, @instagram, '', @createdAt, @createdAt)`,
    )
    .run({ storeId, createdAt, ...texts, code: contact.code });
  return Number(result.lastInsertRowid);
}

/** Sets code and the given fields only; the column names come from contactTextFields, never a request. */
export function updateContact(
  db: Database,
  storeId: number,
  id: number,
  changes: ContactTexts & { readonly code: string },
  updatedAt: number,
): void {
  const given = contactTextFields.filter((field) => changes[field] !== undefined);
  const assignments = [
    'code = @code',
    'updated_at = @updatedAt',
    ...given.map((field) => `${field} = @${field}`),
  ];
  const values = Object.fromEntries(given.map((field) => [field, changes[field]]));
  db.prepare(`UPDATE contacts SET ${assignments.join(', ')} WHERE store_id = @storeId AND id = @id`).run({
    ...values,
    code: changes.code,
    updatedAt,
    storeId,
    id,
  });
}

export function findContact(db: Database, storeId: number, id: number): ContactRow | undefined {
  return db
    .prepare<[number, number], ContactRow>(`SELECT ${columns} FROM contacts WHERE store_id = ? AND id = ?`)
    .get(storeId, id);
}

/** The id of the contact using `code`, if any. */
export function findContactIdByCode(db: Database, storeId: number, code: string): number | undefined {
  return db
    .prepare<[number, string], { id: number }>('SELECT id FROM contacts WHERE store_id = ? AND code = ?')
    .get(storeId, code)?.id;
}

/** The oldest contact with exactly this name (names are not unique), for linking a document's contact. */
export function findContactIdByName(db: Database, storeId: number, name: string): number | undefined {
  return db
    .prepare<[number, string], { id: number }>(
      'SELECT id FROM contacts WHERE store_id = ? AND name = ? ORDER BY id LIMIT 1',
    )
    .get(storeId, name)?.id;
}

export interface ContactFilter {
  /** Over name, code, phone and email. */
  readonly keyword: string | undefined;
  readonly ids: readonly number[] | undefined;
}

function filterWhere(storeId: number, filter: ContactFilter): SqlWhere {
  return new SqlWhere()
    .add('store_id = ?', storeId)
    .keyword(['name', 'code', 'phone', 'email'], filter.keyword)
    .oneOf('id', filter.ids);
}

/** One page of matching contacts, newest first. */
export function listContacts(
  db: Database,
  storeId: number,
  filter: ContactFilter,
  limit: number,
  offset: number,
): ContactRow[] {
  const where = filterWhere(storeId, filter);
  return db
    .prepare<unknown[], ContactRow>(
      `SELECT ${columns} FROM contacts WHERE ${where.sql} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    )
    .all(...where.params, limit, offset);
}

export function countContacts(db: Database, storeId: number, filter: ContactFilter): number {
  const where = filterWhere(storeId, filter);
  const row = db
    .prepare<unknown[], { total: number }>(`SELECT COUNT(*) AS total FROM contacts WHERE ${where.sql}`)
    .get(...where.params);
  return row?.total ?? 0;
}
