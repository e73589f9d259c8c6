// What one sync job carries: its dependencies, its abort signal, its progress listener, and a count of
// the requests it made. Every read of a job goes through `call`, which refuses to start a request once
// the job was aborted.
import type { BackofficeClient, CallArgsTuple, CallResult } from '../../backoffice/index.js';
import { isBackofficeFailure } from '../../backoffice/index.js';
import type { EndpointName } from '../../../src-shared/api/endpoints/index.js';
import type { CatalogueWriter } from './catalogue-writer.js';
import type { SyncStateRepository } from './sync-state.repository.js';

/**
 * - `products`: full passes (done/total are products; total is the sum of each warehouse's `count`);
 * - `reference`: reference lists (done/total are lists);
 * - `bundleDetails`, `contactDetails`: detail reads (done/total are records);
 * - `changes`: an incremental pull, also the catch-up that ends a first sync (done/total are products);
 * - `sweep`: the id sweep (done/total are product ids listed).
 */
export type SyncPhase = 'products' | 'reference' | 'bundleDetails' | 'contactDetails' | 'changes' | 'sweep';

export interface SyncProgress {
  readonly phase: SyncPhase;
  readonly done: number;
  readonly total: number;
}

export interface SyncSettings {
  /** Requests in flight at once. */
  readonly parallelism: number;
  /** Records per list page (the v4 maximum is 500). */
  readonly pageSize: number;
  /** How far before the last successful incremental start the next one reads (day granularity). */
  readonly overlapMs: number;
  /** Bundle and contact detail reads one reference refresh may spend. */
  readonly detailRequestsPerRefresh: number;
  /** The same for the first sync, a one-off cost like its product passes. */
  readonly detailRequestsFirstSync: number;
}

export interface SyncDependencies {
  readonly client: BackofficeClient;
  readonly catalogue: CatalogueWriter;
  readonly state: SyncStateRepository;
  readonly now: () => number;
  readonly settings: SyncSettings;
}

export interface JobOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: SyncProgress) => void;
}

export class SyncSession {
  readonly deps: SyncDependencies;
  readonly signal: AbortSignal | undefined;
  /**
   * Reads this job made: one per read that succeeded (a read the client retried to success counts
   * once), every attempt of a read that failed. The budget counts each attempt.
   */
  requests = 0;
  readonly #onProgress: (progress: SyncProgress) => void;
  readonly #lastDone = new Map<SyncPhase, number>();

  constructor(deps: SyncDependencies, options: JobOptions = {}) {
    this.deps = deps;
    this.signal = options.signal;
    this.#onProgress = options.onProgress ?? (() => {});
  }

  get settings(): SyncSettings {
    return this.deps.settings;
  }

  /** One v4 read; never started after an abort. */
  async call<N extends EndpointName>(name: N, ...args: CallArgsTuple<N>): Promise<CallResult<N>> {
    this.signal?.throwIfAborted();
    try {
      const answer = await this.deps.client.call(name, ...args);
      this.requests += 1;
      return answer;
    } catch (error) {
      this.requests += isBackofficeFailure(error) && error.sent ? error.attempts : 0;
      throw error;
    }
  }

  /** Reports progress; `done` never goes back within a phase (a listener may draw a bar from it). */
  progress(phase: SyncPhase, done: number, total: number): void {
    const shown = Math.min(total, Math.max(done, this.#lastDone.get(phase) ?? 0));
    this.#lastDone.set(phase, shown);
    try {
      this.#onProgress({ phase, done: shown, total });
    } catch {
      // A broken progress display must not stop the sync.
    }
  }
}

/** Records a full page of `pageSize` holds on page `page` of a list of `count`. */
export function expectedRecords(count: number, pageSize: number, page: number): number {
  return Math.max(0, Math.min(pageSize, count - (page - 1) * pageSize));
}
