// Quotations and return purchase orders as printable documents, from their v4 details (GetQuotationDetail,
// GetReturnPurchaseOrderDetail) as the records of src-shared/api read them. Pure: whoever holds the
// detail (a local copy, or a read from the back office) adds the seller and whether it is still a draft.
import type { QuotationRecord, ReturnPurchaseOrderRecord } from '../api/records.js';
import { roundMoney } from '../money/rounding.js';
import { thaiBahtWords } from '../money/thai-baht-words.js';
import { vatChoiceOf } from '../money/vat.js';
import type { PrintableDocument, PrintLine, PrintParty, PrintSeller } from './printable.js';

export interface PrintOptions {
  readonly seller: PrintSeller;
  /** Not sent to the back office yet. */
  readonly draft: boolean;
}

/**
 * A v4 record as the builders read it: every field may be absent, the lines' and payments' too, so a
 * detail this PC holds (src-main/printing/local-documents.ts) prints through the same builders.
 */
export type PrintSource<R> = {
  [K in keyof R]?: NonNullable<R[K]> extends readonly (infer E)[] ? readonly Partial<E>[] : R[K];
};
export type QuotationSource = PrintSource<QuotationRecord>;
export type ReturnPurchaseOrderSource = PrintSource<ReturnPurchaseOrderRecord>;

type V4Document = QuotationSource | ReturnPurchaseOrderSource;
type V4Line = NonNullable<V4Document['list']>[number];

/** The branch as a Thai document prints it: its name, then its number. */
export function branchText(name: string | undefined, number: string | undefined): string {
  return [name ?? '', number ?? ''].filter((part) => part.trim() !== '').join(' ');
}

function partyOf(document: V4Document): PrintParty | null {
  const party: PrintParty = {
    name: document.customername ?? '',
    address: document.customeraddress ?? '',
    taxId: document.customeridnumber ?? '',
    branch: branchText(document.customerbranchname, document.customerbranchno),
    phone: document.customerphone ?? '',
    email: document.customeremail ?? '',
  };
  return Object.values(party).every((value) => value.trim() === '') ? null : party;
}

function lineOf(line: V4Line): PrintLine {
  return {
    name: line.name ?? '',
    code: line.sku ?? '',
    quantity: line.number ?? 0,
    unit: line.unittext ?? '',
    unitPrice: line.pricepernumber ?? 0,
    discount: line.discount ?? '',
    amount: line.totalprice ?? 0,
  };
}

function documentFigures(document: V4Document, options: PrintOptions) {
  const lines = (document.list ?? []).map(lineOf);
  return {
    number: document.number ?? '',
    status: document.status ?? '',
    draft: options.draft,
    seller: options.seller,
    party: partyOf(document),
    reference: document.reference ?? '',
    description: document.description ?? '',
    lines,
    vatType: vatChoiceOf(document.vattype),
    subtotal: roundMoney(lines.reduce((sum, line) => sum + line.amount, 0)),
    discount: document.discount ?? '',
    discountAmount: document.discountamount ?? 0,
    shipping: document.shippingamount ?? 0,
    pretax: document.amount_pretax ?? 0,
    vat: document.vatamount ?? 0,
    total: document.amount ?? 0,
  };
}

/** The total in Thai words; left out for a figure that cannot be worded exactly (never rounded to fit). */
function amountInWords(total: number): { amountInWords?: string } {
  try {
    return { amountInWords: thaiBahtWords(total) };
  } catch {
    return {};
  }
}

export function quotationPrintable(detail: QuotationSource, options: PrintOptions): PrintableDocument {
  return {
    kind: 'quotation',
    title: 'quotation',
    date: detail.quotationdateString ?? detail.orderdateString ?? '',
    ...documentFigures(detail, options),
    payments: [],
    paid: 0,
    ...amountInWords(detail.amount ?? 0),
  };
}

export function returnPurchaseOrderPrintable(
  detail: ReturnPurchaseOrderSource,
  options: PrintOptions,
): PrintableDocument {
  const payments = (detail.payments ?? []).map((payment) => ({
    method: payment.name ?? '',
    amount: payment.amount ?? 0,
    paidAt: payment.paymentdatetimeString ?? '',
  }));
  return {
    kind: 'returnPurchaseOrder',
    title: 'returnPurchaseOrder',
    date: detail.returnpurchaseorderdateString ?? '',
    ...documentFigures(detail, options),
    payments,
    paid: detail.paymentamount ?? 0,
    ...amountInWords(detail.amount ?? 0),
  };
}
