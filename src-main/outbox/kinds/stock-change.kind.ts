// Stock lists queued by enqueueStockChange: absolute sets of stock or available stock, and deltas.
// Batched per warehouse and operation; absolute sets of one product collapse (the last one wins).
import type { OperationRow } from '../core/operation-types.js';
import type { OperationKind, Preparation, RowOutcome } from '../core/operation-kind.js';
import { roundQuantity, sameQuantity } from '../core/quantity.js';
import { readServerStock, type ServerFigures } from './stock-readback.js';
import { sendStockList, type StockListEndpoint } from './stock-list-request.js';

const ENDPOINT: Record<string, StockListEndpoint> = {
  set: 'UpdateProductStockList',
  increase: 'IncreaseProductStockList',
  decrease: 'DecreaseProductStockList',
  setAvailable: 'UpdateProductAvailableStockList',
};

export const UNCERTAIN_DELTA = 'UNCERTAIN_DELTA';
/** The warehouse added on this PC that a line waited for was discarded: it will never exist. */
export const WAREHOUSE_DISCARDED = 'WAREHOUSE_DISCARDED';

function warehouseDiscarded(row: OperationRow, createId: number): RowOutcome {
  return {
    state: 'parked',
    code: WAREHOUSE_DISCARDED,
    text:
      `The warehouse ${row.warehouse_code} (operation ${createId}) was discarded, so it does not exist on ` +
      `the back office: the ${row.change} of ${row.value} for ${row.sku} cannot go there. Discard it, or ` +
      'add the warehouse again and make the move again.',
  };
}

function isDelta(row: OperationRow): boolean {
  return row.change === 'increase' || row.change === 'decrease';
}

function endpointOf(rows: readonly OperationRow[]): StockListEndpoint {
  const endpoint = ENDPOINT[rows[0]?.change ?? ''];
  if (!endpoint) throw new Error(`No stock-list endpoint for change ${String(rows[0]?.change)}`);
  return endpoint;
}

function warehouseOf(rows: readonly OperationRow[]): string {
  const code = rows[0]?.warehouse_code;
  if (!code) throw new Error('A stock batch without a warehouse code');
  return code;
}

export const stockChangeKind: OperationKind = {
  name: 'stockChange',
  collapsible: (row) => row.change === 'set' || row.change === 'setAvailable',
  batchLimit: (context) => context.batchLimit,
  warehouseOf: (rows) => rows[0]?.warehouse_code ?? undefined,

  /**
   * Deltas have no idempotency key, so the figure before sending is read and stored with "sending":
   * it is what makes a later reconciliation certain. Absolute sets need no read.
   */
  async prepare(allRows, context): Promise<Preparation> {
    const settled = new Map<number, RowOutcome>();
    const rows = allRows.filter((row) => {
      const create = row.depends_on === null ? undefined : context.operation(row.depends_on);
      if (create?.state !== 'discarded') return true;
      settled.set(row.id, warehouseDiscarded(row, create.id));
      return false;
    });
    if (!rows.some(isDelta)) return { send: rows.map((row) => ({ id: row.id })), settled };
    const server = await readServerStock(context.client, warehouseOf(rows), rows);
    return {
      send: rows.map((row) => {
        const before = server.of(row)?.stock;
        return before === undefined || Number.isNaN(before)
          ? { id: row.id }
          : { id: row.id, serverBefore: before };
      }),
      settled,
    };
  },

  send: (rows, context) =>
    sendStockList(context.client, endpointOf(rows), warehouseOf(rows), rows, (row) => row.value ?? 0),

  async reconcile(rows, context) {
    const server = await readServerStock(context.client, warehouseOf(rows), rows);
    const outcomes = new Map<number, RowOutcome>();
    for (const row of rows) outcomes.set(row.id, reconcileLine(row, server.of(row)));
    return outcomes;
  },
};

/**
 * Absolute: equal → done, else resend (idempotent). Delta: certain only when the figure read back equals
 * exactly the figure before sending (not applied → resend) or before ± value (applied → done), and the
 * two differ; anything else (no figure before, another movement meanwhile) asks a person.
 */
export function reconcileLine(row: OperationRow, figures: ServerFigures | undefined): RowOutcome {
  const value = row.value ?? 0;
  if (!isDelta(row)) {
    const now = row.change === 'setAvailable' ? figures?.availablestock : figures?.stock;
    return now !== undefined && sameQuantity(now, value)
      ? { state: 'done', outcome: 'reconciled', resultFigure: now }
      : { state: 'pending' };
  }
  const before = row.server_before;
  const now = figures?.stock;
  if (before === null || now === undefined || Number.isNaN(now)) {
    return { state: 'parked', code: UNCERTAIN_DELTA, text: uncertainText(row, before, now) };
  }
  const expected = roundQuantity(row.change === 'increase' ? before + value : before - value);
  if (sameQuantity(expected, before)) return { state: 'done', outcome: 'reconciled', resultFigure: now };
  if (sameQuantity(now, expected)) return { state: 'done', outcome: 'reconciled', resultFigure: now };
  if (sameQuantity(now, before)) return { state: 'pending' };
  return { state: 'parked', code: UNCERTAIN_DELTA, text: uncertainText(row, before, now) };
}

function uncertainText(row: OperationRow, before: number | null, now: number | undefined): string {
  const what = `${row.change} of ${row.value} for ${row.sku} in ${row.warehouse_code}`;
  if (before === null)
    return `The ${what} may have been applied; no figure before sending is known. Check the stock, then retry or discard.`;
  if (now === undefined || Number.isNaN(now))
    return `The ${what} may have been applied; the product could not be read back. Check it, then retry or discard.`;
  return (
    `The ${what} may have been applied: the stock was ${before} before sending and is ${now} now, ` +
    'which is neither figure expected. Check the stock, then retry or discard.'
  );
}
