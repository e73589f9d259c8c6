// Every record of the spec's "Resources and their fields", as read from responses.
// Records are loose objects: fields the spec does not name are kept, never dropped.
import { z } from 'zod';
import { field, recordArray } from './wire.js';

const { int, double, string, boolean, stringArray, id } = field;

export const Payment = z.looseObject({
  id: int(),
  name: string(),
  amount: double(),
  paymentdatetime: string(),
  paymentdatetimeString: string(),
});

const documentLineFields = {
  productid: int(),
  sku: string(),
  name: string(),
  number: double(),
  unittext: string(),
  pricepernumber: double(),
  pricepernumber_pretax: double(),
  pricepernumber_vat: double(),
  discount: string(),
  discountamount: double(),
  discountamount_pretax: double(),
  discountamount_vat: double(),
  totalprice: double(),
  totalprice_pretax: double(),
  totalprice_vat: double(),
};

export const ReturnPurchaseOrderProduct = z.looseObject(documentLineFields);

export const QuotationProduct = z.looseObject({
  ...documentLineFields,
  bundleid: int(),
  bundleitemid: int(),
});

const auditFields = {
  createdatetime: string(),
  createdatetimeString: string(),
  updatedatetime: string(),
  updatedatetimeString: string(),
  createuserid: int(),
  createusername: string(),
  createdby: string(),
};

const documentMoneyFields = {
  amount: double(),
  amount_pretax: double(),
  vatamount: double(),
  shippingamount: double(),
  shippingamount_pretax: double(),
  shippingamount_vat: double(),
  shippingvat: int(),
  discount: string(),
  discountamount: double(),
  discountamount_pretax: double(),
  discountamount_vat: double(),
  vattype: int(),
};

export const ReturnPurchaseOrder = z.looseObject({
  id: id(),
  number: string(),
  customerid: int(),
  customercode: string(),
  customername: string(),
  customeridnumber: string(),
  customeremail: string(),
  customerphone: string(),
  customeraddress: string(),
  customerbranchname: string(),
  customerbranchno: string(),
  status: string(),
  paymentstatus: string(),
  ...documentMoneyFields,
  returnpurchaseorderdate: string(),
  returnpurchaseorderdateString: string(),
  paymentamount: double(),
  reference: string(),
  description: string(),
  warehousecode: string(),
  list: recordArray(ReturnPurchaseOrderProduct),
  payments: recordArray(Payment),
  tag: stringArray(),
  ...auditFields,
  referenceid: int(),
  referencenumber: string(),
  currency: string(),
});

const MovementLine = z.looseObject({
  productid: int(),
  sku: string(),
  name: string(),
  number: double(),
  unittext: string(),
  pricepernumber: double(),
  discount: string(),
  totalprice: double(),
});

export const MovementReturnPurchaseOrder = z.looseObject({
  id: id(),
  list: recordArray(MovementLine),
  actionDate: recordArray(z.string()),
  actionDateString: recordArray(z.string()),
  returnpurchaseorderid: int(),
});

export const Quotation = z.looseObject({
  id: id(),
  number: string(),
  customerid: int(),
  customername: string(),
  customeridnumber: string(),
  customeremail: string(),
  customerphone: string(),
  customeraddress: string(),
  customerbranchname: string(),
  customerbranchno: string(),
  reference: string(),
  description: string(),
  status: string(),
  ...documentMoneyFields,
  quotationdate: string(),
  quotationdateString: string(),
  /** The list item names the quotation date's text twin so (spec, Quotation). */
  orderdateString: string(),
  saleschannel: string(),
  list: recordArray(QuotationProduct),
  tag: stringArray(),
  ...auditFields,
  approvedate: string(),
  approvedateString: string(),
  expiredate: string(),
  expiredateString: string(),
  uniquenumber: string(),
  currency: string(),
});

export const FinanceItem = z.looseObject({
  id: int(),
  name: string(),
  categoryname: string(),
  totalprice: double(),
  totalprice_pretax: double(),
  totalprice_vat: double(),
});

const financeFields = {
  id: id(),
  contactid: int(),
  contactname: string(),
  contactidnumber: string(),
  contactemail: string(),
  contactphone: string(),
  contactaddress: string(),
  contactbranchname: string(),
  contactbranchno: string(),
  paymentstatus: string(),
  amount: double(),
  amount_pretax: double(),
  vatamount: double(),
  paymentamount: double(),
  reference: string(),
  description: string(),
  discount: string(),
  vattype: int(),
  list: recordArray(FinanceItem),
  payments: recordArray(Payment),
  tag: stringArray(),
  ...auditFields,
  uniquenumber: string(),
};

export const IncomeTransaction = z.looseObject({
  ...financeFields,
  incomedate: string(),
  incomedateString: string(),
});

export const ExpenseTransaction = z.looseObject({
  ...financeFields,
  expensedate: string(),
  expensedateString: string(),
});

export const MoneyTransfer = z.looseObject({
  id: id(),
  status: string(),
  amount: double(),
  actiondate: string(),
  actiondateString: string(),
  fromPaymentMethodId: int(),
  fromPaymentMethodName: string(),
  toPaymentMethodId: int(),
  toPaymentMethodName: string(),
  reference: string(),
  description: string(),
  createdatetime: string(),
  createdatetimeString: string(),
  createuserid: int(),
  createusername: string(),
  createdby: string(),
  uniquenumber: string(),
});

export const Variant = z.looseObject({ variantid: int(), variantname: string(), name: string() });
export const Property = z.looseObject({ id: int(), name: string(), value: string() });

export const Product = z.looseObject({
  id: id(),
  name: string(),
  description: string(),
  sku: string(),
  sellprice: string(),
  purchaseprice: string(),
  sell_vat_status: int(),
  purchase_vat_status: int(),
  barcode: string(),
  stock: string(),
  availablestock: string(),
  unittext: string(),
  imagepath: string(),
  weight: string(),
  width: string(),
  length: string(),
  height: string(),
  categoryid: int(),
  category: string(),
  producttype: int(),
  variationid: int(),
  variant: recordArray(Variant),
  tag: stringArray(),
  active: boolean(),
  imageList: stringArray(),
  sharelink: string(),
  properties: recordArray(Property),
});

export const Variation = z.looseObject({
  id: id(),
  sku: string(),
  name: string(),
  variants: recordArray(z.looseObject({ variantid: int(), variantname: string() })),
});

export const Category = z.looseObject({ id: id(), name: string() });

export const ProductBundle = z.looseObject({
  id: int(),
  name: string(),
  sku: string(),
  sell_vat_status: int(),
  quantity: double(),
});

const bundleFields = {
  id: id(),
  name: string(),
  sku: string(),
  sellprice: string(),
  sell_vat_status: int(),
  stock: string(),
  availablestock: string(),
  imagepath: string(),
  active: boolean(),
};

export const Bundle = z.looseObject(bundleFields);
export const BundleDetail = z.looseObject({
  ...bundleFields,
  list: recordArray(ProductBundle),
  imageList: stringArray(),
});

export const SubContact = z.looseObject({
  name: string(),
  position: string(),
  phone: string(),
  mobile: string(),
  email: string(),
  isMain: boolean(),
});

export const ShippingAddress = z.looseObject({
  name: string(),
  address: string(),
  phone: string(),
  email: string(),
  isMain: boolean(),
});

const contactFields = {
  id: id(),
  name: string(),
  code: string(),
  idnumber: string(),
  phone: string(),
  email: string(),
  address: string(),
  branchname: string(),
  branchno: string(),
  facebook: string(),
  line: string(),
  instagram: string(),
  imagepath: string(),
  tag: stringArray(),
  properties: recordArray(Property),
};

export const Contact = z.looseObject(contactFields);
export const ContactDetail = z.looseObject({
  ...contactFields,
  subContactList: recordArray(SubContact),
  shippingList: recordArray(ShippingAddress),
});

/** Saleschannel, PaymentMethod and Shippingchannel share one shape. */
export const NamedReference = z.looseObject({ id: id(), name: string() });

export const MerchantProfile = z.looseObject({
  id: id(),
  name: string(),
  phone: string(),
  email: string(),
  address: string(),
  taxid: string(),
  fax: string(),
  website: string(),
});

export const Warehouse = z.looseObject({ id: id(), name: string(), code: string(), address: string() });

export const FileContent = z.looseObject({ id: id(), fileName: string(), type: string() });
export const FileDetail = z.looseObject({
  id: id(),
  content: z.string(),
  fileName: string(),
  type: string(),
});

export const StockLineResult = z.looseObject({ productid: int(), sku: string(), stock: double() });
export const StockUpdateDetail = z.looseObject({
  stockupdate: z.looseObject({
    success: int(),
    fail: int(),
    notupdate: int(),
    successlist: recordArray(StockLineResult),
    faillist: recordArray(StockLineResult),
    notupdatelist: recordArray(StockLineResult),
  }),
});

export const SerialResult = z.looseObject({
  id: string(),
  name: string(),
  warehouseCode: string(),
  description: string(),
});
export const SerialNoData = z.looseObject({
  serialsNoSuccess: recordArray(SerialResult),
  serialsNoFailed: recordArray(SerialResult),
});

export type PaymentRecord = z.output<typeof Payment>;
export type ReturnPurchaseOrderRecord = z.output<typeof ReturnPurchaseOrder>;
export type MovementReturnPurchaseOrderRecord = z.output<typeof MovementReturnPurchaseOrder>;
export type QuotationRecord = z.output<typeof Quotation>;
export type IncomeRecord = z.output<typeof IncomeTransaction>;
export type ExpenseRecord = z.output<typeof ExpenseTransaction>;
export type MoneyTransferRecord = z.output<typeof MoneyTransfer>;
export type ProductRecord = z.output<typeof Product>;
export type VariationRecord = z.output<typeof Variation>;
export type CategoryRecord = z.output<typeof Category>;
export type BundleRecord = z.output<typeof Bundle>;
export type BundleDetailRecord = z.output<typeof BundleDetail>;
export type ContactRecord = z.output<typeof Contact>;
export type ContactDetailRecord = z.output<typeof ContactDetail>;
export type NamedReferenceRecord = z.output<typeof NamedReference>;
export type MerchantProfileRecord = z.output<typeof MerchantProfile>;
export type WarehouseRecord = z.output<typeof Warehouse>;
export type FileContentRecord = z.output<typeof FileContent>;
export type FileDetailRecord = z.output<typeof FileDetail>;
export type StockUpdateDetailRecord = z.output<typeof StockUpdateDetail>;
export type SerialNoDataRecord = z.output<typeof SerialNoData>;
