// What an Outbox is built from: its options, the kinds it sends by default, and what a drain reports.
import type { Database } from 'better-sqlite3';
import type { BackofficeClient } from '../backoffice/index.js';
import type { AppliedWrite } from './applied-writes.js';
import type { DrainHooks, RunTally } from './drain-run.js';
import type { DrainLogger } from './drain-story.js';
import type { OperationRow } from './drain.repository.js';
import { countReversalKind } from './kinds/count-reversal.kind.js';
import { productBarcodeKind } from './kinds/product-barcode.kind.js';
import { addSerialKind, deleteSerialKind } from './kinds/serial-numbers.kind.js';
import { stockChangeKind } from './kinds/stock-change.kind.js';
import { stockCountKind } from './kinds/stock-count.kind.js';
import type { OperationKind } from './core/operation-kind.js';
import type { BackoffSettings } from './retry-timing.js';
import { writeKinds } from './writes/write-kinds.js';

export const DEFAULT_BATCH_LIMIT = 450;
export const defaultKinds: readonly OperationKind[] = [
  stockChangeKind,
  stockCountKind,
  countReversalKind,
  productBarcodeKind,
  ...writeKinds,
  addSerialKind,
  deleteSerialKind,
];

export interface OutboxOptions {
  readonly db: Database;
  readonly client: BackofficeClient;
  /** Default: stock changes, counts, product barcodes and every write of the write-kind table. */
  readonly kinds?: readonly OperationKind[];
  /** Stock lines per request (default 450). */
  readonly batchLimit?: number;
  /** How long a lease lasts without renewal (default 30 s); renewed every third of it while draining. */
  readonly leaseTtlMs?: number;
  /** How often an idle outbox checks for due work (default 5 s). */
  readonly watchdogMs?: number;
  readonly backoff?: Partial<BackoffSettings>;
  readonly now?: () => number;
  readonly random?: () => number;
  /** Unexpected errors of a run (a lost lease, a bug); the run stops, the watchdog tries again. */
  readonly onError?: (error: unknown) => void;
  readonly hooks?: DrainHooks;
  /**
   * How long after a request we stopped waiting for (timeout, reset, crash) it may still be applied by
   * the server; it is read back only then (default 60 s: the client's header and body timeouts).
   */
  readonly settleMs?: number;
  /**
   * What rows marked done left on the server (stock figures, barcodes), inside the transaction that marks
   * them done: the catalogue follows its own writes instead of waiting for the next pull.
   */
  readonly onApplied?: (writes: readonly AppliedWrite[]) => void;
  /** Where retries, reconciliations, parks and pauses are told (warn); silent unless given. */
  readonly logger?: DrainLogger;
  /** While the back office cannot be reached: how often one read asks if it is back (default 3 s). */
  readonly probeMs?: number;
  /** What withdrawn rows changed on this PC is undone, inside the withdrawal's transaction. */
  readonly onWithdrawn?: (rows: readonly OperationRow[]) => void;
}

export interface DrainReport extends RunTally {
  /** Why nothing ran: another instance holds the lease, the queue is paused or held, or it is stopped. */
  readonly skipped?: 'leaseHeld' | 'paused' | 'held' | 'stopped';
}
