// Queueing writes: the caller's local change and its outbox rows commit in one SQLite transaction.
// Every function is synchronous and runs as a savepoint when called inside the caller's own
// db.transaction (better-sqlite3 nests them), so either both are stored or neither is.
import type { Database } from 'better-sqlite3';
import { isDriftPolicy, type CountLinesInput } from './core/drift.js';
import { signalEnqueued } from './core/enqueue-signal.js';
import { stockBatchKey } from './core/operation-keys.js';
import { stockLineKeys } from './core/stock-line-key.js';
import { insertDocument, insertStockLine, type StockChange } from './core/operation.repository.js';
import { operationById } from './core/operation-lookup.js';
import type { OperationRow } from './core/operation-types.js';
import { OutboxInputError } from './core/outbox-input-error.js';
import { ADD_PRODUCT_KIND, createOperationOf } from './core/local-products.js';
import { enqueueWrite } from './writes/enqueue-write.js';
import type { AddIncomeBody } from './writes/write-request.js';
import {
  PRODUCT_BARCODE_KIND,
  productBarcodeBatchKey,
  productOrderKey,
  validateBarcode,
} from './kinds/product-barcode.kind.js';

export type { DriftPolicy } from './core/drift.js';
export type { StockChange } from './core/operation.repository.js';
export { OutboxInputError } from './core/outbox-input-error.js';

export type StockCountInput = CountLinesInput<{ readonly countedAgainst: number }>;

export interface StockChangeInput {
  readonly warehouseCode: string;
  readonly change: StockChange;
  readonly lines: ReadonlyArray<{ readonly productId: number; readonly sku: string; readonly value: number }>;
}

const STOCK_CHANGES: readonly StockChange[] = ['set', 'increase', 'decrease', 'setAvailable'];

/** Queues a committed count: one row per line, each carrying the figure it was counted against. */
export function enqueueStockCount(db: Database, input: StockCountInput): { operationIds: number[] } {
  const warehouseCode = requireWarehouse(input.warehouseCode);
  if (!isDriftPolicy(input.policy))
    throw new OutboxInputError(`Unknown drift policy ${String(input.policy)}`);
  if (input.sessionId.trim() === '') throw new OutboxInputError('A count needs its session id');
  input.lines.forEach((line, index) => {
    requireProduct(line, `lines[${index}]`);
    requireQuantity(line.counted, `lines[${index}].counted`);
    if (!Number.isFinite(line.countedAgainst)) {
      throw new OutboxInputError(`lines[${index}].countedAgainst must be a finite number`);
    }
  });
  const waits = input.lines.map((line, index) => createWaitedFor(db, line.productId, `lines[${index}]`));
  const now = Date.now();
  // Immediate: the keys are read before the lines are written, and a deferred transaction whose read
  // lock cannot become a write lock (another connection wrote meanwhile) fails at once with BUSY.
  const operationIds = db
    .transaction(() => {
      const keyOf = stockLineKeys(db, warehouseCode);
      return input.lines.map((line, index) =>
        insertStockLine(db, {
          kind: 'stockCount',
          ...(waits[index]
            ? { orderKey: waits[index].order_key, dependsOn: waits[index].id }
            : keyOf(line.productId, line.sku)),
          batchKey: stockBatchKey('count', warehouseCode),
          warehouseCode,
          productId: line.productId,
          sku: line.sku.trim(),
          change: 'count',
          value: line.counted,
          countedAgainst: line.countedAgainst,
          policy: input.policy,
          sessionId: input.sessionId,
          now,
        }),
      );
    })
    .immediate();
  if (operationIds.length > 0) signalEnqueued(db);
  return { operationIds };
}

/** Queues stock-list lines: absolute sets (stock or available stock) or increases/decreases. */
export function enqueueStockChange(db: Database, input: StockChangeInput): { operationIds: number[] } {
  const warehouseCode = requireWarehouse(input.warehouseCode);
  if (!STOCK_CHANGES.includes(input.change)) {
    throw new OutboxInputError(`Unknown stock change ${String(input.change)}`);
  }
  input.lines.forEach((line, index) => {
    requireProduct(line, `lines[${index}]`);
    requireQuantity(line.value, `lines[${index}].value`);
  });
  const waits = input.lines.map((line, index) => createWaitedFor(db, line.productId, `lines[${index}]`));
  const now = Date.now();
  const operationIds = db
    .transaction(() => {
      const keyOf = stockLineKeys(db, warehouseCode);
      return input.lines.map((line, index) =>
        insertStockLine(db, {
          kind: 'stockChange',
          ...(waits[index]
            ? { orderKey: waits[index].order_key, dependsOn: waits[index].id }
            : keyOf(line.productId, line.sku)),
          batchKey: stockBatchKey(input.change, warehouseCode),
          warehouseCode,
          productId: line.productId,
          sku: line.sku.trim(),
          change: input.change,
          value: line.value,
          countedAgainst: null,
          policy: null,
          sessionId: null,
          now,
        }),
      );
    })
    .immediate();
  if (operationIds.length > 0) signalEnqueued(db);
  return { operationIds };
}

/** Queues an AddIncome: `enqueueWrite(db, { kind: 'addIncome', body })` under its older name. */
export function enqueueIncome(
  db: Database,
  input: { readonly body: AddIncomeBody },
): { operationId: number; uniquenumber: string } {
  const { operationId, uniqueNumber } = enqueueWrite(db, { kind: 'addIncome', body: input.body });
  return { operationId, uniquenumber: uniqueNumber ?? '' };
}

/**
 * Queues a barcode assignment (UpdateProduct `{ barcode }`), ordered after every earlier write of the
 * product. The barcode is cleaned and checked here (see product-barcode.kind.ts): a refused one throws
 * OutboxInputError with the reason, before anything is stored.
 */
export function enqueueProductBarcode(
  db: Database,
  input: { readonly productId: number; readonly sku: string; readonly barcode: string },
): { operationId: number; barcode: string } {
  if (!Number.isSafeInteger(input.productId) || input.productId <= 0) {
    throw new OutboxInputError('productId must be a whole number ≥ 1');
  }
  const checked = validateBarcode(input.barcode);
  if (!checked.ok) throw new OutboxInputError(checked.text);
  const payload = { productId: input.productId, sku: input.sku.trim(), barcode: checked.barcode };
  const operationId = db
    .transaction(() =>
      insertDocument(db, {
        kind: PRODUCT_BARCODE_KIND,
        orderKey: productOrderKey(input.productId),
        batchKey: productBarcodeBatchKey(input.productId),
        payload: JSON.stringify(payload),
        uniqueNumber: null,
        now: Date.now(),
      }),
    )
    .immediate();
  signalEnqueued(db);
  return { operationId, barcode: checked.barcode };
}

function requireWarehouse(code: string): string {
  const trimmed = code.trim();
  if (trimmed === '') throw new OutboxInputError('A stock line needs a warehouse code');
  return trimmed;
}

/**
 * A count of a product made on this PC (local id ≤ −1) waits for the product's create: it takes the
 * create's order key (so it goes after it) and is sent by sku, which the back office knows once the
 * create is done. undefined for a server product.
 */
function createWaitedFor(db: Database, productId: number, where: string): OperationRow | undefined {
  const createId = createOperationOf(productId);
  if (createId === undefined) return undefined;
  const create = operationById(db, createId);
  if (create?.kind !== ADD_PRODUCT_KIND || create.state === 'discarded') {
    throw new OutboxInputError(
      `${where}.productId ${productId} is not a product made on this PC that is still to be sent`,
    );
  }
  return create;
}

function requireProduct(line: { readonly productId: number; readonly sku: string }, where: string): void {
  if (line.productId < 0) {
    if (line.sku.trim() === '') throw new OutboxInputError(`${where} of a product made here needs its sku`);
    return;
  }
  if (!Number.isInteger(line.productId) || line.productId < 0) {
    throw new OutboxInputError(`${where}.productId must be a whole number ≥ 0`);
  }
  if (line.productId === 0 && line.sku.trim() === '') {
    throw new OutboxInputError(`${where} needs a productId or a sku`);
  }
}

function requireQuantity(value: number, where: string): void {
  if (!Number.isFinite(value) || value < 0) throw new OutboxInputError(`${where} must be a number ≥ 0`);
}
