// Payments and tags of return purchase orders. paymentstatus is never stored: it follows the payments.
import type { Handlers } from '../../core/handler.js';
import { validation } from '../../core/sandbox-error.js';
import { parseThaiDateTime } from '../../../../src-shared/time/index.js';
import { addPayment, deletePayments } from '../payments/payment.repository.js';
import { requirePaymentMethod } from '../shared/payment-method.js';
import { unchanged } from './document-common.js';
import { assertReturnPurchaseOrderPayable } from './document-states.js';
import { documentTagHandlers } from './document-tag.handlers.js';
import { requireReturnPurchaseOrder, returnPurchaseOrderRef } from './lookup.js';
import { returnPurchaseOrderTable } from './return-purchase-order.repository.js';

const orderTags = documentTagHandlers(
  'returnPurchaseOrder',
  requireReturnPurchaseOrder,
  returnPurchaseOrderTable,
);

export const returnPurchaseOrderPaymentHandlers = {
  UpdateReturnPurchaseOrderPayment: ({ db, store, parent, query, now }) => {
    const order = requireReturnPurchaseOrder(db, store.id, parent);
    assertReturnPurchaseOrderPayable(returnPurchaseOrderRef(order), 'payment');
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
    assertReturnPurchaseOrderPayable(returnPurchaseOrderRef(order), 'payment change');
    if (deletePayments(db, store.id, 'returnPurchaseOrder', order.id) === 0)
      return unchanged('it has no payment');
    returnPurchaseOrderTable.touch(db, store.id, order.id, now());
    return {};
  },

  AddReturnPurchaseOrderTag: orderTags.add,
  DeleteReturnPurchaseOrderTag: orderTags.remove,
} satisfies Partial<Handlers>;
