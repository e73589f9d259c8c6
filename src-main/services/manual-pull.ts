// "Sync now": a person wants the catalogue's changes pulled at once, not when the schedule next runs
// an incremental pull. Waking the scheduler only ends a wait (quota, backoff); this runs one incremental
// pull now (CatalogueSync runs one job at a time, so it queues behind a scheduled one), counts its
// requests towards the day's sync allowance like the scheduler does, and reports through the same
// status. Refused quietly while the budget is spent: the status already says so.
import { thaiDayKey } from '../../src-shared/time/index.js';
import type { RequestBudget } from '../backoffice/index.js';
import type { CatalogueSync, SyncSchedulerEvent } from '../catalog/sync/index.js';
import type { Logger } from '../logging/index.js';

export interface ManualPullOptions {
  readonly sync: CatalogueSync;
  readonly budget: RequestBudget;
  readonly now: () => number;
  readonly onEvent: (event: SyncSchedulerEvent) => void;
  readonly logger: Logger;
}

export class ManualPull {
  readonly #o: ManualPullOptions;
  #running: Promise<void> | undefined;
  #abort = new AbortController();

  constructor(options: ManualPullOptions) {
    this.#o = options;
  }

  /** Starts a pull unless one is running or the budget is spent. */
  pullNow(): void {
    if (this.#running !== undefined || this.#abort.signal.aborted) return;
    if (this.#o.budget.snapshot().exhausted) return;
    this.#running = this.#pull().finally(() => {
      this.#running = undefined;
    });
  }

  stop(): void {
    this.#abort.abort();
  }

  /** Resolves when no pull is running. */
  async settled(): Promise<void> {
    await this.#running;
  }

  async #pull(): Promise<void> {
    const { sync, budget, now, onEvent } = this.#o;
    const before = budget.snapshot();
    onEvent({ type: 'jobStarted', job: 'incremental', at: now() });
    try {
      await sync.incremental({ signal: this.#abort.signal });
      onEvent({
        type: 'jobFinished',
        job: 'incremental',
        at: now(),
        requests: this.#spent(before.used, before.dayKey),
      });
    } catch (error) {
      if (this.#abort.signal.aborted) return;
      this.#o.logger.warn('Sync now failed', { error });
      onEvent({ type: 'jobFailed', job: 'incremental', at: now(), error, retryAt: now() });
    } finally {
      if (!this.#abort.signal.aborted)
        sync.countRequests(thaiDayKey(now()), this.#spent(before.used, before.dayKey));
    }
  }

  #spent(usedBefore: number, dayBefore: string): number {
    const snapshot = this.#o.budget.snapshot();
    return snapshot.dayKey === dayBefore ? Math.max(0, snapshot.used - usedBefore) : snapshot.used;
  }
}
