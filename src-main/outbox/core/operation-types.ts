// The types ../drain.repository.ts and operation-kind.ts share: a queued row and how it ended up. A
// module of its own so neither of the two imports the other (no import cycles, type-only ones included).
import type { DriftPolicy } from './drift.js';
import type { StockLineChange } from './operation.repository.js';

export type { OperationState } from '../../../src-shared/domain/vocabulary.js';
import type { OperationState } from '../../../src-shared/domain/vocabulary.js';

export interface OperationRow {
  readonly id: number;
  readonly kind: string;
  readonly order_key: string;
  readonly batch_key: string;
  readonly state: OperationState;
  readonly warehouse_code: string | null;
  readonly product_id: number | null;
  readonly sku: string | null;
  readonly change: StockLineChange | null;
  readonly value: number | null;
  readonly counted_against: number | null;
  readonly policy: DriftPolicy | null;
  readonly session_id: string | null;
  readonly payload: string | null;
  readonly unique_number: string | null;
  readonly attempts: number;
  readonly next_attempt_at: number | null;
  readonly server_before: number | null;
  readonly sent_target: number | null;
  readonly reason_code: string | null;
  readonly reason_text: string | null;
  readonly outcome: string | null;
  readonly result_figure: number | null;
  readonly superseded_by: number | null;
  readonly created_at: number;
  readonly updated_at: number;
  readonly finished_at: number | null;
  /** How the row reads to a person (writes; NULL for stock lines, which are described from columns). */
  readonly description: string | null;
  /** The create this write waits for (a record made offline), by operation id. */
  readonly depends_on: number | null;
  /** The server id of the record this write acts on, once known. */
  readonly target_id: number | null;
  /** The server id a create was given. */
  readonly server_id: number | null;
  /** A delta's read-back taken just before sending (JSON), compared after an unclear failure. */
  readonly readback_before: string | null;
  /** 1 once the row ended unclear (or was left sending): it may have reached the back office, for good. */
  readonly maybe_delivered: number;
}

/** How one row ended up after a send or a reconciliation. */
export type RowOutcome =
  /** Applied (or nothing to apply). `outcome` says how: applied, notUpdated, alreadyApplied, reconciled… */
  | {
      readonly state: 'done';
      readonly outcome: string;
      readonly resultFigure?: number;
      /** A create's server id: stored, and written into the writes waiting for it, in one transaction. */
      readonly serverId?: number;
      /** The back office's own words on an applied row (a serial it already had), kept as its reason. */
      readonly note?: string;
    }
  /** A person must look: the reason is kept with the row. */
  | {
      readonly state: 'parked';
      readonly code: string;
      readonly text: string;
      /** The server figure the person should see beside the reason (a drifted count's current stock). */
      readonly serverFigure?: number;
    }
  /** It may or may not have been applied: reconcile before anything else of its key. */
  | { readonly state: 'unclear' }
  /** Certainly not applied: send it again (reconciliation's verdict). */
  | { readonly state: 'pending' };
