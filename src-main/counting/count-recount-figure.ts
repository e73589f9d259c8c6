// The one rule for which count of a line marked for a recount is sent (count-recount.ts), shared by the
// review and the commit.
import type { CallValue } from '../../src-shared/ipc/index.js';
import type { RecountChoice } from '../../src-shared/domain/vocabulary.js';
import type { LineRow } from './count-session.repository.js';

type RecountView = CallValue<'counting.chooseRecount'>;

/** The figure the commit sends for a line: its recount when there is one and it was not set aside. */
export function sentFigure(line: LineRow): number {
  return recountOf(line)?.use === 'recount' && line.recounted !== null ? line.recounted : line.counted;
}

/** Both counts of a line marked for a recount; null for a line never marked. */
export function recountOf(line: LineRow): RecountView | null {
  if (line.recount_requested_at === null) return null;
  const use: RecountChoice =
    line.recounted === null ? 'first' : (line.recount_use ?? 'recount') === 'first' ? 'first' : 'recount';
  return { firstCount: line.counted, recounted: line.recounted, recountedBy: line.recounted_by, use };
}
