// Payments and tags of return purchase orders. paymentstatus is never stored: it follows the payments.
import type { Handlers } from '../../handler.js';
import { validation } from '../../sandbox-error.js';
import { parseThaiDateTime } from '../../thai-time.js';
import { addPayment, deletePayments } from '../payments/payment.repository.js';
import { requirePaymentMethod } from '../shared/payment-method.js';
import { readTag } from '../shared/tags.js';
import { unchanged } from './document-common.js';
import { addTag, deleteTag } from './document-lines.repository.js';
import { assertReturnPurchaseOrderPayable } from './document-states.js';
import { requireReturnPurchaseOrder } from './lookup.js';
import { returnPurchaseOrderTable, type ReturnPurchaseOrderRow } from './return-purchase-order.repository.js';

function refOf(order: ReturnPurchaseOrderRow) {
  return { label: 'Return purchase order', number: order.number, status: order.status };
}

export const returnPurchaseOrderPaymentHandlers = {
  UpdateReturnPurchaseOrderPayment: ({ db, store, parent, query, now }) => {
    const order = requireReturnPurchaseOrder(db, store.id, parent);
    assertReturnPurchaseOrderPayable(refOf(order), 'payment');
    if (query.paymentamount <= 0) throw validation('paymentamount', 'must be more than 0');
    const name = requirePaymentMethod(db, store.id, query.paymentmethod);
    const at = now();
    const paidAt = query.paymentdate === undefined ? at : (parseThaiDateTime(query.paymentdate) ?? at);
    addPayment(db, store.id, {
      kind: 'returnPurchaseOrder',
      parentId: order.id,
      name,
      amount: query.paymentamount,
      paidAt,
    });
    returnPurchaseOrderTable.touch(db, store.id, order.id, at);
    return {};
  },

  VoidReturnPurchaseOrderPayment: ({ db, store, parent, now }) => {
    const order = requireReturnPurchaseOrder(db, store.id, parent);
    assertReturnPurchaseOrderPayable(refOf(order), 'payment change');
    if (deletePayments(db, store.id, 'returnPurchaseOrder', order.id) === 0)
      return unchanged('it has no payment');
    returnPurchaseOrderTable.touch(db, store.id, order.id, now());
    return {};
  },

  AddReturnPurchaseOrderTag: ({ db, store, parent, query, now }) => {
    const order = requireReturnPurchaseOrder(db, store.id, parent);
    const tag = readTag(query.tag);
    if (!addTag(db, store.id, 'returnPurchaseOrder', order.id, tag))
      return unchanged(`tag ${tag} is already on it`);
    returnPurchaseOrderTable.touch(db, store.id, order.id, now());
    return {};
  },

  DeleteReturnPurchaseOrderTag: ({ db, store, parent, query, now }) => {
    const order = requireReturnPurchaseOrder(db, store.id, parent);
    const tag = readTag(query.tag);
    if (!deleteTag(db, store.id, 'returnPurchaseOrder', order.id, tag))
      return unchanged(`tag ${tag} is not on it`);
    returnPurchaseOrderTable.touch(db, store.id, order.id, now());
    return {};
  },
} satisfies Partial<Handlers>;
