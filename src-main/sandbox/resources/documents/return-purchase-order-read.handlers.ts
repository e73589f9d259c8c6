// Reads of return purchase orders: the list with its filters and totals, one order, and movements.
import type { Handlers } from '../../handler.js';
import { dayRange, readKeyword, readPaging } from '../../list-helpers.js';
import { roundMoney } from '../../../../src-shared/money/index.js';
import { requireWarehouse } from '../merchant/index.js';
import { auditRange, textFilter } from '../shared/list-filters.js';
import { linesOf } from './document-lines.repository.js';
import { requireReturnPurchaseOrder } from './lookup.js';
import { findMovement, listMovements } from './movement.repository.js';
import { listReturnPurchaseOrders } from './return-purchase-order-list.repository.js';
import {
  presentMovement,
  presentMovements,
  presentReturnPurchaseOrders,
} from './return-purchase-order.presenter.js';

export const returnPurchaseOrderReadHandlers = {
  GetReturnPurchaseOrders: ({ db, store, query, headerLists }) => {
    const page = readPaging(query);
    const warehousecode = textFilter(query.warehousecode);
    if (warehousecode !== undefined) requireWarehouse(db, store.id, warehousecode);
    const paymentFiltered = query.paymentafter !== undefined || query.paymentbefore !== undefined;
    const result = listReturnPurchaseOrders(
      db,
      store.id,
      {
        documentDate: dayRange(query.returnpurchaseorderdateafter, query.returnpurchaseorderdatebefore),
        created: auditRange(
          query.createdafter,
          query.createdbefore,
          query.createdatetimeafter,
          query.createdatetimebefore,
        ),
        updated: auditRange(
          query.updatedafter,
          query.updatedbefore,
          query.updatedatetimeafter,
          query.updatedatetimebefore,
        ),
        paid: paymentFiltered ? dayRange(query.paymentafter, query.paymentbefore) : undefined,
        fromAmount: query.fromamount,
        toAmount: query.toamount,
        fromPaymentAmount: query.frompaymentamount,
        toPaymentAmount: query.topaymentamount,
        keyword: readKeyword(query.keyword),
        createusername: textFilter(query.createusername),
        warehousecode,
        ids: headerLists.returnpurchaseorderidlist,
        numbers: headerLists.numberlist,
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
    const warehousecode = textFilter(query.warehousecode);
    if (warehousecode !== undefined) requireWarehouse(db, store.id, warehousecode);
    const result = listMovements(
      db,
      store.id,
      { actionDate: dayRange(query.dateafter, query.datebefore), warehousecode },
      page,
    );
    return { list: presentMovements(db, store.id, result.rows), count: result.count };
  },
} satisfies Partial<Handlers>;
