// Incomes and expenses: one table told apart by `kind` (they have the same fields), their items, and
// the list query with every filter the spec names. Payments live in the shared payments table with
// parent_kind = kind.
import type { Database } from 'better-sqlite3';
import type { TimeRange } from '../../core/list-helpers.js';
import { groupByParent } from '../shared/group-by-parent.js';
import { SqlWhere } from '../shared/sql-where.js';

export type FinanceKind = 'income' | 'expense';

export const financeDocumentSchemaSql = `
CREATE TABLE IF NOT EXISTS finance_documents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  store_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('income', 'expense')),
  contact_id INTEGER NOT NULL,
  contact_name TEXT NOT NULL,
  contact_idnumber TEXT NOT NULL,
  contact_email TEXT NOT NULL,
  contact_phone TEXT NOT NULL,
  contact_address TEXT NOT NULL,
  contact_branchname TEXT NOT NULL,
  contact_branchno TEXT NOT NULL,
  amount REAL NOT NULL,
  amount_pretax REAL NOT NULL,
  vatamount REAL NOT NULL,
  vattype INTEGER NOT NULL,
  discount TEXT NOT NULL,
  document_date INTEGER NOT NULL,
  reference TEXT NOT NULL,
  description TEXT NOT NULL,
  tags TEXT NOT NULL,
  uniquenumber TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS finance_documents_by_store ON finance_documents (store_id, kind, created_at, id);
CREATE TABLE IF NOT EXISTS finance_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  store_id INTEGER NOT NULL,
  document_id INTEGER NOT NULL REFERENCES finance_documents(id),
  name TEXT NOT NULL,
  categoryname TEXT NOT NULL,
  totalprice REAL NOT NULL,
  totalprice_pretax REAL NOT NULL,
  totalprice_vat REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS finance_items_by_document ON finance_items (store_id, document_id);`;

export interface FinanceContactFields {
  readonly contact_id: number;
  readonly contact_name: string;
  readonly contact_idnumber: string;
  readonly contact_email: string;
  readonly contact_phone: string;
  readonly contact_address: string;
  readonly contact_branchname: string;
  readonly contact_branchno: string;
}

/** A finance document as stored; `tags` is a JSON array of strings. */
export interface FinanceDocumentRow extends FinanceContactFields {
  readonly id: number;
  readonly amount: number;
  readonly amount_pretax: number;
  readonly vatamount: number;
  readonly vattype: number;
  readonly discount: string;
  /** Epoch ms of the Thai midnight starting the income/expense date. */
  readonly document_date: number;
  readonly reference: string;
  readonly description: string;
  readonly tags: string;
  readonly uniquenumber: string;
  readonly created_at: number;
  readonly updated_at: number;
}

export type NewFinanceDocument = Omit<FinanceDocumentRow, 'id'>;

export interface FinanceItemRow {
  readonly id: number;
  readonly document_id: number;
  readonly name: string;
  readonly categoryname: string;
  readonly totalprice: number;
  readonly totalprice_pretax: number;
  readonly totalprice_vat: number;
}

export type NewFinanceItem = Omit<FinanceItemRow, 'id' | 'document_id'>;

/** The list filters; every range is half-open on epoch ms, an open range filters nothing. */
export interface FinanceDocumentFilter {
  readonly documentDate: TimeRange;
  readonly created: TimeRange;
  readonly updated: TimeRange;
  /** Documents with at least one payment made in this range. */
  readonly payment: TimeRange;
  /** Over contact name, reference and description. */
  readonly keyword: string | undefined;
  readonly ids: readonly number[] | undefined;
}

const documentColumns = `id, contact_id, contact_name, contact_idnumber, contact_email, contact_phone,
  contact_address, contact_branchname, contact_branchno, amount, amount_pretax, vatamount, vattype,
  discount, document_date, reference, description, tags, uniquenumber, created_at, updated_at`;

export function insertFinanceDocument(
  db: Database,
  storeId: number,
  kind: FinanceKind,
  document: NewFinanceDocument,
  items: readonly NewFinanceItem[],
): number {
  const result = db
    .prepare(
      `INSERT INTO finance_documents (store_id, kind, contact_id, contact_name, contact_idnumber,
         contact_email, contact_phone, contact_address, contact_branchname, contact_branchno, amount,
         amount_pretax, vatamount, vattype, discount, document_date, reference, description, tags,
         uniquenumber, created_at, updated_at)
       VALUES (@storeId, @kind, @contact_id, @contact_name, @contact_idnumber, @contact_email,
         @contact_phone, @contact_address, @contact_branchname, @contact_branchno, @amount,
         @amount_pretax, @vatamount, @vattype, @discount, @document_date, @reference, @description,
         @tags, @uniquenumber, @created_at, @updated_at)`,
    )
    .run({ storeId, kind, ...document });
  const documentId = Number(result.lastInsertRowid);
  const insertItem = db.prepare(
    `INSERT INTO finance_items (store_id, document_id, name, categoryname, totalprice, totalprice_pretax,
       totalprice_vat)
     VALUES (@storeId, @documentId, @name, @categoryname, @totalprice, @totalprice_pretax, @totalprice_vat)`,
  );
  for (const item of items) insertItem.run({ storeId, documentId, ...item });
  return documentId;
}

export function findFinanceDocument(
  db: Database,
  storeId: number,
  kind: FinanceKind,
  id: number,
): FinanceDocumentRow | undefined {
  return db
    .prepare<[number, string, number], FinanceDocumentRow>(
      `SELECT ${documentColumns} FROM finance_documents WHERE store_id = ? AND kind = ? AND id = ?`,
    )
    .get(storeId, kind, id);
}

export function touchFinanceDocument(db: Database, storeId: number, id: number, updatedAt: number): void {
  db.prepare('UPDATE finance_documents SET updated_at = ? WHERE store_id = ? AND id = ?').run(
    updatedAt,
    storeId,
    id,
  );
}

function filterWhere(storeId: number, kind: FinanceKind, filter: FinanceDocumentFilter): SqlWhere {
  const where = new SqlWhere()
    .add('d.store_id = ?', storeId)
    .add('d.kind = ?', kind)
    .range('d.document_date', filter.documentDate)
    .range('d.created_at', filter.created)
    .range('d.updated_at', filter.updated)
    .keyword(['d.contact_name', 'd.reference', 'd.description'], filter.keyword)
    .oneOf('d.id', filter.ids);
  const { fromMs, toMs } = filter.payment;
  if (fromMs !== null || toMs !== null) {
    where.add(
      `EXISTS (SELECT 1 FROM payments p WHERE p.store_id = d.store_id AND p.parent_kind = d.kind
         AND p.parent_id = d.id AND p.paid_at >= ? AND p.paid_at < ?)`,
      fromMs ?? Number.MIN_SAFE_INTEGER,
      toMs ?? Number.MAX_SAFE_INTEGER,
    );
  }
  return where;
}

/** One page of matching documents, newest first (by creation). */
export function listFinanceDocuments(
  db: Database,
  storeId: number,
  kind: FinanceKind,
  filter: FinanceDocumentFilter,
  limit: number,
  offset: number,
): FinanceDocumentRow[] {
  const where = filterWhere(storeId, kind, filter);
  return db
    .prepare<unknown[], FinanceDocumentRow>(
      `SELECT ${documentColumns} FROM finance_documents d WHERE ${where.sql}
       ORDER BY d.created_at DESC, d.id DESC LIMIT ? OFFSET ?`,
    )
    .all(...where.params, limit, offset);
}

export function countFinanceDocuments(
  db: Database,
  storeId: number,
  kind: FinanceKind,
  filter: FinanceDocumentFilter,
): number {
  const where = filterWhere(storeId, kind, filter);
  const row = db
    .prepare<unknown[], { total: number }>(
      `SELECT COUNT(*) AS total FROM finance_documents d WHERE ${where.sql}`,
    )
    .get(...where.params);
  return row?.total ?? 0;
}

/** Items of many documents at once (a list page), in the order they were sent. */
export function itemsByDocument(
  db: Database,
  storeId: number,
  documentIds: readonly number[],
): Map<number, FinanceItemRow[]> {
  if (documentIds.length === 0) return new Map();
  const rows = db
    .prepare<[number, string], FinanceItemRow>(
      `SELECT id, document_id, name, categoryname, totalprice, totalprice_pretax, totalprice_vat
       FROM finance_items WHERE store_id = ? AND document_id IN (SELECT value FROM json_each(?))
       ORDER BY id`,
    )
    .all(storeId, JSON.stringify(documentIds));
  return groupByParent(rows, (row) => row.document_id);
}
