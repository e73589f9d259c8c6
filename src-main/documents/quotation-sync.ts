// The quotation sync: keeps the local copy of quotations within the request budget, on the sync
// scheduler as the `quotations` job (after the catalogue's first sync, counted in the PC's allowance).
// - first (no marker yet): the window's quotations (default 90 days, `quotationafter`) and every
//   Pending one (`status=0`), 500 a page;
// - pull (every 20 minutes): what changed since the last pull's start (`updatedatetimeafter`), one
//   request on an idle store (72 a day);
// - daily ('prune'): drops quotations that left the window and are not Pending; no request.
// A pulled copy replaces a row with writes made here only once they were settled before the pull started.
import type { BackofficeClient } from '../backoffice/index.js';
import type { QuotationRecord } from '../../src-shared/api/records.js';
import type { DocumentsChange } from '../../src-shared/ipc/index.js';
import { DAY_MS, formatThaiDate, formatThaiDateTime } from '../../src-shared/time/index.js';
import type { OutboxWrites } from '../outbox/index.js';
import { localOpsOf, quotationFromServer } from './quotation-rows.js';
import type { QuotationRepository } from './quotation.repository.js';

const MINUTE_MS = 60_000;

export interface QuotationSyncSettings {
  readonly windowDays: number;
  readonly pageSize: number;
  readonly overlapMs: number;
  readonly intervalMs: number;
  readonly pruneIntervalMs: number;
}

export const DEFAULT_QUOTATION_SYNC_SETTINGS: QuotationSyncSettings = {
  windowDays: 90,
  pageSize: 500,
  overlapMs: 5 * MINUTE_MS,
  intervalMs: 20 * MINUTE_MS,
  pruneIntervalMs: DAY_MS,
};

export interface QuotationSyncOptions {
  readonly client: BackofficeClient;
  readonly quotations: QuotationRepository;
  readonly writes: OutboxWrites;
  readonly now: () => number;
  readonly settings?: Partial<QuotationSyncSettings>;
  /** After a job that added, changed or dropped rows (the `documents.changed` event). */
  readonly onChanged?: (change: DocumentsChange) => void;
}

export interface QuotationPullReport {
  readonly job: 'first' | 'pull' | 'prune';
  readonly requests: number;
  readonly changed: number;
}

type Filter = Readonly<Record<string, string>>;

export class QuotationSync {
  readonly settings: QuotationSyncSettings;
  readonly #o: QuotationSyncOptions;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: QuotationSyncOptions) {
    this.#o = options;
    this.settings = { ...DEFAULT_QUOTATION_SYNC_SETTINGS, ...options.settings };
  }

  windowStart(now = this.#o.now()): string {
    return formatThaiDate(now - this.settings.windowDays * DAY_MS);
  }

  lastPulledAt(): number | null {
    return this.#o.quotations.marker('pull')?.lastFinishedAt ?? null;
  }

  dueAt(now: number): number {
    const { quotations } = this.#o;
    const pull = quotations.marker('pull');
    if (!pull) return now;
    const prune = quotations.marker('prune');
    const pruneAt = prune ? prune.lastStartedAt + this.settings.pruneIntervalMs : now;
    return Math.min(pull.lastStartedAt + this.settings.intervalMs, pruneAt);
  }

  runDue(options: { readonly signal?: AbortSignal } = {}): Promise<QuotationPullReport> {
    return this.#exclusive(async () => {
      const now = this.#o.now();
      const { quotations } = this.#o;
      if (!quotations.marker('pull')) return this.#first(options.signal);
      const prune = quotations.marker('prune');
      if (!prune || prune.lastStartedAt + this.settings.pruneIntervalMs <= now) return this.#prune();
      return this.#pull(options.signal);
    });
  }

  /** A pull of what changed, now (tests, "sync now"). */
  pull(options: { readonly signal?: AbortSignal } = {}): Promise<QuotationPullReport> {
    return this.#exclusive(() =>
      this.#o.quotations.marker('pull') ? this.#pull(options.signal) : this.#first(options.signal),
    );
  }

  async #first(signal: AbortSignal | undefined): Promise<QuotationPullReport> {
    const startedAt = this.#o.now();
    const counter = { requests: 0, changed: 0 };
    const settled = this.#settledBefore();
    await this.#list({ quotationafter: this.windowStart(startedAt) }, startedAt, settled, counter, signal);
    await this.#list({ status: '0' }, startedAt, settled, counter, signal);
    this.#save('prune', startedAt, 0);
    return this.#finish('first', startedAt, counter);
  }

  async #pull(signal: AbortSignal | undefined): Promise<QuotationPullReport> {
    const startedAt = this.#o.now();
    const counter = { requests: 0, changed: 0 };
    const settled = this.#settledBefore();
    const watermark = this.#o.quotations.marker('pull')?.lastStartedAt ?? startedAt;
    const since = formatThaiDateTime(watermark - this.settings.overlapMs);
    await this.#list({ updatedatetimeafter: since }, startedAt, settled, counter, signal);
    return this.#finish('pull', startedAt, counter);
  }

  #prune(): QuotationPullReport {
    const startedAt = this.#o.now();
    const changed = this.#o.quotations.prune(this.windowStart(startedAt));
    this.#save('prune', startedAt, 0);
    if (changed > 0) this.#o.onChanged?.({ source: 'sync', quotations: changed, at: this.#o.now() });
    return { job: 'prune', requests: 0, changed };
  }

  async #list(
    filter: Filter,
    pulledAt: number,
    settled: ReadonlySet<number>,
    counter: { requests: number; changed: number },
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const { client, quotations } = this.#o;
    const limit = this.settings.pageSize;
    const isSettled = (row: { local_ops: string }) => localOpsOf(row).every((id) => settled.has(id));
    for (let page = 1; ; page += 1) {
      signal?.throwIfAborted();
      counter.requests += 1;
      const answer: { list: readonly QuotationRecord[]; count: number } = await client.call('GetQuotations', {
        query: { ...filter, page, limit },
      });
      quotations.transaction(() => {
        for (const record of answer.list) {
          if (quotations.upsertFromServer(quotationFromServer(record), pulledAt, isSettled).changed) {
            counter.changed += 1;
          }
        }
      });
      if (answer.list.length < limit || page * limit >= answer.count) return;
    }
  }

  /** Writes made here that were applied (or discarded) before this pull started. */
  #settledBefore(): Set<number> {
    const ids = this.#o.quotations.withLocalOps().flatMap(localOpsOf);
    const standings = this.#o.writes.standings(ids);
    return new Set(
      ids.filter((id) => {
        const state = standings.get(id)?.state;
        return state === 'done' || state === 'discarded';
      }),
    );
  }

  #finish(
    job: 'first' | 'pull',
    startedAt: number,
    counter: { requests: number; changed: number },
  ): QuotationPullReport {
    this.#save('pull', startedAt, counter.requests);
    if (counter.changed > 0) {
      this.#o.onChanged?.({ source: 'sync', quotations: counter.changed, at: this.#o.now() });
    }
    return { job, requests: counter.requests, changed: counter.changed };
  }

  #save(job: 'pull' | 'prune', startedAt: number, requests: number): void {
    this.#o.quotations.saveMarker(job, {
      lastStartedAt: startedAt,
      lastFinishedAt: this.#o.now(),
      lastRequests: requests,
    });
  }

  #exclusive<T>(job: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(job, job);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
