// A create without an idempotency key (WRITES.md "keyless create"): sent once; after an unclear
// failure the row looks for the record by the field the app made unique and compares the figures:
// the same record → applied (its id kept), none → sent again, another record → a person decides.
import type { OperationKind, Preparation, RowOutcome } from '../core/operation-kind.js';
import { badPayload, createBodyOf, sendCreate } from './write-payload.js';
import { UNCERTAIN_CREATE } from '../core/write-reasons.js';
import type { KeylessCreateRow } from './write-rows.js';

export function keylessCreateKind(name: string, row: KeylessCreateRow): OperationKind {
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
      for (const item of rows) outcomes.set(item.id, await sendCreate(context, row, item));
      return outcomes;
    },

    async reconcile(rows, context) {
      const outcomes = new Map<number, RowOutcome>();
      for (const item of rows) {
        const body = createBodyOf(row, item);
        if (body === undefined) {
          outcomes.set(item.id, badPayload(row.record));
          continue;
        }
        const found = await row.findCreated(context.client, body);
        if (found.found === 'same') {
          outcomes.set(item.id, { state: 'done', outcome: 'reconciled', serverId: found.id });
        } else if (found.found === 'none') {
          outcomes.set(item.id, { state: 'pending' });
        } else {
          const meant = item.description ?? row.describe(body);
          outcomes.set(item.id, {
            state: 'parked',
            code: UNCERTAIN_CREATE,
            text:
              `${meant}: the answer was lost, and the back office now has a ${row.record} ` +
              `#${found.id} with the same ${uniqueWords(row.record)} but ${found.held}. ` +
              `If it is this one, discard this write; otherwise change the new ${row.record} and retry.`,
          });
        }
      }
      return outcomes;
    },
  };
}

function uniqueWords(record: string): string {
  return record === 'product' || record === 'bundle' ? 'sku' : record.includes('order') ? 'number' : 'code';
}
