// Reads of return purchase orders: the list with its filters and totals, one order, and movements.
import type { Database, Handlers } from '../../core/handler.js';
import { dayRange, readPaging } from '../../core/list-helpers.js';
import { roundMoney } from '../../../../src-shared/money/index.js';
import { requireWarehouse } from '../merchant/index.js';
import { textFilter } from '../shared/list-filters.js';
import { readDocumentListFilter } from './document-list-filter.js';
import { linesOf } from './document-lines.repository.js';
import { requireReturnPurchaseOrder } from './lookup.js';
import { findMovement, listMovements } from './movement.repository.js';
import { listReturnPurchaseOrders } from './return-purchase-order-list.repository.js';
import {
  presentMovement,
  presentMovements,
  presentReturnPurchaseOrders,
} from './return-purchase-order.presenter.js';

/** The warehousecode filter: absent or blank filters nothing; a code the store does not have is refused. */
function readWarehouseFilter(db: Database, storeId: number, text: string | undefined): string | undefined {
  const warehousecode = textFilter(text);
  if (warehousecode !== undefined) requireWarehouse(db, storeId, warehousecode);
  return warehousecode;
}

export const returnPurchaseOrderReadHandlers = {
  GetReturnPurchaseOrders: ({ db, store, query, headerLists }) => {
    const page = readPaging(query);
    const warehousecode = readWarehouseFilter(db, store.id, query.warehousecode);
    const paymentFiltered = query.paymentafter !== undefined || query.paymentbefore !== undefined;
    const documentDate = dayRange(query.returnpurchaseorderdateafter, query.returnpurchaseorderdatebefore);
    const filter = readDocumentListFilter(query, documentDate, {
      ids: headerLists.returnpurchaseorderidlist,
      numbers: headerLists.numberlist,
    });
    const result = listReturnPurchaseOrders(
      db,
      store.id,
      {
        ...filter,
        paid: paymentFiltered ? dayRange(query.paymentafter, query.paymentbefore) : undefined,
        fromPaymentAmount: query.frompaymentamount,
        toPaymentAmount: query.topaymentamount,
        warehousecode,
      },
      page,
    );
    return {
      list: presentReturnPurchaseOrders(db, store.id, result.rows),
      count: result.count,
      totals: {
        totalAmount: roundMoney(result.totalAmount),
        totalPaymentAmount: roundMoney(result.totalPaymentAmount),
      },
    };
  },

  GetReturnPurchaseOrderDetail: ({ db, store, parent }) => {
    const order = requireReturnPurchaseOrder(db, store.id, parent);
    const [record] = presentReturnPurchaseOrders(db, store.id, [order]);
    if (!record) throw new Error(`Return purchase order ${order.id} vanished while being read`);
    return record;
  },

  GetMovementReturnPurchaseOrderDetail: ({ db, store, parent }) => {
    // The row's parent rule is 'id': the id is the order's (which is also its movement's id).
    const order = requireReturnPurchaseOrder(db, store.id, { id: parent.id ?? 0 });
    const lines = linesOf(db, store.id, 'returnPurchaseOrder', order.id);
    return presentMovement(order.id, findMovement(db, store.id, order.id), lines);
  },

  GetMovementReturnPurchaseOrders: ({ db, store, query }) => {
    const page = readPaging(query);
    const warehousecode = readWarehouseFilter(db, store.id, query.warehousecode);
    const result = listMovements(
      db,
      store.id,
      { actionDate: dayRange(query.dateafter, query.datebefore), warehousecode },
      page,
    );
    return { list: presentMovements(db, store.id, result.rows), count: result.count };
  },
} satisfies Partial<Handlers>;
