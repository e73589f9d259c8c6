// Which count lines the counting page shows: the last counted, newest first (a re-scanned early product
// comes back to the top), plus the current line (the one the keypad and +/− act on) at the top should it
// be older than those, so it is always there to see and adjust.
import type { CountLine } from '../../../src-shared/ipc/index.js';

export const LINES_SHOWN = 12;

/** `lines` in the order last counted, newest first; at most `limit` are returned. */
export function newestLines(
  lines: readonly CountLine[],
  current: CountLine | null,
  limit: number,
): CountLine[] {
  const newest = lines.slice(0, limit);
  if (
    current === null ||
    current.kind !== 'product' ||
    newest.some((line) => line.lineId === current.lineId)
  ) {
    return newest;
  }
  return [current, ...newest.slice(0, limit - 1)];
}
