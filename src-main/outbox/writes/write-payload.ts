// What a queued write of the table stores (`payload`) and how it is sent: a create's body, or a
// write's arguments and the record it names. The one place an endpoint of the table is called by
// name: the client checks the arguments against the same endpoint row before sending.
import { openAsBlob } from 'node:fs';
import { endpoints } from '../../../src-shared/api/endpoints/index.js';
import type { KindContext, RowOutcome } from '../core/operation-kind.js';
import type { OperationRow } from '../core/operation-types.js';
import { BAD_PAYLOAD, CREATE_DISCARDED, CREATE_NOT_FOUND, UPLOAD_MISSING } from '../core/write-reasons.js';
import type {
  KeyedCreateRow,
  KeylessCreateRow,
  RecordRef,
  RecordWriteRow,
  StoredUpload,
  WriteRow,
} from './write-rows.js';

/** A write on a record as stored: the endpoint's arguments and, for a record by number, its number. */
export interface RecordWritePayload {
  readonly args: Record<string, unknown>;
  readonly number?: string;
}

/** The client's call, with the arguments checked against the endpoint's row at run time. */
type UntypedCall = (name: string, args: Record<string, unknown>) => Promise<unknown>;

function untypedCall(context: KindContext): UntypedCall {
  return context.client.call.bind(context.client) as unknown as UntypedCall;
}

export function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function badPayload(what: string): RowOutcome {
  return { state: 'parked', code: BAD_PAYLOAD, text: `The stored ${what} could not be read.` };
}

/** A create's stored body, checked again against its endpoint (it was checked at enqueue). */
export function createBodyOf(row: KeyedCreateRow | KeylessCreateRow, item: OperationRow): unknown {
  const body = endpoints[row.endpoint].body.safeParse(parseJson(item.payload));
  return body.success ? body.data : undefined;
}

/** Sends a create once: a keyed one with its key, a keyless one as it is. */
export async function sendCreate(
  context: KindContext,
  row: KeyedCreateRow | KeylessCreateRow,
  item: OperationRow,
): Promise<RowOutcome> {
  const body = createBodyOf(row, item);
  if (body === undefined || (row.shape === 'keyedCreate' && !item.unique_number)) {
    return badPayload(row.record);
  }
  const query = row.shape === 'keyedCreate' ? { query: { uniquenumber: item.unique_number } } : {};
  const answer = (await untypedCall(context)(row.endpoint, { ...query, body })) as {
    readonly detail?: { readonly id?: number };
  };
  const id = answer.detail?.id;
  return { state: 'done', outcome: 'applied', ...(id === undefined ? {} : { serverId: id }) };
}

/** A write's stored arguments. Rows stored before there were other writes held `{ payment }`. */
export function recordPayloadOf(item: OperationRow): RecordWritePayload | undefined {
  const parsed = parseJson(item.payload);
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const stored = parsed as { args?: unknown; payment?: unknown; number?: unknown };
  const args = stored.args ?? (stored.payment === undefined ? undefined : { query: stored.payment });
  if (typeof args !== 'object' || args === null) return undefined;
  return {
    args: args as Record<string, unknown>,
    ...(typeof stored.number === 'string' ? { number: stored.number } : {}),
  };
}

/** Sends one write on its record; an upload's file is opened from the store's data folder as sent. */
export async function sendRecordWrite(
  context: KindContext,
  row: RecordWriteRow,
  ref: RecordRef,
  payload: RecordWritePayload,
): Promise<RowOutcome | undefined> {
  const { file, ...args } = payload.args as { file?: StoredUpload };
  let upload = {};
  if (endpoints[row.endpoint].upload) {
    if (!file) return badPayload(`file for ${row.record}`);
    try {
      upload = {
        file: {
          fileName: file.fileName,
          type: file.type,
          data: await openAsBlob(file.path, { type: file.type }),
        },
      };
    } catch {
      return {
        state: 'parked',
        code: UPLOAD_MISSING,
        text: `The copy of ${file.fileName} kept on this PC to upload is missing (${file.path}). Attach the file again, then discard this write.`,
      };
    }
  }
  await untypedCall(context)(row.endpoint, { ...args, ...upload, ...ref });
  return undefined;
}

/**
 * The record a write acts on: its server id (known, or learnt from the done create it waited for),
 * its number, or why it cannot be sent (an outcome: parked).
 */
export async function recordOf(
  item: OperationRow,
  payload: RecordWritePayload,
  row: RecordWriteRow,
  context: KindContext,
  rowOf: (kind: string) => WriteRow | undefined,
): Promise<RecordRef | RowOutcome> {
  if (item.target_id !== null) return { id: item.target_id };
  if (payload.number !== undefined) return { number: payload.number };
  const create = item.depends_on === null ? undefined : context.operation(item.depends_on);
  if (!create || create.state === 'discarded') {
    return {
      state: 'parked',
      code: CREATE_DISCARDED,
      text: `The ${row.record} this write was for (operation ${item.depends_on}) was discarded, so it does not exist on the back office. Discard this write too, or queue it on another ${row.record}.`,
    };
  }
  const found = create.state === 'done' ? await createdId(create, rowOf(create.kind), context) : undefined;
  if (found !== undefined) return { id: found };
  return {
    state: 'parked',
    code: CREATE_NOT_FOUND,
    text: `The ${row.record} this write is for (operation ${create.id}) was sent, but the back office's list does not show it yet. Retry later.`,
  };
}

/** A done create's server id: stored with it, or read back (a 900 answer, or an answer without id). */
async function createdId(
  create: OperationRow,
  createRow: WriteRow | undefined,
  context: KindContext,
): Promise<number | undefined> {
  if (create.server_id !== null) return create.server_id;
  if (createRow?.shape === 'keyedCreate' && create.unique_number) {
    return createRow.findByKey(context.client, create.unique_number, create.created_at);
  }
  if (createRow?.shape === 'keylessCreate') {
    const body = createBodyOf(createRow, create);
    if (body === undefined) return undefined;
    const found = await createRow.findCreated(context.client, body);
    return found.found === 'same' ? found.id : undefined;
  }
  return undefined;
}
