// Count commits queued by enqueueStockCount: at drain time the batch's current server stock is read
// (one GetProducts per ≤ 450 products), the drift policy fixes each line's target, and one absolute
// UpdateProductStockList carries them.
import { describeDrift, resolveDrift } from '../core/drift.js';
import type { OperationRow } from '../core/operation-types.js';
import type { OperationKind, Preparation, RowOutcome } from '../core/operation-kind.js';
import { sameQuantity } from '../core/quantity.js';
import { readServerStock, type ServerFigures } from './stock-readback.js';
import { sendStockList } from './stock-list-request.js';

export const DRIFT_ASK = 'DRIFT_ASK';
export const DRIFT_NEGATIVE = 'DRIFT_NEGATIVE';
export const UNKNOWN_PRODUCT = 'UNKNOWN_PRODUCT';
export const UNCERTAIN_COUNT = 'UNCERTAIN_COUNT';

function warehouseOf(rows: readonly OperationRow[]): string {
  const code = rows[0]?.warehouse_code;
  if (!code) throw new Error('A count batch without a warehouse code');
  return code;
}

export const stockCountKind: OperationKind = {
  name: 'stockCount',
  collapsible: () => true,
  batchLimit: (context) => context.batchLimit,
  warehouseOf: (rows) => rows[0]?.warehouse_code ?? undefined,

  async prepare(rows, context): Promise<Preparation> {
    const server = await readServerStock(context.client, warehouseOf(rows), rows);
    const send: Array<{ id: number; target: number; serverBefore: number }> = [];
    const settled = new Map<number, RowOutcome>();
    for (const row of rows) {
      const current = server.of(row)?.stock;
      if (current === undefined || Number.isNaN(current)) {
        settled.set(row.id, {
          state: 'parked',
          code: UNKNOWN_PRODUCT,
          text: `The back office has no product ${row.product_id || row.sku} in ${row.warehouse_code}.`,
        });
        continue;
      }
      const figures = { counted: row.value ?? 0, countedAgainst: row.counted_against ?? current, current };
      const decision = resolveDrift(row.policy ?? 'ask', figures);
      if (decision.kind === 'send') send.push({ id: row.id, target: decision.target, serverBefore: current });
      else {
        const code = decision.reason === 'drift' ? DRIFT_ASK : DRIFT_NEGATIVE;
        settled.set(row.id, {
          state: 'parked',
          code,
          text: describeDrift(figures, decision.reason),
          serverFigure: current,
        });
      }
    }
    return { send, settled };
  },

  send: (rows, context) =>
    sendStockList(
      context.client,
      'UpdateProductStockList',
      warehouseOf(rows),
      rows,
      (row) => row.sent_target ?? 0,
    ),

  async reconcile(rows, context) {
    const server = await readServerStock(context.client, warehouseOf(rows), rows);
    const outcomes = new Map<number, RowOutcome>();
    for (const row of rows) outcomes.set(row.id, reconcileCount(row, server.of(row)));
    return outcomes;
  },
};

/**
 * Read back the target → done. The figure read before sending → not applied and nothing moved: resend
 * (the policy is applied again to a fresh read). Anything else: it may have been applied and then
 * moved, or moved without it; keepCounted resends (the counted figure wins either way), the other
 * policies ask a person rather than add the movements twice (resending a keepDifference count that
 * landed would add the sales since to a figure that already holds them). The parked row shows the
 * counted figure and the server's current one, so the person compares both.
 */
export function reconcileCount(row: OperationRow, figures: ServerFigures | undefined): RowOutcome {
  const now = figures?.stock;
  if (now !== undefined && row.sent_target !== null && sameQuantity(now, row.sent_target)) {
    return { state: 'done', outcome: 'reconciled', resultFigure: now };
  }
  if (now !== undefined && row.server_before !== null && sameQuantity(now, row.server_before)) {
    return { state: 'pending' };
  }
  if (row.policy === 'keepCounted') return { state: 'pending' };
  return {
    state: 'parked',
    code: UNCERTAIN_COUNT,
    text:
      `The count of ${row.sku} in ${row.warehouse_code} may have been applied, and the stock moved since: ` +
      `counted ${row.value} against ${row.counted_against}, sent ${row.sent_target} when the server had ` +
      `${row.server_before}, it has ${now ?? 'no readable figure'} now. Check it, then retry or edit the figure.`,
    ...(now === undefined ? {} : { serverFigure: now }),
  };
}
