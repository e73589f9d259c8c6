// The return purchase order writes of the write-kind table (WRITES.md): the create is keyless (read
// back by `numberlist`, compared by amount, date, warehouse and lines); status, void, voiding the
// payment and tags are absolute changes judged by the order's detail; a payment is a delta judged by
// the order's payments as finance payments are. Every write on an order made here waits for its create.
import {
  bahtText,
  judgePayment,
  readPayments,
  showPayments,
  type PaymentsSnapshot,
} from './finance-readback.js';
import {
  findCreatedReturnOrder,
  readReturnOrder,
  RETURN_STATU_NAMES,
  showReturnOrder,
  statusReached,
  type ReturnOrderSnapshot,
} from './return-readback.js';
import { absoluteChange, delta, keylessCreate, type RecordRef } from './write-rows.js';

const RECORD = 'return purchase order';
const AFTER = ['addReturnPurchaseOrder'] as const;

function idOf(ref: RecordRef): number {
  return 'id' in ref ? ref.id : 0;
}

function tagRow<N extends 'AddReturnPurchaseOrderTag' | 'DeleteReturnPurchaseOrderTag'>(
  endpoint: N,
  adds: boolean,
) {
  return absoluteChange<N, ReturnOrderSnapshot>({
    endpoint,
    record: RECORD,
    after: AFTER,
    readBack: readReturnOrder,
    reached: (snapshot, args) => snapshot.tags.includes(args.query?.tag ?? '') === adds,
    show: showReturnOrder,
    describe: (args, on) =>
      `${adds ? 'Tag' : 'Remove tag'} "${args.query?.tag ?? ''}" ${adds ? 'on' : 'from'} ${on}`,
  });
}

export const returnRows = {
  addReturnPurchaseOrder: keylessCreate({
    endpoint: 'AddReturnPurchaseOrder',
    record: RECORD,
    findCreated: findCreatedReturnOrder,
    describe: (body) =>
      `Return purchase order ${body.number} ฿${bahtText(body.amount)}` +
      (body.customername?.trim() ? ` to ${body.customername.trim()}` : '') +
      (body.status === 'Success' ? ', goods out' : ''),
  }),
  returnPurchaseOrderStatus: absoluteChange<'UpdateReturnPurchaseOrderStatus', ReturnOrderSnapshot>({
    endpoint: 'UpdateReturnPurchaseOrderStatus',
    record: RECORD,
    after: AFTER,
    readBack: readReturnOrder,
    reached: (snapshot, args) => statusReached(snapshot, args.query?.statu),
    show: showReturnOrder,
    describe: (args, on) => {
      const status = RETURN_STATU_NAMES[args.query?.statu ?? 1];
      const where = args.query?.warehousecode ? ` from ${args.query.warehousecode}` : '';
      const when = args.query?.actionDate ? ` on ${args.query.actionDate}` : '';
      return `${on} to ${status}${status === 'Success' ? `${where}${when}` : ''}`;
    },
  }),
  voidReturnPurchaseOrder: absoluteChange<'VoidReturnPurchaseOrder', ReturnOrderSnapshot>({
    endpoint: 'VoidReturnPurchaseOrder',
    record: RECORD,
    after: AFTER,
    readBack: readReturnOrder,
    reached: (snapshot) => snapshot.status === 'Voided',
    show: showReturnOrder,
    describe: (_args, on) => `Void ${on}`,
  }),
  returnPurchaseOrderPayment: delta<'UpdateReturnPurchaseOrderPayment', PaymentsSnapshot>({
    endpoint: 'UpdateReturnPurchaseOrderPayment',
    record: RECORD,
    after: AFTER,
    readBack: (client, ref) => readPayments(client, RECORD, idOf(ref)),
    judge: (before, after, args) => judgePayment(before, after, args.query),
    show: showPayments,
    describe: (args, on) =>
      `Payment ฿${bahtText(args.query.paymentamount)} on ${on} by ${args.query.paymentmethod}`,
  }),
  voidReturnPurchaseOrderPayment: absoluteChange<'VoidReturnPurchaseOrderPayment', ReturnOrderSnapshot>({
    endpoint: 'VoidReturnPurchaseOrderPayment',
    record: RECORD,
    after: AFTER,
    readBack: readReturnOrder,
    reached: (snapshot) => snapshot.payments === 0 && snapshot.paidSatang === 0,
    show: showReturnOrder,
    describe: (_args, on) => `Void the payment of ${on}`,
  }),
  addReturnPurchaseOrderTag: tagRow('AddReturnPurchaseOrderTag', true),
  deleteReturnPurchaseOrderTag: tagRow('DeleteReturnPurchaseOrderTag', false),
};
