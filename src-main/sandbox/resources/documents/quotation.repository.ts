// Quotations: the header table and its single-record queries.
import type { Database } from 'better-sqlite3';

export const quotationSchemaSql = `
CREATE TABLE IF NOT EXISTS quotations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  store_id INTEGER NOT NULL,
  number TEXT NOT NULL,
  status TEXT NOT NULL,
  customerid INTEGER NOT NULL DEFAULT 0,
  customername TEXT NOT NULL DEFAULT '',
  customeridnumber TEXT NOT NULL DEFAULT '',
  customeremail TEXT NOT NULL DEFAULT '',
  customerphone TEXT NOT NULL DEFAULT '',
  customeraddress TEXT NOT NULL DEFAULT '',
  customerbranchname TEXT NOT NULL DEFAULT '',
  customerbranchno TEXT NOT NULL DEFAULT '',
  reference TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  saleschannel TEXT NOT NULL DEFAULT '',
  document_date INTEGER NOT NULL,
  approve_date INTEGER,
  expire_date INTEGER,
  vattype INTEGER NOT NULL,
  amount REAL NOT NULL,
  amount_pretax REAL NOT NULL,
  vatamount REAL NOT NULL,
  discount TEXT NOT NULL,
  discountamount REAL NOT NULL,
  discountamount_pretax REAL NOT NULL,
  discountamount_vat REAL NOT NULL,
  shippingvat INTEGER NOT NULL,
  shippingamount REAL NOT NULL,
  shippingamount_pretax REAL NOT NULL,
  shippingamount_vat REAL NOT NULL,
  uniquenumber TEXT NOT NULL DEFAULT '',
  currency TEXT NOT NULL,
  createuserid INTEGER NOT NULL,
  createusername TEXT NOT NULL,
  createdby TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS quotations_by_number ON quotations (store_id, number, id);`;

/** The columns EditQuotationInfo and EditQuotation may change. */
export interface QuotationEditable {
  readonly number: string;
  readonly customername: string;
  readonly customeridnumber: string;
  readonly customeremail: string;
  readonly customerphone: string;
  readonly customeraddress: string;
  readonly customerbranchname: string;
  readonly customerbranchno: string;
  readonly reference: string;
  readonly description: string;
  readonly saleschannel: string;
  readonly document_date: number;
  readonly vattype: number;
  readonly amount: number;
  readonly amount_pretax: number;
  readonly vatamount: number;
  readonly discount: string;
  readonly discountamount: number;
  readonly discountamount_pretax: number;
  readonly discountamount_vat: number;
  readonly shippingvat: number;
  readonly shippingamount: number;
  readonly shippingamount_pretax: number;
  readonly shippingamount_vat: number;
}

export interface NewQuotation extends QuotationEditable {
  readonly status: string;
  readonly approve_date: number | null;
  readonly uniquenumber: string;
  readonly currency: string;
  readonly createuserid: number;
  readonly createusername: string;
  readonly createdby: string;
  readonly created_at: number;
  readonly updated_at: number;
}

export interface QuotationRow extends NewQuotation {
  readonly id: number;
  readonly customerid: number;
  readonly expire_date: number | null;
}

/** Fixed column lists, so no caller's extra key can reach the SQL. */
const EDITABLE_COLUMNS = [
  'number',
  'customername',
  'customeridnumber',
  'customeremail',
  'customerphone',
  'customeraddress',
  'customerbranchname',
  'customerbranchno',
  'reference',
  'description',
  'saleschannel',
  'document_date',
  'vattype',
  'amount',
  'amount_pretax',
  'vatamount',
  'discount',
  'discountamount',
  'discountamount_pretax',
  'discountamount_vat',
  'shippingvat',
  'shippingamount',
  'shippingamount_pretax',
  'shippingamount_vat',
] as const satisfies readonly (keyof QuotationEditable)[];

const CREATION_COLUMNS = [
  ...EDITABLE_COLUMNS,
  'status',
  'approve_date',
  'uniquenumber',
  'currency',
  'createuserid',
  'createusername',
  'createdby',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof NewQuotation)[];
/** Compile-time check that the column lists name every column of their interfaces. */
const columnsComplete: [Exclude<keyof NewQuotation, (typeof CREATION_COLUMNS)[number]>] extends [never]
  ? true
  : never = true;
void columnsComplete;

const INSERT_SQL = `INSERT INTO quotations (store_id, ${CREATION_COLUMNS.join(', ')})
  VALUES (@storeId, ${CREATION_COLUMNS.map((column) => `@${column}`).join(', ')})`;

const UPDATE_SQL = `UPDATE quotations
  SET ${EDITABLE_COLUMNS.map((column) => `${column} = @${column}`).join(', ')}, updated_at = @updatedAt
  WHERE store_id = @storeId AND id = @id`;

export function insertQuotation(db: Database, storeId: number, quotation: NewQuotation): number {
  const values = Object.fromEntries(CREATION_COLUMNS.map((column) => [column, quotation[column]]));
  return Number(db.prepare(INSERT_SQL).run({ storeId, ...values }).lastInsertRowid);
}

/** Writes every editable column (the handler has merged the request into the stored values). */
export function updateQuotation(
  db: Database,
  storeId: number,
  id: number,
  fields: QuotationEditable,
  updatedAt: number,
): void {
  const values = Object.fromEntries(EDITABLE_COLUMNS.map((column) => [column, fields[column]]));
  db.prepare(UPDATE_SQL).run({ storeId, id, updatedAt, ...values });
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

/** Marks a change that does not touch the header (a tag) on updatedatetime. */
export function touchQuotation(db: Database, storeId: number, id: number, updatedAt: number): void {
  db.prepare('UPDATE quotations SET updated_at = ? WHERE store_id = ? AND id = ?').run(
    updatedAt,
    storeId,
    id,
  );
}

export function findQuotationRow(db: Database, storeId: number, id: number): QuotationRow | undefined {
  return db
    .prepare<[number, number], QuotationRow>('SELECT * FROM quotations WHERE store_id = ? AND id = ?')
    .get(storeId, id);
}

export function quotationIdExists(db: Database, storeId: number, id: number): boolean {
  return (
    db
      .prepare<[number, number], { id: number }>('SELECT id FROM quotations WHERE store_id = ? AND id = ?')
      .get(storeId, id) !== undefined
  );
}

/** The newest quotation (highest id) with this number: numbers are not unique in real stores. */
export function newestQuotationIdByNumber(db: Database, storeId: number, number: string): number | undefined {
  return db
    .prepare<[number, string], { id: number }>(
      'SELECT id FROM quotations WHERE store_id = ? AND number = ? ORDER BY id DESC LIMIT 1',
    )
    .get(storeId, number)?.id;
}
