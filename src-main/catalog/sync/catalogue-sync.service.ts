// The catalogue sync: first sync (resumable full pull), incremental pull of changes, reference refresh
// and the deletion sweep, one job at a time. It reads the back office through the v4 client and writes
// SERVER state through the catalogue store (contract 1); it never touches the outbox, whose local view
// adds pending operations on read. Decision 0004 explains the request costs.
import type { Database } from 'better-sqlite3';
import type { BackofficeClient } from '../../backoffice/index.js';
import { CatalogueRepository } from '../catalogue.repository.js';
import type { CatalogueWriter } from './catalogue-writer.js';
import { sweepDeletedProducts, type SweepReport } from './deletion-sweep.js';
import { pullWarehouses } from './full-pull.js';
import { DEFAULT_OVERLAP_MS, pullChanges, readProductsById, type ChangesReport } from './product-pages.js';
import { pullReference, pullWarehouseList, type ReferenceReport } from './reference-pull.js';
import { SyncSession, type JobOptions, type SyncDependencies, type SyncSettings } from './sync-session.js';
import { SyncStateRepository, type JobMarker, type SyncJob } from './sync-state.repository.js';

export const DEFAULT_SYNC_SETTINGS: SyncSettings = {
  parallelism: 4,
  pageSize: 500,
  overlapMs: DEFAULT_OVERLAP_MS,
  detailRequestsPerRefresh: 50,
  detailRequestsFirstSync: 500,
};

export interface CatalogueSyncOptions {
  readonly db: Database;
  readonly client: BackofficeClient;
  /** The catalogue store; by default a CatalogueRepository on `db` (page markers and products commit together). */
  readonly catalogue?: CatalogueWriter;
  readonly settings?: Partial<SyncSettings>;
  readonly now?: () => number;
}

export interface FirstSyncReport {
  readonly runId: number;
  /** True when an interrupted first sync was continued. */
  readonly resumed: boolean;
  readonly warehouses: readonly string[];
  readonly pagesFetched: number;
  readonly counts: ReadonlyMap<string, number>;
  /** Undefined when an earlier, interrupted attempt had already refreshed the reference data. */
  readonly reference: ReferenceReport | undefined;
  /** The catch-up pull of products changed since the first sync started. */
  readonly catchUp: ChangesReport;
  /** Run only when the product total after the catch-up disagrees with the passes' counts. */
  readonly sweep: SweepReport | undefined;
  readonly requests: number;
}

export interface IncrementalReport extends ChangesReport {
  /** Warehouses that appeared since the last pull and got a full pass of their own. */
  readonly warehousesAdded: readonly string[];
  readonly requests: number;
}

export class FirstSyncRequiredError extends Error {
  constructor(job: string) {
    super(`The catalogue's first sync has not completed yet; ${job} needs it`);
    this.name = 'FirstSyncRequiredError';
  }
}

export class CatalogueSync {
  readonly #deps: SyncDependencies;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: CatalogueSyncOptions) {
    this.#deps = {
      client: options.client,
      catalogue: options.catalogue ?? (new CatalogueRepository(options.db) satisfies CatalogueWriter),
      state: new SyncStateRepository(options.db),
      now: options.now ?? Date.now,
      settings: { ...DEFAULT_SYNC_SETTINGS, ...options.settings },
    };
  }

  get settings(): SyncSettings {
    return this.#deps.settings;
  }

  isFirstSyncComplete(): boolean {
    return this.#deps.state.isFirstSyncComplete();
  }

  /** True when a first sync was started and not finished (the next firstSync() continues it). */
  isFirstSyncInterrupted(): boolean {
    return this.#deps.state.openRun('first') !== undefined;
  }

  /** When a recurring job last succeeded, and what it cost. */
  marker(job: SyncJob): JobMarker | undefined {
    return this.#deps.state.marker(job);
  }

  /** Requests the recurring jobs spent on a Thai day (yyyy-MM-dd), as the scheduler counted them. */
  requestsSpent(dayKey: string): number {
    return this.#deps.state.dailyRequests(dayKey);
  }

  countRequests(dayKey: string, requests: number): void {
    this.#deps.state.addDailyRequests(dayKey, requests);
  }

  /** Warehouses the incremental pull keeps current. */
  coveredWarehouses(): string[] {
    return this.#deps.state.coveredWarehouses();
  }

  /**
   * Pulls every product of every warehouse (continuing an interrupted first sync where it stopped),
   * the reference data, then the products changed since it started. Called again after it completed,
   * it pulls everything again.
   */
  firstSync(options: JobOptions = {}): Promise<FirstSyncReport> {
    return this.#exclusive(async () => {
      const { state, catalogue, now } = this.#deps;
      const session = new SyncSession(this.#deps, options);
      const resumed = state.openRun('first') !== undefined;
      const run = state.openOrStartRun('first', now());
      const warehouses = await pullWarehouseList(session);
      const pull = await pullWarehouses(session, run, warehouses);

      let reference: ReferenceReport | undefined;
      let referenceAt = run.referenceDoneAt;
      if (referenceAt === undefined) {
        referenceAt = now();
        reference = await pullReference(session, {
          includeWarehouses: false,
          detailAllowance: this.#deps.settings.detailRequestsFirstSync,
        });
        state.markReferenceDone(run.id, referenceAt);
      }

      const catchUpAt = now();
      const beforeCatchUp = session.requests;
      const catchUp = await pullChanges(session, warehouses, run.startedAt);
      const catchUpRequests = session.requests - beforeCatchUp;

      // Deletions while the pages were read hide products from later pages; additions are caught up.
      // When the totals disagree, the sweep settles it now rather than a day later.
      const counts = [...pull.counts.values()];
      const local = catalogue.productIds().length;
      const agree = counts.every((count) => count === local);
      const sweep = agree ? undefined : await sweepDeletedProducts(session, warehouses);

      const finished = now();
      state.transaction(() => {
        state.completeRun(run.id, finished);
        const markers: Array<[SyncJob, JobMarker]> = [
          [
            'incremental',
            { lastStartedAt: catchUpAt, lastFinishedAt: finished, lastRequests: catchUpRequests },
          ],
          ['reference', { lastStartedAt: referenceAt, lastFinishedAt: finished, lastRequests: 0 }],
          // A complete listing is as good as a sweep.
          ['sweep', { lastStartedAt: run.startedAt, lastFinishedAt: finished, lastRequests: 0 }],
        ];
        for (const [job, marker] of markers) state.saveMarker(job, marker);
      });
      return {
        runId: run.id,
        resumed,
        warehouses,
        pagesFetched: pull.pagesFetched,
        counts: pull.counts,
        reference,
        catchUp,
        sweep,
        requests: session.requests,
      };
    });
  }

  /**
   * Pulls the products changed since the last successful pull (see changesSince) in every warehouse,
   * after a full pass for any warehouse the reference data added meanwhile.
   */
  incremental(options: JobOptions = {}): Promise<IncrementalReport> {
    return this.#exclusive(async () => {
      const { state, catalogue, now } = this.#deps;
      const watermark = state.marker('incremental')?.lastStartedAt;
      if (!state.isFirstSyncComplete() || watermark === undefined) {
        throw new FirstSyncRequiredError('an incremental sync');
      }
      const session = new SyncSession(this.#deps, options);
      const startedAt = now();
      const known = catalogue.warehouses().map((warehouse) => warehouse.code);
      const covered = new Set(state.coveredWarehouses());
      const added = known.filter((code) => !covered.has(code));
      if (added.length > 0 || state.openRun('warehouses') !== undefined) {
        const run = state.openOrStartRun('warehouses', startedAt);
        const passes = state.passes(run.id).map((pass) => pass.warehouseCode);
        const codes = [...new Set([...passes, ...added])].filter((code) => known.includes(code));
        await pullWarehouses(session, run, codes);
        state.completeRun(run.id, now());
      }
      const pulled = known.filter((code) => covered.has(code));
      const beforeChanges = session.requests;
      const changes = await pullChanges(session, pulled, watermark);
      // The cost of the pull alone sets the next interval; a one-off warehouse pass must not stretch it.
      const lastRequests = session.requests - beforeChanges;
      const marker = { lastStartedAt: startedAt, lastFinishedAt: now(), lastRequests };
      state.saveMarker('incremental', marker);
      return { ...changes, warehousesAdded: added, requests: session.requests };
    });
  }

  /** Reads every reference list again, and the details of bundles and contacts that changed. */
  refreshReference(options: JobOptions = {}): Promise<ReferenceReport & { readonly requests: number }> {
    return this.#exclusive(async () => {
      const session = new SyncSession(this.#deps, options);
      const startedAt = this.#deps.now();
      const report = await pullReference(session, {
        includeWarehouses: true,
        detailAllowance: this.#deps.settings.detailRequestsPerRefresh,
      });
      this.#deps.state.saveMarker('reference', {
        lastStartedAt: startedAt,
        lastFinishedAt: this.#deps.now(),
        lastRequests: session.requests,
      });
      return { ...report, requests: session.requests };
    });
  }

  /** Lists every product id, deletes what the server no longer has and pulls what the catalogue lacks. */
  sweep(options: JobOptions = {}): Promise<SweepReport & { readonly requests: number }> {
    return this.#exclusive(async () => {
      const { state, catalogue, now } = this.#deps;
      if (!state.isFirstSyncComplete()) throw new FirstSyncRequiredError('the deletion sweep');
      const session = new SyncSession(this.#deps, options);
      const startedAt = now();
      const covered = new Set(state.coveredWarehouses());
      const warehouses = catalogue.warehouses().map((warehouse) => warehouse.code);
      const report = await sweepDeletedProducts(
        session,
        warehouses.filter((code) => covered.has(code)),
      );
      state.saveMarker('sweep', {
        lastStartedAt: startedAt,
        lastFinishedAt: now(),
        lastRequests: session.requests,
      });
      return { ...report, requests: session.requests };
    });
  }

  /**
   * Reads these products' figures in one warehouse again (one request) and stores them as a pull does.
   * After a document moved their stock (a return purchase order's Success), the move added on its
   * confirmation may sit on a figure a pull had already read with the move in it: what the back office
   * holds now settles it. Answers how many products were stored.
   */
  refreshStock(
    warehouseCode: string,
    productIds: readonly number[],
    options: JobOptions = {},
  ): Promise<number> {
    return this.#exclusive(async () => {
      const { state, catalogue } = this.#deps;
      if (productIds.length === 0) return 0;
      const session = new SyncSession(this.#deps, options);
      const answer = await readProductsById(session, productIds, warehouseCode);
      state.transaction(() =>
        catalogue.upsertProducts(answer.list, { warehouseCode, syncedAt: answer.sentAt }),
      );
      return answer.list.length;
    });
  }

  /** One job at a time: two pulls writing the same rows in turns would only waste requests. */
  #exclusive<T>(job: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(job, job);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
