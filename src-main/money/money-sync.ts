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
import type { ExpenseRecord, IncomeRecord } from '../../src-shared/api/records.js';
import type { MoneyChange } from '../../src-shared/ipc/index.js';
import type { MoneyDocumentKind } from '../../src-shared/domain/vocabulary.js';
import { DAY_MS } from '../../src-shared/time/index.js';
import type { OutboxWrites } from '../outbox/index.js';
import { carriedWrites, settledWrites, type SettledWrite } from '../windowed-copy/local-writes.js';
import {
  DEFAULT_WINDOW_SETTINGS,
  WindowedSync,
  type CopySyncOptions,
  type SyncRun,
  type WindowSettings,
} from '../windowed-copy/windowed-sync.js';
import type { MoneyRecordRepository } from './money-record.repository.js';
import { fieldsFromServer, transferFromServer } from './money-rows.js';
import type { MoneyTransferRepository } from './money-transfer.repository.js';

const MINUTE_MS = 60_000;

export interface MoneySyncSettings extends WindowSettings {
  readonly minIntervalMs: number;
  /** What pulls may spend a day: the interval stretches when a pull costs more than 3 requests. */
  readonly requestsPerDay: number;
}

export const DEFAULT_MONEY_SYNC_SETTINGS: MoneySyncSettings = {
  ...DEFAULT_WINDOW_SETTINGS,
  minIntervalMs: 15 * MINUTE_MS,
  requestsPerDay: 240,
};

export interface MoneySyncOptions extends CopySyncOptions<MoneySyncSettings, MoneyChange> {
  readonly records: MoneyRecordRepository;
  readonly transfers: MoneyTransferRepository;
  readonly writes: OutboxWrites;
}

export interface MoneyPullReport {
  readonly job: 'first' | 'pull' | 'prune';
  readonly requests: number;
  readonly records: number;
  readonly transfers: number;
}

/** The rows a job added, changed or dropped (for `money.changed`). */
interface MoneyChanges extends Record<string, number> {
  records: number;
  transfers: number;
}

type Run = SyncRun<MoneyChanges>;

export class MoneySync extends WindowedSync<MoneyPullReport, MoneyChanges, MoneySyncSettings> {
  readonly #o: MoneySyncOptions;

  constructor(options: MoneySyncOptions) {
    const { records, transfers } = options;
    super({
      markers: transfers.markers,
      transaction: (work) => records.transaction(work),
      now: options.now,
      defaults: DEFAULT_MONEY_SYNC_SETTINGS,
      settings: options.settings,
      noChanges: () => ({ records: 0, transfers: 0 }),
      pruneWaitsForPull: true,
      dailyRequests: transfers.dailyRequests,
      onChanged: (changes) => options.onChanged?.({ source: 'sync', ...changes, at: options.now() }),
    });
    this.#o = options;
  }

  /**
   * Time between two pulls at the last pull's cost, so that pulls and the daily job (at its last cost)
   * stay within `requestsPerDay`; pulls keep at least a quarter of it whatever the daily job costs.
   */
  intervalMs(): number {
    const last = Math.max(3, this.marker('pull')?.lastRequests ?? 3);
    const forPulls = Math.max(
      this.settings.requestsPerDay / 4,
      this.settings.requestsPerDay - this.dailyJobRequests(),
    );
    const stretched = Math.ceil((DAY_MS * last) / Math.max(1, forPulls));
    return Math.max(this.settings.minIntervalMs, stretched);
  }

  /** What the last daily job (re-reads of unpaid records and the window's transfers) cost. */
  dailyJobRequests(): number {
    return this.marker('prune')?.lastRequests ?? 0;
  }

  requestsSpent(dayKey: string): number {
    return this.#o.transfers.dailyRequests.spent(dayKey);
  }

  protected async fill(run: Run): Promise<MoneyPullReport> {
    const settled = this.#settledBefore();
    let records = 0;
    for (const kind of ['income', 'expense'] as const) {
      records += await this.#pullDocuments(run, kind, {}, false);
    }
    this.#o.records.transaction(() => this.#settle(settled, run.startedAt));
    const transfers = await this.#pullTransfers(run, { dateafter: run.windowStart });
    // 'full' only remembers when the copy was last listed whole. The fill just read every record and
    // kept only the window and the unpaid: the daily job is due tomorrow.
    this.saveMarker('full', run.startedAt, run.requests);
    return { job: 'first', requests: run.requests, records, transfers };
  }

  protected async readChanges(run: Run): Promise<MoneyPullReport> {
    const settled = this.#settledBefore();
    let records = 0;
    for (const kind of ['income', 'expense'] as const) {
      records += await this.#pullDocuments(run, kind, { updatedatetimeafter: run.since }, true);
    }
    this.#o.records.transaction(() => this.#settle(settled, run.startedAt));
    const transfers = await this.#pullTransfers(run, { createdatetimeafter: run.since });
    return { job: 'pull', requests: run.requests, records, transfers };
  }

  protected async prune(run: Run): Promise<MoneyPullReport> {
    const { records, transfers } = this.#o;
    const settled = this.#settledBefore();
    let reread = 0;
    for (const kind of ['income', 'expense'] as const) reread += await this.#rereadUnpaid(run, kind);
    const relisted = await this.#pullTransfers(run, { dateafter: run.windowStart });
    const removed = records.transaction(() => {
      this.#settle(settled, run.startedAt);
      const dropped = {
        records: records.prune(run.windowStart),
        transfers: transfers.prune(run.windowStart),
      };
      run.changes.records += dropped.records;
      run.changes.transfers += dropped.transfers;
      return dropped.records + dropped.transfers;
    });
    return { job: 'prune', requests: run.requests, records: reread + removed, transfers: relisted };
  }

  /** Reads the records the copy holds as not fully paid again, by id, and stores what they are now. */
  async #rereadUnpaid(run: Run, kind: MoneyDocumentKind): Promise<number> {
    const { client, records } = this.#o;
    const ids = records.unpaidServerIds(kind);
    await run.batches(
      ids,
      (batch, limit): Promise<{ list: ReadonlyArray<IncomeRecord | ExpenseRecord>; count: number }> => {
        const query = { page: 1, limit };
        return kind === 'income'
          ? client.call('GetIncomes', { query, headers: { incomeidlist: [...batch] } })
          : client.call('GetExpenses', { query, headers: { expenseidlist: [...batch] } });
      },
      (list) => {
        for (const record of list) {
          if (records.upsertFromServer(fieldsFromServer(kind, record), run.startedAt).changed) {
            run.changes.records += 1;
          }
        }
      },
    );
    return ids.length;
  }

  /** Reads a list whole, keeping the window's records, the unpaid, and (`keepKnown`) those held. */
  async #pullDocuments(
    run: Run,
    kind: MoneyDocumentKind,
    filter: Record<string, string>,
    keepKnown: boolean,
  ): Promise<number> {
    const { client, records } = this.#o;
    let stored = 0;
    await run.pages(
      (page): Promise<{ list: ReadonlyArray<IncomeRecord | ExpenseRecord>; count: number }> => {
        const query = { ...filter, ...page };
        return kind === 'income'
          ? client.call('GetIncomes', { query })
          : client.call('GetExpenses', { query });
      },
      (list) => {
        for (const record of list) {
          const fields = fieldsFromServer(kind, record);
          const inWindow = fields.docDate >= run.windowStart;
          const unpaid = fields.serverPaid + 0.005 < fields.amount;
          // Known rows are always updated (a payment may have just settled them); the prune drops them later.
          if (!inWindow && !unpaid && !(keepKnown && records.isKnown(fields))) continue;
          if (records.upsertFromServer(fields, run.startedAt).changed) run.changes.records += 1;
          stored += 1;
        }
      },
    );
    return stored;
  }

  #pullTransfers(run: Run, filter: Record<string, string>): Promise<number> {
    const { client, transfers } = this.#o;
    return run.pages(
      (page) => client.call('GetMoneyTransfers', { query: { ...filter, ...page } }),
      (list) => {
        for (const record of list) {
          if (transfers.upsertFromServer(transferFromServer(record), run.startedAt).changed) {
            run.changes.transfers += 1;
          }
        }
      },
    );
  }

  /** Payments made here whose write was applied (or discarded) before this pull started. */
  #settledBefore(): Map<number, SettledWrite> {
    const open = this.#o.records.openLocalPayments();
    return settledWrites(
      this.#o.writes,
      open.map((payment) => ({
        id: payment.id,
        rowId: payment.record_id,
        operationId: payment.operation_id,
      })),
    );
  }

  /** Those payments stop adding on top of the server's figure once their record was pulled by this run. */
  #settle(settled: ReadonlyMap<number, SettledWrite>, pullStart: number): void {
    const { records } = this.#o;
    const pulledAt = (recordId: number) => records.find(recordId)?.pulled_at ?? null;
    for (const [paymentId, recordId] of carriedWrites(settled, pulledAt, pullStart)) {
      records.markPaymentInServerCopy(paymentId, recordId);
    }
  }
}
