// The last review base of a counting service (count-review.ts): reused while the database is unchanged.
import type { CallValue } from '../../src-shared/ipc/index.js';

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
}

/** The last review base of a counting service (one person reviews one session at a time). */
export class ReviewCache {
  #base: ReviewBase | undefined;

  get(sessionId: string, version: string): ReviewBase | undefined {
    const base = this.#base;
    return base?.sessionId === sessionId && base.version === version ? base : undefined;
  }

  set(base: ReviewBase): void {
    this.#base = base;
  }
}
