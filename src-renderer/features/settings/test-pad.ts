// What the scanner test pad shows about one attempt (the keys from one scan or one piece of typing):
// the verdict comes from the real detector (lib/scanner.ts); this explains it in the terms of the
// settings — the gaps between keys (so a person can pick the interval), why it was typing (too slow,
// too short, no terminator), and whether the keyboard layout's characters differed from the key
// positions the code is read from.
import type { AppSettings } from '../../../src-shared/ipc/index.js';
import { charForCode, isControlChar } from '../../lib/scanner-keymap.js';
import { cleanScan } from '../../lib/scanner.js';

type ScannerSettings = AppSettings['scanner'];

/** One keydown the pad saw. */
export interface PadKey {
  readonly key: string;
  readonly code: string;
  readonly shiftKey: boolean;
  /** KeyboardEvent.timeStamp (ms). */
  readonly at: number;
}

export type TypingReason = 'too-slow' | 'too-short' | 'no-terminator' | 'interrupted';

export interface PadAttempt {
  readonly verdict: 'scan' | 'typing';
  /** A scan: the code the detector gave; typing: the received characters, cleaned the same way. */
  readonly code: string;
  /** The characters read from the key positions, before the prefix and suffix were removed. */
  readonly received: string;
  /** The characters the keyboard layout produced (each key's `key`). */
  readonly typed: string;
  /** Ms between one key and the next, the ending key included, rounded. */
  readonly gaps: readonly number[];
  readonly slowestGap: number | null;
  readonly reason: TypingReason | null;
  /** The layout produced other characters than the key positions (a Thai layout, say). */
  readonly layoutDiffers: boolean;
  /** The same code as the scan before, within the warning window. */
  readonly repeated: boolean;
}

/** A key the detector may take as part of a code: one character, no Ctrl/Alt/Meta (not checked here). */
function isCharacterKey(key: PadKey): boolean {
  return [...key.key].length === 1 && !isControlChar(key.key);
}

/** The key that ends a scan with these settings, or null for 'none'. */
function terminatorKey(settings: ScannerSettings): string | null {
  return settings.terminator === 'none' ? null : settings.terminator;
}

/** Explains one attempt; `scan` is what the detector delivered for it (null when it gave typing). */
export function describeAttempt(
  keys: readonly PadKey[],
  settings: ScannerSettings,
  scan: { code: string; repeated: boolean } | null,
): PadAttempt {
  const characters = keys.filter(isCharacterKey);
  const received = characters.map((key) => charForCode(key.code, key.shiftKey) ?? key.key).join('');
  const typed = characters.map((key) => key.key).join('');
  const gaps: number[] = [];
  for (let index = 1; index < keys.length; index += 1) {
    const before = keys[index - 1];
    const after = keys[index];
    if (before !== undefined && after !== undefined) gaps.push(Math.round(after.at - before.at));
  }
  const slowestGap = gaps.length === 0 ? null : Math.max(...gaps);
  const base = { received, typed, gaps, slowestGap, layoutDiffers: received !== typed };
  if (scan !== null)
    return { ...base, verdict: 'scan', code: scan.code, reason: null, repeated: scan.repeated };

  const code = cleanScan(received, settings);
  const ending = terminatorKey(settings);
  const last = keys.at(-1);
  let reason: TypingReason;
  if (slowestGap !== null && slowestGap > settings.maxKeyIntervalMs) reason = 'too-slow';
  else if (code.length < settings.minLength) reason = 'too-short';
  else if (ending !== null && last?.key !== ending) reason = 'no-terminator';
  else reason = 'interrupted';
  return { ...base, verdict: 'typing', code, reason, repeated: false };
}
