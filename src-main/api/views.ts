// Service views to contract values: undefined becomes null (the web host carries JSON), readonly arrays
// are copied, and only the contract's fields are picked, so a field added to a service view later does
// not leave main unless the contract names it.
import type { CallValue } from '../../src-shared/ipc/index.js';
import type { RequestBudgetSnapshot } from '../backoffice/index.js';
import type { ProductDetailView, ProductView } from '../catalog/catalogue-lookup.js';
import type { CountLineView, ProductLineView, SessionReview, SessionView } from '../counting/index.js';
import type { Outbox, ParkedOperation } from '../outbox/index.js';
import type { PublicProfile } from '../profiles/index.js';

export type ProfileValue = CallValue<'profiles.switch'>;
export type SessionValue = CallValue<'counting.session'>;
export type LineValue = CallValue<'counting.scan'>;
export type OutboxSummaryValue = CallValue<'outbox.summary'>;
export type BudgetValue = NonNullable<CallValue<'budget.get'>>;

export function profileValue(profile: PublicProfile): ProfileValue {
  return {
    id: profile.id,
    displayName: profile.displayName,
    baseUrl: profile.baseUrl,
    storename: profile.storename,
    defaultWarehouseCode: profile.defaultWarehouseCode ?? null,
    kind: profile.kind,
    createdAt: profile.createdAt,
  };
}

export function productValue(product: ProductView): CallValue<'catalogue.search'>[number] {
  return {
    id: product.id,
    sku: product.sku,
    barcode: product.barcode,
    name: product.name,
    unittext: product.unittext,
    sellprice: product.sellprice,
    purchaseprice: product.purchaseprice,
    active: product.active,
    imagepath: product.imagepath,
  };
}

const finiteOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `expected(warehouseCode, stock)` lays the outbox's pending writes over the server figure. */
export function productDetailValue(
  detail: ProductDetailView,
  expected: (warehouseCode: string, stock: number) => number,
): CallValue<'catalogue.product'> {
  return {
    ...productValue(detail),
    category:
      detail.category === undefined ? null : { id: detail.category.id ?? null, name: detail.category.name },
    variants: detail.variants.map((variant) => ({
      variantid: finiteOrNull(variant.variantid),
      variantname: text(variant.variantname),
      name: text(variant.name),
    })),
    properties: detail.properties.map((property) => ({
      id: finiteOrNull(property.id),
      name: text(property.name),
      value: text(property.value),
    })),
    tags: [...detail.tags],
    stockByWarehouse: detail.stockByWarehouse.map((line) => ({
      warehouseCode: line.warehouseCode,
      stock: line.stock,
      availablestock: line.availablestock,
      expected: expected(line.warehouseCode, line.stock),
    })),
  };
}

export function sessionValue(session: SessionView): SessionValue {
  return {
    id: session.id,
    name: session.name,
    warehouseCode: session.warehouseCode,
    blind: session.blind,
    driftPolicy: session.driftPolicy,
    state: session.state,
    createdAt: session.createdAt,
    closedAt: session.closedAt ?? null,
    notCounted: session.notCounted ?? null,
    outboxOperationIds: [...session.outboxOperationIds],
    progress: { ...session.progress },
  };
}

export function productLineValue(line: ProductLineView): CallValue<'counting.resolveUnknown'>['line'] {
  return {
    kind: 'product',
    lineId: line.lineId,
    sessionId: line.sessionId,
    product: {
      id: line.product.id,
      sku: line.product.sku,
      barcode: line.product.barcode,
      name: line.product.name,
      unittext: line.product.unittext,
      purchaseprice: line.product.purchaseprice,
    },
    counted: line.counted,
    scans: line.scans,
    isCounted: line.isCounted,
    countedAgainst: line.countedAgainst,
    expected: line.expected,
  };
}

export function lineValue(line: CountLineView): LineValue {
  if (line.kind === 'product') return productLineValue(line);
  return {
    kind: 'unknown',
    lineId: line.lineId,
    sessionId: line.sessionId,
    code: line.code,
    counted: line.counted,
    scans: line.scans,
    isCounted: line.isCounted,
    state: line.state,
    resolvedProductId: line.resolvedProductId ?? null,
  };
}

export function reviewValue(review: SessionReview): CallValue<'counting.review'> {
  return {
    session: sessionValue(review.session),
    filter: review.filter,
    totals: { ...review.totals },
    matching: review.matching,
    offset: review.offset,
    rows: review.rows.map((row) => ({ ...row })),
  };
}

export function parkedValue(row: ParkedOperation): CallValue<'outbox.parked'>[number] {
  return { ...row };
}

export function outboxSummaryValue(outbox: Pick<Outbox, 'counts' | 'control'>): OutboxSummaryValue {
  const counts = outbox.counts();
  const control = outbox.control();
  return {
    pending: counts.pending,
    sending: counts.sending,
    retry: counts.retry,
    unclear: counts.unclear,
    parked: counts.parked,
    paused: control.paused,
    pauseReason: control.paused ? { code: control.pauseCode ?? '', text: control.pauseText ?? '' } : null,
    holdUntil: control.holdUntil > 0 ? control.holdUntil : null,
    holdReason: control.holdUntil > 0 ? control.holdReason : null,
  };
}

export function budgetValue(snapshot: RequestBudgetSnapshot): BudgetValue {
  return {
    dayKey: snapshot.dayKey,
    used: snapshot.used,
    limit: snapshot.limit,
    remaining: snapshot.remaining,
    exhausted: snapshot.exhausted,
  };
}
