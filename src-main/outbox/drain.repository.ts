// The drainer's SQL: which rows are due (heads of their key only), batches, and every state change.
// Statements are prepared once per connection; the drainer wraps the writes in its lease-checked
// transactions.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import type { OperationRow, OperationState, RowOutcome } from './core/operation-types.js';

export type { OperationRow, OperationState } from './core/operation-types.js';

/** Rows not yet finished, by state (done and discarded rows are history). */
export interface OpenCounts {
  readonly pending: number;
  readonly sending: number;
  readonly retry: number;
  readonly unclear: number;
  readonly parked: number;
}

const OPEN = `state NOT IN ('done', 'discarded')`;
/** A row is a head when no earlier row of its key is still open. */
const IS_HEAD = `NOT EXISTS (SELECT 1 FROM outbox_operations e
                  WHERE e.order_key = o.order_key AND e.id < o.id AND e.${OPEN})`;
const DUE = `(o.next_attempt_at IS NULL OR o.next_attempt_at <= @now)`;

function prepareAll(db: Database) {
  return {
    nextDue: db.prepare<{ now: number }, OperationRow>(
      `SELECT o.* FROM outbox_operations o
        WHERE o.state IN ('pending', 'retry', 'unclear') AND ${DUE} AND ${IS_HEAD}
        ORDER BY o.id LIMIT 1`,
    ),
    anySending: db.prepare<[], { id: number }>(
      `SELECT id FROM outbox_operations WHERE state = 'sending' LIMIT 1`,
    ),
    dueInBatch: db.prepare<{ now: number; batchKey: string; unclear: number; limit: number }, OperationRow>(
      `SELECT o.* FROM outbox_operations o
        WHERE o.batch_key = @batchKey AND o.${OPEN}
          AND (CASE WHEN @unclear = 1 THEN o.state = 'unclear' ELSE o.state IN ('pending', 'retry') END)
          AND ${DUE} AND ${IS_HEAD}
        ORDER BY o.id LIMIT @limit`,
    ),
    followers: db.prepare<{ orderKey: string; id: number }, OperationRow>(
      `SELECT * FROM outbox_operations
        WHERE order_key = @orderKey AND id > @id AND ${OPEN} ORDER BY id`,
    ),
    countDue: db.prepare<{ now: number }, { n: number }>(
      `SELECT count(*) AS n FROM outbox_operations o
        WHERE o.state IN ('pending', 'retry', 'unclear') AND ${DUE}`,
    ),
    earliestWake: db.prepare<[], { at: number | null }>(
      `SELECT min(next_attempt_at) AS at FROM outbox_operations
        WHERE state IN ('retry', 'unclear', 'pending') AND next_attempt_at IS NOT NULL`,
    ),
    openCounts: db.prepare<[], { state: OperationState; n: number }>(
      `SELECT state, count(*) AS n FROM outbox_operations WHERE ${OPEN} GROUP BY state`,
    ),
    clearRetryWaits: db.prepare<{ now: number }>(
      `UPDATE outbox_operations SET next_attempt_at = NULL, updated_at = @now
        WHERE state = 'retry' AND next_attempt_at > @now`,
    ),
    // A withdrawal (withdraw.ts) may take rows between the drainer reading a batch and claiming it.
    stillQueued: db.prepare<[string], { n: number }>(
      `SELECT count(*) AS n FROM outbox_operations
        WHERE id IN (SELECT value FROM json_each(?)) AND state IN ('pending', 'retry')`,
    ),
    sending: db.prepare<{
      id: number;
      target: number | null;
      before: number | null;
      readBefore: string | null;
      targetId: number | null;
      now: number;
    }>(
      `UPDATE outbox_operations
          SET state = 'sending', attempts = attempts + 1, next_attempt_at = NULL,
              sent_target = coalesce(@target, sent_target), server_before = @before,
              readback_before = @readBefore, target_id = coalesce(@targetId, target_id), updated_at = @now
        WHERE id = @id AND state IN ('pending', 'retry')`,
    ),
    superseded: db.prepare<{ id: number; by: number; now: number }>(
      `UPDATE outbox_operations
          SET state = 'done', outcome = 'superseded', superseded_by = @by, updated_at = @now, finished_at = @now
        WHERE id = @id`,
    ),
    done: db.prepare<{
      id: number;
      outcome: string;
      figure: number | null;
      serverId: number | null;
      note: string | null;
      now: number;
    }>(
      `UPDATE outbox_operations
          SET state = 'done', outcome = @outcome, result_figure = @figure, next_attempt_at = NULL,
              server_id = coalesce(@serverId, server_id), reason_text = coalesce(@note, reason_text),
              updated_at = @now, finished_at = @now
        WHERE id = @id`,
    ),
    // Writes on a record made offline learn its server id with the create's own "done".
    dependents: db.prepare<{ id: number; serverId: number; now: number }>(
      `UPDATE outbox_operations SET target_id = @serverId, updated_at = @now
        WHERE depends_on = @id AND target_id IS NULL AND state NOT IN ('done', 'discarded')`,
    ),
    parked: db.prepare<{ id: number; code: string; text: string; figure: number | null; now: number }>(
      `UPDATE outbox_operations
          SET state = 'parked', reason_code = @code, reason_text = @text, next_attempt_at = NULL,
              server_before = coalesce(@figure, server_before), updated_at = @now
        WHERE id = @id AND state <> 'discarded'`,
    ),
    moved: db.prepare<{
      id: number;
      state: OperationState;
      at: number | null;
      code: string | null;
      text: string | null;
      bump: number;
      now: number;
    }>(
      `UPDATE outbox_operations
          SET state = @state, next_attempt_at = @at, attempts = attempts + @bump, reason_code = coalesce(@code, reason_code),
              reason_text = coalesce(@text, reason_text), updated_at = @now,
              maybe_delivered = max(maybe_delivered, @state = 'unclear')
        WHERE id = @id AND state <> 'discarded'`,
    ),
    reconcileAttempt: db.prepare<{ id: number; at: number | null; now: number }>(
      `UPDATE outbox_operations SET attempts = attempts + 1, next_attempt_at = @at, updated_at = @now WHERE id = @id`,
    ),
    // updated_at of a sending row is when it was marked, just before its request.
    sendingToUnclear: db.prepare<{ now: number; settleMs: number }>(
      `UPDATE outbox_operations
          SET state = 'unclear', next_attempt_at = max(@now, updated_at + @settleMs), updated_at = @now,
              maybe_delivered = 1
        WHERE state = 'sending'`,
    ),
  };
}

function statements(db: Database) {
  return preparedFor(db, prepareAll);
}

/** The oldest row that may go now: due, and the head of its key. */
export function nextDueRow(db: Database, now: number): OperationRow | undefined {
  return statements(db).nextDue.get({ now });
}

/**
 * Whether a row is marked as on the wire. Seen while no run of ours is going, it belongs to an instance
 * that stopped mid-request (its lease not released), so a run must take over and reconcile it.
 */
export function hasSendingRow(db: Database): boolean {
  return statements(db).anySending.get() !== undefined;
}

/** Due heads of one batch key, oldest first: unclear ones (to reconcile) or pending/retry ones (to send). */
export function dueRowsInBatch(
  db: Database,
  batchKey: string,
  options: { readonly now: number; readonly unclear: boolean; readonly limit: number },
): OperationRow[] {
  return statements(db).dueInBatch.all({
    batchKey,
    now: options.now,
    unclear: options.unclear ? 1 : 0,
    limit: options.limit,
  });
}

/** The open rows queued after `id` on the same key, oldest first. */
export function openFollowers(db: Database, row: OperationRow): OperationRow[] {
  return statements(db).followers.all({ orderKey: row.order_key, id: row.id });
}

export function countDue(db: Database, now: number): number {
  return statements(db).countDue.get({ now })?.n ?? 0;
}

/** When the earliest waiting row becomes due (undefined when none waits). */
export function earliestWake(db: Database): number | undefined {
  return statements(db).earliestWake.get()?.at ?? undefined;
}

export function openCounts(db: Database): OpenCounts {
  const counts = { pending: 0, sending: 0, retry: 0, unclear: 0, parked: 0 };
  for (const { state, n } of statements(db).openCounts.all()) {
    if (state in counts) counts[state as keyof OpenCounts] = n;
  }
  return counts;
}

/** Saved BEFORE the request: after a crash these rows are known to be possibly applied. */
export function markSending(
  db: Database,
  rows: ReadonlyArray<{
    readonly id: number;
    readonly target?: number;
    readonly serverBefore?: number;
    readonly readBefore?: string;
    readonly targetId?: number;
  }>,
  now: number,
): void {
  const { sending } = statements(db);
  for (const row of rows) {
    sending.run({
      id: row.id,
      target: row.target ?? null,
      before: row.serverBefore ?? null,
      readBefore: row.readBefore ?? null,
      targetId: row.targetId ?? null,
      now,
    });
  }
}

/**
 * Ends the backoff waits of rows whose request failed before it was sent (or whose reads failed): they
 * are due at once. Unclear rows keep theirs (a lost request must settle before it is read back), and
 * the queue's quota hold and pause are the control row's, untouched. Returns how many rows it woke.
 */
export function clearRetryWaits(db: Database, now: number): number {
  return statements(db).clearRetryWaits.run({ now }).changes;
}

/**
 * Whether every one of these rows is still waiting to be sent, checked in the transaction that claims
 * them: a person may have withdrawn one since the batch was read (the batch is then read again).
 */
export function allStillQueued(db: Database, ids: readonly number[]): boolean {
  if (ids.length === 0) return true;
  return statements(db).stillQueued.get(JSON.stringify(ids))?.n === new Set(ids).size;
}

export function markSuperseded(db: Database, id: number, by: number, now: number): void {
  statements(db).superseded.run({ id, by, now });
}

export function settleRow(db: Database, id: number, outcome: RowOutcome, now: number): void {
  const s = statements(db);
  switch (outcome.state) {
    case 'done':
      s.done.run({
        id,
        outcome: outcome.outcome,
        figure: outcome.resultFigure ?? null,
        serverId: outcome.serverId ?? null,
        note: outcome.note ?? null,
        now,
      });
      if (outcome.serverId !== undefined) s.dependents.run({ id, serverId: outcome.serverId, now });
      return;
    case 'parked':
      s.parked.run({ id, code: outcome.code, text: outcome.text, figure: outcome.serverFigure ?? null, now });
      return;
    case 'unclear':
    case 'pending':
      s.moved.run({ id, state: outcome.state, at: null, code: null, text: null, bump: 0, now });
      return;
  }
}

/** Waiting rows: retry at `at` (notSent, quota), keeping the last failure as the reason shown. */
export function moveRows(
  db: Database,
  ids: readonly number[],
  change: {
    readonly state: 'retry' | 'pending' | 'unclear';
    readonly at: number | null;
    readonly code?: string;
    readonly text?: string;
    /** Count an attempt that failed before its write was sent (reads). */
    readonly bump?: boolean;
  },
  now: number,
): void {
  const { moved } = statements(db);
  const bump = change.bump ? 1 : 0;
  for (const id of ids) {
    moved.run({
      id,
      state: change.state,
      at: change.at,
      code: change.code ?? null,
      text: change.text ?? null,
      bump,
      now,
    });
  }
}

/** A reconciliation that could not read: try again later, counting the attempt. */
export function deferReconcile(db: Database, ids: readonly number[], at: number, now: number): void {
  const { reconcileAttempt } = statements(db);
  for (const id of ids) reconcileAttempt.run({ id, at, now });
}

/**
 * After a crash (or a lost lease), whatever was being sent may have been applied, or may still be: it
 * is read back no sooner than `settleMs` after its request left.
 */
export function sendingToUnclear(db: Database, now: number, settleMs: number): number {
  return statements(db).sendingToUnclear.run({ now, settleMs }).changes;
}
