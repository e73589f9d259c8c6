// Writes on one record (WRITES.md "absolute change" and "delta"): the record is read before sending
// and the snapshot stored with "sending"; after an unclear failure it is read again.
// - absolute change: the record shows what was sent → applied; it is as before → sent again; it moved
//   to something else (another person changed it meanwhile) → a person decides, with both snapshots.
// - delta: the row's judge compares before and after → applied, not applied (sent again) or a person.
// Never a blind resend. A write on a record made offline takes the server id of its create.
import type { OperationKind, Preparation, RowOutcome } from '../core/operation-kind.js';
import type { OperationRow } from '../core/operation-types.js';
import { badPayload, parseJson, recordOf, recordPayloadOf, sendRecordWrite } from './write-payload.js';
import { CHANGED_MEANWHILE, UNCERTAIN_DELTA_WRITE } from '../core/write-reasons.js';
import type { RecordRef, RecordWriteRow, WriteRow } from './write-rows.js';

export function recordWriteKind(
  name: string,
  row: RecordWriteRow,
  rowOf: (kind: string) => WriteRow | undefined,
): OperationKind {
  const describe = (item: OperationRow) => item.description ?? `${row.endpoint} on ${row.record}`;
  const refOf = (item: OperationRow): RecordRef | undefined => {
    const payload = recordPayloadOf(item);
    if (item.target_id !== null) return { id: item.target_id };
    return payload?.number === undefined ? undefined : { number: payload.number };
  };
  return {
    name,
    collapsible: () => false,
    batchLimit: () => 1,
    warehouseOf: () => undefined,

    async prepare(rows, context): Promise<Preparation> {
      const send: Array<{ id: number; readBefore: string; targetId?: number }> = [];
      const settled = new Map<number, RowOutcome>();
      for (const item of rows) {
        const payload = recordPayloadOf(item);
        if (!payload) {
          settled.set(item.id, badPayload(`${row.endpoint} on ${row.record}`));
          continue;
        }
        const ref = await recordOf(item, payload, row, context, rowOf);
        if (!('id' in ref) && !('number' in ref)) {
          settled.set(item.id, ref);
          continue;
        }
        const before = await row.readBack(context.client, ref);
        send.push({
          id: item.id,
          readBefore: JSON.stringify(before),
          ...('id' in ref ? { targetId: ref.id } : {}),
        });
      }
      return { send, settled };
    },

    async send(rows, context) {
      const outcomes = new Map<number, RowOutcome>();
      for (const item of rows) {
        const payload = recordPayloadOf(item);
        const ref = refOf(item);
        if (!payload || !ref) {
          outcomes.set(item.id, badPayload(`${row.endpoint} on ${row.record}`));
          continue;
        }
        const refused = await sendRecordWrite(context, row, ref, payload);
        outcomes.set(item.id, refused ?? { state: 'done', outcome: 'applied' });
      }
      return outcomes;
    },

    async reconcile(rows, context) {
      const outcomes = new Map<number, RowOutcome>();
      for (const item of rows) {
        const payload = recordPayloadOf(item);
        const ref = refOf(item);
        const before = parseJson(item.readback_before);
        if (!payload || !ref || before === undefined) {
          outcomes.set(item.id, {
            state: 'parked',
            code: row.shape === 'delta' ? UNCERTAIN_DELTA_WRITE : CHANGED_MEANWHILE,
            text: `${describe(item)} may have been applied; what the ${row.record} held before sending is not known. Check it, then retry or discard.`,
          });
          continue;
        }
        const after = await row.readBack(context.client, ref);
        outcomes.set(item.id, judged(row, item, before, after, payload.args));
      }
      return outcomes;
    },
  };

  function judged(
    row: RecordWriteRow,
    item: OperationRow,
    before: unknown,
    after: unknown,
    args: unknown,
  ): RowOutcome {
    const verdict =
      row.shape === 'delta'
        ? row.judge(before, after, args)
        : row.reached(after, args)
          ? 'applied'
          : JSON.stringify(after) === JSON.stringify(before)
            ? 'notApplied'
            : 'uncertain';
    if (verdict === 'applied') return { state: 'done', outcome: 'reconciled' };
    if (verdict === 'notApplied') return { state: 'pending' };
    return {
      state: 'parked',
      code: row.shape === 'delta' ? UNCERTAIN_DELTA_WRITE : CHANGED_MEANWHILE,
      text:
        row.shape === 'delta'
          ? `${describe(item)} may have been applied: before sending the ${row.record} held ` +
            `${row.show(before)}, now it holds ${row.show(after)}. Check it, then retry or discard.`
          : `${describe(item)}: the answer was lost and the ${row.record} changed meanwhile — before ` +
            `sending it held ${row.show(before)}, now it holds ${row.show(after)}, which is not what ` +
            `this PC sent. Check it, then send again or discard.`,
    };
  }
}
