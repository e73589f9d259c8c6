// A person takes back writes that never left this PC (or that the back office refused for certain),
// with every write that depends on them: a payment on a withdrawn income, a file on a withdrawn
// quotation, the stock lines of a withdrawn product. Dependencies are the rows' `depends_on` (writes on a
// record made offline name its create) and `superseded_by` (absolute sets the withdrawn one stood for).
//
// The withdrawal and the drainer exclude each other in SQLite: the withdrawal checks, in one IMMEDIATE
// transaction, that every row is still never sent and marks them withdrawn; the drainer claims a batch
// (marks it sending) in its own IMMEDIATE transaction only when every row is still queued
// (drain.repository.ts `allStillQueued`). So a write is either sent or withdrawn, never both.
import type { Database } from 'better-sqlite3';
import type { WITHDRAW_BLOCKS } from '../../src-shared/ipc/schemas/outbox.js';
import { preparedFor } from '../db/statements.js';
import { Refusal } from '../refusal/refusal.js';
import { signalEnqueued } from './core/enqueue-signal.js';
import { UNCERTAIN_DELTA } from './kinds/stock-change.kind.js';
import { UNCERTAIN_COUNT } from './kinds/stock-count.kind.js';
import type { OperationRow } from './core/operation-types.js';
import { parkedStatements } from './parked.repository.js';
import { CHANGED_MEANWHILE, UNCERTAIN_CREATE, UNCERTAIN_DELTA_WRITE } from './core/write-reasons.js';

/** Parked for doubt about what the back office holds: the write may have reached it. */
const PARKED_IN_DOUBT: ReadonlySet<string> = new Set([
  UNCERTAIN_DELTA,
  UNCERTAIN_COUNT,
  UNCERTAIN_DELTA_WRITE,
  UNCERTAIN_CREATE,
  CHANGED_MEANWHILE,
]);

/**
 * Why a row cannot be taken back: it is being sent, its last request's fate is unknown, it may have
 * been applied (an unclear send before, or parked in doubt), or it is finished (sent or discarded).
 */
export type WithdrawBlock = (typeof WITHDRAW_BLOCKS)[number];

export interface WithdrawalItem {
  readonly id: number;
  readonly kind: string;
  readonly description: string | null;
  readonly sku: string | null;
  readonly warehouseCode: string | null;
  readonly change: string | null;
  readonly value: number | null;
  /** null: it can go; otherwise why it cannot (and then nothing of the plan can). */
  readonly blocked: WithdrawBlock | null;
}

export interface WithdrawalPlan {
  readonly operationId: number;
  /** The row itself first, then what depends on it, oldest first. */
  readonly items: WithdrawalItem[];
  /** The first item that stops the withdrawal, if any. */
  readonly blocked: { readonly id: number; readonly reason: WithdrawBlock } | null;
}

export class WithdrawRefusal extends Refusal {
  override name = 'WithdrawRefusal';
}

export function withdrawBlockOf(row: OperationRow): WithdrawBlock | null {
  switch (row.state) {
    case 'sending':
      return 'sending';
    case 'unclear':
      return 'unclear';
    case 'done':
    case 'discarded':
      return 'finished';
    case 'parked':
      if (row.maybe_delivered === 1 || PARKED_IN_DOUBT.has(row.reason_code ?? '')) return 'mayHaveArrived';
      return null;
    case 'pending':
    case 'retry':
      return row.maybe_delivered === 1 ? 'mayHaveArrived' : null;
  }
}

function prepareAll(db: Database) {
  return {
    // Rows depending on any of the given ones and still open (a discarded dependent is gone already).
    dependents: db.prepare<{ ids: string }, OperationRow>(
      `SELECT * FROM outbox_operations
        WHERE (depends_on IN (SELECT value FROM json_each(@ids)) OR superseded_by IN (SELECT value FROM json_each(@ids)))
          AND state <> 'discarded'
        ORDER BY id`,
    ),
    byId: db.prepare<[number], OperationRow>('SELECT * FROM outbox_operations WHERE id = ?'),
    withdraw: db.prepare<{ id: number; now: number }>(
      `UPDATE outbox_operations
          SET state = 'discarded', outcome = 'withdrawn', next_attempt_at = NULL, updated_at = @now,
              finished_at = @now
        WHERE id = @id AND state IN ('pending', 'retry', 'parked', 'done') AND maybe_delivered = 0`,
    ),
  };
}

function statements(db: Database) {
  return preparedFor(db, prepareAll);
}

/** The row and everything that depends on it, transitively; undefined when there is no such row. */
function closure(db: Database, operationId: number): OperationRow[] | undefined {
  const s = statements(db);
  const root = s.byId.get(operationId);
  if (!root) return undefined;
  const seen = new Map<number, OperationRow>([[root.id, root]]);
  let frontier = [root.id];
  while (frontier.length > 0) {
    const next = s.dependents.all({ ids: JSON.stringify(frontier) }).filter((row) => !seen.has(row.id));
    for (const row of next) seen.set(row.id, row);
    frontier = next.map((row) => row.id);
  }
  const [first, ...rest] = [...seen.values()];
  return [first ?? root, ...rest.sort((a, b) => a.id - b.id)];
}

function itemOf(row: OperationRow, isRoot: boolean): WithdrawalItem {
  // A superseded absolute set is done but was never sent: it goes with the set that stood for it.
  const supersededUnsent = !isRoot && row.state === 'done' && row.outcome === 'superseded';
  return {
    id: row.id,
    kind: row.kind,
    description: row.description,
    sku: row.sku,
    warehouseCode: row.warehouse_code,
    change: row.change,
    value: row.value,
    blocked: supersededUnsent && row.maybe_delivered === 0 ? null : withdrawBlockOf(row),
  };
}

/** What withdrawing this row would take back, and whether it can be (the dialog names each item). */
export function withdrawalPlan(db: Database, operationId: number): WithdrawalPlan {
  const rows = closure(db, operationId);
  if (!rows) throw new WithdrawRefusal('not-found', `No outbox operation ${operationId}`);
  const items = rows.map((row, index) => itemOf(row, index === 0));
  const first = items.find((item) => item.blocked !== null);
  return {
    operationId,
    items,
    blocked: first?.blocked ? { id: first.id, reason: first.blocked } : null,
  };
}

export interface WithdrawOptions {
  /** What the rows changed on this PC is undone, inside the withdrawal's transaction. */
  readonly onWithdrawn?: (rows: readonly OperationRow[]) => void;
  readonly now?: number;
  readonly note?: string;
}

/**
 * Takes the row and its dependents back, or refuses (`conflict`, reason `notWithdrawable`) when any of
 * them may have left the PC by now. One IMMEDIATE transaction: the check and the claim are one.
 */
export function withdraw(db: Database, operationId: number, options: WithdrawOptions = {}): WithdrawalPlan {
  const plan = db
    .transaction(() => {
      const checked = withdrawalPlan(db, operationId);
      if (checked.blocked) {
        throw new WithdrawRefusal(
          'conflict',
          `Operation ${checked.blocked.id} cannot be withdrawn: ${checked.blocked.reason}`,
          { reason: 'not-withdrawable' },
        );
      }
      const now = options.now ?? Date.now();
      const s = statements(db);
      const taken: OperationRow[] = [];
      for (const item of checked.items) {
        s.withdraw.run({ id: item.id, now });
        const row = s.byId.get(item.id);
        if (row) taken.push(row);
        const detail = JSON.stringify({ withdrawnWith: operationId, note: options.note ?? '' });
        parkedStatements(db).action.run({ id: item.id, action: 'withdraw', detail, now });
      }
      options.onWithdrawn?.(taken);
      return checked;
    })
    .immediate();
  signalEnqueued(db);
  return plan;
}
