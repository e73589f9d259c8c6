// The helpers every list handler shares: paging, keyword, inclusive Thai-day and minute filters, and the
// ...String twins, all in Thai time whatever the host's zone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dayRange,
  inRange,
  intersectRanges,
  minuteRange,
  pageOf,
  readKeyword,
  readPaging,
  thaiDateString,
  thaiDateTimeString,
  thaiIsoDateTime,
} from '../../../src-main/sandbox/core/list-helpers.js';

const hostZone = process.env['TZ'];
beforeAll(() => {
  process.env['TZ'] = 'America/Los_Angeles';
});
afterAll(() => {
  if (hostZone === undefined) delete process.env['TZ'];
  else process.env['TZ'] = hostZone;
});

/** An instant given in Thai wall-clock time. */
const thai = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0) =>
  Date.UTC(year, month - 1, day, hour - 7, minute, second, ms);

describe('paging', () => {
  it('defaults to page 1 of 20 and clamps limit to 500', () => {
    expect(readPaging({})).toEqual({ page: 1, limit: 20, offset: 0 });
    expect(readPaging({ page: 3, limit: 1000 })).toEqual({ page: 3, limit: 500, offset: 1000 });
  });

  it('rejects page or limit below 1 naming the field', () => {
    expect(() => readPaging({ limit: 0 })).toThrow(
      expect.objectContaining({ description: 'limit must be at least 1' }),
    );
    expect(() => readPaging({ page: 0 })).toThrow(
      expect.objectContaining({ description: 'page must be at least 1' }),
    );
  });

  it('pages an array with the total count; past the end is empty', () => {
    const items = Array.from({ length: 45 }, (_, index) => index);
    expect(pageOf(items, { page: 3 })).toEqual({ list: [40, 41, 42, 43, 44], count: 45 });
    expect(pageOf(items, { page: 9, limit: 10 })).toEqual({ list: [], count: 45 });
  });
});

describe('keyword', () => {
  it('needs at least 3 characters; empty means no filter', () => {
    expect(readKeyword(undefined)).toBeUndefined();
    expect(readKeyword('  ')).toBeUndefined();
    expect(readKeyword(' กขค ')).toBe('กขค');
    expect(() => readKeyword('ab')).toThrow(
      expect.objectContaining({ code: '100', description: 'keyword must be at least 3 characters' }),
    );
  });
});

describe('date filters', () => {
  it('include the whole Thai day at both ends', () => {
    const range = dayRange('2026-01-05', '2026-01-06');
    expect(inRange(thai(2026, 1, 5, 0, 0), range)).toBe(true);
    expect(inRange(thai(2026, 1, 4, 23, 59, 59, 999), range)).toBe(false);
    expect(inRange(thai(2026, 1, 6, 23, 59, 59, 999), range)).toBe(true);
    expect(inRange(thai(2026, 1, 7, 0, 0), range)).toBe(false);
  });

  it('leave an absent bound open, and a missing instant only matches no filter', () => {
    expect(inRange(0, dayRange(undefined, '2026-01-06'))).toBe(true);
    expect(inRange(undefined, dayRange('2026-01-05', undefined))).toBe(false);
    expect(inRange(undefined, dayRange(undefined, undefined))).toBe(true);
  });

  it('include the whole minute of a datetime bound', () => {
    const range = minuteRange('2026-01-05 10:00', '2026-01-05 10:30');
    expect(inRange(thai(2026, 1, 5, 10, 0), range)).toBe(true);
    expect(inRange(thai(2026, 1, 5, 10, 30, 59, 999), range)).toBe(true);
    expect(inRange(thai(2026, 1, 5, 10, 31), range)).toBe(false);
    expect(inRange(thai(2026, 1, 5, 9, 59, 59), range)).toBe(false);
  });

  it('intersect several filters on one column', () => {
    const range = intersectRanges(
      dayRange('2026-01-01', '2026-01-31'),
      minuteRange('2026-01-10 12:00', undefined),
    );
    expect(range).toEqual({ fromMs: thai(2026, 1, 10, 12), toMs: thai(2026, 2, 1) });
  });
});

describe('...String twins', () => {
  it('are Thai time whatever the host zone', () => {
    const instant = thai(2026, 1, 5, 23, 30, 15); // 16:30 UTC, 08:30 in Los Angeles
    expect(thaiDateString(instant)).toBe('2026-01-05');
    expect(thaiDateTimeString(instant)).toBe('2026-01-05 23:30');
    expect(thaiIsoDateTime(instant)).toBe('2026-01-05T23:30:15');
    expect(thaiDateString(thai(2026, 1, 6, 0, 0))).toBe('2026-01-06');
    expect(thaiDateString(undefined)).toBe('');
  });
});
