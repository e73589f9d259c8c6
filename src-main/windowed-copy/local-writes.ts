// How pulled rows sit under the writes made on this PC: a write shows on its row at once and keeps
// showing on top of the server's copy until a read that started after the write was applied (done) or
// dropped (discarded) brings the row; the write's send state is its outbox operation's.
import type { OutboxWrites } from '../outbox/index.js';

/** A write made here on a row of the copy, by its outbox operation. */
export interface LocalWrite {
  readonly id: number;
  readonly rowId: number;
  readonly operationId: number;
}

export interface SettledWrite {
  readonly rowId: number;
  readonly discarded: boolean;
}

/** Of these operations, those done or discarded now (before a read starts). */
export function settledOperations(writes: OutboxWrites, operationIds: readonly number[]): Set<number> {
  const standings = writes.standings(operationIds);
  return new Set(
    operationIds.filter((id) => {
      const state = standings.get(id)?.state;
      return state === 'done' || state === 'discarded';
    }),
  );
}

/**
 * Writes whose operation was done (or discarded) when a read started, by write id: a row read from
 * then on carries them (the back office applied them before the read).
 */
export function settledWrites(writes: OutboxWrites, open: readonly LocalWrite[]): Map<number, SettledWrite> {
  const standings = writes.standings(open.map((write) => write.operationId));
  const settled = new Map<number, SettledWrite>();
  for (const write of open) {
    const state = standings.get(write.operationId)?.state;
    if (state === 'done' || state === 'discarded') {
      settled.set(write.id, { rowId: write.rowId, discarded: state === 'discarded' });
    }
  }
  return settled;
}

/**
 * Of the writes settled before the read that started at `readStart`, those the copy now carries: their
 * row was pulled by that read, or they were discarded (`discarded` may ask the outbox again). A row the
 * read did not bring keeps them on top: its stored server figure predates them.
 */
export function carriedWrites(
  settled: ReadonlyMap<number, SettledWrite>,
  pulledAtOf: (rowId: number) => number | null,
  readStart: number,
  discarded: (writeId: number, write: SettledWrite) => boolean = (_id, write) => write.discarded,
): Array<[writeId: number, rowId: number]> {
  const carried: Array<[number, number]> = [];
  for (const [writeId, write] of settled) {
    const pulledAt = pulledAtOf(write.rowId);
    if (discarded(writeId, write) || (pulledAt !== null && pulledAt >= readStart)) {
      carried.push([writeId, write.rowId]);
    }
  }
  return carried;
}
