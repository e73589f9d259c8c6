// The store's daily request budget (~50,000 a day, shared by every PC): this PC's count per store and
// Thai day, kept behind a small store interface so it survives restarts. Every request that reached the
// server counts, failed or not, because the quota does not care whether the answer was useful.
import { thaiDayKey } from '../../src-shared/time/index.js';

/** Persistence of the counts. Synchronous: the app's SQLite (better-sqlite3) is. */
export interface RequestBudgetStore {
  /** Requests counted for the store on that Thai day (0 when none). */
  load(storeKey: string, dayKey: string): number;
  /** Adds `n` and returns the new total. */
  add(storeKey: string, dayKey: string, n: number): number;
}

export class InMemoryRequestBudgetStore implements RequestBudgetStore {
  readonly #counts = new Map<string, number>();

  load(storeKey: string, dayKey: string): number {
    return this.#counts.get(key(storeKey, dayKey)) ?? 0;
  }

  add(storeKey: string, dayKey: string, n: number): number {
    const total = this.load(storeKey, dayKey) + n;
    this.#counts.set(key(storeKey, dayKey), total);
    return total;
  }
}

function key(storeKey: string, dayKey: string): string {
  return JSON.stringify([storeKey, dayKey]);
}

/** What the app shows: this PC's requests today against the store's limit. */
export interface RequestBudgetSnapshot {
  readonly storeKey: string;
  /** Thai day, yyyy-MM-dd. */
  readonly dayKey: string;
  readonly used: number;
  readonly limit: number;
  readonly remaining: number;
  /** The server said the quota is spent today (other PCs count too), or this PC alone reached the limit. */
  readonly exhausted: boolean;
}

export interface RequestBudgetOptions {
  readonly store: RequestBudgetStore;
  /** Which store's budget: the profile's storename unless the app keys it otherwise. */
  readonly storeKey: string;
  /** Requests a day; production allows about 50,000 per store. */
  readonly limit?: number;
  readonly now?: () => number;
  /** Errors of the store or of a listener land here, rather than failing a request that already happened. */
  readonly onStoreError?: (error: unknown) => void;
}

export const DEFAULT_DAILY_LIMIT = 50_000;

export class RequestBudget {
  readonly storeKey: string;
  readonly limit: number;
  readonly #store: RequestBudgetStore;
  readonly #now: () => number;
  readonly #onStoreError: (error: unknown) => void;
  readonly #listeners = new Set<(snapshot: RequestBudgetSnapshot) => void>();
  /** Counts the store failed to take, so the figure the app sees stays right for this run. */
  #unsaved = { dayKey: '', count: 0 };
  /** The Thai day the server answered "API Request Limits" on. */
  #exhaustedDay: string | undefined;

  constructor(options: RequestBudgetOptions) {
    this.#store = options.store;
    this.storeKey = options.storeKey;
    this.limit = options.limit ?? DEFAULT_DAILY_LIMIT;
    this.#now = options.now ?? Date.now;
    this.#onStoreError = options.onStoreError ?? (() => {});
  }

  snapshot(): RequestBudgetSnapshot {
    const dayKey = thaiDayKey(this.#now());
    return this.#snapshotFor(dayKey, this.#load(dayKey));
  }

  /** Counts `n` requests that reached the server. */
  record(n = 1): RequestBudgetSnapshot {
    const dayKey = thaiDayKey(this.#now());
    let used: number;
    try {
      used = this.#store.add(this.storeKey, dayKey, n) + this.#unsavedFor(dayKey);
    } catch (error) {
      this.#onStoreError(error);
      this.#unsaved = { dayKey, count: this.#unsavedFor(dayKey) + n };
      used = this.#load(dayKey);
    }
    return this.#publish(this.#snapshotFor(dayKey, used));
  }

  /** The server said the quota is spent: no more requests from this PC until the next Thai day. */
  markExhausted(): RequestBudgetSnapshot {
    const dayKey = thaiDayKey(this.#now());
    this.#exhaustedDay = dayKey;
    return this.#publish(this.#snapshotFor(dayKey, this.#load(dayKey)));
  }

  /** Listens to every change; returns the unsubscribe function. */
  subscribe(listener: (snapshot: RequestBudgetSnapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #load(dayKey: string): number {
    try {
      return this.#store.load(this.storeKey, dayKey) + this.#unsavedFor(dayKey);
    } catch (error) {
      this.#onStoreError(error);
      return this.#unsavedFor(dayKey);
    }
  }

  #unsavedFor(dayKey: string): number {
    return this.#unsaved.dayKey === dayKey ? this.#unsaved.count : 0;
  }

  #snapshotFor(dayKey: string, used: number): RequestBudgetSnapshot {
    return {
      storeKey: this.storeKey,
      dayKey,
      used,
      limit: this.limit,
      remaining: Math.max(0, this.limit - used),
      exhausted: this.#exhaustedDay === dayKey || used >= this.limit,
    };
  }

  #publish(snapshot: RequestBudgetSnapshot): RequestBudgetSnapshot {
    for (const listener of this.#listeners) {
      try {
        listener(snapshot);
      } catch (error) {
        // A broken display must not fail the request that was just counted.
        this.#onStoreError(error);
      }
    }
    return snapshot;
  }
}
