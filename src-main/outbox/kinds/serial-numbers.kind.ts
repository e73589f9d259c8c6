// Serial numbers of a product (AddSerialNo, DeleteSerialNo), one row per serial, queued by
// enqueueSerialNumbers. Rows of one product batch into one request (batch key per product and kind, at
// most 100 serials); each serial has its own order key (product × serial), so an add and a later
// removal of the same serial go in order while other serials flow. Serials of a product made on this PC
// wait for its create (serial-product.ts).
//
// WRITES.md: an absolute change per serial ("the product holds serial S" / "does not"), read back with
// the per-serial lists of a resend — v4 has no read of a product's serials. The rule:
// - A first, clear answer settles each row from its own line: serialsNoSuccess → added;
//   serialsNoFailed with "already exists" → done as 'duplicate' (the back office had it before: the
//   person is told, nothing to resend); any other failure (an unknown warehouse…) → parked with the
//   back office's description.
// - After an unclear failure (the answer was lost: the serial may or may not have been attached) the
//   reconciliation IS the resend: success → it had not been applied, now it is; "already exists" →
//   the earlier attempt may have attached it, or it was there before — either way the product holds
//   the serial exactly once, which is the end state asked for, so the row is done ('reconciled', the
//   back office's words kept). We cannot tell "ours" from "older" without a serial read, and need not.
// - DeleteSerialNo answers no per-serial list: a serial the product does not have is reported as
//   "nothing changed", the end state (absent) either way, so a resend after an unclear failure is safe.
// - "Invalid ID." (the product was deleted on the back office) parks the rows, naming the product.
import { z } from 'zod';
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../../db/statements.js';
import { OutboxInputError } from '../core/outbox-input-error.js';
import { signalEnqueued } from '../core/enqueue-signal.js';
import type { KindContext, OperationKind, RowOutcome } from '../core/operation-kind.js';
import type { OperationRow } from '../core/operation-types.js';
import { isInvalidId } from '../core/invalid-id.js';
import { moveWaitingSerials, serialBatchKey, serialKeysFor, serialServerId } from './serial-product.js';

export const ADD_SERIAL_KIND = 'addSerialNo';
export const DELETE_SERIAL_KIND = 'deleteSerialNo';
export const SERIAL_KINDS = [ADD_SERIAL_KIND, DELETE_SERIAL_KIND] as const;
export type SerialKind = (typeof SERIAL_KINDS)[number];
export const SERIAL_REFUSED = 'SERIAL_REFUSED';
export const SERIAL_UNKNOWN_PRODUCT = 'UNKNOWN_PRODUCT';
/** Serials one request carries at most. */
export const SERIALS_PER_REQUEST = 100;
/** Outcomes of an add whose serial the back office already had. */
export const SERIAL_DUPLICATE_OUTCOME = 'duplicate';

const serialPayload = z.object({
  /** The server id; a product made on this PC: its local id (≤ −1) until it moved to its server id. */
  productId: z.int().refine((id) => id !== 0),
  sku: z.string(),
  name: z.string().min(1),
  warehouseCode: z.string(),
});
export type SerialPayload = z.output<typeof serialPayload>;

/** The back office's words for a serial the product already has (sandbox and production alike). */
export function isDuplicateSerial(description: string): boolean {
  return /already exist|duplicate|ซ้ำ/i.test(description);
}

function payloadOf(row: OperationRow): SerialPayload | undefined {
  try {
    const parsed = serialPayload.safeParse(JSON.parse(row.payload ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const badPayload: RowOutcome = {
  state: 'parked',
  code: 'BAD_PAYLOAD',
  text: 'The stored serial number could not be read.',
};

interface SerialAnswer {
  readonly name?: string | null;
  readonly description?: string | null;
}

/** Sends the rows' serials (one product) and settles each from its own line of the answer. */
/**
 * The rows whose payload reads, with the server id the batch goes to (one product per batch); rows
 * that cannot go are settled in `outcomes`.
 */
function sendableOf(
  rows: readonly OperationRow[],
  context: Pick<KindContext, 'operation'>,
  outcomes: Map<number, RowOutcome>,
): { id: number; sendable: Array<{ row: OperationRow; payload: SerialPayload }> } | undefined {
  const sendable: Array<{ row: OperationRow; payload: SerialPayload }> = [];
  for (const row of rows) {
    const payload = payloadOf(row);
    if (payload) sendable.push({ row, payload });
    else outcomes.set(row.id, badPayload);
  }
  const first = sendable[0];
  if (!first) return undefined;
  const id = serialServerId(first.row, first.payload.productId, context);
  if (typeof id === 'number') return { id, sendable };
  for (const { row } of sendable) outcomes.set(row.id, id);
  return undefined;
}

async function sendAdd(
  context: Pick<KindContext, 'client' | 'operation'>,
  rows: readonly OperationRow[],
  afterLostAnswer: boolean,
): Promise<Map<number, RowOutcome>> {
  const outcomes = new Map<number, RowOutcome>();
  const batch = sendableOf(rows, context, outcomes);
  if (!batch) return outcomes;
  const { id, sendable } = batch;
  try {
    const answer = await context.client.call('AddSerialNo', {
      id,
      body: {
        serialsNo: sendable.map(({ payload }) => ({
          name: payload.name,
          warehouseCode: payload.warehouseCode,
        })),
      },
    });
    const byName = (list: readonly SerialAnswer[] | undefined) =>
      new Map((list ?? []).map((line) => [(line.name ?? '').trim(), line.description ?? '']));
    const added = byName(answer.data?.serialsNoSuccess);
    const failed = byName(answer.data?.serialsNoFailed);
    for (const { row, payload } of sendable) {
      const refusal = failed.get(payload.name);
      if (added.has(payload.name)) outcomes.set(row.id, { state: 'done', outcome: 'applied' });
      else if (refusal === undefined) outcomes.set(row.id, { state: 'unclear' });
      else if (isDuplicateSerial(refusal)) {
        outcomes.set(row.id, {
          state: 'done',
          outcome: afterLostAnswer ? 'reconciled' : SERIAL_DUPLICATE_OUTCOME,
          note: refusal,
        });
      } else {
        outcomes.set(row.id, {
          state: 'parked',
          code: SERIAL_REFUSED,
          text: `The back office refused serial ${payload.name} on ${payload.sku || `product ${payload.productId}`}: ${refusal}`,
        });
      }
    }
  } catch (error) {
    if (!isInvalidId(error)) throw error;
    for (const { row, payload } of sendable) outcomes.set(row.id, unknownProduct(id, payload, error.text));
  }
  return outcomes;
}

async function sendDelete(
  context: Pick<KindContext, 'client' | 'operation'>,
  rows: readonly OperationRow[],
): Promise<Map<number, RowOutcome>> {
  const outcomes = new Map<number, RowOutcome>();
  const batch = sendableOf(rows, context, outcomes);
  if (!batch) return outcomes;
  const { id, sendable } = batch;
  try {
    await context.client.call('DeleteSerialNo', {
      id,
      body: { serialsNo: sendable.map(({ payload }) => payload.name) },
    });
    for (const { row } of sendable) outcomes.set(row.id, { state: 'done', outcome: 'applied' });
  } catch (error) {
    if (!isInvalidId(error)) throw error;
    for (const { row, payload } of sendable) outcomes.set(row.id, unknownProduct(id, payload, error.text));
  }
  return outcomes;
}

function unknownProduct(productId: number, payload: SerialPayload, answered: string): RowOutcome {
  const sku = payload.sku.trim() === '' ? '' : ` (${payload.sku.trim()})`;
  return {
    state: 'parked',
    code: SERIAL_UNKNOWN_PRODUCT,
    text: `The back office has no product ${productId}${sku} any more, so serial ${payload.name} was not changed (it answered "${answered}").`,
  };
}

function serialKind(name: SerialKind): OperationKind {
  const send = (context: KindContext, rows: readonly OperationRow[], afterLostAnswer: boolean) =>
    name === ADD_SERIAL_KIND ? sendAdd(context, rows, afterLostAnswer) : sendDelete(context, rows);
  return {
    name,
    collapsible: () => false,
    batchLimit: () => SERIALS_PER_REQUEST,
    warehouseOf: () => undefined,
    prepare: async (rows) => ({ send: rows.map((row) => ({ id: row.id })), settled: new Map() }),
    send: (rows, context) => send(context, rows, false),
    /** The read-back is the resend: its per-serial lists decide (see the rule above). */
    reconcile: (rows, context) => send(context, rows, true),
  };
}

export const addSerialKind = serialKind(ADD_SERIAL_KIND);
export const deleteSerialKind = serialKind(DELETE_SERIAL_KIND);

export interface SerialRequest {
  readonly kind: SerialKind;
  readonly productId: number;
  readonly sku: string;
  readonly name: string;
  /** The warehouse of an add; '' for a removal. */
  readonly warehouseCode: string;
}

function prepareAll(db: Database) {
  return {
    insert: db.prepare<{
      kind: string;
      orderKey: string;
      batchKey: string;
      payload: string;
      description: string;
      dependsOn: number | null;
      targetId: number | null;
      now: number;
    }>(
      `INSERT INTO outbox_operations (kind, order_key, batch_key, payload, description, depends_on, target_id,
                                      created_at, updated_at)
       VALUES (@kind, @orderKey, @batchKey, @payload, @description, @dependsOn, @targetId, @now, @now)`,
    ),
  };
}

/**
 * Queues one row per serial (inside the caller's transaction, as a savepoint). Throws an
 * OutboxInputError before storing anything when a serial is empty or an add names no warehouse. A
 * product made on this PC (id ≤ −1) must have its create still open: its serials wait for it.
 */
export function enqueueSerialNumbers(db: Database, requests: readonly SerialRequest[]): number[] {
  const keysOf = new Map<number, ReturnType<typeof serialKeysFor>>();
  for (const request of requests) {
    if (!keysOf.has(request.productId)) keysOf.set(request.productId, serialKeysFor(db, request.productId));
    if (request.name.trim() === '') throw new OutboxInputError('A serial number is empty');
    if (request.kind === ADD_SERIAL_KIND && request.warehouseCode.trim() === '') {
      throw new OutboxInputError(`Serial ${request.name} needs a warehouse`);
    }
  }
  const statements = preparedFor(db, prepareAll);
  const now = Date.now();
  const ids = db.transaction(() =>
    requests.map((request) => {
      const name = request.name.trim();
      const warehouseCode = request.kind === ADD_SERIAL_KIND ? request.warehouseCode.trim() : '';
      const product = request.sku.trim() || `product ${request.productId}`;
      const payload: SerialPayload = {
        productId: request.productId,
        sku: request.sku.trim(),
        name,
        warehouseCode,
      };
      const keys = keysOf.get(request.productId)?.(name);
      if (keys === undefined) throw new OutboxInputError(`productId ${request.productId} was not checked`);
      return Number(
        statements.insert.run({
          kind: request.kind,
          orderKey: keys.orderKey,
          batchKey: serialBatchKey(request.kind, request.productId),
          dependsOn: keys.dependsOn,
          targetId: keys.targetId,
          payload: JSON.stringify(payload),
          description:
            request.kind === ADD_SERIAL_KIND
              ? `Add serial ${name} to ${product} in ${warehouseCode}`
              : `Remove serial ${name} from ${product}`,
          now,
        }).lastInsertRowid,
      );
    }),
  )();
  if (ids.length > 0) signalEnqueued(db);
  return ids;
}

/** Where a queued serial stands, with how it ended (the outcome) and the back office's words. */
export interface SerialOperationState {
  readonly operationId: number;
  readonly state: OperationRow['state'];
  readonly outcome: string | null;
  readonly reasonCode: string | null;
  readonly reasonText: string | null;
}

function prepareStates(db: Database) {
  return db.prepare<[string], Pick<OperationRow, 'id' | 'state' | 'outcome' | 'reason_code' | 'reason_text'>>(
    `SELECT id, state, outcome, reason_code, reason_text FROM outbox_operations
      WHERE id IN (SELECT value FROM json_each(?)) AND kind IN ('${ADD_SERIAL_KIND}', '${DELETE_SERIAL_KIND}')`,
  );
}

/** The states of these serial operations (unknown ids are left out). */
export function serialOperationStates(
  db: Database,
  ids: readonly number[],
): ReadonlyMap<number, SerialOperationState> {
  if (ids.length === 0) return new Map();
  return new Map(
    preparedFor(db, prepareStates)
      .all(JSON.stringify(ids))
      .map((row) => [
        row.id,
        {
          operationId: row.id,
          state: row.state,
          outcome: row.outcome,
          reasonCode: row.reason_code,
          reasonText: row.reason_text,
        },
      ]),
  );
}

/** Part of ProductIdentity.move: the waiting serial rows of local product `from` go to server id `to`. */
export function moveSerialsToServerProduct(db: Database, from: number, to: number): void {
  moveWaitingSerials(db, SERIAL_KINDS, from, to);
}
