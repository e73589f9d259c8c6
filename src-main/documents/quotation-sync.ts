// The quotation sync: keeps the local copy of quotations within the request budget, on the sync
// scheduler as the `quotations` job (after the catalogue's first sync, counted in the PC's allowance).
// - first (no marker yet): the window's quotations (default 90 days, `quotationafter`) and every
//   Pending one (`status=0`), 500 a page;
// - pull (every 20 minutes): what changed since the last pull's start (`updatedatetimeafter`), one
//   request on an idle store (72 a day);
// - daily ('prune'): drops quotations that left the window and are not Pending; no request.
// A pulled copy replaces a row with writes made here only once they were settled before the pull started.
import type { QuotationRecord } from '../../src-shared/api/records.js';
import type { DocumentsChange } from '../../src-shared/ipc/index.js';
import type { OutboxWrites } from '../outbox/index.js';
import { settledOperations } from '../windowed-copy/local-writes.js';
import {
  FixedIntervalSync,
  fixedIntervalSettings,
  type CopyPullReport,
  type CopyRun,
  type CopySyncOptions,
  type FixedIntervalSettings,
} from '../windowed-copy/windowed-sync.js';
import { localOpsOf, quotationFromServer } from './quotation-rows.js';
import type { QuotationRepository } from './quotation.repository.js';

export type QuotationSyncSettings = FixedIntervalSettings;

export const DEFAULT_QUOTATION_SYNC_SETTINGS: QuotationSyncSettings = fixedIntervalSettings(20);

export interface QuotationSyncOptions extends CopySyncOptions<QuotationSyncSettings, DocumentsChange> {
  readonly quotations: QuotationRepository;
  readonly writes: OutboxWrites;
}

type Run = CopyRun<'quotations'>;

export class QuotationSync extends FixedIntervalSync<'quotations', DocumentsChange> {
  readonly #o: QuotationSyncOptions;

  constructor(options: QuotationSyncOptions) {
    const { now } = options;
    super(options, {
      table: options.quotations,
      defaults: DEFAULT_QUOTATION_SYNC_SETTINGS,
      counts: 'quotations',
      pruneWaitsForPull: false,
      changed: (quotations) => ({ source: 'sync', quotations, at: now() }),
    });
    this.#o = options;
  }

  protected async fill(run: Run): Promise<CopyPullReport> {
    const settled = this.#settledBefore();
    await this.#list(run, { quotationafter: run.windowStart }, settled);
    await this.#list(run, { status: '0' }, settled);
    return this.report(run);
  }

  protected async readChanges(run: Run): Promise<CopyPullReport> {
    await this.#list(run, { updatedatetimeafter: run.since }, this.#settledBefore());
    return this.report(run);
  }

  protected prune(run: Run): Promise<CopyPullReport> {
    run.changes.quotations = this.#o.quotations.prune(run.windowStart);
    return Promise.resolve(this.report(run));
  }

  async #list(
    run: Run,
    filter: Readonly<Record<string, string>>,
    settled: ReadonlySet<number>,
  ): Promise<void> {
    const { client, quotations } = this.#o;
    const isSettled = (row: { local_ops: string }) => localOpsOf(row).every((id) => settled.has(id));
    await run.pages(
      (page): Promise<{ list: readonly QuotationRecord[]; count: number }> =>
        client.call('GetQuotations', { query: { ...filter, ...page } }),
      (list) => {
        for (const record of list) {
          if (quotations.upsertFromServer(quotationFromServer(record), run.startedAt, isSettled).changed) {
            run.changes.quotations += 1;
          }
        }
      },
    );
  }

  /** Writes made here that were applied (or discarded) before this pull started. */
  #settledBefore(): Set<number> {
    return settledOperations(this.#o.writes, this.#o.quotations.withLocalOps().flatMap(localOpsOf));
  }
}
