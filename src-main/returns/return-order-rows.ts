// Return purchase orders as the local copy stores them (migration 0011): the record (from a pull, or as
// sent from this PC), the writes made here on top of it, and the local view computed from both — the
// status, payments and tags a person sees before the back office has them.
import type { ReturnPurchaseOrderRecord } from '../../src-shared/api/records.js';
import {
  isOneOf,
  RETURN_ORDER_STATUSES,
  type ReturnOrderStatus,
  type ReturnStatusTarget,
  type ReturnWriteAction,
} from '../../src-shared/domain/vocabulary.js';
import {
  isVatType,
  paymentStatus,
  roundMoney,
  type PaymentStatus,
  type VatType,
} from '../../src-shared/money/index.js';

export interface StoredSupplier {
  readonly code: string;
  readonly name: string;
  readonly idNumber: string;
  readonly phone: string;
  readonly email: string;
  readonly address: string;
  readonly branchName: string;
  readonly branchNo: string;
}

export interface StoredLine {
  readonly productId: number | null;
  readonly sku: string;
  readonly name: string;
  readonly unitText: string;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly discount: string;
  readonly discountAmount: number;
  readonly totalPrice: number;
}

export interface StoredPayment {
  readonly methodName: string;
  readonly amount: number;
  /** 'yyyy-MM-dd HH:mm', Thai time. */
  readonly paidAt: string;
}

/** An order as the back office holds it (or, before the first read, as this PC sent it). */
export interface StoredOrder {
  readonly number: string;
  readonly date: string;
  readonly warehouseCode: string;
  readonly status: ReturnOrderStatus;
  readonly supplier: StoredSupplier;
  readonly vatType: VatType;
  readonly discount: string;
  readonly discountAmount: number;
  readonly shippingAmount: number;
  readonly amount: number;
  readonly amountPretax: number;
  readonly vatAmount: number;
  readonly reference: string;
  readonly description: string;
  readonly lines: readonly StoredLine[];
  readonly payments: readonly StoredPayment[];
  readonly tags: readonly string[];
}

export interface OrderRow {
  readonly id: number;
  readonly server_id: number | null;
  readonly operation_id: number | null;
  readonly number: string;
  readonly doc_date: string;
  readonly warehouse_code: string;
  readonly supplier_name: string;
  readonly amount: number;
  readonly status: string;
  readonly paid: number;
  readonly payment_status: string;
  readonly record_json: string;
  readonly movement_json: string | null;
  readonly pulled_at: number | null;
  readonly created_at: number;
}

export type WriteDetail =
  | {
      readonly action: 'status';
      readonly status: ReturnStatusTarget;
      readonly warehouseCode: string;
      readonly actionDate: string | null;
    }
  | { readonly action: 'payment'; readonly payment: StoredPayment }
  | { readonly action: 'voidPayment' }
  | { readonly action: 'void' }
  | { readonly action: 'addTag' | 'removeTag'; readonly tag: string };

export interface WriteRow {
  readonly id: number;
  readonly order_id: number;
  readonly operation_id: number;
  readonly action: ReturnWriteAction;
  readonly detail_json: string;
  readonly created_at: number;
  readonly in_server_copy: 0 | 1;
}

export function writeDetail(row: WriteRow): WriteDetail {
  return { ...(JSON.parse(row.detail_json) as object), action: row.action } as WriteDetail;
}

export function storedOrder(row: OrderRow): StoredOrder {
  return JSON.parse(row.record_json) as StoredOrder;
}

function text(value: string | undefined): string {
  return (value ?? '').trim();
}

/** A pulled ReturnPurchaseOrder record as stored. */
export function orderFromServer(record: ReturnPurchaseOrderRecord): StoredOrder {
  const status = record.status ?? '';
  return {
    number: text(record.number),
    date: text(record.returnpurchaseorderdateString) || text(record.returnpurchaseorderdate).slice(0, 10),
    warehouseCode: text(record.warehousecode),
    status: isOneOf(RETURN_ORDER_STATUSES, status) ? status : 'Pending',
    supplier: {
      code: text(record.customercode),
      name: text(record.customername),
      idNumber: text(record.customeridnumber),
      phone: text(record.customerphone),
      email: text(record.customeremail),
      address: text(record.customeraddress),
      branchName: text(record.customerbranchname),
      branchNo: text(record.customerbranchno),
    },
    vatType: isVatType(record.vattype) ? record.vattype : 1,
    discount: text(record.discount),
    discountAmount: record.discountamount ?? 0,
    shippingAmount: record.shippingamount ?? 0,
    amount: record.amount ?? 0,
    amountPretax: Number(record.amount_pretax ?? record.amount ?? 0),
    vatAmount: record.vatamount ?? 0,
    reference: text(record.reference),
    description: text(record.description),
    lines: (record.list ?? []).map((line) => ({
      productId: line.productid && line.productid > 0 ? line.productid : null,
      sku: text(line.sku),
      name: text(line.name),
      unitText: text(line.unittext),
      quantity: line.number ?? 0,
      unitPrice: line.pricepernumber ?? 0,
      discount: text(line.discount),
      discountAmount: line.discountamount ?? 0,
      totalPrice: line.totalprice ?? 0,
    })),
    payments: (record.payments ?? []).map((payment) => ({
      methodName: text(payment.name),
      amount: payment.amount ?? 0,
      paidAt: text(payment.paymentdatetimeString),
    })),
    tags: [...(record.tag ?? [])],
  };
}

/** Lower-cased number, supplier, reference, description, skus and line names: the keyword's haystack. */
export function orderSearchText(order: StoredOrder): string {
  return [
    order.number,
    order.supplier.name,
    order.supplier.code,
    order.reference,
    order.description,
    ...order.lines.flatMap((line) => [line.sku, line.name]),
    ...order.tags,
  ]
    .join(' ')
    .toLowerCase();
}

/** What a person sees: the stored order with the writes made here on top, in the order they were made. */
export interface OrderView {
  readonly status: ReturnOrderStatus;
  readonly warehouseCode: string;
  readonly payments: ReadonlyArray<StoredPayment & { readonly operationId: number | null }>;
  readonly paid: number;
  readonly paymentStatus: PaymentStatus;
  readonly tags: readonly string[];
}

export function orderView(order: StoredOrder, onTop: readonly WriteRow[]): OrderView {
  let status: ReturnOrderStatus = order.status;
  let warehouseCode = order.warehouseCode;
  let payments: Array<StoredPayment & { operationId: number | null }> = order.payments.map((payment) => ({
    ...payment,
    operationId: null,
  }));
  const tags = new Set(order.tags);
  for (const row of onTop) {
    const write = writeDetail(row);
    switch (write.action) {
      case 'status':
        status = write.status;
        warehouseCode = write.warehouseCode || warehouseCode;
        break;
      case 'void':
        status = 'Voided';
        break;
      case 'payment':
        payments.push({ ...write.payment, operationId: row.operation_id });
        break;
      case 'voidPayment':
        payments = [];
        break;
      case 'addTag':
        tags.add(write.tag);
        break;
      case 'removeTag':
        tags.delete(write.tag);
        break;
    }
  }
  const paid = roundMoney(payments.reduce((sum, payment) => sum + payment.amount, 0));
  return {
    status,
    warehouseCode,
    payments,
    paid,
    paymentStatus: paymentStatus(order.amount, paid),
    tags: [...tags],
  };
}
