// Return purchase orders (issue 11): read from the PC's local copy (works offline) and written through
// the outbox (exactly once in effect). Conventions as in money.ts: an order is addressed by its LOCAL
// id (it exists from the moment it is saved here, offline too); money in baht, dates Thai days; bad
// input answers `invalid-arguments` with `issues` naming the field (`number`, `warehouseCode`,
// `lines.2.quantity`, `payment.amount`, `actionDate`…), and nothing is queued then.
import { z } from 'zod';
import {
  RETURN_ORDER_STATUSES,
  RETURN_STATUS_TARGETS,
  RETURN_WRITE_ACTIONS,
} from '../../domain/vocabulary.js';
import {
  count,
  EMPTY_ARGS,
  epochMs,
  pageArgs,
  partyText,
  requiredText,
  rowId,
  shortText,
  searchText,
} from './common.js';
import { documentLinesFields } from './document-lines.js';
import {
  baht,
  positiveBaht,
  paymentStatusValue,
  sendState,
  thaiDate,
  thaiDateTime,
  vatChoice,
} from './money.js';

export const returnOrderStatus = z.enum(RETURN_ORDER_STATUSES);
export const returnStatusTarget = z.enum(RETURN_STATUS_TARGETS);

export const returnOrderSummary = z.object({
  id: rowId,
  /** The back office's id; null until the create is sent. */
  serverId: z.number().nullable(),
  number: z.string(),
  date: z.string(),
  warehouseCode: z.string(),
  supplierName: z.string(),
  amount: z.number(),
  /** Paid so far, payments still queued here included (a queued void counts as done). */
  paymentAmount: z.number(),
  paymentStatus: paymentStatusValue,
  /** The local view: the back office's status with the writes queued here on top. */
  status: returnOrderStatus,
  /** The create's send state for an order made here; null for one that only came from the back office. */
  sendState: sendState.nullable(),
  operationId: rowId.nullable(),
  /** Writes made here on this order not sent yet. */
  writesWaiting: count,
});
export type ReturnOrderSummary = z.output<typeof returnOrderSummary>;

export const returnOrderLine = z.object({
  productId: z.number().nullable(),
  sku: z.string(),
  name: z.string(),
  unitText: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  discount: z.string(),
  discountAmount: z.number(),
  totalPrice: z.number(),
});

export const returnOrderPayment = z.object({
  methodName: z.string(),
  amount: z.number(),
  paidAt: z.string(),
  sendState: sendState.nullable(),
  operationId: rowId.nullable(),
});

/** One write of the chain queued here on the order: the create first, then the writes waiting on it. */
export const returnChainLink = z.object({
  operationId: rowId,
  action: z.enum(['create', ...RETURN_WRITE_ACTIONS]),
  /** How the Outbox reads it (English). */
  description: z.string(),
  /** What it sets, for the page to word: the status, the amount ('1250.00'), the tag, or the number. */
  subject: z.string(),
  sendState: sendState,
  /** Why it needs attention, when it does. */
  reasonText: z.string().nullable(),
  /** The create it waits for, while that create is not done. */
  waitingFor: rowId.nullable(),
});

export const returnMovement = z.object({
  /** Thai days the goods moved. */
  dates: z.array(z.string()),
  lines: z.array(z.object({ sku: z.string(), name: z.string(), quantity: z.number(), unitText: z.string() })),
  /** When it was read from the back office. */
  readAt: epochMs,
});

export const returnOrderDetail = returnOrderSummary.extend({
  supplier: z.object({
    code: z.string(),
    name: z.string(),
    idNumber: z.string(),
    phone: z.string(),
    email: z.string(),
    address: z.string(),
    branchName: z.string(),
    branchNo: z.string(),
  }),
  vatType: vatChoice,
  discount: z.string(),
  discountAmount: z.number(),
  shippingAmount: z.number(),
  amountPretax: z.number(),
  vatAmount: z.number(),
  reference: z.string(),
  description: z.string(),
  lines: z.array(returnOrderLine),
  /** Oldest first. */
  payments: z.array(returnOrderPayment),
  tags: z.array(z.string()),
  /** The goods' movement (GetMovementReturnPurchaseOrderDetail) as last read; null before any read. */
  movement: returnMovement.nullable(),
  chain: z.array(returnChainLink),
  pulledAt: epochMs.nullable(),
});
export type ReturnOrderDetail = z.output<typeof returnOrderDetail>;

const newPayment = z.strictObject({
  /** A cached payment method (money.paymentMethods). */
  methodId: rowId,
  amount: positiveBaht,
  /** Thai time; now when left out. */
  paidAt: thaiDateTime.optional(),
});

export const returnDraft = z.strictObject({
  /**
   * Left out: this PC's next number, taken as the order is saved (the one returns.newNumber
   * showed, or the next one when another save took it meanwhile). Given: kept as typed; refused when
   * another order in the copy has it.
   */
  number: requiredText(60).optional(),
  /** Today (Thai) when left out. */
  date: thaiDate.optional(),
  /** The warehouse the goods leave (catalogue.warehouses). */
  warehouseCode: requiredText(40),
  /** A cached contact (money.contacts) fills every field; otherwise the typed fields are sent. */
  supplier: z
    .strictObject({
      contactId: rowId.optional(),
      name: shortText(200).default(''),
      phone: partyText('phone', 50),
    })
    .optional(),
  reference: shortText(200).default(''),
  description: shortText(1000).default(''),
  ...documentLinesFields,
  /** Success: the goods leave the warehouse on the order's date as soon as it is created. */
  status: z.enum(['Pending', 'Success']).default('Pending'),
  payment: newPayment.optional(),
});
export type ReturnDraft = z.output<typeof returnDraft>;

const byId = { id: rowId };

export const returnCalls = {
  /** Orders from the local copy, newest first, with totals over the whole filter. */
  'returns.list': {
    args: z.strictObject({
      statuses: z.array(returnOrderStatus).max(6).optional(),
      dateFrom: thaiDate.optional(),
      dateTo: thaiDate.optional(),
      amountMin: baht.optional(),
      amountMax: baht.optional(),
      keyword: searchText(100).optional(),
      warehouseCode: shortText(40).optional(),
      ...pageArgs,
    }),
    result: z.object({
      total: count,
      offset: count,
      items: z.array(returnOrderSummary),
      totals: z.object({ count, amount: z.number(), paymentAmount: z.number() }),
      coverage: z.object({ windowStart: z.string(), windowDays: count, lastPulledAt: epochMs.nullable() }),
    }),
  },
  /** One order with lines, payments, tags, the movement as last read and the chain of writes made here. */
  'returns.detail': { args: z.strictObject(byId), result: returnOrderDetail },
  /**
   * Reads the order and its movement from the back office again (2 requests) and answers the detail;
   * offline (or for an order not sent yet) it answers what the PC holds.
   */
  'returns.refresh': { args: z.strictObject(byId), result: returnOrderDetail },
  /**
   * The order's stock movements as the back office lists them now (GetMovementReturnPurchaseOrders from
   * the order's date to today, the order's own kept): 'notSent' before its create is sent, 'unreachable'
   * when the back office cannot be asked (offline, out of quota): the page says so, nothing is kept.
   */
  'returns.movements': {
    args: z.strictObject(byId),
    result: z.object({
      state: z.enum(['read', 'notSent', 'unreachable']),
      movements: z.array(returnMovement),
    }),
  },
  /**
   * The number a new order saved now would get ('RT-' + this PC's short name + its next sequence) and
   * today's date. Nothing is taken (it stays the same until an order is saved), so a form opened and
   * cancelled leaves no gap.
   */
  'returns.newNumber': {
    args: EMPTY_ARGS,
    result: z.object({ number: z.string(), date: z.string() }),
  },
  /** Saves a new order here and queues AddReturnPurchaseOrder; it is in the list at once. */
  'returns.create': { args: returnDraft, result: returnOrderDetail },
  /** Waiting, Shipping or Success (Success: the date the goods left and the warehouse they left). */
  'returns.setStatus': {
    args: z.strictObject({
      ...byId,
      status: returnStatusTarget,
      actionDate: thaiDate.optional(),
      warehouseCode: shortText(40).optional(),
    }),
    result: returnOrderDetail,
  },
  /** Records the supplier's payment (UpdateReturnPurchaseOrderPayment). */
  'returns.recordPayment': {
    args: z.strictObject({ ...byId, ...newPayment.shape }),
    result: returnOrderDetail,
  },
  /** Voids the order's payments (VoidReturnPurchaseOrderPayment). */
  'returns.voidPayment': { args: z.strictObject(byId), result: returnOrderDetail },
  /** Voids the order (a Success order's goods come back). */
  'returns.void': { args: z.strictObject(byId), result: returnOrderDetail },
  'returns.addTag': {
    args: z.strictObject({ ...byId, tag: requiredText(100) }),
    result: returnOrderDetail,
  },
  'returns.removeTag': {
    args: z.strictObject({ ...byId, tag: requiredText(100) }),
    result: returnOrderDetail,
  },
} as const;

/**
 * The `returns.changed` event: the local copy of return purchase orders changed (a pull, or a write
 * made here): lists and details shown may be stale. Send states follow `outbox.changed`.
 */
export const returnsChanged = z.object({
  source: z.enum(['sync', 'local']),
  orders: count,
  at: epochMs,
});
export type ReturnsChange = z.output<typeof returnsChanged>;
