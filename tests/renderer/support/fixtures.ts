// Values main answers to the counting, review and sessions pages, for their state tests: a session as
// counting.session gives it, a counted product line, a review's totals and a not-counted review row.
// Each builder takes the fields a test cares about; the rest are plain, fixed values.
import type { CountLine, ProductSummary, SessionViewValue } from '../../../src-shared/ipc/index.js';
import type { ReviewRow, SessionReview } from '../../../src-renderer/features/review/review.svelte.js';

export const SESSION_ID = 'session-1';

/** An open session of the whole MAIN warehouse with nothing counted yet. */
export function sessionView(overrides: Partial<SessionViewValue> = {}): SessionViewValue {
  return {
    id: SESSION_ID,
    name: 'Front shelf',
    warehouseCode: 'MAIN',
    warehouseName: 'Main warehouse',
    startedBy: null,
    scope: { kind: 'warehouse', categories: [], products: 0 },
    blind: false,
    driftPolicy: 'ask',
    state: 'open',
    createdAt: 1_700_000_000_000,
    closedAt: null,
    notCounted: null,
    outboxOperationIds: [],
    handedOverAt: null,
    progress: { linesCounted: 0, units: 0, unknownCodes: 0 },
    ...overrides,
  };
}

export type ProductLine = Extract<CountLine, { kind: 'product' }>;

/** Product `productId` counted `counted` times (one scan each) against 5 expected. */
export function productLine(
  lineId: number,
  productId: number,
  counted: number,
  sessionId = SESSION_ID,
): ProductLine {
  return {
    kind: 'product',
    lineId,
    sessionId,
    product: {
      id: productId,
      sku: `SKU-${productId}`,
      barcode: `88500000000${productId}`,
      name: `Product ${productId}`,
      unittext: 'pcs',
      purchaseprice: 10,
    },
    counted,
    scans: counted,
    isCounted: true,
    countedAgainst: 5,
    expected: 5,
    inScope: true,
    pack: null,
  };
}

/** A review's totals: all zero but what the test names. */
export function reviewTotals(overrides: Partial<SessionReview['totals']> = {}): SessionReview['totals'] {
  return {
    countedLines: 0,
    countedUnits: 0,
    linesWithVariance: 0,
    varianceUnits: 0,
    varianceValue: 0,
    drifted: 0,
    notCounted: 0,
    unknownCodes: 0,
    recountsPending: 0,
    ...overrides,
  };
}

/** The review's row for product `productId`, expected once and not counted. */
export function notCountedRow(productId: number): ReviewRow {
  return {
    kind: 'notCounted',
    productId,
    sku: `SKU-${productId}`,
    barcode: '',
    name: `Product ${productId}`,
    unittext: 'pcs',
    purchaseprice: 10,
    expected: 1,
  };
}

/** Product `id` as a product lookup answers it. */
export function productSummary(id: number): ProductSummary {
  return {
    id,
    sku: `SKU-${id}`,
    barcode: '',
    name: `P${id}`,
    unittext: '',
    sellprice: 0,
    purchaseprice: 0,
    active: true,
    imagepath: '',
  };
}
