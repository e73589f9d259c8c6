// Helpers every list and filter handler uses, so paging, keywords, date filters and the ...String
// twins behave the same on every endpoint.
import { validation } from './sandbox-error.js';
import {
  formatThaiDate,
  formatThaiDateTime,
  parseThaiDateTime,
  thaiDayRange,
} from '../../../src-shared/time/index.js';

/** Page size when a request gives no `limit` (the spec documents none; see README.md here). */
export const DEFAULT_LIMIT = 20;
/** Largest page; larger `limit` values are clamped to it, as production does. */
export const MAX_LIMIT = 500;
/** Shortest `keyword` a list accepts. */
export const MIN_KEYWORD_LENGTH = 3;

export interface PagingQuery {
  readonly page?: number | undefined;
  readonly limit?: number | undefined;
}

export interface Paging {
  readonly page: number;
  readonly limit: number;
  /** Rows to skip: (page - 1) * limit. */
  readonly offset: number;
}

/**
 * page (default 1) and limit (default DEFAULT_LIMIT, clamped to MAX_LIMIT). Values below 1 are a
 * validation error naming the field. The server already checked them; handlers call this for offsets.
 */
export function readPaging(query: PagingQuery): Paging {
  const page = query.page ?? 1;
  const requested = query.limit ?? DEFAULT_LIMIT;
  if (page < 1) throw validation('page', 'must be at least 1');
  if (requested < 1) throw validation('limit', 'must be at least 1');
  const limit = Math.min(requested, MAX_LIMIT);
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * One page of an already filtered and sorted (newest first) array, with `count` = all matching.
 * A page past the end is an empty list, not an error. SQL handlers use readPaging's LIMIT/OFFSET instead.
 */
export function pageOf<T>(items: readonly T[], query: PagingQuery): { list: T[]; count: number } {
  const { limit, offset } = readPaging(query);
  return { list: items.slice(offset, offset + limit), count: items.length };
}

/**
 * The keyword filter: undefined when absent or empty (no filter), the trimmed text when it has at least
 * MIN_KEYWORD_LENGTH characters, else a validation error naming `keyword`.
 */
export function readKeyword(keyword: string | undefined): string | undefined {
  const text = keyword?.trim() ?? '';
  if (text === '') return undefined;
  if ([...text].length < MIN_KEYWORD_LENGTH) {
    throw validation('keyword', `must be at least ${MIN_KEYWORD_LENGTH} characters`);
  }
  return text;
}

/** A half-open range of instants [fromMs, toMs); an absent bound is open. */
export interface TimeRange {
  readonly fromMs: number | null;
  readonly toMs: number | null;
}

/**
 * An inclusive filter on Thai days from `…after`/`…before` texts (yyyy-MM-dd, already validated):
 * after=2026-01-05 includes that whole Thai day, before=2026-01-10 includes that whole Thai day.
 */
export function dayRange(after: string | undefined, before: string | undefined): TimeRange {
  const from = after === undefined ? undefined : thaiDayRange(after);
  const to = before === undefined ? undefined : thaiDayRange(before);
  return { fromMs: from?.startMs ?? null, toMs: to?.endMs ?? null };
}

/**
 * An inclusive filter on Thai minutes from `…datetimeafter`/`…datetimebefore` texts (yyyy-MM-dd HH:mm):
 * before=2026-01-05 10:30 includes everything up to 10:30:59.999.
 */
export function minuteRange(after: string | undefined, before: string | undefined): TimeRange {
  const from = after === undefined ? undefined : parseThaiDateTime(after);
  const to = before === undefined ? undefined : parseThaiDateTime(before);
  return { fromMs: from ?? null, toMs: to === undefined ? null : to + 60_000 };
}

/** True when an instant lies in the range; a missing instant matches only an open range. */
export function inRange(instant: number | null | undefined, range: TimeRange): boolean {
  if (range.fromMs === null && range.toMs === null) return true;
  if (instant === null || instant === undefined) return false;
  return (range.fromMs === null || instant >= range.fromMs) && (range.toMs === null || instant < range.toMs);
}

/** Both bounds of several ranges must hold (e.g. createdafter plus createdatetimeafter on one column). */
export function intersectRanges(...ranges: readonly TimeRange[]): TimeRange {
  let fromMs: number | null = null;
  let toMs: number | null = null;
  for (const range of ranges) {
    if (range.fromMs !== null) fromMs = fromMs === null ? range.fromMs : Math.max(fromMs, range.fromMs);
    if (range.toMs !== null) toMs = toMs === null ? range.toMs : Math.min(toMs, range.toMs);
  }
  return { fromMs, toMs };
}

/** The `...String` twin of a Date field: yyyy-MM-dd in Thai time ('' for no date). */
export function thaiDateString(instant: number | null | undefined): string {
  return instant === null || instant === undefined ? '' : formatThaiDate(instant);
}

/** The `...String` twin of a Datetime field: yyyy-MM-dd HH:mm in Thai time ('' for no date). */
export function thaiDateTimeString(instant: number | null | undefined): string {
  return instant === null || instant === undefined ? '' : formatThaiDateTime(instant);
}

/** A Date/Datetime field itself, as production sends it: Thai local ISO without zone, yyyy-MM-ddTHH:mm:ss. */
export function thaiIsoDateTime(instant: number | null | undefined): string {
  if (instant === null || instant === undefined) return '';
  const seconds = String(new Date(instant).getUTCSeconds()).padStart(2, '0');
  return `${formatThaiDateTime(instant).replace(' ', 'T')}:${seconds}`;
}
