// Runs the catalogue sync in the background within the store's request budget: the first sync until
// it completes, then incremental pulls on an interval that stretches with their cost, reference data
// every few hours and the deletion sweep daily. It waits for the next Thai day when the quota is spent,
// when the budget's remaining share falls under the reserve kept for writes, or when this PC's sync
// allowance for the day is used; failed jobs back off. Due times come from the persisted markers, so
// restarting the app does not restart the schedule.
import type { RequestBudget } from '../../backoffice/index.js';
import { isBackofficeFailure } from '../../backoffice/index.js';
import { thaiDayKey } from '../../../src-shared/time/index.js';
import type { CatalogueSync } from './catalogue-sync.service.js';
import {
  DEFAULT_SCHEDULE_POLICY,
  dueAt,
  nextThaiDayStart,
  retryDelayMs,
  type SyncSchedulePolicy,
} from './schedule-policy.js';
import { systemClock, type SchedulerClock } from './scheduler-clock.js';
import type { SyncProgress } from './sync-session.js';

export type ScheduledJob = 'firstSync' | 'reference' | 'incremental' | 'sweep' | 'money';

/**
 * Another pull that shares the PC's daily allowance (the money sync, src-main/money): due when it says,
 * run after the catalogue's first sync, its requests counted with the catalogue's.
 */
export interface ScheduledPull {
  dueAt(now: number): number;
  runDue(options: { readonly signal?: AbortSignal }): Promise<unknown>;
}
export type PauseReason = 'quota' | 'reserve' | 'allowance' | 'auth';

export type SyncSchedulerEvent =
  | { readonly type: 'jobStarted'; readonly job: ScheduledJob; readonly at: number }
  | {
      readonly type: 'jobFinished';
      readonly job: ScheduledJob;
      readonly at: number;
      readonly requests: number;
    }
  | {
      readonly type: 'jobFailed';
      readonly job: ScheduledJob;
      readonly at: number;
      readonly error: unknown;
      readonly retryAt: number;
    }
  | { readonly type: 'paused'; readonly reason: PauseReason; readonly at: number; readonly until: number }
  /** The loop itself failed (the database closed under it): the schedule stays stopped until start(). */
  | { readonly type: 'stopped'; readonly at: number; readonly error: unknown };

export interface SyncSchedulerOptions {
  readonly sync: CatalogueSync;
  /** The money sync, when the store keeps money records. */
  readonly money?: ScheduledPull;
  /** The client's budget (`client.budget`): its snapshot says what this PC spent and whether the quota is out. */
  readonly budget: RequestBudget;
  readonly policy?: Partial<SyncSchedulePolicy>;
  readonly clock?: SchedulerClock;
  readonly onEvent?: (event: SyncSchedulerEvent) => void;
  readonly onProgress?: (progress: SyncProgress) => void;
}

const ORDER: readonly ScheduledJob[] = ['firstSync', 'reference', 'incremental', 'money', 'sweep'];

export class SyncScheduler {
  readonly policy: SyncSchedulePolicy;
  readonly #options: SyncSchedulerOptions;
  readonly #clock: SchedulerClock;
  readonly #failures = new Map<ScheduledJob, { count: number; retryAt: number }>();
  #pausedUntil = 0;
  #stop = new AbortController();
  #wake = new AbortController();
  #running: Promise<void> | undefined;

  constructor(options: SyncSchedulerOptions) {
    this.#options = options;
    this.policy = { ...DEFAULT_SCHEDULE_POLICY, ...options.policy };
    this.#clock = options.clock ?? systemClock;
  }

  /** Starts the background loop (no-op when it runs). */
  start(): void {
    if (this.#running) return;
    this.#stop = new AbortController();
    this.#running = this.runUntil(Number.POSITIVE_INFINITY)
      .catch((error: unknown) => this.#emit({ type: 'stopped', at: this.#clock.now(), error }))
      .finally(() => {
        this.#running = undefined;
      });
  }

  /** Stops after the current job (which is aborted between its requests). */
  async stop(): Promise<void> {
    this.#stop.abort();
    this.#wake.abort();
    await this.#running;
  }

  /** Ends the current wait now (credentials fixed, a person asked for a sync): due jobs run at once. */
  wake(): void {
    this.#pausedUntil = 0;
    this.#failures.clear();
    this.#wake.abort();
  }

  /** Runs the schedule until the clock reaches `deadline` or stop() is called (tests pass a deadline). */
  async runUntil(deadline: number): Promise<void> {
    while (!this.#stop.signal.aborted) {
      const now = this.#clock.now();
      if (now >= deadline) return;
      const next = this.#nextJob(now);
      const at = Math.max(next.at, this.#pausedUntil);
      if (at > now) {
        await this.#sleep(Math.min(at, deadline) - now);
        continue;
      }
      const pause = this.#budgetPause(next.job, now);
      if (pause) {
        this.#pause(pause.reason, pause.until);
        continue;
      }
      await this.#run(next.job);
    }
  }

  /** The job due first (ties in ORDER) and when. */
  #nextJob(now: number): { job: ScheduledJob; at: number } {
    const { sync } = this.#options;
    const money = this.#options.money;
    const candidates: Array<{ job: ScheduledJob; at: number }> = sync.isFirstSyncComplete()
      ? [
          ...(['reference', 'incremental', 'sweep'] as const).map((job) => ({
            job,
            at: dueAt(this.policy, job, sync.marker(job), now),
          })),
          ...(money ? [{ job: 'money' as const, at: money.dueAt(now) }] : []),
        ]
      : [{ job: 'firstSync', at: now }];
    let best = candidates[0] ?? { job: 'firstSync', at: now };
    for (const candidate of candidates) {
      const at = Math.max(candidate.at, this.#failures.get(candidate.job)?.retryAt ?? 0);
      const bestAt = Math.max(best.at, this.#failures.get(best.job)?.retryAt ?? 0);
      if (at < bestAt || (at === bestAt && ORDER.indexOf(candidate.job) < ORDER.indexOf(best.job))) {
        best = candidate;
      }
    }
    return { job: best.job, at: Math.max(best.at, this.#failures.get(best.job)?.retryAt ?? 0) };
  }

  /** Why the budget says not now, and until when; undefined when the job may run. */
  #budgetPause(job: ScheduledJob, now: number): { reason: PauseReason; until: number } | undefined {
    const snapshot = this.#options.budget.snapshot();
    const nextDay = nextThaiDayStart(now);
    if (snapshot.exhausted) return { reason: 'quota', until: nextDay + this.#spread() };
    if (snapshot.remaining < this.policy.reserveShare * snapshot.limit)
      return { reason: 'reserve', until: nextDay };
    const spent = this.#options.sync.requestsSpent(thaiDayKey(now));
    if (job !== 'firstSync' && spent >= this.policy.dailyRequestAllowance)
      return { reason: 'allowance', until: nextDay };
    return undefined;
  }

  async #run(job: ScheduledJob): Promise<void> {
    const { sync, budget } = this.#options;
    const signal = this.#stop.signal;
    const usedBefore = budget.snapshot().used;
    const dayBefore = thaiDayKey(this.#clock.now());
    this.#emit({ type: 'jobStarted', job, at: this.#clock.now() });
    try {
      const onProgress = this.#options.onProgress;
      if (job === 'firstSync') await sync.firstSync({ signal, ...(onProgress ? { onProgress } : {}) });
      else if (job === 'reference') await sync.refreshReference({ signal });
      else if (job === 'incremental') await sync.incremental({ signal });
      else if (job === 'money') await this.#options.money?.runDue({ signal });
      else await sync.sweep({ signal });
      this.#failures.delete(job);
      this.#emit({
        type: 'jobFinished',
        job,
        at: this.#clock.now(),
        requests: this.#spent(usedBefore, dayBefore),
      });
    } catch (error) {
      if (signal.aborted) return;
      this.#failed(job, error);
    } finally {
      // The first sync is a one-off cost outside the daily allowance of the recurring jobs. Budget
      // deltas also count the outbox's requests made meanwhile: an overcount, on the safe side.
      if (job !== 'firstSync')
        sync.countRequests(thaiDayKey(this.#clock.now()), this.#spent(usedBefore, dayBefore));
    }
  }

  #failed(job: ScheduledJob, error: unknown): void {
    const now = this.#clock.now();
    const kind = isBackofficeFailure(error) ? error.kind : undefined;
    if (kind === 'quota') this.#pause('quota', nextThaiDayStart(now) + this.#spread());
    else if (kind === 'auth') this.#pause('auth', now + this.policy.retryMaxMs);
    const count = (this.#failures.get(job)?.count ?? 0) + 1;
    const retryAt = Math.max(this.#pausedUntil, now + retryDelayMs(this.policy, count));
    this.#failures.set(job, { count, retryAt });
    this.#emit({ type: 'jobFailed', job, at: now, error, retryAt });
  }

  /** Requests this PC made since `usedBefore` was read (the count restarts at Thai midnight). */
  #spent(usedBefore: number, dayBefore: string): number {
    const snapshot = this.#options.budget.snapshot();
    return snapshot.dayKey === dayBefore ? Math.max(0, snapshot.used - usedBefore) : snapshot.used;
  }

  #pause(reason: PauseReason, until: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, until);
    this.#emit({ type: 'paused', reason, at: this.#clock.now(), until: this.#pausedUntil });
  }

  #spread(): number {
    return Math.floor(this.policy.random() * this.policy.quotaResumeSpreadMs);
  }

  async #sleep(ms: number): Promise<void> {
    if (this.#wake.signal.aborted) this.#wake = new AbortController();
    await this.#clock.sleep(ms, AbortSignal.any([this.#stop.signal, this.#wake.signal]));
  }

  #emit(event: SyncSchedulerEvent): void {
    try {
      this.#options.onEvent?.(event);
    } catch {
      // A broken listener must not stop the schedule.
    }
  }
}
