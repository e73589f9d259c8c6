// Repeated absolute sets of one product in one warehouse: only the last one needs sending. The earlier
// ones are marked done as superseded by it (kept, never dropped silently), in the same transaction that
// marks the last one "sending".
import type { Database } from 'better-sqlite3';
import { openFollowers, type OperationRow } from './drain.repository.js';
import type { OperationKind } from './core/operation-kind.js';

export interface CollapsedBatch {
  /** What to send: per head, the last of its consecutive absolute sets. */
  readonly batch: OperationRow[];
  readonly superseded: ReadonlyArray<{ readonly id: number; readonly by: number }>;
}

/**
 * For each head, takes the following rows of its key while they are pending absolute sets of the same
 * batch (no increase, count of another policy batch or parked row in between): the last one wins.
 */
export function collapseAbsolutes(
  db: Database,
  kind: OperationKind,
  heads: readonly OperationRow[],
): CollapsedBatch {
  const superseded: Array<{ id: number; by: number }> = [];
  const batch = heads.map((head) => {
    if (!kind.collapsible(head)) return head;
    let last = head;
    const replaced: OperationRow[] = [];
    for (const follower of openFollowers(db, head)) {
      const sameKind = follower.batch_key === head.batch_key && kind.collapsible(follower);
      if (follower.state !== 'pending' || !sameKind) break;
      replaced.push(last);
      last = follower;
    }
    for (const row of replaced) superseded.push({ id: row.id, by: last.id });
    return last;
  });
  return { batch, superseded };
}
