// The sync status the page shows, kept from the scheduler's events and the first sync's progress, and
// pushed as `sync.progress` on every change. Failure messages are fixed texts per failure kind: an
// error's own text (a URL, a server answer) never reaches the page.
import type { SyncStatus } from '../../src-shared/ipc/index.js';
import { isBackofficeFailure, type FailureKind } from '../backoffice/index.js';
import type { SyncProgress, SyncSchedulerEvent } from '../catalog/sync/index.js';

const FAILURE_TEXT: Record<FailureKind, string> = {
  notSent: 'The back office could not be reached; the sync will try again.',
  unclear: 'The back office did not answer in time; the sync will try again.',
  auth: 'The back office refused the API key or secret; check the profile.',
  quota: "The store's daily request limit is used up; the sync waits for tomorrow.",
  permanent: 'The back office refused a request of the sync; it will try again later.',
  duplicate: 'The back office refused a request of the sync; it will try again later.',
  malformed: 'The back office sent an answer Stockroom cannot read; the sync will try again.',
};

export const NO_PROFILE_SYNC_STATUS: SyncStatus = {
  state: 'no-profile',
  job: null,
  progress: null,
  firstSyncComplete: false,
  lastSyncedAt: null,
  waitingUntil: null,
  waitReason: null,
  lastError: null,
};

export class SyncStatusTracker {
  #status: SyncStatus;
  readonly #firstSyncComplete: () => boolean;
  readonly #publish: (status: SyncStatus) => void;

  constructor(options: { firstSyncComplete: () => boolean; publish: (status: SyncStatus) => void }) {
    this.#firstSyncComplete = options.firstSyncComplete;
    this.#publish = options.publish;
    this.#status = { ...NO_PROFILE_SYNC_STATUS, state: 'idle', firstSyncComplete: this.#safeComplete() };
  }

  status(): SyncStatus {
    return { ...this.#status, firstSyncComplete: this.#safeComplete() };
  }

  onEvent(event: SyncSchedulerEvent): void {
    switch (event.type) {
      case 'jobStarted':
        this.#set({ state: 'running', job: event.job, progress: null, waitingUntil: null, waitReason: null });
        return;
      case 'jobFinished':
        this.#set({ state: 'idle', job: null, progress: null, lastSyncedAt: event.at, lastError: null });
        return;
      case 'jobFailed':
        this.#set({ state: 'failed', job: null, progress: null, lastError: failureText(event.error) });
        return;
      case 'paused':
        this.#set({ state: 'waiting', job: null, waitingUntil: event.until, waitReason: event.reason });
        return;
      case 'stopped':
        this.#set({ state: 'stopped', job: null, progress: null, lastError: failureText(event.error) });
        return;
    }
  }

  onProgress(progress: SyncProgress): void {
    this.#set({ progress: { phase: progress.phase, done: progress.done, total: progress.total } });
  }

  /** Woken by a person: whatever it waited for is over. */
  onWake(): void {
    if (this.#status.state === 'waiting' || this.#status.state === 'failed') {
      this.#set({ state: 'idle', waitingUntil: null, waitReason: null });
    }
  }

  #set(changes: Partial<SyncStatus>): void {
    this.#status = { ...this.#status, ...changes };
    this.#publish(this.status());
  }

  #safeComplete(): boolean {
    try {
      return this.#firstSyncComplete();
    } catch {
      // The store's database closed while a late event arrived.
      return this.#status?.firstSyncComplete ?? false;
    }
  }
}

function failureText(error: unknown): string {
  return isBackofficeFailure(error) ? FAILURE_TEXT[error.kind] : 'The sync failed; it will try again.';
}
