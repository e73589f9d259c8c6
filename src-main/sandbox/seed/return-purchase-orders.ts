// Demo return purchase orders: goods sent back to suppliers from one warehouse. Successful ones move
// stock out, so their quantities are taken only from stock no other return has claimed; others wait,
// ship or are voided. Payments (the supplier's refund) are made at creation, later, in part, or voided.
import {
  businessTime,
  formatThaiDate,
  formatThaiDateTime,
  laterBusinessTime,
  thaiMonthKey,
} from './calendar.js';
import { priceProductDocument, type LineDraft } from './document-pricing.js';
import type { GeneratedProduct } from './products.js';
import { contactsWithRole, customerFieldsOf } from './contacts.js';
import { createRandom, type Random } from '../../../src-shared/random.js';
import { step, type DocumentSources, type SeedStep } from './steps.js';
import { isWeighed, type WarehouseCode } from './stock.js';

export const RETURN_PURCHASE_ORDERS = 20;
/** Purchase orders the files module seeds (PO-0001…): returns refer to them by number. */
export const SEEDED_PURCHASE_ORDERS = 10;

type Outcome = 'successAtCreation' | 'successLater' | 'waiting' | 'shipping' | 'voided' | 'pending';
const outcomes: readonly Outcome[] = [
  ...Array<Outcome>(5).fill('successAtCreation'),
  ...Array<Outcome>(6).fill('successLater'),
  ...Array<Outcome>(2).fill('waiting'),
  ...Array<Outcome>(2).fill('shipping'),
  ...Array<Outcome>(3).fill('voided'),
  ...Array<Outcome>(2).fill('pending'),
];
const statu = { successLater: '1', waiting: '3', shipping: '6' } as const;
const reasons = ['คืนสินค้าชำรุด', 'คืนสินค้าใกล้หมดอายุ', 'คืนสินค้าผิดรุ่น', 'คืนสินค้าเกินจำนวนที่สั่ง', 'คืนสินค้าบรรจุภัณฑ์เสียหาย'];

export function generateReturnPurchaseOrders(sources: DocumentSources): SeedStep[] {
  const random = createRandom(sources.seed, 'return-purchase-orders');
  const suppliers = contactsWithRole(sources.contacts, 'supplier');
  /** Stock claimed by successful returns so far, per sku and warehouse. */
  const claimed = new Map<string, number>();
  const perMonth = new Map<string, number>();
  const steps: SeedStep[] = [];
  for (const outcome of random.sample(outcomes, RETURN_PURCHASE_ORDERS)) {
    const at = businessTime(random, sources.anchor, random.int(1, 120));
    const warehousecode = random.weighted<WarehouseCode>(['W0001', 'W0002', 'W0003'], [14, 5, 1]);
    const moves = outcome === 'successAtCreation' || outcome === 'successLater';
    const lines = returnLines(random, sources, at, warehousecode, claimed, moves);
    if (lines.length === 0) continue;
    const draft = { vattype: random.weighted([1, 2, 3] as const, [1, 4, 5]) };
    const priced = priceProductDocument(draft, lines);
    const month = thaiMonthKey(at);
    const sequence = (perMonth.get(month) ?? 0) + 1;
    perMonth.set(month, sequence);
    const number = `RP${month}${String(sequence).padStart(4, '0')}`;
    const key = `returnPurchaseOrder:${number}`;
    const supplier = random.pick(suppliers);
    const paidAtCreation = outcome !== 'voided' && random.chance(0.25);
    const paymentmethod = random.pick(sources.paymentMethods.length > 0 ? sources.paymentMethods : ['เงินสด']);
    steps.push(
      step({
        endpoint: 'AddReturnPurchaseOrder',
        at,
        creates: key,
        query: {},
        body: {
          number,
          ...draft,
          amount: priced.amount,
          vatamount: priced.vatamount,
          customercode: supplier.body.code,
          ...customerFieldsOf(supplier.body),
          returnpurchaseorderdate: formatThaiDate(at),
          warehousecode,
          description: random.pick(reasons),
          referencenumber: `PO-${String(random.int(1, SEEDED_PURCHASE_ORDERS)).padStart(4, '0')}`,
          ...(outcome === 'successAtCreation' ? { status: 'Success' as const } : {}),
          ...(paidAtCreation ? { paymentamount: priced.amount, paymentmethod } : {}),
          list: priced.list,
        },
      }),
    );
    const later = laterBusinessTime(random, at, random.int(1, 7), sources.anchor);
    if (later === undefined) continue;
    if (outcome === 'successLater' || outcome === 'waiting' || outcome === 'shipping') {
      const query = { statu: statu[outcome], warehousecode, actionDate: formatThaiDate(later) };
      steps.push(
        step({ endpoint: 'UpdateReturnPurchaseOrderStatus', at: later, target: key, query, body: undefined }),
      );
    }
    if (outcome === 'voided') {
      steps.push(
        step({ endpoint: 'VoidReturnPurchaseOrder', at: later, target: key, query: {}, body: undefined }),
      );
    } else if (!paidAtCreation) {
      steps.push(...payments(random, key, later + 30 * 60_000, priced.amount, paymentmethod));
    }
  }
  return steps;
}

/** 1–4 lines of products kept in the warehouse; a moving return takes at most half the unclaimed stock. */
function returnLines(
  random: Random,
  sources: DocumentSources,
  at: number,
  warehousecode: WarehouseCode,
  claimed: Map<string, number>,
  moves: boolean,
): LineDraft[] {
  const wanted = random.int(1, 4);
  const lines: LineDraft[] = [];
  for (const product of sources.pool.pick(random, at, 12)) {
    if (lines.length === wanted) break;
    const claim = `${product.body.sku}@${warehousecode}`;
    const free = (product.facts.stock[warehousecode] ?? 0) - (claimed.get(claim) ?? 0);
    const number = quantityWithin(random, product, free / 2);
    if (number === undefined) continue;
    if (moves) claimed.set(claim, (claimed.get(claim) ?? 0) + number);
    lines.push({ product, number, pricepernumber: Number(product.body.purchaseprice) });
  }
  return lines;
}

function quantityWithin(random: Random, product: GeneratedProduct, limit: number): number | undefined {
  if (isWeighed(product.body.unittext)) {
    return limit >= 0.5 ? random.int(5, Math.min(100, Math.floor(limit * 10))) / 10 : undefined;
  }
  return limit >= 1 ? random.int(1, Math.min(10, Math.floor(limit))) : undefined;
}

/** The supplier's refund: all of it, part of it, or a payment later voided. */
function payments(
  random: Random,
  key: string,
  at: number,
  amount: number,
  paymentmethod: string,
): SeedStep[] {
  const roll = random.next();
  if (roll >= 0.6) return [];
  const share = roll < 0.3 ? 1 : 0.3 + random.next() * 0.4;
  const query = {
    paymentamount: (Math.round(amount * share * 100) / 100).toFixed(2),
    paymentmethod,
    paymentdate: formatThaiDateTime(at),
  };
  const paid = step({
    endpoint: 'UpdateReturnPurchaseOrderPayment',
    at,
    target: key,
    query,
    body: undefined,
  });
  if (roll < 0.5) return [paid];
  return [
    paid,
    step({
      endpoint: 'VoidReturnPurchaseOrderPayment',
      at: at + 60 * 60_000,
      target: key,
      query: {},
      body: undefined,
    }),
  ];
}
