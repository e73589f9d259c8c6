// Creating a return purchase order and moving it between states (Success moves stock out; voiding a
// Success order brings it back). Each handler runs inside the core's transaction: a refusal anywhere
// (a short sku, an unknown warehouse) leaves nothing behind.
import type { Handlers } from '../../core/handler.js';
import { validation } from '../../core/sandbox-error.js';
import { addPayment } from '../payments/payment.repository.js';
import { listAllWarehouses, requireWarehouse } from '../merchant/index.js';
import { requirePaymentMethod } from '../shared/payment-method.js';
import { documentDay } from '../shared/thai-day.js';
import { unchanged } from './document-common.js';
import { creationColumns, customerColumns, moneyColumns } from './document-header.js';
import { buildLines } from './document-line.builder.js';
import { linesOf, replaceLines } from './document-lines.repository.js';
import { computeMoney } from './document-money.js';
import { returnPurchaseOrderMove, STATU_TARGETS } from './document-states.js';
import { requireReturnPurchaseOrder, returnPurchaseOrderRef } from './lookup.js';
import { bringGoodsBack, moveGoodsOut } from './return-purchase-order-stock.js';
import {
  returnPurchaseOrderTable,
  updateReturnPurchaseOrderStatus,
} from './return-purchase-order.repository.js';

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
    const id = returnPurchaseOrderTable.insert(db, store.id, {
      number,
      status,
      customercode: body.customercode ?? '',
      ...customerColumns(body),
      reference: body.reference ?? '',
      description: body.description ?? '',
      document_date: documentDate,
      warehousecode,
      ...moneyColumns(money),
      referenceid: body.referenceid ?? 0,
      referencenumber: body.referencenumber ?? '',
      ...creationColumns(at),
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
    if (returnPurchaseOrderMove(returnPurchaseOrderRef(order), target) === 'repeat')
      return unchanged(`already ${target}`);
    const at = now();
    if (target === 'Success') {
      const actionDate = documentDay(query.actionDate, at);
      const lines = linesOf(db, store.id, 'returnPurchaseOrder', order.id);
      moveGoodsOut(db, store.id, order, lines, { warehousecode, actionDate, at });
    }
    updateReturnPurchaseOrderStatus(db, store.id, order.id, { status: target, warehousecode, updatedAt: at });
    return {};
  },

  VoidReturnPurchaseOrder: ({ db, store, parent, now }) => {
    const order = requireReturnPurchaseOrder(db, store.id, parent);
    if (returnPurchaseOrderMove(returnPurchaseOrderRef(order), 'Voided') === 'repeat')
      return unchanged('already Voided');
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
