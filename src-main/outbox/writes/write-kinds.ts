// The drainer's kinds, built from the rows of the write-kind table by shape: what each shape reads
// before sending, how it sends, and how it reconciles after an unclear failure (WRITES.md). Nothing
// here names an endpoint: that is the table's.
import { isBackofficeFailure } from '../../backoffice/index.js';
import type { KindContext, OperationKind, Preparation, RowOutcome } from '../core/operation-kind.js';
import type { OperationRow } from '../core/operation-types.js';
import { keylessCreateKind } from './keyless-create.kind.js';
import { recordWriteKind } from './record-write.kind.js';
import { sendCreate } from './write-payload.js';
import type { KeyedCreateRow, WriteRow } from './write-rows.js';
import { writeRowOf, writeTable, type WriteKind } from './write-table.js';

export {
  BAD_PAYLOAD,
  CHANGED_MEANWHILE,
  CREATE_DISCARDED,
  CREATE_NOT_FOUND,
  UNCERTAIN_CREATE,
  UNCERTAIN_DELTA_WRITE,
  UPLOAD_MISSING,
} from '../core/write-reasons.js';

/**
 * Keyed create: the uniquenumber was fixed at enqueue, so a resend is harmless and 900 means applied.
 * The server id comes from the answer; after a 900 (no id) it is read back by the key only when a
 * write waits for it.
 */
export function keyedCreateKind(name: string, row: KeyedCreateRow): OperationKind {
  return {
    name,
    collapsible: () => false,
    batchLimit: () => 1,
    warehouseOf: () => undefined,
    prepare: async (rows): Promise<Preparation> => ({
      send: rows.map((item) => ({ id: item.id })),
      settled: new Map(),
    }),

    async send(rows, context) {
      const outcomes = new Map<number, RowOutcome>();
      for (const item of rows) {
        try {
          const sent = await sendCreate(context, row, item);
          outcomes.set(item.id, sent);
        } catch (error) {
          if (!(isBackofficeFailure(error) && error.kind === 'duplicate' && error.alreadyApplied))
            throw error;
          outcomes.set(item.id, await alreadyApplied(row, item, context));
        }
      }
      return outcomes;
    },

    /** The key makes a resend harmless: 900 tells an applied one. */
    reconcile: async (rows) =>
      new Map<number, RowOutcome>(rows.map((item) => [item.id, { state: 'pending' }])),
  };
}

async function alreadyApplied(
  row: KeyedCreateRow,
  item: OperationRow,
  context: KindContext,
): Promise<RowOutcome> {
  // Its id is looked up whether or not writes wait on it: the pages show a sent record by its id (a
  // transfer's detail, a return's movements, a quotation's files), and the next pull may be hours away.
  const id = item.unique_number
    ? await row.findByKey(context.client, item.unique_number, item.created_at)
    : undefined;
  return { state: 'done', outcome: 'alreadyApplied', ...(id === undefined ? {} : { serverId: id }) };
}

/** One table row as the drainer's kind, by its shape. */
export function kindOf(name: string, row: WriteRow): OperationKind {
  switch (row.shape) {
    case 'keyedCreate':
      return keyedCreateKind(name, row);
    case 'keylessCreate':
      return keylessCreateKind(name, row);
    case 'absoluteChange':
    case 'delta':
      return recordWriteKind(name, row, writeRowOf);
  }
}

export const writeKinds: readonly OperationKind[] = (Object.keys(writeTable) as WriteKind[]).map((name) =>
  kindOf(name, writeTable[name]),
);
