// A quotation and a return purchase order as the PC holds them (documents.quotation,
// returns.detail), spoken as the v4 records the shared builders read (src-shared/printing/
// from-v4.ts), so one set of builders prints both what the back office answers and what this PC made —
// offline too. Only the fields the builders read are filled.
import type { SendState } from '../../src-shared/domain/vocabulary.js';
import type { QuotationDetail, ReturnOrderDetail } from '../../src-shared/ipc/index.js';
import { VAT_TYPE } from '../../src-shared/money/vat.js';
import type { QuotationSource, ReturnPurchaseOrderSource } from '../../src-shared/printing/index.js';

type Party = {
  readonly name: string;
  readonly idNumber: string;
  readonly phone: string;
  readonly email: string;
  readonly address: string;
  readonly branchName: string;
  readonly branchNo: string;
};

function customerFields(party: Party) {
  return {
    customername: party.name,
    customeridnumber: party.idNumber,
    customerphone: party.phone,
    customeremail: party.email,
    customeraddress: party.address,
    customerbranchname: party.branchName,
    customerbranchno: party.branchNo,
  };
}

/** Made here and its create not sent yet (one only pulled from the back office has no send state). */
export function isDraft(sendState: SendState | null): boolean {
  return sendState !== null && sendState !== 'sent';
}

export function quotationRecordOf(detail: QuotationDetail): QuotationSource {
  const { figures } = detail;
  return {
    number: detail.number,
    status: detail.status,
    quotationdateString: detail.date,
    ...customerFields(detail.customer),
    reference: detail.reference,
    description: detail.description,
    vattype: VAT_TYPE[figures.vatType],
    discount: detail.discount,
    discountamount: figures.discountAmount,
    shippingamount: figures.shippingAmount,
    amount_pretax: figures.amountPretax,
    vatamount: figures.vatAmount,
    amount: figures.amount,
    list: detail.lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      unittext: line.unitText,
      number: line.quantity,
      pricepernumber: line.unitPrice,
      discount: line.discount,
      totalprice: line.figures.totalPrice,
    })),
  };
}

export function returnRecordOf(detail: ReturnOrderDetail): ReturnPurchaseOrderSource {
  return {
    number: detail.number,
    status: detail.status,
    returnpurchaseorderdateString: detail.date,
    ...customerFields(detail.supplier),
    reference: detail.reference,
    description: detail.description,
    vattype: VAT_TYPE[detail.vatType],
    discount: detail.discount,
    discountamount: detail.discountAmount,
    shippingamount: detail.shippingAmount,
    amount_pretax: detail.amountPretax,
    vatamount: detail.vatAmount,
    amount: detail.amount,
    paymentamount: detail.paymentAmount,
    payments: detail.payments.map((payment) => ({
      name: payment.methodName,
      amount: payment.amount,
      paymentdatetimeString: payment.paidAt,
    })),
    list: detail.lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      unittext: line.unitText,
      number: line.quantity,
      pricepernumber: line.unitPrice,
      discount: line.discount,
      totalprice: line.totalPrice,
    })),
  };
}
