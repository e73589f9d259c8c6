// The money sync: keeps the local copy of incomes, expenses and transfers within the request budget.
// - first (no marker yet): every income and expense, listed whole once (500 a page), keeping those of
//   the window (default 90 days) and every one not fully paid; transfers of the window;
// - pull (every 15 min or more, stretched so pulls and the daily job stay within `requestsPerDay`):
//   what changed since the last pull's start,
//   with the spec's `updatedatetimeafter` (transfers: `createdatetimeafter`, they have no update filter),
//   one page per list on an idle store, so 3 requests;
// - daily ('prune' marker): re-reads every record the copy holds as not fully paid, by id (500 a
//   request): a payment recorded in the back office need not move a record's update time, so the pull
//   may never see it; re-lists the window's transfers: a transfer voided in the back office keeps its
//   create time and has no update time (spec: MoneyTransfer), so only its status shows it; then drops
//   paid records and transfers that left the window. ⌈unpaid / 500⌉ + ⌈window transfers / 500⌉ requests.
// After each pull, payments made here that the pulled copy now carries stop adding on top.
// Requests are counted per Thai day in money_daily_requests (the scheduler counts them in the PC's allowance).
import type { BackofficeClient } from '../backoffice/index.js';
import type { ExpenseRecord, IncomeRecord } from '../../src-shared/api/records.js';
import type { MoneyChange } from '../../src-shared/ipc/index.js';
import type { MoneyDocumentKind } from '../../src-shared/domain/vocabulary.js';
import { DAY_MS, formatThaiDate, formatThaiDateTime, thaiDayKey } from '../../src-shared/time/index.js';
import type { MoneyRecordRepository } from './money-record.repository.js';
import { fieldsFromServer, transferFromServer } from './money-rows.js';
import type { MoneyJobMarker, MoneySyncJob, MoneyTransferRepository } from './money-transfer.repository.js';
import type { OutboxWrites } from '../outbox/index.js';

const MINUTE_MS = 60_000;

export interface MoneySyncSettings {
  /** Paid records dated within this many days are kept (unpaid ones always). */
  readonly windowDays: number;
  readonly pageSize: number;
  /** How far before the last pull's start the next one reads (the filters have minute granularity). */
  readonly overlapMs: number;
  readonly minIntervalMs: number;
  /** What pulls may spend a day: the interval stretches when a pull costs more than 3 requests. */
  readonly requestsPerDay: number;
  readonly pruneIntervalMs: number;
}

export const DEFAULT_MONEY_SYNC_SETTINGS: MoneySyncSettings = {
  windowDays: 90,
  pageSize: 500,
  overlapMs: 5 * MINUTE_MS,
  minIntervalMs: 15 * MINUTE_MS,
  requestsPerDay: 240,
  pruneIntervalMs: DAY_MS,
};

export interface MoneySyncOptions {
  readonly client: BackofficeClient;
  readonly records: MoneyRecordRepository;
  readonly transfers: MoneyTransferRepository;
  readonly writes: OutboxWrites;
  readonly now: () => number;
  readonly settings?: Partial<MoneySyncSettings>;
  /** Called after a job that added, changed or dropped rows (the `money.changed` event). */
  readonly onChanged?: (change: MoneyChange) => void;
}

export interface MoneyPullReport {
  readonly job: 'first' | 'pull' | 'prune';
  readonly requests: number;
  readonly records: number;
  readonly transfers: number;
}

/** A job's requests, and the rows it added, changed or dropped (for `money.changed`). */
interface JobCounter {
  requests: number;
  changedRecords: number;
  changedTransfers: number;
}

function newCounter(): JobCounter {
  return { requests: 0, changedRecords: 0, changedTransfers: 0 };
}

interface Page<T> {
  readonly list: readonly T[];
  readonly count: number;
}

export class MoneySync {
  readonly settings: MoneySyncSettings;
  readonly #o: MoneySyncOptions;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: MoneySyncOptions) {
    this.#o = options;
    this.settings = { ...DEFAULT_MONEY_SYNC_SETTINGS, ...options.settings };
  }

  /** The first day kept whatever its payment status: today (Thai) − windowDays. */
  windowStart(now = this.#o.now()): string {
    return formatThaiDate(now - this.settings.windowDays * DAY_MS);
  }

  lastPulledAt(): number | null {
    return this.#o.transfers.marker('pull')?.lastFinishedAt ?? null;
  }

  /**
   * Time between two pulls at the last pull's cost, so that pulls and the daily job (at its last cost)
   * stay within `requestsPerDay`; pulls keep at least a quarter of it whatever the daily job costs.
   */
  intervalMs(): number {
    const last = Math.max(3, this.#o.transfers.marker('pull')?.lastRequests ?? 3);
    const forPulls = Math.max(
      this.settings.requestsPerDay / 4,
      this.settings.requestsPerDay - this.dailyJobRequests(),
    );
    const stretched = Math.ceil((DAY_MS * last) / Math.max(1, forPulls));
    return Math.max(this.settings.minIntervalMs, stretched);
  }

  /** What the last daily job (re-reads of unpaid records and the window's transfers) cost. */
  dailyJobRequests(): number {
    return this.#o.transfers.marker('prune')?.lastRequests ?? 0;
  }

  /** When the next money job is due (now when the copy was never filled). */
  dueAt(now: number): number {
    const pull = this.#o.transfers.marker('pull');
    if (!pull) return now;
    const prune = this.#o.transfers.marker('prune');
    const pruneAt = prune ? prune.lastStartedAt + this.settings.pruneIntervalMs : now;
    return Math.min(pull.lastStartedAt + this.intervalMs(), pruneAt);
  }

  requestsSpent(dayKey: string): number {
    return this.#o.transfers.dailyRequests(dayKey);
  }

  /** Runs the job due now (first fill, pull, or prune); one at a time. */
  runDue(options: { readonly signal?: AbortSignal } = {}): Promise<MoneyPullReport> {
    return this.#exclusive(async () => {
      const now = this.#o.now();
      const { transfers } = this.#o;
      if (!transfers.marker('pull')) return this.#first(options.signal);
      const prune = transfers.marker('prune');
      if (!prune || prune.lastStartedAt + this.settings.pruneIntervalMs <= now) {
        const pull = transfers.marker('pull');
        if (!pull || pull.lastStartedAt + this.intervalMs() > now) return this.#daily(options.signal);
      }
      return this.#pull(options.signal);
    });
  }

  /** A pull of what changed, now (tests, "sync now"). */
  pull(options: { readonly signal?: AbortSignal } = {}): Promise<MoneyPullReport> {
    return this.#exclusive(() =>
      this.#o.transfers.marker('pull') ? this.#pull(options.signal) : this.#first(options.signal),
    );
  }

  async #first(signal: AbortSignal | undefined): Promise<MoneyPullReport> {
    const startedAt = this.#o.now();
    const settled = this.#settledBefore();
    const windowStart = this.windowStart(startedAt);
    const counter = newCounter();
    let records = 0;
    for (const kind of ['income', 'expense'] as const) {
      records += await this.#pullDocuments(kind, {}, windowStart, startedAt, counter, signal, false);
    }
    this.#o.records.transaction(() => this.#settle(settled, startedAt));
    const transfers = await this.#pullTransfers({ dateafter: windowStart }, startedAt, counter, signal);
    // One job, counted once today: 'full' only remembers when the copy was last listed whole. The
    // fill just read every record and kept only the window and the unpaid: the daily job is due tomorrow.
    this.#saveMarker('full', startedAt, counter.requests);
    this.#saveMarker('prune', startedAt, 0);
    this.#finish('pull', startedAt, counter);
    return { job: 'first', requests: counter.requests, records, transfers };
  }

  async #pull(signal: AbortSignal | undefined): Promise<MoneyPullReport> {
    const startedAt = this.#o.now();
    const settled = this.#settledBefore();
    const watermark = this.#o.transfers.marker('pull')?.lastStartedAt ?? startedAt;
    const since = formatThaiDateTime(watermark - this.settings.overlapMs);
    const windowStart = this.windowStart(startedAt);
    const counter = newCounter();
    let records = 0;
    for (const kind of ['income', 'expense'] as const) {
      records += await this.#pullDocuments(
        kind,
        { updatedatetimeafter: since },
        windowStart,
        startedAt,
        counter,
        signal,
        true,
      );
    }
    this.#o.records.transaction(() => this.#settle(settled, startedAt));
    const transfers = await this.#pullTransfers({ createdatetimeafter: since }, startedAt, counter, signal);
    this.#finish('pull', startedAt, counter);
    return { job: 'pull', requests: counter.requests, records, transfers };
  }

  async #daily(signal: AbortSignal | undefined): Promise<MoneyPullReport> {
    const startedAt = this.#o.now();
    const windowStart = this.windowStart(startedAt);
    const { records, transfers } = this.#o;
    const settled = this.#settledBefore();
    const counter = newCounter();
    let reread = 0;
    for (const kind of ['income', 'expense'] as const) {
      reread += await this.#rereadUnpaid(kind, startedAt, counter, signal);
    }
    const relisted = await this.#pullTransfers({ dateafter: windowStart }, startedAt, counter, signal);
    const removed = records.transaction(() => {
      this.#settle(settled, startedAt);
      const dropped = { records: records.prune(windowStart), transfers: transfers.prune(windowStart) };
      counter.changedRecords += dropped.records;
      counter.changedTransfers += dropped.transfers;
      return dropped.records + dropped.transfers;
    });
    this.#finish('prune', startedAt, counter);
    return { job: 'prune', requests: counter.requests, records: reread + removed, transfers: relisted };
  }

  /** Reads the records the copy holds as not fully paid again, by id, and stores what they are now. */
  async #rereadUnpaid(
    kind: MoneyDocumentKind,
    pulledAt: number,
    counter: JobCounter,
    signal: AbortSignal | undefined,
  ): Promise<number> {
    const { client, records } = this.#o;
    const ids = records.unpaidServerIds(kind);
    const limit = this.settings.pageSize;
    for (let start = 0; start < ids.length; start += limit) {
      signal?.throwIfAborted();
      const batch = ids.slice(start, start + limit);
      const query = { page: 1, limit };
      counter.requests += 1;
      const answer: Page<IncomeRecord | ExpenseRecord> =
        kind === 'income'
          ? await client.call('GetIncomes', { query, headers: { incomeidlist: batch } })
          : await client.call('GetExpenses', { query, headers: { expenseidlist: batch } });
      records.transaction(() => {
        for (const record of answer.list) {
          if (records.upsertFromServer(fieldsFromServer(kind, record), pulledAt).changed) {
            counter.changedRecords += 1;
          }
        }
      });
    }
    return ids.length;
  }

  /** Reads a list whole, page by page, storing each page in one transaction. */
  async #pullDocuments(
    kind: MoneyDocumentKind,
    filter: Record<string, string>,
    windowStart: string,
    pulledAt: number,
    counter: JobCounter,
    signal: AbortSignal | undefined,
    keepKnown: boolean,
  ): Promise<number> {
    const { client, records } = this.#o;
    const limit = this.settings.pageSize;
    let stored = 0;
    for (let page = 1; ; page += 1) {
      signal?.throwIfAborted();
      const query = { ...filter, page, limit };
      counter.requests += 1;
      const answer: Page<IncomeRecord | ExpenseRecord> =
        kind === 'income'
          ? await client.call('GetIncomes', { query })
          : await client.call('GetExpenses', { query });
      records.transaction(() => {
        for (const record of answer.list) {
          const fields = fieldsFromServer(kind, record);
          const inWindow = fields.docDate >= windowStart;
          const unpaid = fields.serverPaid + 0.005 < fields.amount;
          // Known rows are always updated (a payment may have just settled them); the prune drops them later.
          if (!inWindow && !unpaid && !(keepKnown && records.isKnown(fields))) continue;
          if (records.upsertFromServer(fields, pulledAt).changed) counter.changedRecords += 1;
          stored += 1;
        }
      });
      if (answer.list.length < limit || page * limit >= answer.count) return stored;
    }
  }

  async #pullTransfers(
    filter: Record<string, string>,
    pulledAt: number,
    counter: JobCounter,
    signal: AbortSignal | undefined,
  ): Promise<number> {
    const { client, transfers, records } = this.#o;
    const limit = this.settings.pageSize;
    let stored = 0;
    for (let page = 1; ; page += 1) {
      signal?.throwIfAborted();
      counter.requests += 1;
      const answer = await client.call('GetMoneyTransfers', { query: { ...filter, page, limit } });
      records.transaction(() => {
        for (const record of answer.list) {
          if (transfers.upsertFromServer(transferFromServer(record), pulledAt).changed) {
            counter.changedTransfers += 1;
          }
        }
      });
      stored += answer.list.length;
      if (answer.list.length < limit || page * limit >= answer.count) return stored;
    }
  }

  /**
   * Payments made here whose write was applied (or discarded) before this pull started: a copy of
   * their record pulled from now on carries them (the back office applied them before the read).
   */
  #settledBefore(): Map<number, { readonly recordId: number; readonly discarded: boolean }> {
    const { records, writes } = this.#o;
    const open = records.openLocalPayments();
    const standings = writes.standings(open.map((payment) => payment.operation_id));
    const settled = new Map<number, { recordId: number; discarded: boolean }>();
    for (const payment of open) {
      const state = standings.get(payment.operation_id)?.state;
      if (state === 'done' || state === 'discarded') {
        settled.set(payment.id, { recordId: payment.record_id, discarded: state === 'discarded' });
      }
    }
    return settled;
  }

  /**
   * Those payments stop adding on top of the server's figure once their record was pulled by this run
   * (a discarded one at once). A record the pull did not bring keeps them on top: its stored server
   * figure predates them, so the local view stays right either way.
   */
  #settle(settled: ReadonlyMap<number, { recordId: number; discarded: boolean }>, pullStart: number): void {
    const { records } = this.#o;
    for (const [paymentId, { recordId, discarded }] of settled) {
      const pulledAt = records.find(recordId)?.pulled_at ?? null;
      if (discarded || (pulledAt !== null && pulledAt >= pullStart)) {
        records.markPaymentInServerCopy(paymentId, recordId);
      }
    }
  }

  /** Saves the job's marker, counts its requests today, and tells the page when it changed the copy. */
  #finish(job: 'pull' | 'prune', startedAt: number, counted: JobCounter): void {
    this.#saveMarker(job, startedAt, counted.requests);
    this.#o.transfers.addDailyRequests(thaiDayKey(startedAt), counted.requests);
    if (counted.changedRecords + counted.changedTransfers === 0) return;
    this.#o.onChanged?.({
      source: 'sync',
      records: counted.changedRecords,
      transfers: counted.changedTransfers,
      at: this.#o.now(),
    });
  }

  #saveMarker(job: MoneySyncJob, startedAt: number, requests: number): void {
    const marker: MoneyJobMarker = {
      lastStartedAt: startedAt,
      lastFinishedAt: this.#o.now(),
      lastRequests: requests,
    };
    this.#o.transfers.saveMarker(job, marker);
  }

  #exclusive<T>(job: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(job, job);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
