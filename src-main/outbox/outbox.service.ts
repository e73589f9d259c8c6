// The outbox of one database: drains in the background while it holds the lease, wakes on every
// enqueue in this process, on a watchdog timer (writes from other processes, waits that ran out) and
// when a person resumes the queue.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from 'better-sqlite3';
import type { OutboxSummary, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import type { BackofficeClient } from '../backoffice/index.js';
import type { AppliedWrite } from './applied-writes.js';
import { readControl, resumeQueue, type QueueControl } from './control.repository.js';
import { DrainRun, LeaseLostError, type DrainHooks, type RunTally } from './drain-run.js';
import { DrainStory, SILENT_LOGGER, type DrainLogger } from './drain-story.js';
import { earliestWake, hasSendingRow, nextDueRow, openCounts, type OpenCounts } from './drain.repository.js';
import { onEnqueue } from './enqueue-signal.js';
import { productBarcodeKind } from './kinds/product-barcode.kind.js';
import { addSerialKind, deleteSerialKind } from './kinds/serial-numbers.kind.js';
import { stockChangeKind } from './kinds/stock-change.kind.js';
import { stockCountKind } from './kinds/stock-count.kind.js';
import { releaseLease, renewLease, tryAcquireLease, type LeaseHolder } from './lease.repository.js';
import type { OperationKind } from './operation-kind.js';
import { enqueueProductBarcode } from './enqueue.js';
import { effectiveStock, pendingStock } from './local-view.js';
import { warehousesWithOpenStock } from './stock-view.repository.js';
import {
  listOperations,
  listParked,
  type OutboxListing,
  type ParkedOperation,
} from './operation-list.repository.js';
import { OutboxEvents } from './outbox-events.js';
import { discardParked, editParkedValue, retryParked } from './parked.service.js';
import type { DriftPolicy } from './drift.js';
import { defaultBackoff, type BackoffSettings } from './retry-timing.js';
import { enqueueWrite, operationStates } from './writes/enqueue-write.js';
import { writeKinds } from './writes/write-kinds.js';
import type { QueuedWrite, WriteOperationState, WriteRequest } from './writes/write-request.js';

export const DEFAULT_BATCH_LIMIT = 450;
export const defaultKinds: readonly OperationKind[] = [
  stockChangeKind,
  stockCountKind,
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
}

export interface DrainReport extends RunTally {
  /** Why nothing ran: another instance holds the lease, the queue is paused or held, or it is stopped. */
  readonly skipped?: 'leaseHeld' | 'paused' | 'held' | 'stopped';
}

export class Outbox {
  readonly events: OutboxEvents;
  readonly holder: LeaseHolder;
  readonly #db: Database;
  readonly #client: BackofficeClient;
  readonly #kinds: ReadonlyMap<string, OperationKind>;
  readonly #batchLimit: number;
  readonly #ttlMs: number;
  readonly #watchdogMs: number;
  readonly #backoff: BackoffSettings;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #onError: (error: unknown) => void;
  readonly #hooks: DrainHooks;
  readonly #settleMs: number;
  readonly #onApplied: ((writes: readonly AppliedWrite[]) => void) | undefined;
  readonly #story: DrainStory;
  #running: Promise<DrainReport> | undefined;
  #again = false;
  #started = false;
  #stopped = false;
  #watchdog: NodeJS.Timeout | undefined;
  #wake: NodeJS.Timeout | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(options: OutboxOptions) {
    this.#db = options.db;
    this.#client = options.client;
    this.#kinds = new Map((options.kinds ?? defaultKinds).map((kind) => [kind.name, kind]));
    this.#batchLimit = options.batchLimit ?? DEFAULT_BATCH_LIMIT;
    this.#ttlMs = options.leaseTtlMs ?? 30_000;
    this.#watchdogMs = options.watchdogMs ?? 5_000;
    this.#backoff = { ...defaultBackoff, ...options.backoff };
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#onError = options.onError ?? (() => {});
    this.#hooks = options.hooks ?? {};
    this.#settleMs = options.settleMs ?? 60_000;
    this.#onApplied = options.onApplied;
    this.#story = new DrainStory(options.logger ?? SILENT_LOGGER);
    this.events = new OutboxEvents(this.#onError);
    this.holder = { id: randomUUID(), pid: process.pid, host: hostname() };
  }

  /** Starts background draining: now, on every enqueue, and on the watchdog. */
  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    this.#unsubscribe = onEnqueue(this.#db, () => {
      this.#emitChanged();
      this.kick();
    });
    this.#watchdog = setInterval(() => this.#watch(), this.#watchdogMs);
    this.#watchdog.unref();
    this.kick();
  }

  /** Stops the timers, waits for the current run and releases the lease. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe?.();
    clearInterval(this.#watchdog);
    clearTimeout(this.#wake);
    await this.#running?.catch(() => undefined);
  }

  /** Asks for a run; during one, another pass follows it. */
  kick(): void {
    void this.drain().catch((error: unknown) => this.#onError(error));
  }

  /**
   * Runs (or joins the current run) until nothing is due; resolves with what happened. A call during a
   * run makes that run go round once more, so a write queued at any moment gets a pass.
   */
  drain(): Promise<DrainReport> {
    if (this.#stopped) return Promise.resolve({ batches: 0, settled: 0, skipped: 'stopped' });
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#loop();
    return this.#running;
  }

  async #loop(): Promise<DrainReport> {
    const total: DrainReport & { batches: number; settled: number } = { batches: 0, settled: 0 };
    let last: DrainReport = total;
    try {
      do {
        this.#again = false;
        last = await this.#run();
        total.batches += last.batches;
        total.settled += last.settled;
      } while (this.#again && !this.#stopped);
    } finally {
      // In the same continuation as the last check of #again: no kick can fall in between.
      this.#running = undefined;
      this.#scheduleWake();
    }
    const { batches, settled } = total;
    return { ...last, batches, settled };
  }

  /** What the status bar and the Outbox page show of the queue. */
  summary(): OutboxSummary {
    const counts = openCounts(this.#db);
    const control = readControl(this.#db);
    return {
      pending: counts.pending,
      sending: counts.sending,
      retry: counts.retry,
      unclear: counts.unclear,
      parked: counts.parked,
      paused: control.paused,
      pauseReason: control.paused ? { code: control.pauseCode ?? '', text: control.pauseText ?? '' } : null,
      holdUntil: control.holdUntil > 0 ? control.holdUntil : null,
      holdReason: control.holdUntil > 0 ? control.holdReason : null,
    };
  }

  /** The rows a person pages through, newest first ('open': not done or discarded). */
  list(filter: ParsedCallArgs<'outbox.list'>): OutboxListing {
    return listOperations(this.#db, filter);
  }

  parked(): ParkedOperation[] {
    return listParked(this.#db);
  }

  /** Sends a parked row again; a count line may get another drift policy. */
  retryParked(operationId: number, policy?: DriftPolicy): OutboxSummary {
    retryParked(this.#db, operationId, policy === undefined ? {} : { policy });
    return this.summary();
  }

  /** Sends a parked stock line with another figure. */
  editParked(operationId: number, value: number): OutboxSummary {
    editParkedValue(this.#db, operationId, value);
    return this.summary();
  }

  /** Never sends it; kept as history with the note. */
  discardParked(operationId: number, note: string): OutboxSummary {
    discardParked(this.#db, operationId, note);
    return this.summary();
  }

  /** Queues a product update giving the product this barcode (checked as a scan is). */
  enqueueProductBarcode(input: {
    readonly productId: number;
    readonly sku: string;
    readonly barcode: string;
  }): { operationId: number } {
    const { operationId } = enqueueProductBarcode(this.#db, input);
    return { operationId };
  }

  /**
   * Queues a write of the write-kind table (an income, an expense, a transfer, a payment): see
   * writes/write-request.ts. Inside another service's transaction use `enqueueWrite(db, request)`.
   */
  enqueueWrite(request: WriteRequest): QueuedWrite {
    return enqueueWrite(this.#db, request);
  }

  /** Where queued writes stand: state, the record's server id once known, why one needs a person. */
  operationStates(operationIds: readonly number[]): WriteOperationState[] {
    return operationStates(this.#db, operationIds);
  }

  /** The local view of one product's stock: the server figure with the writes not yet done applied. */
  expectedStock(warehouseCode: string, productId: number, serverStock: number): number {
    return effectiveStock(serverStock, pendingStock(this.#db, warehouseCode, [productId]).get(productId));
  }

  /** Warehouses where writes not yet done change this product's stock (it may have no stock row there yet). */
  warehousesWithOpenStock(productId: number): string[] {
    return warehousesWithOpenStock(this.#db, productId);
  }

  counts(): OpenCounts & { paused: boolean } {
    return { ...openCounts(this.#db), paused: readControl(this.#db).paused };
  }

  control(): QueueControl {
    return readControl(this.#db);
  }

  /** A person fixed what paused the queue (credentials, configuration) or wants a quota wait ended. */
  resume(): OutboxSummary {
    const wasPaused = this.#db.transaction(() => resumeQueue(this.#db)).immediate();
    if (wasPaused) this.events.emit('resumed', {});
    this.#emitChanged();
    this.kick();
    return this.summary();
  }

  async #run(): Promise<DrainReport> {
    const control = readControl(this.#db);
    if (control.paused) return { batches: 0, settled: 0, skipped: 'paused' };
    if (control.holdUntil > this.#now()) return { batches: 0, settled: 0, skipped: 'held' };
    if (!this.#acquire()) return { batches: 0, settled: 0, skipped: 'leaseHeld' };
    const run = new DrainRun({
      db: this.#db,
      client: this.#client,
      kinds: this.#kinds,
      holder: this.holder,
      events: this.events,
      batchLimit: this.#batchLimit,
      backoff: this.#backoff,
      now: this.#now,
      random: this.#random,
      hooks: this.#hooks,
      settleMs: this.#settleMs,
      onError: this.#onError,
      onApplied: this.#onApplied,
      story: this.#story,
    });
    const renewal = setInterval(() => this.#renew(), Math.max(10, Math.floor(this.#ttlMs / 3)));
    renewal.unref();
    try {
      run.recoverCrashed();
      await run.untilIdle();
      this.#emitChanged();
      return { ...run.tally };
    } catch (error) {
      if (!(error instanceof LeaseLostError)) throw error;
      this.#onError(error);
      return { ...run.tally };
    } finally {
      clearInterval(renewal);
      if (this.#db.open) releaseLease(this.#db, this.holder);
    }
  }

  #acquire(): boolean {
    return tryAcquireLease(this.#db, this.holder, {
      now: this.#now(),
      ttlMs: this.#ttlMs,
      isAlive: processIsAlive,
    });
  }

  #renew(): void {
    try {
      renewLease(this.#db, this.holder, this.#now(), this.#ttlMs);
    } catch (error) {
      // SQLITE_BUSY for longer than busy_timeout: the next renewal tries again before expiry.
      this.#onError(error);
    }
  }

  #watch(): void {
    if (this.#running || this.#stopped) return;
    try {
      // Rows left 'sending' by an instance that stopped mid-request are nobody's due rows: without this
      // look they would wait for the next enqueue, however long the lease they were under has expired.
      if (nextDueRow(this.#db, this.#now()) || hasSendingRow(this.#db)) this.kick();
    } catch (error) {
      this.#onError(error);
    }
  }

  /** Wakes exactly when the earliest waiting row (or the quota hold) is due, besides the watchdog. */
  #scheduleWake(): void {
    clearTimeout(this.#wake);
    if (!this.#started || this.#stopped || !this.#db.open) return;
    const control = readControl(this.#db);
    if (control.paused) return;
    const candidates = [earliestWake(this.#db), control.holdUntil > 0 ? control.holdUntil : undefined];
    const at = Math.min(...candidates.filter((value) => value !== undefined));
    if (!Number.isFinite(at)) return;
    const delay = Math.min(2 ** 31 - 1, Math.max(0, at - this.#now()));
    this.#wake = setTimeout(() => this.kick(), delay);
    this.#wake.unref();
  }

  #emitChanged(): void {
    if (this.#db.open) this.events.emit('changed', this.counts());
  }
}

/** A lease held by a crashed process of this host need not wait for its expiry. */
function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
