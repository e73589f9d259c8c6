// When a waiting row may go again: full-jitter backoff for notSent and failed reads; the next Thai day
// for a spent quota (the store's counter restarts at 00:00 UTC+7).
export interface BackoffSettings {
  readonly baseMs: number;
  readonly maxMs: number;
}

export const defaultBackoff: BackoffSettings = { baseMs: 2_000, maxMs: 5 * 60_000 };

/** A random wait in [0, min(max, base · 2^(attempt−1))): PCs that failed together do not return together. */
export function fullJitterDelay(settings: BackoffSettings, attempt: number, random: () => number): number {
  const cap = Math.min(settings.maxMs, settings.baseMs * 2 ** Math.max(0, Math.min(30, attempt - 1)));
  return Math.floor(random() * cap);
}

const THAI_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Spreads the store's PCs over the first minute of the day instead of all at 00:00:00. */
const NEXT_DAY_SPREAD_MS = 60_000;

export function startOfNextThaiDay(now: number): number {
  return Math.floor((now + THAI_OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS - THAI_OFFSET_MS;
}

export function quotaResumeTime(now: number, random: () => number): number {
  return startOfNextThaiDay(now) + Math.floor(random() * NEXT_DAY_SPREAD_MS);
}
