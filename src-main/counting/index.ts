// Count sessions (ARCHITECTURE.md, "How a scan travels"): the service, its views and its refusals.
export { CountingService, type CountingServiceOptions } from './counting.service.js';
export { countSessionCsv, csvFileName, COUNT_CSV_COLUMNS } from './count-csv.js';
export { NOT_COUNTED_COUNTER } from './count-commit.js';
export {
  REVIEW_FILTERS,
  type ReviewFilter,
  type ReviewPage,
  type ReviewRow,
  type ReviewTotals,
  type SessionReview,
  type CountedReviewRow,
  type NotCountedReviewRow,
  type UnknownReviewRow,
} from './count-review.js';
export { CountingError, UnresolvedUnknownCodesError, type CountingErrorCode } from './counting-errors.js';
export * from './counting-types.js';
export type { CountSheetProduct } from './count-sheet.js';
export type { SourceFigure } from './count-merge.js';
export { MemberShelfMissingError, type MemberFigure } from './count-live-figures.js';
