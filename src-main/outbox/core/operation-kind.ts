// One kind of queued write (stock lists, count commits, incomes...): how its rows are batched, what it
// reads before sending, how it sends, and how it reconciles after an unclear failure. The drainer does
// everything else (states, order, lease, failure classes), so a new kind is one small module.
import type { BackofficeCaller } from '../../backoffice/index.js';
import type { OperationRow, RowOutcome } from './operation-types.js';

export type { RowOutcome } from './operation-types.js';

/** What a kind found out before sending: per row, the figures to store with "sending", or an outcome. */
export interface Preparation {
  readonly send: ReadonlyArray<{
    readonly id: number;
    /** The absolute figure this request sets (counts: computed from the drift policy). */
    readonly target?: number;
    /** The server figure read before sending (deltas and counts reconcile against it). */
    readonly serverBefore?: number;
    /** A delta's read-back before sending (JSON): the evidence its reconciliation compares with. */
    readonly readBefore?: string;
    /** The record's server id, when the kind learnt it while preparing (a create found by its key). */
    readonly targetId?: number;
  }>;
  /** Rows settled without sending (a count line parked for a person, a delta of 0…). */
  readonly settled: ReadonlyMap<number, RowOutcome>;
}

export interface KindContext {
  readonly client: BackofficeCaller;
  /** Rows per request for kinds that batch. */
  readonly batchLimit: number;
  /** Another queued operation (the create a write on a record made offline waits for). */
  operation(id: number): OperationRow | undefined;
}

export interface OperationKind {
  /** The `kind` column of its rows. */
  readonly name: string;
  /** Whether a later row of the same key replaces this one (absolute sets: the last one wins). */
  collapsible(row: OperationRow): boolean;
  /** The most rows one request may carry. */
  batchLimit(context: KindContext): number;
  /** Reads before sending (GET only); may throw a BackofficeFailure. */
  prepare(rows: readonly OperationRow[], context: KindContext): Promise<Preparation>;
  /**
   * Sends the rows (already saved as "sending", with the prepared figures) in one request and maps the
   * answer to each row. A failure of the whole request is thrown as a BackofficeFailure.
   */
  send(rows: readonly OperationRow[], context: KindContext): Promise<ReadonlyMap<number, RowOutcome>>;
  /** Decides unclear rows: done, pending (resend) or parked; may throw a BackofficeFailure. */
  reconcile(rows: readonly OperationRow[], context: KindContext): Promise<ReadonlyMap<number, RowOutcome>>;
  /** The warehouse a request of these rows names, if any (an "Access Denied." may mean it is unknown). */
  warehouseOf(rows: readonly OperationRow[]): string | undefined;
}
