import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatThaiDate,
  formatThaiDateTime,
  parseThaiDate,
  parseThaiDateTime,
  THAI_OFFSET_MS,
  thaiDayKey,
  thaiDayRange,
} from '../../../src-shared/time/index.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe('formatting in Thai time', () => {
  it('is UTC+7', () => {
    expect(THAI_OFFSET_MS).toBe(7 * HOUR_MS);
  });

  it('writes the Thai calendar day, which starts at 17:00 UTC the day before', () => {
    expect(formatThaiDate(Date.UTC(2026, 0, 1, 16, 59, 59, 999))).toBe('2026-01-01');
    expect(formatThaiDate(Date.UTC(2026, 0, 1, 17, 0))).toBe('2026-01-02');
    expect(formatThaiDate(new Date(Date.UTC(2025, 11, 31, 17, 0)))).toBe('2026-01-01');
  });

  it('writes yyyy-MM-dd HH:mm, dropping seconds', () => {
    expect(formatThaiDateTime(Date.UTC(2026, 2, 15, 3, 4, 59, 999))).toBe('2026-03-15 10:04');
    expect(formatThaiDateTime(new Date(Date.UTC(2026, 2, 15, 16, 59)))).toBe('2026-03-15 23:59');
    expect(formatThaiDateTime(0)).toBe('1970-01-01 07:00');
  });

  it('keys the request quota by the Thai day: it rolls over at Thai midnight', () => {
    const thaiMidnight = Date.UTC(2026, 5, 30, 17, 0);
    expect(thaiDayKey(thaiMidnight - 1)).toBe('2026-06-30');
    expect(thaiDayKey(thaiMidnight)).toBe('2026-07-01');
  });

  it('refuses an invalid instant', () => {
    expect(() => formatThaiDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('parsing Thai time', () => {
  it('reads a date as 00:00 Thai time that day', () => {
    expect(parseThaiDate('2026-03-15')).toBe(Date.UTC(2026, 2, 14, 17, 0));
    expect(parseThaiDate('1970-01-01')).toBe(-THAI_OFFSET_MS);
    expect(parseThaiDate('2024-02-29')).toBe(Date.UTC(2024, 1, 28, 17, 0));
  });

  it('refuses texts that are not real dates in the wire format', () => {
    for (const text of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-1-01',
      ' 2026-01-01',
      '2026-01-01T00:00',
      '2026/01/01',
      '',
    ]) {
      expect(parseThaiDate(text)).toBeUndefined();
    }
  });

  it('reads a date and time', () => {
    expect(parseThaiDateTime('2026-03-15 10:04')).toBe(Date.UTC(2026, 2, 15, 3, 4));
    expect(parseThaiDateTime('2026-03-15 00:00')).toBe(Date.UTC(2026, 2, 14, 17, 0));
  });

  it('refuses date-times that are not real or not in the wire format', () => {
    for (const text of [
      '2026-03-15 24:00',
      '2026-03-15 10:60',
      '2026-02-30 10:00',
      '2026-03-15 10:04:00',
      '2026-03-15T10:04',
      '2026-03-15',
    ]) {
      expect(parseThaiDateTime(text)).toBeUndefined();
    }
  });

  it('gives a day range whose end is the start of the next Thai day', () => {
    expect(thaiDayRange('2026-03-15')).toEqual({
      startMs: Date.UTC(2026, 2, 14, 17, 0),
      endMs: Date.UTC(2026, 2, 15, 17, 0),
    });
    expect(thaiDayRange('2026-02-30')).toBeUndefined();
  });
});

/** Every day from 1970-01-01 to 2100-12-31, as a count of days since 1970-01-01. */
const dayIndex = fc.integer({
  min: 0,
  max: Math.round((Date.UTC(2100, 11, 31) - Date.UTC(1970, 0, 1)) / DAY_MS),
});
/** An instant between 1970 and 2100. */
const instant = fc.integer({ min: 0, max: Date.UTC(2101, 0, 1) - 1 });

describe('Thai time properties', () => {
  it('reads back every date it writes, 1970 to 2100', () => {
    fc.assert(
      fc.property(dayIndex, (day) => {
        // Built without the module: the UTC calendar day `day` days after the epoch.
        const text = new Date(day * DAY_MS).toISOString().slice(0, 10);
        const start = parseThaiDate(text);
        expect(start).toBe(day * DAY_MS - THAI_OFFSET_MS);
        expect(start === undefined ? undefined : formatThaiDate(start)).toBe(text);
      }),
      { numRuns: 5000 },
    );
  });

  it('puts every instant inside the range of its own day, and reads its minute back', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const range = thaiDayRange(formatThaiDate(ms));
        expect(range?.startMs).toBeLessThanOrEqual(ms);
        expect(range?.endMs).toBeGreaterThan(ms);
        expect(parseThaiDateTime(formatThaiDateTime(ms))).toBe(ms - (ms % 60_000));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('independence from the host time zone', () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    if (originalZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalZone;
  });

  function everything(ms: number) {
    const day = formatThaiDate(ms);
    return [day, formatThaiDateTime(new Date(ms)), thaiDayKey(ms), parseThaiDate(day), thaiDayRange(day)];
  }

  // Around the US and European daylight-saving changes of 2026, and the Thai day boundary.
  const samples = [
    Date.UTC(2026, 2, 8, 9, 59),
    Date.UTC(2026, 2, 8, 10, 0),
    Date.UTC(2026, 2, 29, 1, 0),
    Date.UTC(2026, 9, 25, 0, 59),
    Date.UTC(2026, 10, 1, 8, 30),
    Date.UTC(2026, 0, 1, 16, 59),
    Date.UTC(2026, 0, 1, 17, 0),
  ];

  it('gives the same answers in Los Angeles, Bangkok, UTC, London and Kiritimati', () => {
    process.env.TZ = 'UTC';
    const expected = samples.map(everything);
    const instants = fc.sample(instant, 200);
    const expectedSampled = instants.map(everything);

    for (const zone of ['America/Los_Angeles', 'Asia/Bangkok', 'Europe/London', 'Pacific/Kiritimati']) {
      process.env.TZ = zone;
      expect(samples.map(everything)).toEqual(expected);
      expect(instants.map(everything)).toEqual(expectedSampled);
    }
    expect(expected[6]?.slice(0, 3)).toEqual(['2026-01-02', '2026-01-02 00:00', '2026-01-02']);
  });

  it('really switches the host zone while doing so', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).toBe(480);
    process.env.TZ = 'Asia/Bangkok';
    expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).toBe(-420);
  });
});
