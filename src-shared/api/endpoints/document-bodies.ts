// Request-body pieces shared by documents (return purchase orders, quotations) and finance.
import { z } from 'zod';
import { intEnum, requirePaymentMethodWithAmount } from '../define.js';
import { body } from '../wire.js';

/** A product line of a return purchase order or quotation. */
export const documentLine = z.object({
  sku: body.string().min(1, { error: 'is required' }),
  name: body.string().min(1, { error: 'is required' }),
  number: body.double(),
  pricepernumber: body.double(),
  totalprice: body.double(),
  discount: body.string().optional(),
});

/** An item of an income or expense. */
export const financeItem = z.object({
  name: body.string().min(1, { error: 'is required' }),
  totalprice: body.double(),
  categoryname: body.string().optional(),
});

export const vattype = () => intEnum([1, 2, 3] as const);
export const shippingvat = () => intEnum([0, 1] as const);

/** Customer fields copied onto a document. */
export const customerFields = {
  customername: body.string().optional(),
  customeridnumber: body.string().optional(),
  customerphone: body.string().optional(),
  customeremail: body.string().optional(),
  customeraddress: body.string().optional(),
  customerbranchno: body.string().optional(),
  customerbranchname: body.string().optional(),
};

/** Money fields of a document body (the vattype rule applies). */
export const documentMoneyFields = {
  amount: body.double(),
  vatamount: body.double().optional(),
  vattype: vattype().optional(),
  discount: body.string().optional(),
  shippingvat: shippingvat().optional(),
  shippingamount: body.double().optional(),
};

export { requirePaymentMethodWithAmount };
