// The parked-line figures of the Outbox page: what "keep the difference" would send, and how the
// "edit figure" field reads what a person typed (a number, or the mistake to name).
import { describe, expect, it } from 'vitest';
import {
  keepDifferenceTarget,
  MAX_FIGURE,
  parseFigure,
} from '../../src-renderer/features/outbox/parked-figures.js';
import { failureText } from '../../src-renderer/lib/failure-text.js';
import { absoluteTime, relativeTime } from '../../src-renderer/components/relative-time.js';

describe('keepDifferenceTarget', () => {
  it('adds the movements since counting to the counted figure', () => {
    expect(keepDifferenceTarget({ counted: 10, countedAgainst: 12, serverBefore: 9 })).toBe(7);
    expect(keepDifferenceTarget({ counted: 10, countedAgainst: 12, serverBefore: 15 })).toBe(13);
  });

  it('keeps stock decimals exact to three places and may go below zero (the page then refuses it)', () => {
    expect(keepDifferenceTarget({ counted: 0.3, countedAgainst: 0.1, serverBefore: 0.2 })).toBe(0.4);
    expect(keepDifferenceTarget({ counted: 1, countedAgainst: 5, serverBefore: 2 })).toBe(-2);
  });

  it('is null when a figure is missing', () => {
    expect(keepDifferenceTarget({ counted: 1, countedAgainst: null, serverBefore: 2 })).toBeNull();
    expect(keepDifferenceTarget({ counted: null, countedAgainst: 1, serverBefore: 2 })).toBeNull();
    expect(keepDifferenceTarget({ counted: 1, countedAgainst: 1, serverBefore: null })).toBeNull();
  });
});

describe('parseFigure', () => {
  it('reads whole numbers, decimals and thousands commas', () => {
    expect(parseFigure(' 12 ')).toEqual({ ok: true, value: 12 });
    expect(parseFigure('2.5')).toEqual({ ok: true, value: 2.5 });
    expect(parseFigure('.5')).toEqual({ ok: true, value: 0.5 });
    expect(parseFigure('0')).toEqual({ ok: true, value: 0 });
    expect(parseFigure('1,250')).toEqual({ ok: true, value: 1250 });
    expect(parseFigure(String(MAX_FIGURE))).toEqual({ ok: true, value: MAX_FIGURE });
  });

  it('names the mistake', () => {
    expect(parseFigure('   ')).toEqual({ ok: false, mistake: 'empty' });
    expect(parseFigure('abc')).toEqual({ ok: false, mistake: 'notNumber' });
    expect(parseFigure('1e3')).toEqual({ ok: false, mistake: 'notNumber' });
    expect(parseFigure('1.2.3')).toEqual({ ok: false, mistake: 'notNumber' });
    expect(parseFigure('-3')).toEqual({ ok: false, mistake: 'negative' });
    expect(parseFigure('−3')).toEqual({ ok: false, mistake: 'negative' });
    expect(parseFigure(String(MAX_FIGURE + 1))).toEqual({ ok: false, mistake: 'tooBig' });
  });
});

describe('relativeTime and absoluteTime', () => {
  const now = Date.UTC(2026, 10, 21, 5, 43);
  it('says now, minutes, hours and days, past and future, in English and Thai', () => {
    expect(relativeTime(now - 10_000, now, 'en')).toBe('now');
    expect(relativeTime(now - 5 * 60_000, now, 'en')).toBe('5 min ago');
    expect(relativeTime(now + 3 * 60_000, now, 'en')).toBe('in 3 min');
    expect(relativeTime(now - 2 * 3_600_000, now, 'en')).toBe('2 hr ago');
    expect(relativeTime(now - 3 * 86_400_000, now, 'en')).toBe('3 days ago');
    expect(relativeTime(now - 5 * 60_000, now, 'th')).toBe('5 นาทีที่แล้ว');
  });

  it('writes the absolute time in Thai time whatever the zone of the PC', () => {
    expect(absoluteTime(now, 'en')).toBe('21 Nov 2026, 12:43');
    expect(absoluteTime(now, 'th')).toBe('21 พ.ย. 2569 12:43');
  });
});

describe('failureText', () => {
  it('takes the message out of a JSON answer body, even one quoted twice', () => {
    expect(failureText('{"message":"Internal Server Error"}')).toBe('Internal Server Error');
    expect(
      failureText(JSON.stringify('{"message":"Internal Server Error (sandbox fault http500 before)"}')),
    ).toBe('Internal Server Error (sandbox fault http500 before)');
  });

  it('keeps plain text and cuts a long one', () => {
    expect(failureText('connect ECONNREFUSED 127.0.0.1:9')).toBe('connect ECONNREFUSED 127.0.0.1:9');
    expect(failureText('{"other":1}')).toBe('{"other":1}');
    const long = failureText('x'.repeat(500));
    expect(long).toHaveLength(160);
    expect(long.endsWith('…')).toBe(true);
  });
});
