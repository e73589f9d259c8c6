// Reading list filters that several lists share (documents, incomes and expenses).
import { dayRange, intersectRanges, minuteRange, type TimeRange } from '../../list-helpers.js';

/** A text filter: absent or blank filters nothing. */
export function textFilter(text: string | undefined): string | undefined {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
}

/** created/updated filters: the day filter and the minute filter on one column must both hold. */
export function auditRange(
  dayAfter: string | undefined,
  dayBefore: string | undefined,
  minuteAfter: string | undefined,
  minuteBefore: string | undefined,
): TimeRange {
  return intersectRanges(dayRange(dayAfter, dayBefore), minuteRange(minuteAfter, minuteBefore));
}
