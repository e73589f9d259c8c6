// The read-backs of return purchase order writes (WRITES.md):
// - AddReturnPurchaseOrder is a keyless create: after an unclear failure the orders with the sent
//   number (the `numberlist` header) are compared with what was sent — amount, date, warehouse and lines
//   — because production numbers are not unique: a number alone never says "ours";
// - status, void, tags and voiding the payment are absolute changes: the order's detail says whether
//   the change is there;
// - a payment is a delta: the order's payments, judged as the finance payments are (judgePayment).
import { toSatang } from '../../../src-shared/money/index.js';
import type { ReturnPurchaseOrderRecord } from '../../../src-shared/api/records.js';
import type { BackofficeCaller } from '../../backoffice/index.js';
import { bahtText } from './finance-readback.js';
import type { RecordRef } from './write-rows.js';

/** What was sent to AddReturnPurchaseOrder that identifies the order once it is there. */
export interface SentReturnOrder {
  readonly number: string;
  readonly amount: number;
  readonly returnpurchaseorderdate?: string | undefined;
  readonly warehousecode?: string | undefined;
  readonly list?: ReadonlyArray<{ readonly sku: string; readonly number: number }> | undefined;
}

export type ReturnCreateReadBack =
  | { readonly found: 'none' }
  | { readonly found: 'same'; readonly id: number }
  | { readonly found: 'different'; readonly id: number; readonly held: string };

/** Orders with this number; more than 500 of one number would be a store in trouble anyway. */
export async function ordersNumbered(
  client: BackofficeCaller,
  number: string,
): Promise<ReturnPurchaseOrderRecord[]> {
  const answer = await client.call('GetReturnPurchaseOrders', {
    query: { page: 1, limit: 500 },
    headers: { numberlist: [number] },
  });
  return answer.list.filter((order) => (order.number ?? '').trim() === number.trim());
}

function linesKey(
  lines: ReadonlyArray<{ readonly sku?: string | undefined; readonly number?: number | undefined }>,
): string {
  return lines
    .map((line) => `${(line.sku ?? '').trim()}×${line.number ?? 0}`)
    .sort()
    .join('|');
}

/** Whether a listed order is the one sent: same amount (to the satang), date, warehouse and lines. */
export function isSentOrder(order: ReturnPurchaseOrderRecord, sent: SentReturnOrder): boolean {
  if (toSatang(order.amount ?? 0) !== toSatang(sent.amount)) return false;
  const date = order.returnpurchaseorderdateString ?? '';
  if (sent.returnpurchaseorderdate !== undefined && date !== '' && date !== sent.returnpurchaseorderdate)
    return false;
  if (sent.warehousecode && order.warehousecode && order.warehousecode !== sent.warehousecode) return false;
  if (sent.list !== undefined && order.list !== undefined && linesKey(order.list) !== linesKey(sent.list))
    return false;
  return true;
}

function orderInWords(order: ReturnPurchaseOrderRecord): string {
  return (
    `order ${order.number ?? ''} (id ${order.id}) of ฿${bahtText(order.amount ?? 0)} dated ` +
    `${order.returnpurchaseorderdateString ?? '?'} in ${order.warehousecode ?? '?'}, ${order.status ?? '?'}`
  );
}

/**
 * Exactly one order with the number and the sent figures: applied (its id kept). None with the number:
 * not applied (resend). Orders with the number but none (or several) with the figures: a person decides
 * — a number typed by a person may already be used by an older order.
 */
export async function findCreatedReturnOrder(
  client: BackofficeCaller,
  sent: SentReturnOrder,
): Promise<ReturnCreateReadBack> {
  const numbered = await ordersNumbered(client, sent.number);
  if (numbered.length === 0) return { found: 'none' };
  const same = numbered.filter((order) => isSentOrder(order, sent));
  const [only] = same;
  if (same.length === 1 && only !== undefined) return { found: 'same', id: only.id };
  const shown = (same.length > 1 ? same : numbered).slice(0, 3);
  const first = shown[0] ?? numbered[0];
  return {
    found: 'different',
    id: first?.id ?? 0,
    held:
      (same.length > 1
        ? `${same.length} orders numbered ${sent.number} match what was sent: `
        : `the back office holds ${numbered.length} order(s) numbered ${sent.number}, none with what was sent: `) +
      shown.map(orderInWords).join('; '),
  };
}

/** What an absolute change on an order is judged by. */
export interface ReturnOrderSnapshot {
  readonly status: string;
  readonly warehouseCode: string;
  readonly tags: readonly string[];
  readonly payments: number;
  readonly paidSatang: number;
}

export async function readReturnOrder(
  client: BackofficeCaller,
  ref: RecordRef,
): Promise<ReturnOrderSnapshot> {
  const detail = await client.call('GetReturnPurchaseOrderDetail', ref);
  return {
    status: detail.status ?? '',
    warehouseCode: detail.warehousecode ?? '',
    tags: [...(detail.tag ?? [])],
    payments: (detail.payments ?? []).length,
    paidSatang: toSatang(detail.paymentamount ?? 0),
  };
}

export function showReturnOrder(snapshot: ReturnOrderSnapshot): string {
  const tags = snapshot.tags.length === 0 ? 'no tags' : `tags ${snapshot.tags.join(', ')}`;
  return (
    `${snapshot.status} in ${snapshot.warehouseCode}, ฿${bahtText(snapshot.paidSatang / 100)} paid in ` +
    `${snapshot.payments} payment${snapshot.payments === 1 ? '' : 's'}, ${tags}`
  );
}

/** UpdateReturnPurchaseOrderStatus's statu (1 or left out = Success, 3 = Waiting, 6 = Shipping). */
export const RETURN_STATU_NAMES = { 1: 'Success', 3: 'Waiting', 6: 'Shipping' } as const;

export function statusReached(snapshot: ReturnOrderSnapshot, statu: 1 | 3 | 6 | undefined): boolean {
  return snapshot.status === RETURN_STATU_NAMES[statu ?? 1];
}
