// The sync of a windowed copy (money records and transfers, quotations, returns): a local copy of what
// the back office holds within the window (default 90 days) plus what is still open, kept within the
// request budget by three jobs, one at a time:
// - first (no 'pull' marker yet): the resource's first fill; the daily job is then due tomorrow;
// - pull (every `intervalMs`): what changed since the last pull's start, less `overlapMs` (the
//   back office's filters have minute granularity);
// - prune (daily, 'prune' marker): drops what left the window (money also re-reads what is open).
// This class keeps the markers, picks the job due, counts its requests and tells the page when the
// copy changed; each resource says what its three jobs read and keep (a subclass).
import { DAY_MS, formatThaiDate, formatThaiDateTime, thaiDayKey } from '../../src-shared/time/index.js';
import type { BackofficeClient } from '../backoffice/index.js';
import type { DailyRequests, JobMarker, SyncMarkers } from './sync-markers.js';

const MINUTE_MS = 60_000;

export interface WindowSettings {
  /** Rows dated within this many days are kept (open ones always). */
  readonly windowDays: number;
  readonly pageSize: number;
  /** How far before the last pull's start the next one reads (the filters have minute granularity). */
  readonly overlapMs: number;
  readonly pruneIntervalMs: number;
}

export const DEFAULT_WINDOW_SETTINGS: WindowSettings = {
  windowDays: 90,
  pageSize: 500,
  overlapMs: 5 * MINUTE_MS,
  pruneIntervalMs: DAY_MS,
};

/** A copy pulled at a fixed interval (quotations, returns; money stretches its own). */
export interface FixedIntervalSettings extends WindowSettings {
  readonly intervalMs: number;
}

export function fixedIntervalSettings(minutes: number): FixedIntervalSettings {
  return { ...DEFAULT_WINDOW_SETTINGS, intervalMs: minutes * MINUTE_MS };
}

export type SyncJobName = 'first' | 'pull' | 'prune';

/** What every copy's sync is built with; each resource adds its repositories. */
export interface CopySyncOptions<Settings extends WindowSettings, Change> {
  readonly client: BackofficeClient;
  readonly now: () => number;
  readonly settings?: Partial<Settings>;
  /** After a job that added, changed or dropped rows (the resource's `changed` event). */
  readonly onChanged?: (change: Change) => void;
}

/** What a job did, for a copy of one kind of row. */
export interface CopyPullReport {
  readonly job: SyncJobName;
  readonly requests: number;
  readonly changed: number;
}

/** What a job changed in the copy, by row kind (for the resource's `changed` event). */
export type ChangeCounts = Record<string, number>;

interface Page<T> {
  readonly list: readonly T[];
  readonly count: number;
}

/** One job's run: when it started, the window then, what it spent and what it changed. */
export class SyncRun<Changes extends ChangeCounts> {
  requests = 0;
  readonly changes: Changes;
  readonly #transaction: <T>(work: () => T) => T;

  constructor(
    readonly job: SyncJobName,
    readonly startedAt: number,
    readonly windowStart: string,
    /** The pull's `…datetimeafter` filter value (empty for the other jobs). */
    readonly since: string,
    readonly pageSize: number,
    readonly signal: AbortSignal | undefined,
    changes: Changes,
    transaction: <T>(work: () => T) => T,
  ) {
    this.changes = changes;
    this.#transaction = transaction;
  }

  /**
   * Reads a list whole, page by page, storing each page in one transaction; stops at a short page or
   * at the count. Answers how many rows were read.
   */
  async pages<T>(
    read: (query: { readonly page: number; readonly limit: number }) => Promise<Page<T>>,
    store: (list: readonly T[]) => void,
  ): Promise<number> {
    const limit = this.pageSize;
    let read_ = 0;
    for (let page = 1; ; page += 1) {
      this.signal?.throwIfAborted();
      this.requests += 1;
      const answer = await read({ page, limit });
      this.#transaction(() => store(answer.list));
      read_ += answer.list.length;
      if (answer.list.length < limit || page * limit >= answer.count) return read_;
    }
  }

  /** One request for rows by id, `pageSize` ids at a time, each batch stored in one transaction. */
  async batches<Id, T>(
    ids: readonly Id[],
    read: (batch: readonly Id[], limit: number) => Promise<Page<T>>,
    store: (list: readonly T[]) => void,
  ): Promise<void> {
    const limit = this.pageSize;
    for (let start = 0; start < ids.length; start += limit) {
      this.signal?.throwIfAborted();
      this.requests += 1;
      const answer = await read(ids.slice(start, start + limit), limit);
      this.#transaction(() => store(answer.list));
    }
  }
}

export interface WindowedSyncOptions<Changes extends ChangeCounts, Settings extends WindowSettings> {
  readonly markers: SyncMarkers;
  /** The copy's database transaction (each page is stored in one). */
  readonly transaction: <T>(work: () => T) => T;
  readonly now: () => number;
  readonly defaults: Settings;
  readonly settings?: Partial<Settings> | undefined;
  /** What a job changes, all zero. */
  readonly noChanges: () => Changes;
  /**
   * Whether a due prune waits while a pull is due too (money, returns) or runs first (quotations,
   * whose prune costs no request).
   */
  readonly pruneWaitsForPull: boolean;
  /** Where the jobs' requests are counted per Thai day, for a resource that counts them. */
  readonly dailyRequests?: DailyRequests;
  /** After a job that added, changed or dropped rows. */
  readonly onChanged?: (changes: Changes) => void;
}

export abstract class WindowedSync<
  Report,
  Changes extends ChangeCounts,
  Settings extends WindowSettings = WindowSettings,
> {
  readonly settings: Settings;
  readonly #w: WindowedSyncOptions<Changes, Settings>;
  #tail: Promise<unknown> = Promise.resolve();

  protected constructor(options: WindowedSyncOptions<Changes, Settings>) {
    this.#w = options;
    this.settings = { ...options.defaults, ...options.settings };
  }

  /** Time between two pulls. */
  abstract intervalMs(): number;
  /** The first fill: the window and what is still open. */
  protected abstract fill(run: SyncRun<Changes>): Promise<Report>;
  /** What changed since `run.since`. */
  protected abstract readChanges(run: SyncRun<Changes>): Promise<Report>;
  /** The daily job: drops what left the window (and re-reads what may have changed unseen). */
  protected abstract prune(run: SyncRun<Changes>): Promise<Report>;

  /** The first day kept whatever the rows' state: today (Thai) − windowDays. */
  windowStart(now = this.#w.now()): string {
    return formatThaiDate(now - this.settings.windowDays * DAY_MS);
  }

  lastPulledAt(): number | null {
    return this.marker('pull')?.lastFinishedAt ?? null;
  }

  /** What the page shows of the copy's reach: the window and how fresh the copy is. */
  coverage(now = this.#w.now()): { windowStart: string; windowDays: number; lastPulledAt: number | null } {
    return {
      windowStart: this.windowStart(now),
      windowDays: this.settings.windowDays,
      lastPulledAt: this.lastPulledAt(),
    };
  }

  marker(job: string): JobMarker | undefined {
    return this.#w.markers.marker(job);
  }

  /** When the next job is due (now when the copy was never filled). */
  dueAt(now: number): number {
    const pull = this.marker('pull');
    if (!pull) return now;
    const prune = this.marker('prune');
    const pruneAt = prune ? prune.lastStartedAt + this.settings.pruneIntervalMs : now;
    return Math.min(pull.lastStartedAt + this.intervalMs(), pruneAt);
  }

  /** Runs the job due now (first fill, pull, or prune); one at a time. */
  runDue(options: { readonly signal?: AbortSignal } = {}): Promise<Report> {
    return this.#exclusive(() => {
      const now = this.#w.now();
      const pull = this.marker('pull');
      if (!pull) return this.#run('first', options.signal);
      const prune = this.marker('prune');
      const pruneDue = !prune || prune.lastStartedAt + this.settings.pruneIntervalMs <= now;
      const pullDue = pull.lastStartedAt + this.intervalMs() <= now;
      if (pruneDue && !(this.#w.pruneWaitsForPull && pullDue)) return this.#run('prune', options.signal);
      return this.#run('pull', options.signal);
    });
  }

  /** A pull now (tests, "sync now"); the first fill when the copy was never filled. */
  pull(options: { readonly signal?: AbortSignal } = {}): Promise<Report> {
    return this.#exclusive(() => this.#run(this.marker('pull') ? 'pull' : 'first', options.signal));
  }

  /** Saves a marker of this copy's own (money's 'full'), finished now. */
  protected saveMarker(job: string, startedAt: number, requests: number): void {
    this.#w.markers.saveMarker(job, {
      lastStartedAt: startedAt,
      lastFinishedAt: this.#w.now(),
      lastRequests: requests,
    });
  }

  async #run(job: SyncJobName, signal: AbortSignal | undefined): Promise<Report> {
    const { settings } = this;
    const startedAt = this.#w.now();
    const watermark = this.marker('pull')?.lastStartedAt ?? startedAt;
    const since = job === 'pull' ? formatThaiDateTime(watermark - settings.overlapMs) : '';
    const run = new SyncRun(
      job,
      startedAt,
      this.windowStart(startedAt),
      since,
      settings.pageSize,
      signal,
      this.#w.noChanges(),
      this.#w.transaction,
    );
    const report =
      job === 'first'
        ? await this.fill(run)
        : job === 'pull'
          ? await this.readChanges(run)
          : await this.prune(run);
    // The first fill read the window whole: the daily job is due tomorrow.
    if (job === 'first') this.saveMarker('prune', startedAt, 0);
    this.saveMarker(job === 'prune' ? 'prune' : 'pull', startedAt, run.requests);
    this.#w.dailyRequests?.add(thaiDayKey(startedAt), run.requests);
    if (Object.values(run.changes).some((count) => count > 0)) this.#w.onChanged?.(run.changes);
    return report;
  }

  #exclusive<T>(job: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(job, job);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

/** What a copy pulled at a fixed interval declares of itself; its caller gives the rest. */
export interface FixedIntervalCopy<Key extends string, Change> {
  /** The copy's table: its sync markers and its database transaction. */
  readonly table: { readonly markers: SyncMarkers; transaction<T>(work: () => T): T };
  readonly defaults: FixedIntervalSettings;
  /** The one kind of row whose changes a job counts. */
  readonly counts: Key;
  readonly pruneWaitsForPull: boolean;
  /** The resource's `changed` event for a job that changed `count` rows. */
  readonly changed: (count: number) => Change;
}

/** One job's run on a copy of one kind of row. */
export type CopyRun<Key extends string> = SyncRun<Record<Key, number>>;

/** The sync of a copy of one kind of row pulled every `settings.intervalMs` (quotations, returns). */
export abstract class FixedIntervalSync<Key extends string, Change> extends WindowedSync<
  CopyPullReport,
  Record<Key, number>,
  FixedIntervalSettings
> {
  readonly #counts: Key;

  protected constructor(
    options: CopySyncOptions<FixedIntervalSettings, Change>,
    copy: FixedIntervalCopy<Key, Change>,
  ) {
    const { table, counts } = copy;
    super({
      markers: table.markers,
      transaction: (work) => table.transaction(work),
      now: options.now,
      defaults: copy.defaults,
      settings: options.settings,
      noChanges: () => ({ [counts]: 0 }) as Record<Key, number>,
      pruneWaitsForPull: copy.pruneWaitsForPull,
      onChanged: (changes) => options.onChanged?.(copy.changed(changes[counts])),
    });
    this.#counts = counts;
  }

  intervalMs(): number {
    return this.settings.intervalMs;
  }

  /** What a run did: its requests and the rows it changed. */
  protected report(run: CopyRun<Key>): CopyPullReport {
    return { job: run.job, requests: run.requests, changed: run.changes[this.#counts] };
  }
}
