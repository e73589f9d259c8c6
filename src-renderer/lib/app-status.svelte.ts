// What the frame shows and every page may read: the link to main, the active store, the catalogue sync,
// the back office's reachability, the day's request budget and the outbox (counts, pause, drain
// progress). Read once at start and again whenever the link comes back (events sent while the page was
// away are not replayed), kept current by events.
import type {
  Budget,
  Connectivity,
  OutboxSummary,
  PublicProfileValue,
  StockroomBridge,
  SyncStatus,
} from '../../src-shared/ipc/index.js';
import { api, linkState, onLinkChange, type LinkState } from './api.js';

/** How often "5 min ago" is worked out again. */
const CLOCK_TICK_MS = 15_000;

export interface DrainProgress {
  readonly done: number;
  readonly total: number;
}

export class AppStatus {
  readonly #api: StockroomBridge;
  #link = $state<LinkState>(linkState());
  #loaded = $state(false);
  #profile = $state<PublicProfileValue | null>(null);
  #sync = $state<SyncStatus | null>(null);
  #connectivity = $state<Connectivity | null>(null);
  #budget = $state<Budget | null>(null);
  #outbox = $state<OutboxSummary | null>(null);
  #drain = $state<DrainProgress | null>(null);
  #now = $state(Date.now());
  #error = $state<string | null>(null);
  #startingDemo = $state(false);
  #syncRequested = $state(false);

  #started = false;

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  /** How the page is linked to main. */
  get link(): LinkState {
    return this.#link;
  }

  /** False until the first read of the active profile answered. */
  get loaded(): boolean {
    return this.#loaded;
  }

  /** The open store. */
  get profile(): PublicProfileValue | null {
    return this.#profile;
  }

  get sync(): SyncStatus | null {
    return this.#sync;
  }

  get connectivity(): Connectivity | null {
    return this.#connectivity;
  }

  get budget(): Budget | null {
    return this.#budget;
  }

  /** Counts by state, pause and quota hold; null with no store open. */
  get outbox(): OutboxSummary | null {
    return this.#outbox;
  }

  /** The latest drain run's progress (rows settled of the rows due); null until a run reports. */
  get drain(): DrainProgress | null {
    return this.#drain;
  }

  /** Epoch ms, ticking, so relative times ("5 min ago") stay true while the page is open. */
  get now(): number {
    return this.#now;
  }

  /** The last failed call's message, for the frame to show. */
  get error(): string | null {
    return this.#error;
  }

  get startingDemo(): boolean {
    return this.#startingDemo;
  }

  /** "Sync now" was asked and the pull it started has not ended yet. */
  get syncRequested(): boolean {
    return this.#syncRequested;
  }

  /** Subscribes to main's events and reads the current state; idempotent. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#api.on('profile.changed', (change) => {
      this.#profile = change.active;
      this.#loaded = true;
      // Another store has other operations.
      this.#drain = null;
      void this.refreshOutbox();
    });
    this.#api.on('sync.progress', (status) => {
      this.#sync = status;
      if (status.state !== 'running') this.#syncRequested = false;
      this.#now = Date.now();
    });
    this.#api.on('connectivity.changed', (status) => (this.#connectivity = status));
    this.#api.on('budget.changed', (budget) => (this.#budget = budget));
    this.#api.on('outbox.changed', (summary) => (this.#outbox = summary));
    this.#api.on('outbox.progress', (progress) => (this.#drain = progress));
    onLinkChange((state) => {
      this.#link = state;
      if (state === 'open') void this.refresh();
    });
    setInterval(() => (this.#now = Date.now()), CLOCK_TICK_MS);
    void this.refresh();
  }

  /** Reads everything the frame shows. */
  async refresh(): Promise<void> {
    const [profile, sync, connectivity, budget] = await Promise.all([
      this.#api.call('profiles.active', {}),
      this.#api.call('sync.status', {}),
      this.#api.call('connectivity.status', {}),
      this.#api.call('budget.get', {}),
      this.refreshOutbox(),
    ]);
    if (profile.ok) {
      this.#profile = profile.value;
      this.#loaded = true;
    } else {
      this.#error = profile.error.message;
    }
    if (sync.ok) this.#sync = sync.value;
    if (connectivity.ok) this.#connectivity = connectivity.value;
    if (budget.ok) this.#budget = budget.value;
    this.#now = Date.now();
  }

  /** The outbox counts; none while no store is open (the call is refused then, which is no error). */
  async refreshOutbox(): Promise<void> {
    const summary = await this.#api.call('outbox.summary', {});
    this.#outbox = summary.ok ? summary.value : null;
  }

  /**
   * "Sync now": main ends the catalogue's wait and pulls the changes at once. The answer is the status
   * right after (running while the pull goes on); its end comes as a sync.progress event.
   */
  async syncNow(): Promise<void> {
    if (this.#syncRequested) return;
    this.#syncRequested = true;
    const result = await this.#api.call('sync.syncNow', {});
    if (!result.ok) {
      this.#error = result.error.message;
      this.#syncRequested = false;
      return;
    }
    this.#error = null;
    this.#sync = result.value;
    // Nothing started (e.g. the day's requests are used up): the status line says why.
    if (result.value.state !== 'running') this.#syncRequested = false;
  }

  /** "Try the demo store": starts the embedded demo back office and makes it the active store. */
  async startDemo(): Promise<void> {
    if (this.#startingDemo) return;
    this.#startingDemo = true;
    this.#error = null;
    try {
      const result = await this.#api.call('demo.start', {});
      if (result.ok) this.#profile = result.value;
      else this.#error = result.error.message;
    } finally {
      this.#startingDemo = false;
    }
    // The sync and budget of the new store (their events may have gone out before the answer).
    await this.refresh();
  }
}

export const appStatus = new AppStatus();
