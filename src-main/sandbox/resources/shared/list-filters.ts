// Reading list filters that several lists share (documents, incomes and expenses).
import { dayRange, intersectRanges, minuteRange, type TimeRange } from '../../core/list-helpers.js';

/** A text filter: absent or blank filters nothing. */
export function textFilter(text: string | undefined): string | undefined {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
}

/** The created/updated filters of a list query: a Thai-day and a minute form of each. */
export interface AuditQuery {
  readonly createdafter?: string | undefined;
  readonly createdbefore?: string | undefined;
  readonly createdatetimeafter?: string | undefined;
  readonly createdatetimebefore?: string | undefined;
  readonly updatedafter?: string | undefined;
  readonly updatedbefore?: string | undefined;
  readonly updatedatetimeafter?: string | undefined;
  readonly updatedatetimebefore?: string | undefined;
}

/** created/updated filters: on each column the day filter and the minute filter must both hold. */
export function auditRanges(query: AuditQuery): { created: TimeRange; updated: TimeRange } {
  return {
    created: intersectRanges(
      dayRange(query.createdafter, query.createdbefore),
      minuteRange(query.createdatetimeafter, query.createdatetimebefore),
    ),
    updated: intersectRanges(
      dayRange(query.updatedafter, query.updatedbefore),
      minuteRange(query.updatedatetimeafter, query.updatedatetimebefore),
    ),
  };
}
