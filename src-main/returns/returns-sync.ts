// The returns sync: keeps the local copy of return purchase orders within the request budget.
// - first (no 'pull' marker yet): every order listed whole once (500 a page), keeping those of the
//   window (default 90 days) and every one not Success or Voided;
// - pull (every 30 min or more: 48 requests on an idle day): what changed since the last pull's start,
//   with the spec's `updatedatetimeafter` (a status, payment or tag change moves it), one page idle;
// - prune (daily, no request): final orders that left the window, with nothing waiting here, go.
// Before each read, orders made here take the server id their create learnt, so the pulled copy lands
// on their row; after it, writes made here that the copy now carries stop counting on top.
import type { BackofficeClient } from '../backoffice/index.js';
import { DAY_MS, formatThaiDate, formatThaiDateTime } from '../../src-shared/time/index.js';
import type { ReturnCopy } from './return-copy.js';
import type { ReturnOrderRepository } from './return-order.repository.js';

const MINUTE_MS = 60_000;

export interface ReturnsSyncSettings {
  readonly windowDays: number;
  readonly pageSize: number;
  readonly overlapMs: number;
  readonly intervalMs: number;
  readonly pruneIntervalMs: number;
}

export const DEFAULT_RETURNS_SYNC_SETTINGS: ReturnsSyncSettings = {
  windowDays: 90,
  pageSize: 500,
  overlapMs: 5 * MINUTE_MS,
  intervalMs: 30 * MINUTE_MS,
  pruneIntervalMs: DAY_MS,
};

export interface ReturnsSyncOptions {
  readonly client: BackofficeClient;
  readonly repo: ReturnOrderRepository;
  readonly copy: ReturnCopy;
  readonly now: () => number;
  readonly settings?: Partial<ReturnsSyncSettings>;
  /** After a job that added, changed or dropped orders. */
  readonly onChanged?: (orders: number) => void;
}

export interface ReturnsPullReport {
  readonly job: 'first' | 'pull' | 'prune';
  readonly requests: number;
  readonly changed: number;
}

export class ReturnsSync {
  readonly settings: ReturnsSyncSettings;
  readonly #o: ReturnsSyncOptions;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: ReturnsSyncOptions) {
    this.#o = options;
    this.settings = { ...DEFAULT_RETURNS_SYNC_SETTINGS, ...options.settings };
  }

  windowStart(now = this.#o.now()): string {
    return formatThaiDate(now - this.settings.windowDays * DAY_MS);
  }

  lastPulledAt(): number | null {
    return this.#o.repo.marker('pull')?.lastFinishedAt ?? null;
  }

  dueAt(now: number): number {
    const pull = this.#o.repo.marker('pull');
    if (!pull) return now;
    const prune = this.#o.repo.marker('prune');
    const pruneAt = prune ? prune.lastStartedAt + this.settings.pruneIntervalMs : now;
    return Math.min(pull.lastStartedAt + this.settings.intervalMs, pruneAt);
  }

  runDue(options: { readonly signal?: AbortSignal } = {}): Promise<ReturnsPullReport> {
    return this.#exclusive(async () => {
      const now = this.#o.now();
      const { repo } = this.#o;
      const pull = repo.marker('pull');
      if (!pull) return this.#read(undefined, options.signal);
      const prune = repo.marker('prune');
      if (
        (!prune || prune.lastStartedAt + this.settings.pruneIntervalMs <= now) &&
        pull.lastStartedAt + this.settings.intervalMs > now
      ) {
        return this.#prune();
      }
      return this.#read(pull.lastStartedAt, options.signal);
    });
  }

  /** A pull now (tests, "sync now"); the first fill when the copy was never filled. */
  pull(options: { readonly signal?: AbortSignal } = {}): Promise<ReturnsPullReport> {
    return this.#exclusive(() => this.#read(this.#o.repo.marker('pull')?.lastStartedAt, options.signal));
  }

  async #read(watermark: number | undefined, signal: AbortSignal | undefined): Promise<ReturnsPullReport> {
    const { client, repo, copy } = this.#o;
    const startedAt = this.#o.now();
    copy.adoptServerIds();
    const settled = copy.settledBefore();
    const windowStart = this.windowStart(startedAt);
    const filter =
      watermark === undefined
        ? {}
        : { updatedatetimeafter: formatThaiDateTime(watermark - this.settings.overlapMs) };
    const limit = this.settings.pageSize;
    let requests = 0;
    let changed = 0;
    for (let page = 1; ; page += 1) {
      signal?.throwIfAborted();
      requests += 1;
      const answer = await client.call('GetReturnPurchaseOrders', { query: { ...filter, page, limit } });
      repo.transaction(() => {
        for (const record of answer.list) {
          const landing = copy.land(record, startedAt, windowStart);
          if (landing === 'added' || landing === 'changed') changed += 1;
        }
      });
      if (answer.list.length < limit || page * limit >= answer.count) break;
    }
    repo.transaction(() => copy.settle(settled, startedAt));
    if (watermark === undefined)
      repo.saveMarker('prune', { lastStartedAt: startedAt, lastFinishedAt: this.#o.now(), lastRequests: 0 });
    repo.saveMarker('pull', {
      lastStartedAt: startedAt,
      lastFinishedAt: this.#o.now(),
      lastRequests: requests,
    });
    if (changed > 0) this.#o.onChanged?.(changed);
    return { job: watermark === undefined ? 'first' : 'pull', requests, changed };
  }

  async #prune(): Promise<ReturnsPullReport> {
    const { repo } = this.#o;
    const startedAt = this.#o.now();
    const dropped = repo.transaction(() => repo.prune(this.windowStart(startedAt)));
    repo.saveMarker('prune', { lastStartedAt: startedAt, lastFinishedAt: this.#o.now(), lastRequests: 0 });
    if (dropped > 0) this.#o.onChanged?.(dropped);
    return { job: 'prune', requests: 0, changed: dropped };
  }

  #exclusive<T>(job: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(job, job);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
