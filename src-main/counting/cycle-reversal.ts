// Undoing an applied count (issue 24, decision 0020), whole or line by line. A line can be reversed once
// its count landed on the back office (its outbox row is done), while no later count of the product in
// the warehouse exists on this PC and it was not reversed already. The reversal is queued through the
// outbox (kinds/count-reversal.kind.ts) in the same transaction that records it in `count_reversals`
// (migration 0023) and hands the product's "last counted" back to its newest count not reversed, so it
// is due again as if the reversed count had not been made. `count_history` keeps the count itself.
import type { RefusalReasonOf } from '../../src-shared/ipc/refusal-reasons.js';
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import { isDriftPolicy } from '../outbox/core/drift.js';
import { appliedCountLine, enqueueCountReversal } from '../outbox/kinds/count-reversal.kind.js';
import { Refusal } from '../refusal/refusal.js';

/** Why a line can or cannot be reversed now. */
export type ReversalState = 'reversible' | 'reversed' | 'laterCount' | 'notApplied';

export interface ReversalLine {
  readonly productId: number;
  readonly sku: string;
  readonly name: string;
  readonly state: ReversalState;
  /** What the count set on the back office (null while it has not landed). */
  readonly counted: number | null;
  /** What the reversal sets it back to: the back office's figure just before the count. */
  readonly back: number | null;
  /** The queued reversal, once reversed (null: the count changed nothing, nothing was sent). */
  readonly operationId: number | null;
}

export interface ReversalPlan {
  readonly sessionId: string;
  readonly warehouseCode: string;
  readonly lines: ReversalLine[];
}

interface SessionRow {
  readonly id: string;
  readonly warehouse_code: string;
  readonly drift_policy: string;
  readonly state: string;
}

interface HistoryRow {
  readonly product_id: number;
  readonly sku: string | null;
  readonly name: string | null;
  readonly last_session: string | null;
  readonly reversed_operation: number | null;
  readonly reversed: number;
  readonly figure_counted: number | null;
  readonly figure_back: number | null;
}

function prepare(db: Database) {
  return {
    session: db.prepare<[string], SessionRow>(
      'SELECT id, warehouse_code, drift_policy, state FROM count_sessions WHERE id = ?',
    ),
    lines: db.prepare<[string], HistoryRow>(
      `SELECT h.product_id, l.sku, l.name, lc.session_id AS last_session,
              r.operation_id AS reversed_operation, r.session_id IS NOT NULL AS reversed,
              r.figure_counted, r.figure_back
         FROM count_history h
         LEFT JOIN count_lines l ON l.session_id = h.session_id AND l.product_id = h.product_id
                                 AND l.kind = 'product'
         LEFT JOIN count_last_counted lc ON lc.warehouse_code = h.warehouse_code AND lc.product_id = h.product_id
         LEFT JOIN count_reversals r ON r.session_id = h.session_id AND r.product_id = h.product_id
        WHERE h.session_id = ?
        ORDER BY l.sku, h.product_id`,
    ),
    record: db.prepare<{
      session: string;
      productId: number;
      warehouse: string;
      at: number;
      counted: number;
      back: number;
      operationId: number | null;
    }>(
      `INSERT INTO count_reversals
         (session_id, product_id, warehouse_code, reversed_at, figure_counted, figure_back, operation_id)
       VALUES (@session, @productId, @warehouse, @at, @counted, @back, @operationId)`,
    ),
    forgetLast: db.prepare<{ warehouse: string; productId: number }>(
      'DELETE FROM count_last_counted WHERE warehouse_code = @warehouse AND product_id = @productId',
    ),
    // The product's newest count not reversed becomes its last count again (none: never counted).
    restoreLast: db.prepare<{ warehouse: string; productId: number }>(
      `INSERT INTO count_last_counted (warehouse_code, product_id, counted_at, session_id)
       SELECT h.warehouse_code, h.product_id, h.counted_at, h.session_id
         FROM count_history h
        WHERE h.warehouse_code = @warehouse AND h.product_id = @productId
          AND NOT EXISTS (SELECT 1 FROM count_reversals r
                           WHERE r.session_id = h.session_id AND r.product_id = h.product_id)
        ORDER BY h.counted_at DESC LIMIT 1`,
    ),
  };
}

function committedSession(db: Database, sessionId: string): SessionRow {
  const session = preparedFor(db, prepare).session.get(sessionId);
  if (session === undefined) throw Refusal.notFound(`No count session ${sessionId}`, 'session-not-found');
  if (session.state !== 'committed') {
    throw Refusal.conflict(
      `Count session ${sessionId} is ${session.state}: only a committed count can be undone`,
      'not-committed',
    );
  }
  return session;
}

/** Each counted line of a committed session, with both figures and whether it can be reversed now. */
export function reversalPlan(db: Database, sessionId: string): ReversalPlan {
  const session = committedSession(db, sessionId);
  const lines = preparedFor(db, prepare)
    .lines.all(sessionId)
    .map((row): ReversalLine => {
      const base = { productId: row.product_id, sku: row.sku ?? '', name: row.name ?? '' };
      if (row.reversed === 1) {
        return {
          ...base,
          state: 'reversed',
          counted: row.figure_counted,
          back: row.figure_back,
          operationId: row.reversed_operation,
        };
      }
      const applied = appliedCountLine(db, sessionId, row.product_id);
      const figures =
        applied.state === 'applied'
          ? { counted: applied.counted, back: applied.before }
          : { counted: null, back: null };
      const state: ReversalState =
        row.last_session !== sessionId
          ? 'laterCount'
          : applied.state === 'applied'
            ? 'reversible'
            : 'notApplied';
      return { ...base, state, ...figures, operationId: null };
    });
  return { sessionId, warehouseCode: session.warehouse_code, lines };
}

/** Why a line cannot be undone: the words behind Details, and the refusal's reason. */
const REFUSED = {
  reversed: { words: 'was undone already', reason: 'reversed' },
  laterCount: { words: 'was counted again after this count: undo that count first', reason: 'later-count' },
  notApplied: {
    words: 'has not reached the back office yet: withdraw it in the outbox instead',
    reason: 'not-applied',
  },
} as const satisfies Record<
  Exclude<ReversalState, 'reversible'>,
  { words: string; reason: RefusalReasonOf<'cycle'> }
>;

/**
 * Reverses the given lines (all reversible ones when `productIds` is absent) in one transaction: the
 * outbox rows and their record, or nothing. A named line that cannot be reversed refuses the whole call.
 */
export function reverseCount(
  db: Database,
  input: { readonly sessionId: string; readonly productIds?: readonly number[]; readonly now: number },
): ReversalPlan {
  return db
    .transaction((): ReversalPlan => {
      const session = committedSession(db, input.sessionId);
      if (!isDriftPolicy(session.drift_policy))
        throw new Error(`Count session ${session.id} has an unexpected drift policy ${session.drift_policy}`);
      const plan = reversalPlan(db, input.sessionId);
      const chosen = chosenLines(plan, input.productIds);
      const ids = enqueueCountReversal(db, {
        sessionId: session.id,
        warehouseCode: session.warehouse_code,
        policy: session.drift_policy,
        lines: chosen.map((line) => ({
          productId: line.productId,
          sku: line.sku,
          counted: line.counted ?? 0,
          before: line.back ?? 0,
        })),
      });
      const statements = preparedFor(db, prepare);
      chosen.forEach((line, index) => {
        const key = { warehouse: session.warehouse_code, productId: line.productId };
        statements.record.run({
          session: session.id,
          productId: line.productId,
          warehouse: session.warehouse_code,
          at: input.now,
          counted: line.counted ?? 0,
          back: line.back ?? 0,
          operationId: ids[index] ?? null,
        });
        statements.forgetLast.run(key);
        statements.restoreLast.run(key);
      });
      return reversalPlan(db, input.sessionId);
    })
    .immediate();
}

function chosenLines(plan: ReversalPlan, productIds: readonly number[] | undefined): ReversalLine[] {
  if (productIds === undefined) {
    const reversible = plan.lines.filter((line) => line.state === 'reversible');
    if (reversible.length === 0) {
      throw Refusal.conflict(
        `Nothing of count session ${plan.sessionId} can be undone now`,
        'nothing-to-undo',
      );
    }
    return reversible;
  }
  if (productIds.length === 0) throw Refusal.field('productIds', 'names no line to undo');
  return [...new Set(productIds)].map((productId) => {
    const line = plan.lines.find((candidate) => candidate.productId === productId);
    if (line === undefined) {
      throw Refusal.conflict(
        `Product ${productId} was not counted in session ${plan.sessionId}`,
        'not-counted',
      );
    }
    if (line.state !== 'reversible') {
      throw Refusal.conflict(
        `The count of ${line.sku} ${REFUSED[line.state].words}`,
        REFUSED[line.state].reason,
      );
    }
    return line;
  });
}
