// What the back office holds once a row is done, for whoever keeps a copy of server state (the
// catalogue): the drainer hands these to its `onApplied` hook inside the transaction that marks the rows
// done, so the local view never falls back to a server figure older than a write already applied.
import type { OperationRow } from './drain.repository.js';
import { PRODUCT_BARCODE_KIND, productBarcodePayload } from './kinds/product-barcode.kind.js';
import type { RowOutcome } from './core/operation-kind.js';
import { roundQuantity } from './core/quantity.js';

export type AppliedWrite =
  | {
      readonly kind: 'stock';
      readonly warehouseCode: string;
      readonly productId: number;
      /** The product's stock in the warehouse now. */
      readonly stock: number;
    }
  | {
      readonly kind: 'availableStock';
      readonly warehouseCode: string;
      readonly productId: number;
      readonly availablestock: number;
    }
  | { readonly kind: 'barcode'; readonly productId: number; readonly barcode: string }
  | {
      /** A document write moved this product's stock by `delta` (stock-effects.ts). */
      readonly kind: 'stockMoved';
      readonly warehouseCode: string;
      readonly productId: number;
      readonly delta: number;
    }
  /** A product made on this PC exists on the server: its local row takes the server id. */
  | { readonly kind: 'productCreated'; readonly operationId: number; readonly serverId: number }
  | { readonly kind: 'productDeleted'; readonly productId: number };

type DoneOutcome = Extract<RowOutcome, { state: 'done' }>;

/** The writes rows marked done leave on the server; rows whose result is not known give none. */
export function appliedWrites(done: ReadonlyArray<readonly [OperationRow, DoneOutcome]>): AppliedWrite[] {
  const writes: AppliedWrite[] = [];
  for (const [row, outcome] of done) {
    const write = appliedWrite(row, outcome);
    if (write) writes.push(write);
  }
  return writes;
}

function appliedWrite(row: OperationRow, outcome: DoneOutcome): AppliedWrite | undefined {
  if (row.kind === PRODUCT_BARCODE_KIND) return barcodeWrite(row);
  const product = productWrite(row, outcome);
  if (product) return product;
  const productId = row.product_id ?? 0;
  // A line known only by sku: the catalogue is keyed by id, so the next pull brings its figure.
  if (!row.warehouse_code || productId <= 0 || row.change === null) return undefined;
  const warehouseCode = row.warehouse_code;
  if (row.change === 'setAvailable') {
    const availablestock = outcome.resultFigure ?? row.value;
    return availablestock === null
      ? undefined
      : { kind: 'availableStock', warehouseCode, productId, availablestock };
  }
  const stock = outcome.resultFigure ?? knownOutcome(row, outcome);
  return stock === undefined ? undefined : { kind: 'stock', warehouseCode, productId, stock };
}

/**
 * Without a figure in the answer: an absolute set (or a count's fixed target) is what the server now
 * has; a delta adds to the figure read before sending. A delta sent without that read leaves the figure
 * unknown: the next pull brings it.
 */
function knownOutcome(row: OperationRow, outcome: DoneOutcome): number | undefined {
  switch (row.change) {
    case 'set':
      return row.value ?? undefined;
    case 'count':
      return row.sent_target ?? undefined;
    case 'increase':
    case 'decrease': {
      if (row.server_before === null) return undefined;
      // "notUpdated": a delta of 0, nothing moved.
      if (outcome.outcome === 'notUpdated') return row.server_before;
      const value = row.value ?? 0;
      return roundQuantity(row.change === 'increase' ? row.server_before + value : row.server_before - value);
    }
    default:
      return undefined;
  }
}

function barcodeWrite(row: OperationRow): AppliedWrite | undefined {
  try {
    const parsed = productBarcodePayload.safeParse(JSON.parse(row.payload ?? 'null'));
    return parsed.success
      ? { kind: 'barcode', productId: parsed.data.productId, barcode: parsed.data.barcode }
      : undefined;
  } catch {
    return undefined;
  }
}

/** AddProduct done with its server id; DeleteProduct done on a known product. */
function productWrite(row: OperationRow, outcome: DoneOutcome): AppliedWrite | undefined {
  const serverId = outcome.serverId ?? row.server_id;
  if (row.kind === 'addProduct' && serverId !== null && serverId !== undefined) {
    return { kind: 'productCreated', operationId: row.id, serverId };
  }
  if (row.kind === 'deleteProduct' && row.target_id !== null) {
    return { kind: 'productDeleted', productId: row.target_id };
  }
  return undefined;
}
