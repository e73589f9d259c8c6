// The header fields the v4 ReturnPurchaseOrder and Quotation records both show, in groups that keep
// the records' field order; each presenter places the groups around its kind's own fields.
import { pickColumns } from '../shared/columns.js';
import {
  CUSTOMER_COLUMNS,
  type DocumentCreationFields,
  type DocumentCustomerFields,
  type DocumentMoneyFields,
} from './document-header.js';

/** The amounts, shown after the status. */
const TOTAL_FIELDS = [
  'amount',
  'amount_pretax',
  'vatamount',
  'shippingamount',
  'shippingamount_pretax',
  'shippingamount_vat',
  'shippingvat',
] as const satisfies readonly (keyof DocumentMoneyFields)[];

/** The discount and the vat type, shown after the document's own date. */
const DISCOUNT_FIELDS = [
  'discount',
  'discountamount',
  'discountamount_pretax',
  'discountamount_vat',
  'vattype',
] as const satisfies readonly (keyof DocumentMoneyFields)[];

const CREATOR_FIELDS = [
  'createuserid',
  'createusername',
  'createdby',
] as const satisfies readonly (keyof DocumentCreationFields)[];

export function presentCustomer(row: DocumentCustomerFields) {
  return pickColumns(row, CUSTOMER_COLUMNS);
}

export function presentTotals(row: DocumentMoneyFields) {
  return pickColumns(row, TOTAL_FIELDS);
}

export function presentDiscount(row: DocumentMoneyFields) {
  return pickColumns(row, DISCOUNT_FIELDS);
}

export function presentCreator(row: DocumentCreationFields) {
  return pickColumns(row, CREATOR_FIELDS);
}
