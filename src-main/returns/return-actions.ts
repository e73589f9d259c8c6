// The writes on a return purchase order after its create: status (Waiting, Shipping, Success with the
// goods' date and warehouse), the supplier's payment, voiding the payment, voiding the order, tags.
// Each is checked against the order's local view (a Voided order takes nothing; Success only a void),
// queued on the order — by its create's operation for an order made here, so it waits for it — and
// stored as a write on top of the order in the same transaction; Success and voiding a Success order
// store their stock effect too.
import type { ParsedCallArgs, ReturnOrderDetail } from '../../src-shared/ipc/index.js';
import { formatMoney, roundMoney } from '../../src-shared/money/index.js';
import { formatThaiDate, formatThaiDateTime } from '../../src-shared/time/index.js';
import type { WriteRequest } from '../outbox/index.js';
import { Refusal } from '../refusal/refusal.js';
import { orderView, storedOrder, type OrderRow, type WriteDetail } from './return-order-rows.js';
import type { ReturnsService } from './returns.service.js';

const STATU = { Success: 1, Waiting: 3, Shipping: 6 } as const;

type Target = { readonly serverId: number } | { readonly afterOperation: number };

export class ReturnActions {
  readonly #service: ReturnsService;
  readonly #now: () => number;

  constructor(service: ReturnsService, now: () => number = Date.now) {
    this.#service = service;
    this.#now = now;
  }

  setStatus(args: ParsedCallArgs<'returns.setStatus'>): ReturnOrderDetail {
    const { row, view, label } = this.#order(args.id);
    if (view.status === 'Voided') throw Refusal.conflict(`${label} is Voided: it takes no status change.`);
    if (view.status === 'Success')
      throw Refusal.conflict(`${label} is Success: its goods left; it can only be voided.`);
    if (view.status === args.status) throw Refusal.field('status', `is already ${args.status}`);
    const success = args.status === 'Success';
    const warehouseCode = success
      ? this.#service.requireWarehouse(args.warehouseCode ?? view.warehouseCode, 'warehouseCode')
      : view.warehouseCode;
    const actionDate = success ? (args.actionDate ?? formatThaiDate(this.#now())) : null;
    const query = {
      statu: STATU[args.status],
      ...(success ? { warehousecode: warehouseCode, actionDate: actionDate ?? undefined } : {}),
    };
    const text = `${label} to ${args.status}${success ? ` from ${warehouseCode} on ${actionDate}` : ''}`;
    return this.#queue(
      row,
      { kind: 'returnPurchaseOrderStatus', target: this.#target(row), args: { query }, describe: text },
      {
        action: 'status',
        status: args.status,
        warehouseCode,
        actionDate,
      },
      text,
      (operationId) => {
        if (success) this.#service.recordGoodsOut(operationId, storedOrder(row), warehouseCode, -1);
      },
    );
  }

  recordPayment(args: ParsedCallArgs<'returns.recordPayment'>): ReturnOrderDetail {
    const { row, view, label } = this.#order(args.id);
    if (view.status === 'Voided') throw Refusal.conflict(`${label} is Voided: it takes no payment.`);
    const methodName = this.#service.paymentMethod(args.methodId, 'methodId');
    const amount = roundMoney(args.amount);
    const paidAt = args.paidAt ?? formatThaiDateTime(this.#now());
    const text = `Payment ฿${formatMoney(amount)} on ${label} by ${methodName}`;
    return this.#queue(
      row,
      {
        kind: 'returnPurchaseOrderPayment',
        target: this.#target(row),
        args: { query: { paymentamount: amount, paymentmethod: methodName, paymentdate: paidAt } },
        describe: text,
      },
      { action: 'payment', payment: { methodName, amount, paidAt } },
      text,
    );
  }

  voidPayment(id: number): ReturnOrderDetail {
    const { row, view, label } = this.#order(id);
    if (view.status === 'Voided') throw Refusal.conflict(`${label} is Voided: its payments cannot change.`);
    if (view.payments.length === 0) throw Refusal.conflict(`${label} has no payment to void.`);
    const text = `Void the payment of ${label}`;
    return this.#queue(
      row,
      { kind: 'voidReturnPurchaseOrderPayment', target: this.#target(row), args: {}, describe: text },
      { action: 'voidPayment' },
      text,
    );
  }

  voidOrder(id: number): ReturnOrderDetail {
    const { row, view, label } = this.#order(id);
    if (view.status === 'Voided') throw Refusal.conflict(`${label} is already Voided.`);
    const text = `Void ${label}${view.status === 'Success' ? ` (goods back into ${view.warehouseCode})` : ''}`;
    return this.#queue(
      row,
      { kind: 'voidReturnPurchaseOrder', target: this.#target(row), args: {}, describe: text },
      { action: 'void' },
      text,
      (operationId) => {
        // A Success order's goods come back into the warehouse they left.
        if (view.status === 'Success')
          this.#service.recordGoodsOut(operationId, storedOrder(row), view.warehouseCode, 1);
      },
    );
  }

  setTag(id: number, tag: string, adds: boolean): ReturnOrderDetail {
    const { row, view, label } = this.#order(id);
    const trimmed = tag.trim();
    if (view.tags.includes(trimmed) === adds)
      throw Refusal.field('tag', adds ? 'is already on this order' : 'is not on this order');
    const text = `${adds ? 'Tag' : 'Remove tag'} "${trimmed}" ${adds ? 'on' : 'from'} ${label}`;
    const request: WriteRequest = adds
      ? {
          kind: 'addReturnPurchaseOrderTag',
          target: this.#target(row),
          args: { query: { tag: trimmed } },
          describe: text,
        }
      : {
          kind: 'deleteReturnPurchaseOrderTag',
          target: this.#target(row),
          args: { query: { tag: trimmed } },
          describe: text,
        };
    return this.#queue(row, request, { action: adds ? 'addTag' : 'removeTag', tag: trimmed }, text);
  }

  #order(id: number) {
    const row = this.#service.repo.find(id);
    if (!row) {
      throw Refusal.field(
        'id',
        'is not an order on this PC',
        undefined,
        `There is no return purchase order ${id} on this PC.`,
      );
    }
    const view = orderView(storedOrder(row), this.#service.copy.onTop(id));
    return { row, view, label: `return purchase order ${row.number}` };
  }

  /** An order made here is always named by its create (one order of writes); others by server id. */
  #target(row: OrderRow): Target {
    if (row.operation_id !== null) return { afterOperation: row.operation_id };
    if (row.server_id !== null) return { serverId: row.server_id };
    throw Refusal.conflict('This order has no server id and no create to wait for.');
  }

  #queue(
    row: OrderRow,
    request: WriteRequest,
    detail: WriteDetail,
    text: string,
    alsoInTransaction?: (operationId: number) => void,
  ): ReturnOrderDetail {
    const { repo, copy } = this.#service;
    repo.transaction(() => {
      const queued = this.#service.enqueue(request);
      repo.addWrite(
        row.id,
        queued.operationId,
        { ...detail, text } as WriteDetail & { text: string },
        this.#now(),
      );
      alsoInTransaction?.(queued.operationId);
      copy.refreshView(row.id);
    });
    this.#service.changedHere();
    return this.#service.detail(row.id);
  }
}
