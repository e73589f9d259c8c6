// What the frame shows and every page may read: the link to main, the active store, the catalogue sync,
// the back office's reachability and the day's request budget. Read once at start and again whenever
// the link comes back (events sent while the page was away are not replayed), kept current by events.
import type { Budget, Connectivity, PublicProfileValue, SyncStatus } from '../../src-shared/ipc/index.js';
import { api, linkState, onLinkChange, type LinkState } from './api.js';

class AppStatus {
  link = $state<LinkState>(linkState());
  /** False until the first read of the active profile answered. */
  loaded = $state(false);
  profile = $state<PublicProfileValue | null>(null);
  sync = $state<SyncStatus | null>(null);
  connectivity = $state<Connectivity | null>(null);
  budget = $state<Budget | null>(null);
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
    });
    api.on('sync.progress', (status) => (this.sync = status));
    api.on('connectivity.changed', (status) => (this.connectivity = status));
    api.on('budget.changed', (budget) => (this.budget = budget));
    onLinkChange((state) => {
      this.link = state;
      if (state === 'open') void this.refresh();
    });
    void this.refresh();
  }

  /** Reads everything the frame shows. */
  async refresh(): Promise<void> {
    const [profile, sync, connectivity, budget] = await Promise.all([
      api.call('profiles.active', {}),
      api.call('sync.status', {}),
      api.call('connectivity.status', {}),
      api.call('budget.get', {}),
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
