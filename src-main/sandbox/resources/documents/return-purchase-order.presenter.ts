// Stored return purchase orders as the v4 ReturnPurchaseOrder and MovementReturnPurchaseOrder records.
import type { Database } from 'better-sqlite3';
import type { HandlerResult } from '../../core/handler.js';
import { thaiDateString, thaiIsoDateTime } from '../../core/list-helpers.js';
import { paymentsByParent, statusOfPayments, type PaymentView } from '../payments/payment.repository.js';
import { presentChangeTimes } from '../shared/change-times.js';
import {
  presentCreator,
  presentCustomer,
  presentDiscount,
  presentTotals,
} from './document-header.presenter.js';
import { presentLine } from './document-line.presenter.js';
import { linesByDocument, tagsByDocument, type DocumentLineRow } from './document-lines.repository.js';
import type { MovementRow } from './movement.repository.js';
import type { ReturnPurchaseOrderRow } from './return-purchase-order.repository.js';

export type ReturnPurchaseOrderView = HandlerResult<'GetReturnPurchaseOrderDetail'>;
export type MovementView = HandlerResult<'GetMovementReturnPurchaseOrderDetail'>;

function present(
  row: ReturnPurchaseOrderRow,
  lines: readonly DocumentLineRow[],
  payments: readonly PaymentView[],
  tags: readonly string[],
): ReturnPurchaseOrderView {
  return {
    id: row.id,
    number: row.number,
    customerid: row.customerid,
    customercode: row.customercode,
    ...presentCustomer(row),
    status: row.status,
    paymentstatus: statusOfPayments(row.amount, row.paymentamount),
    ...presentTotals(row),
    returnpurchaseorderdate: thaiIsoDateTime(row.document_date),
    returnpurchaseorderdateString: thaiDateString(row.document_date),
    paymentamount: row.paymentamount,
    reference: row.reference,
    description: row.description,
    ...presentDiscount(row),
    warehousecode: row.warehousecode,
    list: lines.map(presentLine),
    payments: [...payments],
    tag: [...tags],
    ...presentChangeTimes(row),
    ...presentCreator(row),
    referenceid: row.referenceid,
    referencenumber: row.referencenumber,
    currency: row.currency,
  };
}

/** Full records of several orders (a list page or one detail), loading their lines, payments and tags. */
export function presentReturnPurchaseOrders(
  db: Database,
  storeId: number,
  rows: readonly ReturnPurchaseOrderRow[],
): ReturnPurchaseOrderView[] {
  const ids = rows.map((row) => row.id);
  const lines = linesByDocument(db, storeId, 'returnPurchaseOrder', ids);
  const payments = paymentsByParent(db, storeId, 'returnPurchaseOrder', ids);
  const tags = tagsByDocument(db, storeId, 'returnPurchaseOrder', ids);
  return rows.map((row) =>
    present(row, lines.get(row.id) ?? [], payments.get(row.id) ?? [], tags.get(row.id) ?? []),
  );
}

/**
 * The movement of one order. Its id is the order's id (one movement per order: the sandbox moves every
 * line at once), so the id a client took from either list finds it. Not moved: empty list and dates.
 */
export function presentMovement(
  orderId: number,
  movement: MovementRow | undefined,
  lines: readonly DocumentLineRow[],
): MovementView {
  return {
    id: orderId,
    list: movement
      ? lines.map((line) => ({
          productid: line.productid,
          sku: line.sku,
          name: line.name,
          number: line.number,
          unittext: line.unittext,
          pricepernumber: line.pricepernumber,
          discount: line.discount,
          totalprice: line.totalprice,
        }))
      : [],
    actionDate: movement ? [thaiIsoDateTime(movement.action_date)] : [],
    actionDateString: movement ? [thaiDateString(movement.action_date)] : [],
    returnpurchaseorderid: orderId,
  };
}

/** Movements of a list page with their orders' lines. */
export function presentMovements(
  db: Database,
  storeId: number,
  movements: readonly MovementRow[],
): MovementView[] {
  const lines = linesByDocument(
    db,
    storeId,
    'returnPurchaseOrder',
    movements.map((movement) => movement.order_id),
  );
  return movements.map((movement) =>
    presentMovement(movement.order_id, movement, lines.get(movement.order_id) ?? []),
  );
}
