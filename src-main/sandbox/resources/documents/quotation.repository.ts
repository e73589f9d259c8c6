// Quotations: the header table and its single-record queries.
import type { Database } from 'better-sqlite3';
import { pickColumns, type NamesEvery } from '../shared/columns.js';
import {
  CREATION_COLUMNS,
  CREATION_COLUMNS_SQL,
  CUSTOMER_COLUMNS,
  CUSTOMER_COLUMNS_SQL,
  KEY_COLUMNS_SQL,
  MONEY_COLUMNS,
  MONEY_COLUMNS_SQL,
  type DocumentCreationFields,
  type DocumentCustomerFields,
  type DocumentMoneyFields,
} from './document-header.js';
import { documentTable } from './document-table.repository.js';

export const quotationSchemaSql = `
CREATE TABLE IF NOT EXISTS quotations (
  ${KEY_COLUMNS_SQL},
  ${CUSTOMER_COLUMNS_SQL},
  reference TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  saleschannel TEXT NOT NULL DEFAULT '',
  document_date INTEGER NOT NULL,
  approve_date INTEGER,
  expire_date INTEGER,
  ${MONEY_COLUMNS_SQL},
  uniquenumber TEXT NOT NULL DEFAULT '',
  ${CREATION_COLUMNS_SQL}
);
CREATE INDEX IF NOT EXISTS quotations_by_number ON quotations (store_id, number, id);`;

/** The columns EditQuotationInfo and EditQuotation may change. */
export interface QuotationEditable extends DocumentCustomerFields, DocumentMoneyFields {
  readonly number: string;
  readonly reference: string;
  readonly description: string;
  readonly saleschannel: string;
  readonly document_date: number;
}

export interface NewQuotation extends QuotationEditable, DocumentCreationFields {
  readonly status: string;
  readonly approve_date: number | null;
  readonly uniquenumber: string;
}

export interface QuotationRow extends NewQuotation {
  readonly id: number;
  readonly customerid: number;
  readonly expire_date: number | null;
}

/** Fixed column lists, so no caller's extra key can reach the SQL. */
const EDITABLE_COLUMNS = [
  'number',
  ...CUSTOMER_COLUMNS,
  'reference',
  'description',
  'saleschannel',
  'document_date',
  ...MONEY_COLUMNS,
] as const satisfies readonly (keyof QuotationEditable)[];

const INSERT_COLUMNS = [
  ...EDITABLE_COLUMNS,
  'status',
  'approve_date',
  'uniquenumber',
  ...CREATION_COLUMNS,
] as const satisfies readonly (keyof NewQuotation)[];
/** Compile-time check that the column lists name every column of their interfaces. */
const columnsComplete: NamesEvery<NewQuotation, (typeof INSERT_COLUMNS)[number]> = true;
void columnsComplete;

export const quotationTable = documentTable<NewQuotation, QuotationRow>({
  table: 'quotations',
  insertColumns: INSERT_COLUMNS,
  rowsOfStore: 'SELECT * FROM quotations WHERE store_id = ?',
});

const UPDATE_SQL = `UPDATE quotations
  SET ${EDITABLE_COLUMNS.map((column) => `${column} = @${column}`).join(', ')}, updated_at = @updatedAt
  WHERE store_id = @storeId AND id = @id`;

/** Writes every editable column (the handler has merged the request into the stored values). */
export function updateQuotation(
  db: Database,
  storeId: number,
  id: number,
  fields: QuotationEditable,
  updatedAt: number,
): void {
  db.prepare(UPDATE_SQL).run({ storeId, id, updatedAt, ...pickColumns(fields, EDITABLE_COLUMNS) });
}

export function setQuotationStatus(
  db: Database,
  storeId: number,
  id: number,
  change: { status: string; approveDate: number | null; updatedAt: number },
): void {
  db.prepare(
    `UPDATE quotations SET status = @status, approve_date = @approveDate, updated_at = @updatedAt
     WHERE store_id = @storeId AND id = @id`,
  ).run({ storeId, id, ...change });
}
