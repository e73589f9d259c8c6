// The last review base of a counting service (count-review.ts): reused while the database is unchanged,
// and brought up to date line by line after the service's own scans (nothing else changed meanwhile).
import type { CallValue } from '../../src-shared/ipc/index.js';
import type { PendingStock } from '../outbox/local-view.js';
import type { LineRow } from './count-session.repository.js';

type SessionReview = CallValue<'counting.review'>;
type ReviewRow = SessionReview['rows'][number];
type CountedReviewRow = Extract<ReviewRow, { kind: 'counted' }>;
type UnknownReviewRow = Extract<ReviewRow, { kind: 'unknown' }>;
type ReviewTotals = SessionReview['totals'];

/**
 * Everything a review's rows and totals are made of, for one session at one state of the database. A
 * person changing the filter or the page asks again with nothing changed in between: the base is kept
 * (per counting service, the last session reviewed) and reused while the database is unchanged
 * (CountReviewRepository.version), so those answers only slice it.
 */
export interface ReviewBase {
  readonly sessionId: string;
  readonly version: string;
  readonly counted: readonly CountedReviewRow[];
  readonly withVariance: readonly CountedReviewRow[];
  readonly drifted: readonly CountedReviewRow[];
  /** Products nobody counted that the local view expects in the warehouse, by id. */
  readonly notCountedIds: Float64Array;
  readonly notCountedExpected: Float64Array;
  readonly unknown: readonly UnknownReviewRow[];
  readonly totals: ReviewTotals;
  /** The outbox's pending stock changes in the session's warehouse (a scan queues none). */
  readonly pending: ReadonlyMap<number, PendingStock>;
}

/** A base, and the lines scans changed since it was built (its version already counts them). */
export interface CachedReview {
  readonly base: ReviewBase;
  readonly scanned: readonly LineRow[];
}

/** The last review base of a counting service (one person reviews one session at a time). */
export class ReviewCache {
  #base: ReviewBase | undefined;
  #scanned: LineRow[] = [];

  get(sessionId: string, version: string): CachedReview | undefined {
    const base = this.#base;
    return base?.sessionId === sessionId && base.version === version
      ? { base, scanned: this.#scanned }
      : undefined;
  }

  set(base: ReviewBase): void {
    this.#base = base;
    this.#scanned = [];
  }

  /**
   * A scan changed `line` alone, moving the database from version `before` to `after` in its
   * transaction: a base of `before` stays usable with that line brought up to date (count-review.ts).
   * A base of any other version is stale and is left to fail its next check.
   */
  scanned(sessionId: string, before: string, after: string, line: LineRow): void {
    const base = this.#base;
    if (base?.sessionId !== sessionId || base.version !== before) return;
    this.#base = { ...base, version: after };
    this.#scanned.push(line);
  }
}
