// What the frame shows and every page may read: the link to main, the active store, the catalogue sync,
// the back office's reachability, the day's request budget and the outbox (counts, pause, drain
// progress). Read once at start and again whenever the link comes back (events sent while the page was
// away are not replayed), kept current by events.
import type {
  Budget,
  Connectivity,
  OutboxSummary,
  PublicProfileValue,
  SyncStatus,
} from '../../src-shared/ipc/index.js';
import { api, linkState, onLinkChange, type LinkState } from './api.js';

/** How often "5 min ago" is worked out again. */
const CLOCK_TICK_MS = 15_000;

export interface DrainProgress {
  readonly done: number;
  readonly total: number;
}

class AppStatus {
  link = $state<LinkState>(linkState());
  /** False until the first read of the active profile answered. */
  loaded = $state(false);
  profile = $state<PublicProfileValue | null>(null);
  sync = $state<SyncStatus | null>(null);
  connectivity = $state<Connectivity | null>(null);
  budget = $state<Budget | null>(null);
  /** Counts by state, pause and quota hold; null with no store open. */
  outbox = $state<OutboxSummary | null>(null);
  /** The latest drain run's progress (rows settled of the rows due); null until a run reports. */
  drain = $state<DrainProgress | null>(null);
  /** Epoch ms, ticking, so relative times ("5 min ago") stay true while the page is open. */
  now = $state(Date.now());
  /** The last failed call's message, for the frame to show. */
  error = $state<string | null>(null);
  startingDemo = $state(false);

  #started = false;

  /** Subscribes to main's events and reads the current state; idempotent. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    api.on('profile.changed', (change) => {
      this.profile = change.active;
      this.loaded = true;
      // Another store has other operations.
      this.drain = null;
      void this.refreshOutbox();
    });
    api.on('sync.progress', (status) => {
      this.sync = status;
      this.now = Date.now();
    });
    api.on('connectivity.changed', (status) => (this.connectivity = status));
    api.on('budget.changed', (budget) => (this.budget = budget));
    api.on('outbox.changed', (summary) => (this.outbox = summary));
    api.on('outbox.progress', (progress) => (this.drain = progress));
    onLinkChange((state) => {
      this.link = state;
      if (state === 'open') void this.refresh();
    });
    setInterval(() => (this.now = Date.now()), CLOCK_TICK_MS);
    void this.refresh();
  }

  /** Reads everything the frame shows. */
  async refresh(): Promise<void> {
    const [profile, sync, connectivity, budget] = await Promise.all([
      api.call('profiles.active', {}),
      api.call('sync.status', {}),
      api.call('connectivity.status', {}),
      api.call('budget.get', {}),
      this.refreshOutbox(),
    ]);
    if (profile.ok) {
      this.profile = profile.value;
      this.loaded = true;
    } else {
      this.error = profile.error.message;
    }
    if (sync.ok) this.sync = sync.value;
    if (connectivity.ok) this.connectivity = connectivity.value;
    if (budget.ok) this.budget = budget.value;
    this.now = Date.now();
  }

  /** The outbox counts; none while no store is open (the call is refused then, which is no error). */
  async refreshOutbox(): Promise<void> {
    const summary = await api.call('outbox.summary', {});
    this.outbox = summary.ok ? summary.value : null;
  }

  /** "Try the demo store": starts the embedded demo back office and makes it the active store. */
  async startDemo(): Promise<void> {
    if (this.startingDemo) return;
    this.startingDemo = true;
    this.error = null;
    try {
      const result = await api.call('demo.start', {});
      if (result.ok) this.profile = result.value;
      else this.error = result.error.message;
    } finally {
      this.startingDemo = false;
    }
    // The sync and budget of the new store (their events may have gone out before the answer).
    await this.refresh();
  }
}

export const appStatus = new AppStatus();
