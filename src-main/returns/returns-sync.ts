// The returns sync: keeps the local copy of return purchase orders within the request budget.
// - first (no 'pull' marker yet): every order listed whole once (500 a page), keeping those of the
//   window (default 90 days) and every one not Success or Voided;
// - pull (every 30 min or more: 48 requests on an idle day): what changed since the last pull's start,
//   with the spec's `updatedatetimeafter` (a status, payment or tag change moves it), one page idle;
// - prune (daily, no request): final orders that left the window, with nothing waiting here, go.
// Before each read, orders made here take the server id their create learnt, so the pulled copy lands
// on their row; after it, writes made here that the copy now carries stop counting on top.
import {
  FixedIntervalSync,
  fixedIntervalSettings,
  type CopyPullReport,
  type CopyRun,
  type CopySyncOptions,
  type FixedIntervalSettings,
} from '../windowed-copy/windowed-sync.js';
import type { ReturnCopy } from './return-copy.js';
import type { ReturnOrderRepository } from './return-order.repository.js';

export type ReturnsSyncSettings = FixedIntervalSettings;

export const DEFAULT_RETURNS_SYNC_SETTINGS: ReturnsSyncSettings = fixedIntervalSettings(30);

/** `onChanged` is told how many orders a job added, changed or dropped. */
export interface ReturnsSyncOptions extends CopySyncOptions<ReturnsSyncSettings, number> {
  readonly repo: ReturnOrderRepository;
  readonly copy: ReturnCopy;
}

type Run = CopyRun<'orders'>;

export class ReturnsSync extends FixedIntervalSync<'orders', number> {
  readonly #o: ReturnsSyncOptions;

  constructor(options: ReturnsSyncOptions) {
    super(options, {
      table: options.repo,
      defaults: DEFAULT_RETURNS_SYNC_SETTINGS,
      counts: 'orders',
      pruneWaitsForPull: true,
      changed: (orders) => orders,
    });
    this.#o = options;
  }

  protected fill(run: Run): Promise<CopyPullReport> {
    return this.#read(run, {});
  }

  protected readChanges(run: Run): Promise<CopyPullReport> {
    return this.#read(run, { updatedatetimeafter: run.since });
  }

  protected prune(run: Run): Promise<CopyPullReport> {
    const { repo } = this.#o;
    run.changes.orders = repo.transaction(() => repo.prune(run.windowStart));
    return Promise.resolve(this.report(run));
  }

  async #read(run: Run, filter: Readonly<Record<string, string>>): Promise<CopyPullReport> {
    const { client, repo, copy } = this.#o;
    copy.adoptServerIds();
    const settled = copy.settledBefore();
    await run.pages(
      (page) => client.call('GetReturnPurchaseOrders', { query: { ...filter, ...page } }),
      (list) => {
        for (const record of list) {
          const landing = copy.land(record, run.startedAt, run.windowStart);
          if (landing === 'added' || landing === 'changed') run.changes.orders += 1;
        }
      },
    );
    repo.transaction(() => copy.settle(settled, run.startedAt));
    return this.report(run);
  }
}
