// One drain run: while the lease is ours, take the oldest due head, reconcile its batch (unclear rows) or
// send it (pending/retry rows), settle every row, and go on until nothing is due. States are saved
// before each request; every write checks that we still hold the lease.
import type { Database } from 'better-sqlite3';
import type { BackofficeClient } from '../backoffice/index.js';
import { holdQueue, pauseQueue, readControl } from './control.repository.js';
import {
  allStillQueued,
  countDue,
  deferReconcile,
  dueRowsInBatch,
  markSending,
  markSuperseded,
  moveRows,
  nextDueRow,
  sendingToUnclear,
  settleRow,
  type OperationRow,
} from './drain.repository.js';
import { operationById } from './core/operation-lookup.js';
import { appliedWrites, type AppliedWrite } from './applied-writes.js';
import { collapseAbsolutes } from './batch-collapse.js';
import { stockEffectsOf } from './stock-effects.js';
import type { DrainStory } from './drain-story.js';
import { decideFailure, type FailureAction } from './failure-handling.js';
import { holdsLease, type LeaseHolder } from './lease.repository.js';
import type { KindContext, OperationKind, RowOutcome } from './core/operation-kind.js';
import type { BackofficeCaller } from '../backoffice/index.js';
import type { OutboxEvents } from './outbox-events.js';
import { fullJitterDelay, quotaResumeTime, type BackoffSettings } from './retry-timing.js';

export const UNKNOWN_KIND = 'UNKNOWN_KIND';

/** Test seam: called around each write request (a throw there stands for a crash at that moment). */
export interface DrainHooks {
  beforeRequest?(rows: readonly OperationRow[]): void | Promise<void>;
  afterResponse?(rows: readonly OperationRow[]): void | Promise<void>;
}

export interface DrainSettings {
  readonly db: Database;
  readonly client: BackofficeClient;
  readonly kinds: ReadonlyMap<string, OperationKind>;
  readonly holder: LeaseHolder;
  readonly events: OutboxEvents;
  readonly batchLimit: number;
  readonly backoff: BackoffSettings;
  readonly now: () => number;
  readonly random: () => number;
  readonly hooks: DrainHooks;
  /** How long a request we stopped waiting for may still be applied by the server. */
  readonly settleMs: number;
  /**
   * What rows just marked done left on the server, called inside that transaction (in a savepoint: a
   * failure there undoes its own writes only, is reported, and the rows stay done).
   */
  readonly onApplied?: (writes: readonly AppliedWrite[]) => void;
  readonly onError: (error: unknown) => void;
  /** The log's story of the run: retries, holds, reconciliations, parks, pauses (drain-story.ts). */
  readonly story: DrainStory;
}

export interface RunTally {
  batches: number;
  settled: number;
  stoppedBy?: 'paused' | 'held' | 'notSent';
}

export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor() {
    super('Another instance took the outbox lease; this drainer stops without writing');
  }
}

type Step = 'continue' | 'stop';

export class DrainRun {
  readonly #s: DrainSettings;
  readonly #context: KindContext;
  readonly tally: RunTally = { batches: 0, settled: 0 };

  constructor(settings: DrainSettings) {
    this.#s = settings;
    this.#context = {
      client: this.#leaseGuarded(settings.client),
      batchLimit: settings.batchLimit,
      operation: (id) => operationById(settings.db, id),
    };
  }

  /**
   * Every request of this run (reads, writes, the failure probes) first checks that we still hold the
   * lease: once another instance took it over, this drainer sends nothing more.
   */
  #leaseGuarded(client: BackofficeClient): BackofficeCaller {
    const { db, holder } = this.#s;
    return {
      call: (name, ...args) => {
        if (!holdsLease(db, holder)) return Promise.reject(new LeaseLostError());
        return client.call(name, ...args);
      },
    };
  }

  /** Everything still "sending" belonged to a holder that is gone: it may have been applied. */
  recoverCrashed(): number {
    return this.#write(() => sendingToUnclear(this.#s.db, this.#s.now(), this.#s.settleMs));
  }

  /** Works until nothing is due, the queue pauses or holds, or the network is down. */
  async untilIdle(): Promise<void> {
    const { db } = this.#s;
    for (;;) {
      const control = readControl(db);
      if (control.paused) {
        this.#stop('paused');
        return;
      }
      if (control.holdUntil > this.#s.now()) {
        this.#stop('held');
        return;
      }
      const head = nextDueRow(db, this.#s.now());
      if (!head) return;
      const kind = this.#s.kinds.get(head.kind);
      let step: Step;
      if (!kind) {
        this.#write(() =>
          settleRow(
            db,
            head.id,
            { state: 'parked', code: UNKNOWN_KIND, text: `No sender for kind ${head.kind}` },
            this.#s.now(),
          ),
        );
        step = 'continue';
      } else {
        step =
          head.state === 'unclear'
            ? await this.#reconcile(kind, head.batch_key)
            : await this.#send(kind, head.batch_key);
      }
      this.tally.batches += 1;
      this.#s.events.emit('progress', {
        done: this.tally.settled,
        total: this.tally.settled + countDue(db, this.#s.now()),
      });
      if (step === 'stop') return;
    }
  }

  async #send(kind: OperationKind, batchKey: string): Promise<Step> {
    const { db } = this.#s;
    const heads = dueRowsInBatch(db, batchKey, {
      now: this.#s.now(),
      unclear: false,
      limit: kind.batchLimit(this.#context),
    });
    const { batch, superseded } = collapseAbsolutes(db, kind, heads);
    if (batch.length === 0) return 'continue';

    let preparation;
    try {
      preparation = await kind.prepare(batch, this.#context);
    } catch (error) {
      if (error instanceof LeaseLostError) throw error;
      return this.#failed(
        batch,
        await decideFailure(error, 'read', this.#context.client, kind.warehouseOf(batch)),
        'read',
      );
    }
    const prepared = preparation;
    const claimed = this.#write(() => {
      // The batch was read before `prepare`'s requests: a person may have withdrawn a row of it since
      // (withdraw.ts). Claiming nothing then, in the same transaction as the check, means a withdrawn
      // row is never sent; the next step reads the batch again.
      const read = [...batch.map((row) => row.id), ...superseded.map(({ id }) => id)];
      if (!allStillQueued(db, read)) return false;
      const now = this.#s.now();
      for (const { id, by } of superseded) markSuperseded(db, id, by, now);
      for (const [id, outcome] of prepared.settled) settleRow(db, id, outcome, now);
      this.#applied(batch, prepared.settled);
      markSending(db, prepared.send, now);
      return true;
    });
    if (!claimed) return 'continue';
    this.#s.story.parkedOutcomes(batch, prepared.settled);
    this.tally.settled += superseded.length + prepared.settled.size;
    const sending = prepared.send.map(({ id }) => operationById(db, id)).filter((row) => row !== undefined);
    if (sending.length === 0) return 'continue';

    await this.#s.hooks.beforeRequest?.(sending);
    let outcomes: ReadonlyMap<number, RowOutcome>;
    try {
      outcomes = await kind.send(sending, this.#context);
    } catch (error) {
      if (error instanceof LeaseLostError) throw error;
      return this.#failed(
        sending,
        await decideFailure(error, 'write', this.#context.client, kind.warehouseOf(sending)),
        'write',
      );
    }
    await this.#s.hooks.afterResponse?.(sending);
    this.#settle(sending, outcomes);
    return 'continue';
  }

  async #reconcile(kind: OperationKind, batchKey: string): Promise<Step> {
    const { db } = this.#s;
    const rows = dueRowsInBatch(db, batchKey, {
      now: this.#s.now(),
      unclear: true,
      limit: kind.batchLimit(this.#context),
    });
    if (rows.length === 0) return 'continue';
    this.#s.story.reconciling(rows);
    let outcomes: ReadonlyMap<number, RowOutcome>;
    try {
      outcomes = await kind.reconcile(rows, this.#context);
    } catch (error) {
      if (error instanceof LeaseLostError) throw error;
      const action = await decideFailure(error, 'read', this.#context.client, kind.warehouseOf(rows));
      // Unclear rows stay unclear until a read decides them; only when and whether to try again changes.
      if (action.action === 'pause') return this.#pause(rows, action.code, action.text);
      const now = this.#s.now();
      const at = action.action === 'hold' ? this.#hold(action.text) : now + this.#delay(rows, 1);
      if (action.action === 'hold') this.#s.story.hold(rows, action.code, action.text, at);
      else if (action.action === 'retry' || action.action === 'park') {
        this.#s.story.reconcileDeferred(rows, action.code, action.text, at);
      } else this.#s.story.reconcileDeferred(rows, 'UNCLEAR', 'the read back itself was unclear', at);
      this.#write(() =>
        deferReconcile(
          db,
          rows.map((row) => row.id),
          at,
          now,
        ),
      );
      return action.action === 'hold' || (action.action === 'retry' && action.stopPass) ? 'stop' : 'continue';
    }
    this.#s.story.reconciled(rows, outcomes);
    this.#settle(rows, outcomes);
    return 'continue';
  }

  #settle(rows: readonly OperationRow[], outcomes: ReadonlyMap<number, RowOutcome>): void {
    const { db } = this.#s;
    this.#write(() => {
      const now = this.#s.now();
      for (const row of rows) settleRow(db, row.id, outcomes.get(row.id) ?? { state: 'unclear' }, now);
      this.#applied(rows, outcomes);
    });
    this.#s.story.parkedOutcomes(rows, outcomes);
    for (const row of rows) {
      const outcome = outcomes.get(row.id);
      if (outcome?.state === 'done' || outcome?.state === 'parked') this.tally.settled += 1;
      if (
        outcome?.state === 'done' &&
        outcome.resultFigure !== undefined &&
        row.warehouse_code &&
        row.product_id
      ) {
        this.#s.events.emit('stockApplied', {
          warehouseCode: row.warehouse_code,
          productId: row.product_id,
          sku: row.sku ?? '',
          figure: outcome.resultFigure,
          available: row.change === 'setAvailable',
        });
      }
    }
  }

  /** Inside the transaction that marked the rows done: hands their effect on the server to `onApplied`. */
  #applied(rows: readonly OperationRow[], outcomes: ReadonlyMap<number, RowOutcome>): void {
    const { onApplied, db } = this.#s;
    if (!onApplied) return;
    const done = rows.flatMap((row) => {
      const outcome = outcomes.get(row.id);
      return outcome?.state === 'done' ? [[row, outcome] as const] : [];
    });
    const moved = stockEffectsOf(
      db,
      done.map(([row]) => row.id),
    ).map((effect): AppliedWrite => ({ kind: 'stockMoved', ...effect }));
    const writes = [...appliedWrites(done), ...moved];
    if (writes.length === 0) return;
    try {
      db.transaction(() => onApplied(writes))();
    } catch (error) {
      // A copy of server state that could not follow is corrected by the next pull; the send stands.
      this.#s.onError(error);
    }
  }

  /** A whole request failed: every row of it moves the same way. */
  #failed(rows: readonly OperationRow[], action: FailureAction, phase: 'read' | 'write'): Step {
    const { db } = this.#s;
    const ids = rows.map((row) => row.id);
    const now = this.#s.now();
    switch (action.action) {
      case 'retry': {
        // Reads before a write count as an attempt too, so their backoff grows.
        const bump = phase === 'read';
        const at = now + this.#delay(rows, bump ? 1 : 0);
        this.#write(() =>
          moveRows(db, ids, { state: 'retry', at, code: action.code, text: action.text, bump }, now),
        );
        this.#s.story.retry(rows, action.code, action.text, at, phase);
        return action.stopPass ? this.#stop('notSent') : 'continue';
      }
      case 'hold': {
        const at = this.#hold(action.text);
        this.#write(() =>
          moveRows(db, ids, { state: 'retry', at, code: action.code, text: action.text }, now),
        );
        this.#s.story.hold(rows, action.code, action.text, at);
        return this.#stop('held');
      }
      case 'unclear': {
        // A request we stopped waiting for (timeout, reset) may still be on its way to being applied:
        // reading back before `settleMs` could see "not applied" and resend it. An answered failure
        // (5xx, resCode 500) is reconciled at once, the first time; a write that keeps ending unclear
        // waits between rounds instead of being read back and resent in a tight loop.
        const retried = rows.some((row) => row.attempts > 1);
        const wait = Math.max(action.answered ? 0 : this.#s.settleMs, retried ? this.#delay(rows) : 0);
        this.#write(() => moveRows(db, ids, { state: 'unclear', at: wait > 0 ? now + wait : null }, now));
        this.#s.story.unclear(rows, action.answered, wait > 0 ? now + wait : null);
        return 'continue';
      }
      case 'park':
        this.#write(() => {
          for (const id of ids)
            settleRow(db, id, { state: 'parked', code: action.code, text: action.text }, now);
        });
        this.tally.settled += ids.length;
        this.#s.story.parked(rows, action.code, action.text);
        return 'continue';
      case 'pause':
        // Refused for the credentials: nothing was applied, so the rows simply wait for the resume.
        this.#write(() => moveRows(db, ids, { state: 'pending', at: null }, now));
        return this.#pause(rows, action.code, action.text);
    }
  }

  #pause(rows: readonly OperationRow[], code: string, text: string): Step {
    this.#write(() => pauseQueue(this.#s.db, code, text, this.#s.now()));
    this.#s.story.paused(rows, code, text);
    this.#s.events.emit('paused', { code, text });
    return this.#stop('paused');
  }

  /** The quota is the store's, not the batch's: the whole queue waits for the next Thai day. */
  #hold(text: string): number {
    const until = quotaResumeTime(this.#s.now(), this.#s.random);
    this.#write(() => holdQueue(this.#s.db, until, text));
    return until;
  }

  #delay(rows: readonly OperationRow[], extra = 0): number {
    const attempts = Math.max(1, ...rows.map((row) => row.attempts + extra));
    return fullJitterDelay(this.#s.backoff, attempts, this.#s.random);
  }

  #stop(reason: NonNullable<RunTally['stoppedBy']>): Step {
    this.tally.stoppedBy = reason;
    return 'stop';
  }

  /** Every state change of the drain, in one IMMEDIATE transaction that first checks the lease. */
  #write<T>(body: () => T): T {
    const { db, holder } = this.#s;
    return db
      .transaction(() => {
        if (!holdsLease(db, holder)) throw new LeaseLostError();
        return body();
      })
      .immediate();
  }
}
