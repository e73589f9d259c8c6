// The header columns return purchase orders and quotations share, in three groups: the customer copied
// onto the document, the computed money, and the creation stamp. Each group is named once as column
// definitions (for the CREATE TABLE), as a shape and as a fixed column list; each kind's table places
// the groups around its own columns.
import { apiCreator } from '../shared/api-user.js';
import type { NamesEvery } from '../shared/columns.js';
import { CURRENCY } from './document-common.js';
import type { ComputedMoney } from './document-money.js';

/** The leading columns of both tables (customerid is 0: the v4 bodies name no contact id). */
export const KEY_COLUMNS_SQL = `id INTEGER PRIMARY KEY AUTOINCREMENT,
  store_id INTEGER NOT NULL,
  number TEXT NOT NULL,
  status TEXT NOT NULL,
  customerid INTEGER NOT NULL DEFAULT 0`;

/** The customer as the body gave it, copied onto the document. */
export interface DocumentCustomerFields {
  readonly customername: string;
  readonly customeridnumber: string;
  readonly customeremail: string;
  readonly customerphone: string;
  readonly customeraddress: string;
  readonly customerbranchname: string;
  readonly customerbranchno: string;
}

export const CUSTOMER_COLUMNS = [
  'customername',
  'customeridnumber',
  'customeremail',
  'customerphone',
  'customeraddress',
  'customerbranchname',
  'customerbranchno',
] as const satisfies readonly (keyof DocumentCustomerFields)[];
const customerColumnsComplete: NamesEvery<DocumentCustomerFields, (typeof CUSTOMER_COLUMNS)[number]> = true;
void customerColumnsComplete;

export const CUSTOMER_COLUMNS_SQL = `customername TEXT NOT NULL DEFAULT '',
  customeridnumber TEXT NOT NULL DEFAULT '',
  customeremail TEXT NOT NULL DEFAULT '',
  customerphone TEXT NOT NULL DEFAULT '',
  customeraddress TEXT NOT NULL DEFAULT '',
  customerbranchname TEXT NOT NULL DEFAULT '',
  customerbranchno TEXT NOT NULL DEFAULT ''`;

/** The customer fields of a creating body; an absent one is stored empty. */
export function customerColumns(body: {
  readonly [Field in keyof DocumentCustomerFields]?: string | undefined;
}): DocumentCustomerFields {
  return {
    customername: body.customername ?? '',
    customeridnumber: body.customeridnumber ?? '',
    customeremail: body.customeremail ?? '',
    customerphone: body.customerphone ?? '',
    customeraddress: body.customeraddress ?? '',
    customerbranchname: body.customerbranchname ?? '',
    customerbranchno: body.customerbranchno ?? '',
  };
}

/** The stored money of a document: always the computed figures. */
export interface DocumentMoneyFields {
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

export const MONEY_COLUMNS = [
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
] as const satisfies readonly (keyof DocumentMoneyFields)[];
const moneyColumnsComplete: NamesEvery<DocumentMoneyFields, (typeof MONEY_COLUMNS)[number]> = true;
void moneyColumnsComplete;

export const MONEY_COLUMNS_SQL = `vattype INTEGER NOT NULL,
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
  shippingamount_vat REAL NOT NULL`;

/** The stored money columns of a computed document. */
export function moneyColumns({ document, discount }: ComputedMoney): DocumentMoneyFields {
  return {
    vattype: document.vattype,
    amount: document.amount,
    amount_pretax: document.amount_pretax,
    vatamount: document.vatamount,
    discount,
    discountamount: document.discountamount,
    discountamount_pretax: document.discountamount_pretax,
    discountamount_vat: document.discountamount_vat,
    shippingvat: document.shippingvat,
    shippingamount: document.shippingamount,
    shippingamount_pretax: document.shippingamount_pretax,
    shippingamount_vat: document.shippingamount_vat,
  };
}

/** Currency, creator and the creation and last-change instants. */
export interface DocumentCreationFields {
  readonly currency: string;
  readonly createuserid: number;
  readonly createusername: string;
  readonly createdby: string;
  readonly created_at: number;
  readonly updated_at: number;
}

export const CREATION_COLUMNS = [
  'currency',
  'createuserid',
  'createusername',
  'createdby',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof DocumentCreationFields)[];
const creationColumnsComplete: NamesEvery<DocumentCreationFields, (typeof CREATION_COLUMNS)[number]> = true;
void creationColumnsComplete;

export const CREATION_COLUMNS_SQL = `currency TEXT NOT NULL,
  createuserid INTEGER NOT NULL,
  createusername TEXT NOT NULL,
  createdby TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL`;

/** A document the API user creates at `at` (also its first updatedatetime). */
export function creationColumns(at: number): DocumentCreationFields {
  return { currency: CURRENCY, ...apiCreator, created_at: at, updated_at: at };
}
