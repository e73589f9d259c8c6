// Product lines and tags of return purchase orders and quotations: one pair of tables for both kinds,
// keyed by store, document kind and document id. Lines are stored with their computed figures.
import type { Database } from 'better-sqlite3';
import type { NamesEvery } from '../shared/columns.js';
import { groupByParent } from '../shared/group-by-parent.js';
import type { DocumentKind } from './document-common.js';

export const documentLinesSchemaSql = `
CREATE TABLE IF NOT EXISTS product_document_lines (
  store_id INTEGER NOT NULL,
  document_kind TEXT NOT NULL,
  document_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  productid INTEGER NOT NULL,
  sku TEXT NOT NULL,
  name TEXT NOT NULL,
  number REAL NOT NULL,
  unittext TEXT NOT NULL,
  pricepernumber REAL NOT NULL,
  pricepernumber_pretax REAL NOT NULL,
  pricepernumber_vat REAL NOT NULL,
  discount TEXT NOT NULL,
  discountamount REAL NOT NULL,
  discountamount_pretax REAL NOT NULL,
  discountamount_vat REAL NOT NULL,
  totalprice REAL NOT NULL,
  totalprice_pretax REAL NOT NULL,
  totalprice_vat REAL NOT NULL,
  PRIMARY KEY (store_id, document_kind, document_id, position)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS product_document_tags (
  id INTEGER PRIMARY KEY,
  store_id INTEGER NOT NULL,
  document_kind TEXT NOT NULL,
  document_id INTEGER NOT NULL,
  tag TEXT NOT NULL,
  UNIQUE (store_id, document_kind, document_id, tag)
);`;

/**
 * A product line as stored and as the v4 line records show it (ReturnPurchaseOrderProduct, and the
 * shared part of QuotationProduct): a product of the store with the line's computed figures.
 */
export interface DocumentLine {
  readonly productid: number;
  readonly sku: string;
  readonly name: string;
  readonly number: number;
  readonly unittext: string;
  readonly pricepernumber: number;
  readonly pricepernumber_pretax: number;
  readonly pricepernumber_vat: number;
  readonly discount: string;
  readonly discountamount: number;
  readonly discountamount_pretax: number;
  readonly discountamount_vat: number;
  readonly totalprice: number;
  readonly totalprice_pretax: number;
  readonly totalprice_vat: number;
}

/** Every field of DocumentLine, in the order the tables and the answers give them. */
export const LINE_COLUMNS = [
  'productid',
  'sku',
  'name',
  'number',
  'unittext',
  'pricepernumber',
  'pricepernumber_pretax',
  'pricepernumber_vat',
  'discount',
  'discountamount',
  'discountamount_pretax',
  'discountamount_vat',
  'totalprice',
  'totalprice_pretax',
  'totalprice_vat',
] as const satisfies readonly (keyof DocumentLine)[];
const lineColumnsComplete: NamesEvery<DocumentLine, (typeof LINE_COLUMNS)[number]> = true;
void lineColumnsComplete;

/** A stored line with the document it belongs to. */
export interface DocumentLineRow extends DocumentLine {
  readonly document_id: number;
}

interface TagRow {
  readonly document_id: number;
  readonly tag: string;
}

const INSERT_LINE_SQL = `INSERT INTO product_document_lines
  (store_id, document_kind, document_id, position, ${LINE_COLUMNS.join(', ')})
  VALUES (@storeId, @kind, @documentId, @position, ${LINE_COLUMNS.map((column) => `@${column}`).join(', ')})`;

/** Replaces every line of a document (creation, EditQuotation with a list). */
export function replaceLines(
  db: Database,
  storeId: number,
  kind: DocumentKind,
  documentId: number,
  lines: readonly DocumentLine[],
): void {
  db.prepare(
    'DELETE FROM product_document_lines WHERE store_id = ? AND document_kind = ? AND document_id = ?',
  ).run(storeId, kind, documentId);
  const insert = db.prepare(INSERT_LINE_SQL);
  for (const [position, line] of lines.entries())
    insert.run({ storeId, kind, documentId, position, ...line });
}

/** Lines of many documents at once (a list page), in their sent order. */
export function linesByDocument(
  db: Database,
  storeId: number,
  kind: DocumentKind,
  documentIds: readonly number[],
): Map<number, DocumentLineRow[]> {
  if (documentIds.length === 0) return new Map();
  const rows = db
    .prepare<[number, string, string], DocumentLineRow>(
      `SELECT document_id, ${LINE_COLUMNS.join(', ')} FROM product_document_lines
       WHERE store_id = ? AND document_kind = ? AND document_id IN (SELECT value FROM json_each(?))
       ORDER BY document_id, position`,
    )
    .all(storeId, kind, JSON.stringify(documentIds));
  return groupByParent(rows, (row) => row.document_id);
}

/** The lines of one document, in their sent order. */
export function linesOf(
  db: Database,
  storeId: number,
  kind: DocumentKind,
  documentId: number,
): DocumentLineRow[] {
  return linesByDocument(db, storeId, kind, [documentId]).get(documentId) ?? [];
}

/** Tags of many documents at once, in the order they were added. */
export function tagsByDocument(
  db: Database,
  storeId: number,
  kind: DocumentKind,
  documentIds: readonly number[],
): Map<number, string[]> {
  if (documentIds.length === 0) return new Map();
  const rows = db
    .prepare<[number, string, string], TagRow>(
      `SELECT document_id, tag FROM product_document_tags
       WHERE store_id = ? AND document_kind = ? AND document_id IN (SELECT value FROM json_each(?))
       ORDER BY id`,
    )
    .all(storeId, kind, JSON.stringify(documentIds));
  return groupByParent(
    rows,
    (row) => row.document_id,
    (row) => row.tag,
  );
}

/** A change to one tag of one document: false when it changed nothing. */
export type TagChange = (
  db: Database,
  storeId: number,
  kind: DocumentKind,
  documentId: number,
  tag: string,
) => boolean;

/** Adds a tag; false when the document already had it (nothing changes then). */
export const addTag: TagChange = (db, storeId, kind, documentId, tag) =>
  db
    .prepare(
      `INSERT INTO product_document_tags (store_id, document_kind, document_id, tag) VALUES (?, ?, ?, ?)
       ON CONFLICT (store_id, document_kind, document_id, tag) DO NOTHING`,
    )
    .run(storeId, kind, documentId, tag).changes > 0;

/** Removes a tag; false when the document did not have it. */
export const deleteTag: TagChange = (db, storeId, kind, documentId, tag) =>
  db
    .prepare(
      'DELETE FROM product_document_tags WHERE store_id = ? AND document_kind = ? AND document_id = ? AND tag = ?',
    )
    .run(storeId, kind, documentId, tag).changes > 0;

/** Replaces the whole tag list (a body's `tag` array). */
export function replaceTags(
  db: Database,
  storeId: number,
  kind: DocumentKind,
  documentId: number,
  tags: readonly string[],
): void {
  db.prepare(
    'DELETE FROM product_document_tags WHERE store_id = ? AND document_kind = ? AND document_id = ?',
  ).run(storeId, kind, documentId);
  for (const tag of tags) addTag(db, storeId, kind, documentId, tag);
}
