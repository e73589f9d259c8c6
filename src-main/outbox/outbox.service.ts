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
import { DrainRun, LeaseLostError, type DrainHooks } from './drain-run.js';
import { DrainStory, SILENT_LOGGER } from './drain-story.js';
import {
  clearRetryWaits,
  earliestWake,
  hasSendingRow,
  nextDueRow,
  openCounts,
  type OpenCounts,
  type OperationRow,
} from './drain.repository.js';
import { onEnqueue } from './core/enqueue-signal.js';
import { releaseLease, renewLease, tryAcquireLease, type LeaseHolder } from './lease.repository.js';
import type { OperationKind } from './core/operation-kind.js';
import { DEFAULT_BATCH_LIMIT, defaultKinds, type DrainReport, type OutboxOptions } from './outbox-options.js';

export { DEFAULT_BATCH_LIMIT, defaultKinds, type DrainReport, type OutboxOptions };
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
import type { DriftPolicy } from './core/drift.js';
import { backOfficeAnswers, DEFAULT_PROBE_MS, ReachabilityProbe } from './reachability-probe.js';
import { defaultBackoff, type BackoffSettings } from './retry-timing.js';
import { withdraw, withdrawalPlan, type WithdrawalPlan } from './withdraw.js';
import { enqueueWrite, operationStates } from './writes/enqueue-write.js';
import type { QueuedWrite, WriteOperationState, WriteRequest } from './writes/write-request.js';

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
  readonly #onWithdrawn: ((rows: readonly OperationRow[]) => void) | undefined;
  /** Asks whether the back office is back while the last run stopped because it could not be reached. */
  readonly probe: ReachabilityProbe;
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
    this.#onWithdrawn = options.onWithdrawn;
    this.probe = new ReachabilityProbe({
      intervalMs: options.probeMs ?? DEFAULT_PROBE_MS,
      probe: () => backOfficeAnswers(this.#client),
      onReachable: () => this.backOfficeReachable(),
      onError: this.#onError,
    });
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
    this.probe.stop();
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
      if (last.stoppedBy === 'notSent' && this.#started && !this.#stopped) this.probe.start();
      else if (last.batches > 0) this.probe.stop();
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

  /** What withdrawing this row would take back with it, and whether it can be withdrawn now. */
  withdrawalPlan(operationId: number): WithdrawalPlan {
    return withdrawalPlan(this.#db, operationId);
  }

  /** Takes back a write never sent (and what depends on it): see withdraw.ts. */
  withdraw(operationId: number, note = ''): OutboxSummary {
    const onWithdrawn = (rows: readonly OperationRow[]): void => {
      this.#story.withdrawn(rows, operationId);
      this.#onWithdrawn?.(rows);
    };
    withdraw(this.#db, operationId, { note, now: this.#now(), onWithdrawn });
    this.#emitChanged();
    return this.summary();
  }

  /**
   * A person's "Send now": the waits after failed attempts end and a run starts. A quota hold, a pause
   * for the credentials and the settle time of a lost request stay (resume() ends the first two).
   */
  sendNow(): OutboxSummary & { readonly woken: number } {
    const woken = this.#db.transaction(() => clearRetryWaits(this.#db, this.#now())).immediate();
    this.#story.sendNow(woken);
    this.#emitChanged();
    this.kick();
    return { ...this.summary(), woken };
  }

  /** The back office answered again (the probe, or any other request): queued work goes now. */
  backOfficeReachable(): void {
    if (this.#stopped || !this.#db.open) return;
    const probes = this.probe.attempts;
    this.probe.stop();
    const woken = this.#db.transaction(() => clearRetryWaits(this.#db, this.#now())).immediate();
    if (woken > 0 || probes > 0) this.#story.backOfficeBack(woken, probes);
    this.kick();
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
