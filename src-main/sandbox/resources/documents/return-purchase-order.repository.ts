// Return purchase orders: the header table and its single-record queries. paymentamount is never
// stored: it is the sum of the order's rows in the shared payments table, so it cannot drift.
import type { Database } from 'better-sqlite3';

export const returnPurchaseOrderSchemaSql = `
CREATE TABLE IF NOT EXISTS return_purchase_orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  store_id INTEGER NOT NULL,
  number TEXT NOT NULL,
  status TEXT NOT NULL,
  customerid INTEGER NOT NULL DEFAULT 0,
  customercode TEXT NOT NULL DEFAULT '',
  customername TEXT NOT NULL DEFAULT '',
  customeridnumber TEXT NOT NULL DEFAULT '',
  customeremail TEXT NOT NULL DEFAULT '',
  customerphone TEXT NOT NULL DEFAULT '',
  customeraddress TEXT NOT NULL DEFAULT '',
  customerbranchname TEXT NOT NULL DEFAULT '',
  customerbranchno TEXT NOT NULL DEFAULT '',
  reference TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  document_date INTEGER NOT NULL,
  warehousecode TEXT NOT NULL,
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
  referenceid INTEGER NOT NULL DEFAULT 0,
  referencenumber TEXT NOT NULL DEFAULT '',
  currency TEXT NOT NULL,
  createuserid INTEGER NOT NULL,
  createusername TEXT NOT NULL,
  createdby TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS return_purchase_orders_by_number ON return_purchase_orders (store_id, number, id);`;

/** The columns a new order is written with (everything but id, paymentamount). */
export interface NewReturnPurchaseOrder {
  readonly number: string;
  readonly status: string;
  readonly customercode: string;
  readonly customername: string;
  readonly customeridnumber: string;
  readonly customeremail: string;
  readonly customerphone: string;
  readonly customeraddress: string;
  readonly customerbranchname: string;
  readonly customerbranchno: string;
  readonly reference: string;
  readonly description: string;
  readonly document_date: number;
  readonly warehousecode: string;
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
  readonly referenceid: number;
  readonly referencenumber: string;
  readonly currency: string;
  readonly createuserid: number;
  readonly createusername: string;
  readonly createdby: string;
  readonly created_at: number;
  readonly updated_at: number;
}

/** A stored order with its paid total, as every read returns it. */
export interface ReturnPurchaseOrderRow extends NewReturnPurchaseOrder {
  readonly id: number;
  readonly customerid: number;
  readonly paymentamount: number;
}

/**
 * Orders of one store with their paid total: the FROM of every read. Its one `?` is the store id.
 * ROUND keeps float noise of the SUM out of filters and answers.
 */
export const ORDERS_WITH_PAYMENTS = `
  SELECT o.*, ROUND(COALESCE((SELECT SUM(p.amount) FROM payments p
    WHERE p.store_id = o.store_id AND p.parent_kind = 'returnPurchaseOrder' AND p.parent_id = o.id), 0), 2)
    AS paymentamount
  FROM return_purchase_orders o WHERE o.store_id = ?`;

/** Every column of NewReturnPurchaseOrder: a fixed list, so no caller's extra key can reach the SQL. */
const INSERT_COLUMNS = [
  'number',
  'status',
  'customercode',
  'customername',
  'customeridnumber',
  'customeremail',
  'customerphone',
  'customeraddress',
  'customerbranchname',
  'customerbranchno',
  'reference',
  'description',
  'document_date',
  'warehousecode',
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
  'referenceid',
  'referencenumber',
  'currency',
  'createuserid',
  'createusername',
  'createdby',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof NewReturnPurchaseOrder)[];
/** Compile-time check that INSERT_COLUMNS names every column of NewReturnPurchaseOrder. */
const insertColumnsComplete: [
  Exclude<keyof NewReturnPurchaseOrder, (typeof INSERT_COLUMNS)[number]>,
] extends [never]
  ? true
  : never = true;
void insertColumnsComplete;

const INSERT_SQL = `INSERT INTO return_purchase_orders (store_id, ${INSERT_COLUMNS.join(', ')})
  VALUES (@storeId, ${INSERT_COLUMNS.map((column) => `@${column}`).join(', ')})`;

export function insertReturnPurchaseOrder(
  db: Database,
  storeId: number,
  order: NewReturnPurchaseOrder,
): number {
  const values = Object.fromEntries(INSERT_COLUMNS.map((column) => [column, order[column]]));
  const result = db.prepare(INSERT_SQL).run({ storeId, ...values });
  return Number(result.lastInsertRowid);
}

export function findReturnPurchaseOrder(
  db: Database,
  storeId: number,
  id: number,
): ReturnPurchaseOrderRow | undefined {
  return db
    .prepare<[number, number], ReturnPurchaseOrderRow>(`SELECT * FROM (${ORDERS_WITH_PAYMENTS}) WHERE id = ?`)
    .get(storeId, id);
}

export function returnPurchaseOrderIdExists(db: Database, storeId: number, id: number): boolean {
  return (
    db
      .prepare<[number, number], { id: number }>(
        'SELECT id FROM return_purchase_orders WHERE store_id = ? AND id = ?',
      )
      .get(storeId, id) !== undefined
  );
}

/** The newest order (highest id) with this number: numbers are not unique in real stores. */
export function newestReturnPurchaseOrderIdByNumber(
  db: Database,
  storeId: number,
  number: string,
): number | undefined {
  return db
    .prepare<[number, string], { id: number }>(
      'SELECT id FROM return_purchase_orders WHERE store_id = ? AND number = ? ORDER BY id DESC LIMIT 1',
    )
    .get(storeId, number)?.id;
}

export function updateReturnPurchaseOrderStatus(
  db: Database,
  storeId: number,
  id: number,
  change: { status: string; warehousecode: string; updatedAt: number },
): void {
  db.prepare(
    `UPDATE return_purchase_orders SET status = @status, warehousecode = @warehousecode, updated_at = @updatedAt
     WHERE store_id = @storeId AND id = @id`,
  ).run({ storeId, id, ...change });
}

/** Marks a change that does not touch the header (payment, tag) on updatedatetime. */
export function touchReturnPurchaseOrder(db: Database, storeId: number, id: number, updatedAt: number): void {
  db.prepare('UPDATE return_purchase_orders SET updated_at = ? WHERE store_id = ? AND id = ?').run(
    updatedAt,
    storeId,
    id,
  );
}
