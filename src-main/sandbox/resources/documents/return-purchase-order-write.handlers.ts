// Creating a return purchase order and moving it between states (Success moves stock out; voiding a
// Success order brings it back). Each handler runs inside the core's transaction: a refusal anywhere
// (a short sku, an unknown warehouse) leaves nothing behind.
import type { Handlers } from '../../handler.js';
import { validation } from '../../sandbox-error.js';
import { parseThaiDate } from '../../thai-time.js';
import { addPayment } from '../payments/payment.repository.js';
import { listAllWarehouses, requireWarehouse } from '../merchant/index.js';
import { API_USER } from '../shared/api-user.js';
import { requirePaymentMethod } from '../shared/payment-method.js';
import { documentDay, thaiToday } from '../shared/thai-day.js';
import { CURRENCY, unchanged } from './document-common.js';
import { buildLines } from './document-line.builder.js';
import { linesOf, replaceLines } from './document-lines.repository.js';
import { computeMoney } from './document-money.js';
import { returnPurchaseOrderMove, STATU_TARGETS } from './document-states.js';
import { requireReturnPurchaseOrder } from './lookup.js';
import { bringGoodsBack, moveGoodsOut } from './return-purchase-order-stock.js';
import {
  insertReturnPurchaseOrder,
  updateReturnPurchaseOrderStatus,
  type ReturnPurchaseOrderRow,
} from './return-purchase-order.repository.js';

const LABEL = 'Return purchase order';

function refOf(order: ReturnPurchaseOrderRow) {
  return { label: LABEL, number: order.number, status: order.status };
}

export const returnPurchaseOrderWriteHandlers = {
  AddReturnPurchaseOrder: ({ db, store, body, now }) => {
    const at = now();
    const number = body.number.trim();
    if (number === '') throw validation('number', 'is required');
    // Without a warehousecode the goods leave the store's first (main) warehouse.
    const warehousecode = body.warehousecode?.trim() || (listAllWarehouses(db, store.id)[0]?.code ?? '');
    requireWarehouse(db, store.id, warehousecode);
    const lines = body.list ?? [];
    const money = computeMoney(body, lines);
    const storedLines = buildLines(db, store.id, lines, money);
    const paymentamount = body.paymentamount ?? 0;
    if (paymentamount < 0) throw validation('paymentamount', 'must not be negative');
    const method = paymentamount > 0 ? requirePaymentMethod(db, store.id, body.paymentmethod) : undefined;

    const status = body.status ?? 'Pending';
    const documentDate = documentDay(body.returnpurchaseorderdate, at);
    const { document } = money;
    const id = insertReturnPurchaseOrder(db, store.id, {
      number,
      status,
      customercode: body.customercode ?? '',
      customername: body.customername ?? '',
      customeridnumber: body.customeridnumber ?? '',
      customeremail: body.customeremail ?? '',
      customerphone: body.customerphone ?? '',
      customeraddress: body.customeraddress ?? '',
      customerbranchname: body.customerbranchname ?? '',
      customerbranchno: body.customerbranchno ?? '',
      reference: body.reference ?? '',
      description: body.description ?? '',
      document_date: documentDate,
      warehousecode,
      vattype: document.vattype,
      amount: document.amount,
      amount_pretax: document.amount_pretax,
      vatamount: document.vatamount,
      discount: money.discount,
      discountamount: document.discountamount,
      discountamount_pretax: document.discountamount_pretax,
      discountamount_vat: document.discountamount_vat,
      shippingvat: document.shippingvat,
      shippingamount: document.shippingamount,
      shippingamount_pretax: document.shippingamount_pretax,
      shippingamount_vat: document.shippingamount_vat,
      referenceid: body.referenceid ?? 0,
      referencenumber: body.referencenumber ?? '',
      currency: CURRENCY,
      createuserid: API_USER.id,
      createusername: API_USER.username,
      createdby: API_USER.displayName,
      created_at: at,
      updated_at: at,
    });
    replaceLines(db, store.id, 'returnPurchaseOrder', id, storedLines);
    if (method !== undefined) {
      addPayment(db, store.id, {
        kind: 'returnPurchaseOrder',
        parentId: id,
        name: method,
        amount: paymentamount,
        paidAt: at,
      });
    }
    if (status === 'Success') {
      // Created as Success: the goods left on the order's own date (there is no actionDate at creation).
      const storedRows = storedLines.map((line) => ({ document_id: id, ...line }));
      moveGoodsOut(db, store.id, { id, number }, storedRows, { warehousecode, actionDate: documentDate, at });
    }
    return { id };
  },

  UpdateReturnPurchaseOrderStatus: ({ db, store, parent, query, now }) => {
    const order = requireReturnPurchaseOrder(db, store.id, parent);
    const target = STATU_TARGETS[query.statu ?? 1];
    // The query's warehousecode overrides the order's and becomes the order's: the goods leave from it.
    const warehousecode = query.warehousecode?.trim() || order.warehousecode;
    requireWarehouse(db, store.id, warehousecode);
    if (returnPurchaseOrderMove(refOf(order), target) === 'repeat') return unchanged(`already ${target}`);
    const at = now();
    if (target === 'Success') {
      const actionDate =
        query.actionDate === undefined ? thaiToday(at) : (parseThaiDate(query.actionDate) ?? thaiToday(at));
      const lines = linesOf(db, store.id, 'returnPurchaseOrder', order.id);
      moveGoodsOut(db, store.id, order, lines, { warehousecode, actionDate, at });
    }
    updateReturnPurchaseOrderStatus(db, store.id, order.id, { status: target, warehousecode, updatedAt: at });
    return {};
  },

  VoidReturnPurchaseOrder: ({ db, store, parent, now }) => {
    const order = requireReturnPurchaseOrder(db, store.id, parent);
    if (returnPurchaseOrderMove(refOf(order), 'Voided') === 'repeat') return unchanged('already Voided');
    const at = now();
    if (order.status === 'Success') {
      const lines = linesOf(db, store.id, 'returnPurchaseOrder', order.id);
      bringGoodsBack(db, store.id, order, lines, at);
    }
    updateReturnPurchaseOrderStatus(db, store.id, order.id, {
      status: 'Voided',
      warehousecode: order.warehousecode,
      updatedAt: at,
    });
    return {};
  },
} satisfies Partial<Handlers>;
