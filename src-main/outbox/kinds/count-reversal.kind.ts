// Undoing an applied count (issue 24, decision 0020): per line, an absolute set back to the figure the
// back office had just before the count landed. It is a count the other way round — "counted" is the
// figure before the count (its row's server_before), "counted against" the figure the count set (its
// sent_target) — so the drainer reads, sends and reconciles it exactly as a count: the drift policy of
// the count's session handles whatever moved since it landed (keepDifference keeps those sales), and the
// read-back of an unclear send compares the server with the target and the figure read before it.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../../db/statements.js';
import type { CountLinesInput } from '../core/drift.js';
import { signalEnqueued } from '../core/enqueue-signal.js';
import { insertStockLine } from '../core/operation.repository.js';
import type { OperationKind } from '../core/operation-kind.js';
import type { OperationRow } from '../core/operation-types.js';
import { sameQuantity } from '../core/quantity.js';
import { stockLineKeys } from '../core/stock-line-key.js';
import { stockCountKind } from './stock-count.kind.js';

export const REVERSE_STOCK_COUNT_KIND = 'reverseStockCount';

export const countReversalKind: OperationKind = { ...stockCountKind, name: REVERSE_STOCK_COUNT_KIND };

/** One request reverses lines of one warehouse; never in the same request as counts. */
function reversalBatchKey(warehouseCode: string): string {
  return JSON.stringify([REVERSE_STOCK_COUNT_KIND, warehouseCode]);
}

function prepare(db: Database) {
  return {
    countRow: db.prepare<{ session: string; productId: number }, OperationRow>(
      `SELECT * FROM outbox_operations
        WHERE kind = 'stockCount' AND session_id = @session AND product_id = @productId
        ORDER BY id DESC LIMIT 1`,
    ),
  };
}

/** What a count line did on the back office, read from its outbox row. */
export type AppliedCountLine =
  | {
      readonly state: 'applied';
      readonly row: OperationRow;
      /** What the count set. */
      readonly counted: number;
      /** What the server had just before. */
      readonly before: number;
    }
  /** Queued, being sent, parked or withdrawn: nothing to reverse (yet). */
  | { readonly state: 'notApplied'; readonly row: OperationRow | undefined };

export function appliedCountLine(db: Database, sessionId: string, productId: number): AppliedCountLine {
  const row = preparedFor(db, prepare).countRow.get({ session: sessionId, productId });
  if (row?.state !== 'done') return { state: 'notApplied', row };
  const counted = row.result_figure ?? row.sent_target;
  if (counted === null || row.server_before === null) return { state: 'notApplied', row };
  return { state: 'applied', row, counted, before: row.server_before };
}

export type CountReversalInput = CountLinesInput<{ readonly before: number }>;

/**
 * Queues the reversal of applied count lines (inside the caller's transaction): one row per line whose
 * count changed the figure, after every earlier write of the product. Returns each line's operation id
 * (null: the count changed nothing, nothing to send).
 */
export function enqueueCountReversal(db: Database, input: CountReversalInput): Array<number | null> {
  const now = Date.now();
  const ids = db
    .transaction(() => {
      const keyOf = stockLineKeys(db, input.warehouseCode);
      return input.lines.map((line) =>
        sameQuantity(line.counted, line.before)
          ? null
          : insertStockLine(db, {
              kind: REVERSE_STOCK_COUNT_KIND,
              ...keyOf(line.productId, line.sku),
              batchKey: reversalBatchKey(input.warehouseCode),
              warehouseCode: input.warehouseCode,
              productId: line.productId,
              sku: line.sku,
              change: 'count',
              value: line.before,
              countedAgainst: line.counted,
              policy: input.policy,
              sessionId: input.sessionId,
              now,
            }),
      );
    })
    .immediate();
  if (ids.some((id) => id !== null)) signalEnqueued(db);
  return ids;
}
