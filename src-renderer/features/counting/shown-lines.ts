// Which count lines the counting page shows: the newest, newest first, plus the current line (the one
// the keypad and +/− act on) at the top when it is older than those, so a re-scanned early product is
// still there to see and adjust.
import type { CountLine } from '../../../src-shared/ipc/index.js';

export const LINES_SHOWN = 40;

/** `lines` in the order first counted; at most `limit` are returned. */
export function newestLines(
  lines: readonly CountLine[],
  current: CountLine | null,
  limit: number,
): CountLine[] {
  const newest = lines.slice(-limit).reverse();
  if (
    current === null ||
    current.kind !== 'product' ||
    newest.some((line) => line.lineId === current.lineId)
  ) {
    return newest;
  }
  return [current, ...newest.slice(0, limit - 1)];
}
