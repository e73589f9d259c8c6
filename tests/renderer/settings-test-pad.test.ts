// The test pad's explanation of one attempt: the gaps between keys (the ending key included), the
// characters read from key positions against those the layout typed, and why a burst was typing —
// too slow before too short before no terminator, as the detector decides.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src-shared/ipc/index.js';
import { describeAttempt, type PadKey } from '../../src-renderer/features/settings/test-pad.js';

const settings = DEFAULT_SETTINGS.scanner; // 35 ms, 4 characters, Enter

/** Keys for `text` (digits and lower-case letters), `gap` ms apart from t=1000, then `ending` if given. */
function keysFor(
  text: string,
  gap: number,
  ending: string | null = 'Enter',
  keyOf = (c: string) => c,
): PadKey[] {
  const keys: PadKey[] = [...text].map((character, index) => ({
    key: keyOf(character),
    code: /\d/.test(character) ? `Digit${character}` : `Key${character.toUpperCase()}`,
    shiftKey: false,
    at: 1000 + index * gap,
  }));
  if (ending !== null)
    keys.push({ key: ending, code: ending, shiftKey: false, at: 1000 + text.length * gap });
  return keys;
}

describe('describeAttempt', () => {
  it('a scan: the detector’s code, every gap up to the terminator, the slowest', () => {
    const attempt = describeAttempt(keysFor('12345', 6), settings, { code: '12345', repeated: false });
    expect(attempt).toMatchObject({
      verdict: 'scan',
      code: '12345',
      received: '12345',
      gaps: [6, 6, 6, 6, 6],
      slowestGap: 6,
      reason: null,
      layoutDiffers: false,
      repeated: false,
    });
  });

  it('a Thai layout: the code is read from the key positions, the typed characters are kept to show', () => {
    const thai: Record<string, string> = { '1': 'ๅ', '2': '/', '3': '-' };
    const keys = keysFor('123', 5, 'Enter', (c) => thai[c] ?? c);
    const attempt = describeAttempt(keys, settings, null);
    expect(attempt).toMatchObject({
      received: '123',
      typed: 'ๅ/-',
      layoutDiffers: true,
      reason: 'too-short',
    });
  });

  it('typing with a gap over the allowed one is too slow, whatever else', () => {
    const attempt = describeAttempt(keysFor('ab', 120), settings, null);
    expect(attempt).toMatchObject({
      verdict: 'typing',
      code: 'ab',
      gaps: [120, 120],
      slowestGap: 120,
      reason: 'too-slow',
    });
  });

  it('a fast burst shorter than the minimum once the prefix and suffix are stripped is too short', () => {
    const withAffixes = { ...settings, prefix: 'pp', suffix: 'ss' };
    const attempt = describeAttempt(keysFor('pp12ss', 5), withAffixes, null);
    expect(attempt).toMatchObject({ code: '12', received: 'pp12ss', reason: 'too-short' });
  });

  it('a fast, long burst that did not end with the terminator has no terminator', () => {
    expect(
      describeAttempt(keysFor('123456', 5, 'Enter'), { ...settings, terminator: 'Tab' }, null).reason,
    ).toBe('no-terminator');
    expect(describeAttempt(keysFor('123456', 5, null), settings, null).reason).toBe('no-terminator');
  });

  it('a single key has no gap; a repeated scan is marked', () => {
    expect(describeAttempt(keysFor('1', 0, null), settings, null)).toMatchObject({
      gaps: [],
      slowestGap: null,
    });
    expect(describeAttempt(keysFor('1234', 5), settings, { code: '1234', repeated: true }).repeated).toBe(
      true,
    );
  });
});
