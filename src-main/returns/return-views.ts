// Local rows → the contract's shapes (src-shared/ipc/schemas/returns.ts), with the send state of every
// write made here and the chain they form (the create first, the writes that wait on it after).
import type { ReturnOrderDetail, ReturnOrderSummary } from '../../src-shared/ipc/index.js';
import { isOneOf, RETURN_ORDER_STATUSES, type SendState } from '../../src-shared/domain/vocabulary.js';
import { PAYMENT_STATUSES } from '../../src-shared/money/index.js';
import { vatChoiceOf } from '../money/money-figures.js';
import { sendStateOf } from '../outbox/index.js';
import type { WriteOperationState } from '../outbox/index.js';
import { orderView, storedOrder, writeDetail, type OrderRow, type WriteRow } from './return-order-rows.js';

type Standings = ReadonlyMap<number, WriteOperationState>;

export type StoredMovement = NonNullable<ReturnOrderDetail['movement']>;

function stateOf(standings: Standings, operationId: number | null): SendState | null {
  return operationId === null ? null : sendStateOf(standings.get(operationId));
}

/** The operations a row's views need the standing of. */
export function operationsOf(row: OrderRow, writes: readonly WriteRow[]): number[] {
  return [
    ...(row.operation_id === null ? [] : [row.operation_id]),
    ...writes.map((write) => write.operation_id),
  ];
}

export function orderSummary(
  row: OrderRow,
  standings: Standings,
  writes: readonly WriteRow[],
): ReturnOrderSummary {
  return {
    id: row.id,
    serverId: row.server_id,
    number: row.number,
    date: row.doc_date,
    warehouseCode: row.warehouse_code,
    supplierName: row.supplier_name,
    amount: row.amount,
    paymentAmount: row.paid,
    paymentStatus: isOneOf(PAYMENT_STATUSES, row.payment_status) ? row.payment_status : 'Pending',
    status: isOneOf(RETURN_ORDER_STATUSES, row.status) ? row.status : 'Pending',
    sendState: stateOf(standings, row.operation_id),
    operationId: row.operation_id,
    writesWaiting: writes.filter((write) => {
      const state = standings.get(write.operation_id)?.state;
      return state !== undefined && state !== 'done' && state !== 'discarded';
    }).length,
  };
}

/** `onTop`: the writes still shown on top of the record (return-copy.ts); `all`: every write made here. */
export function orderDetail(
  row: OrderRow,
  standings: Standings,
  onTop: readonly WriteRow[],
  all: readonly WriteRow[],
): ReturnOrderDetail {
  const order = storedOrder(row);
  const view = orderView(order, onTop);
  const create =
    row.operation_id === null
      ? []
      : [
          {
            operationId: row.operation_id,
            action: 'create' as const,
            description: `Create return purchase order ${order.number}`,
            subject: order.number,
            sendState: stateOf(standings, row.operation_id) ?? 'sent',
            reasonText: standings.get(row.operation_id)?.reasonText ?? null,
            waitingFor: null,
          },
        ];
  return {
    ...orderSummary(row, standings, all),
    supplier: order.supplier,
    vatType: vatChoiceOf(order.vatType),
    discount: order.discount,
    discountAmount: order.discountAmount,
    shippingAmount: order.shippingAmount,
    amountPretax: order.amountPretax,
    vatAmount: order.vatAmount,
    reference: order.reference,
    description: order.description,
    lines: order.lines.map((line) => ({ ...line })),
    payments: view.payments.map((payment) => ({
      methodName: payment.methodName,
      amount: payment.amount,
      paidAt: payment.paidAt,
      sendState: stateOf(standings, payment.operationId),
      operationId: payment.operationId,
    })),
    tags: [...view.tags],
    movement: row.movement_json === null ? null : (JSON.parse(row.movement_json) as StoredMovement),
    chain: [
      ...create,
      ...all.map((write) => {
        const standing = standings.get(write.operation_id);
        return {
          operationId: write.operation_id,
          action: write.action,
          ...writeWords(write),
          sendState: sendStateOf(standing) ?? 'sent',
          reasonText: standing?.mark === 'needsAttention' ? standing.reasonText : null,
          waitingFor: standing?.waitingFor?.operationId ?? null,
        };
      }),
    ],
    pulledAt: row.pulled_at,
  };
}

/** A write's Outbox wording (stored with it) and what it sets. */
function writeWords(write: WriteRow): { description: string; subject: string } {
  const detail = writeDetail(write);
  const description = (JSON.parse(write.detail_json) as { text?: string }).text ?? write.action;
  switch (detail.action) {
    case 'status':
      return { description, subject: detail.status };
    case 'payment':
      return { description, subject: detail.payment.amount.toFixed(2) };
    case 'addTag':
    case 'removeTag':
      return { description, subject: detail.tag };
    default:
      return { description, subject: '' };
  }
}
