// Queueing a write of the table, and reading back where queued writes stand. Synchronous; inside the
// caller's own db.transaction it runs as a savepoint, so the caller's local record and its outbox row
// are stored together or not at all.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { endpoints } from '../../../src-shared/api/endpoints/index.js';
import { describeIssues } from '../../../src-shared/api/issues.js';
import { body as bodyField } from '../../../src-shared/api/wire.js';
import { toSatang } from '../../../src-shared/money/index.js';
import { buildRequest, type RawCallArgs } from '../../backoffice/request-builder.js';
import { preparedFor } from '../../db/statements.js';
import { Refusal } from '../../refusal/refusal.js';
import { signalEnqueued } from '../core/enqueue-signal.js';
import { documentKey } from '../core/operation-keys.js';
import type { OperationRow, OperationState } from '../core/operation-types.js';
import type { PaymentFields } from './finance-readback.js';
import type {
  QueuedWrite,
  WriteMark,
  WriteOperationState,
  WriteRequest,
  WriteTarget,
} from './write-request.js';
import type {
  KeyedCreateRow,
  KeylessCreateRow,
  RecordWriteRow,
  StoredUpload,
  WriteRow,
} from './write-rows.js';
import { writeTable, type WriteKind } from './write-table.js';

const DESCRIPTION_LIMIT = 500;

function prepareAll(db: Database) {
  return {
    insert: db.prepare<{
      kind: string;
      orderKey: string;
      batchKey: string;
      payload: string;
      uniqueNumber: string | null;
      description: string;
      dependsOn: number | null;
      targetId: number | null;
      now: number;
    }>(
      `INSERT INTO outbox_operations
           (kind, order_key, batch_key, payload, unique_number, description, depends_on, target_id,
            created_at, updated_at)
         VALUES (@kind, @orderKey, @batchKey, @payload, @uniqueNumber, @description, @dependsOn, @targetId,
                 @now, @now)`,
    ),
    byId: db.prepare<[number], OperationRow>(`SELECT * FROM outbox_operations WHERE id = ?`),
    states: db.prepare<[string], OperationRow & { waiting_state: OperationState | null }>(
      `SELECT o.*, c.state AS waiting_state FROM outbox_operations o
         LEFT JOIN outbox_operations c ON c.id = o.depends_on
        WHERE o.id IN (SELECT value FROM json_each(?)) ORDER BY o.id`,
    ),
  };
}

function statements(db: Database) {
  return preparedFor(db, prepareAll);
}

/** A write refused before anything is stored, naming what was wrong. */
function refuse(message: string, field?: string): never {
  throw field ? Refusal.field(field, message, undefined, message) : new Refusal('invalid-arguments', message);
}

/**
 * Queues one write. Keyed creates get their `uniquenumber` here, stored with the row, so every resend
 * after any failure or restart carries the same key. Payments are checked (amount > 0, a method, a
 * date yyyy-MM-dd HH:mm) and bound to their record: a server id, or the create they wait for.
 * Throws a Refusal ('invalid-arguments') before storing anything when the request is not sendable.
 */
export function enqueueWrite(db: Database, request: WriteRequest): QueuedWrite {
  // Immediate: it reads (the create a write waits for) before it writes, and a deferred transaction
  // whose read lock cannot become a write lock fails at once, busy timeout or not.
  const queued = db.transaction(() => insertWrite(db, request, Date.now())).immediate();
  signalEnqueued(db);
  return queued;
}

function insertWrite(db: Database, request: WriteRequest, now: number): QueuedWrite {
  const row = writeTable[request.kind] as WriteRow;
  if ('body' in request) {
    if (row.shape !== 'keyedCreate' && row.shape !== 'keylessCreate') {
      return refuse(`${request.kind} is not a create`, 'kind');
    }
    return insertCreate(db, request.kind, row, request.body, request.describe, now);
  }
  if (row.shape !== 'absoluteChange' && row.shape !== 'delta') {
    return refuse(`${request.kind} is a create: it takes a body`, 'kind');
  }
  return insertRecordWrite(db, request, row, now);
}

function insertCreate(
  db: Database,
  kind: WriteKind,
  row: KeyedCreateRow | KeylessCreateRow,
  body: unknown,
  describe: string | undefined,
  now: number,
): QueuedWrite {
  const checked = endpoints[row.endpoint].body.safeParse(body);
  if (!checked.success) {
    refuse(`${row.endpoint} refused: ${describeIssues(checked.error, body, 'body')}`);
  }
  // A keyed create's key is fixed now, so every resend carries it; a keyless create's order key only
  // has to be its own.
  const uniqueNumber = row.shape === 'keyedCreate' ? randomUUID().replaceAll('-', '') : null;
  const key = documentKey(kind, uniqueNumber ?? randomUUID());
  const id = statements(db).insert.run({
    kind,
    orderKey: key,
    batchKey: key,
    payload: JSON.stringify(checked.data),
    uniqueNumber,
    description: descriptionOf(describe, () => row.describe(checked.data)),
    dependsOn: null,
    targetId: null,
    now,
  }).lastInsertRowid;
  return { operationId: Number(id), ...(uniqueNumber === null ? {} : { uniqueNumber }) };
}

function insertRecordWrite(
  db: Database,
  request: Extract<WriteRequest, { target: WriteTarget }>,
  row: RecordWriteRow,
  now: number,
): QueuedWrite {
  const args = checkArgs(row, request.args);
  const target = resolveTarget(db, row, request.target);
  const id = statements(db).insert.run({
    kind: request.kind,
    orderKey: target.orderKey,
    batchKey: JSON.stringify([request.kind, randomUUID()]),
    payload: JSON.stringify({
      args,
      ...('number' in request.target ? { number: request.target.number } : {}),
    }),
    uniqueNumber: null,
    description: descriptionOf(request.describe, () => row.describe(args, target.recordText)),
    dependsOn: target.dependsOn,
    targetId: target.targetId,
    now,
  }).lastInsertRowid;
  return { operationId: Number(id) };
}

function descriptionOf(given: string | undefined, fallback: () => string): string {
  const text = given?.trim() ?? '';
  if (text.length > DESCRIPTION_LIMIT) {
    refuse(`describe must be at most ${DESCRIPTION_LIMIT} characters`, 'describe');
  }
  return text === '' ? fallback() : text;
}

/**
 * The arguments checked exactly as the client will check them before sending (query as text, body,
 * header lists), plus what the back office does not check for payments (an amount of at least 0.01,
 * a method); an upload's stored file must be there. What is stored is what was given, as JSON.
 */
function checkArgs(row: RecordWriteRow, given: unknown): Record<string, unknown> {
  const args = { ...((typeof given === 'object' && given !== null ? given : {}) as Record<string, unknown>) };
  if (row.endpoint === 'UpdateIncomePayment' || row.endpoint === 'UpdateExpensePayment') {
    args.query = checkPayment((args.query ?? {}) as PaymentFields);
  }
  const definition = endpoints[row.endpoint];
  if (definition.upload) checkUpload(args.file);
  const { file, ...rest } = args as RawCallArgs & { file?: StoredUpload };
  const built = buildRequest(
    definition,
    CHECK_BASE,
    { ...rest, id: 1, ...(file ? { file: { fileName: file.fileName, data: new Uint8Array() } } : {}) },
    true,
  );
  if (!built.ok) refuse(`${row.endpoint} refused: ${built.text}`);
  return args;
}

/** Only to build a request for its checks; nothing is sent there. */
const CHECK_BASE = new URL('http://127.0.0.1/');

function checkUpload(file: unknown): asserts file is StoredUpload {
  const stored = (typeof file === 'object' && file !== null ? file : {}) as Partial<StoredUpload>;
  for (const field of ['path', 'fileName', 'type'] as const) {
    if (typeof stored[field] !== 'string' || stored[field].trim() === '') {
      refuse(`file.${field} is required`, `file.${field}`);
    }
  }
  if (!existsSync(stored.path ?? '')) refuse(`file.path ${stored.path} does not exist`, 'file.path');
}

const paymentDate = bodyField.datetime();

function checkPayment(payment: PaymentFields): PaymentFields {
  const amount = payment.paymentamount;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || toSatang(amount) <= 0) {
    refuse('paymentamount must be a number of at least 0.01', 'paymentamount');
  }
  const method = typeof payment.paymentmethod === 'string' ? payment.paymentmethod.trim() : '';
  if (method === '') refuse('paymentmethod is required', 'paymentmethod');
  if (payment.paymentdate !== undefined) {
    const date = paymentDate.safeParse(payment.paymentdate);
    if (!date.success)
      refuse(`paymentdate ${date.error.issues[0]?.message ?? 'is not valid'}`, 'paymentdate');
  }
  return {
    paymentamount: amount,
    paymentmethod: method,
    ...(payment.paymentdate === undefined ? {} : { paymentdate: payment.paymentdate }),
  };
}

interface ResolvedTarget {
  readonly orderKey: string;
  readonly dependsOn: number | null;
  readonly targetId: number | null;
  readonly recordText: string;
}

/**
 * A server id or a number: ordered with every other write on that record. A create queued here:
 * ordered after it (its order key), with its server id at once when it is already done.
 */
function resolveTarget(db: Database, row: RecordWriteRow, target: WriteTarget): ResolvedTarget {
  if ('serverId' in target) {
    if (!Number.isSafeInteger(target.serverId) || target.serverId <= 0) {
      refuse('target.serverId must be a whole number ≥ 1', 'target.serverId');
    }
    return {
      orderKey: JSON.stringify([row.record, 'id', target.serverId]),
      dependsOn: null,
      targetId: target.serverId,
      recordText: `${row.record} #${target.serverId}`,
    };
  }
  if ('number' in target) {
    const number = typeof target.number === 'string' ? target.number.trim() : '';
    if (endpoints[row.endpoint].parent !== 'idOrNumber') {
      refuse(`${row.endpoint} names its ${row.record} by id only`, 'target.number');
    }
    if (number === '') refuse('target.number is required', 'target.number');
    return {
      orderKey: JSON.stringify([row.record, 'number', number]),
      dependsOn: null,
      targetId: null,
      recordText: `${row.record} ${number}`,
    };
  }
  const create = statements(db).byId.get(target.afterOperation);
  if (!create || !row.after.includes(create.kind)) {
    return refuse(
      `target.afterOperation ${target.afterOperation} is not a queued ${row.after.join(' or ')}`,
      'target.afterOperation',
    );
  }
  if (create.state === 'discarded') {
    return refuse(
      `The ${row.record} of operation ${create.id} was discarded; it will never exist`,
      'target.afterOperation',
    );
  }
  return {
    orderKey: create.order_key,
    dependsOn: create.id,
    targetId: create.server_id,
    recordText: `${row.record} made on this PC (${create.description ?? `operation ${create.id}`})`,
  };
}

/** Where each of these operations stands (unknown ids are left out). */
export function operationStates(db: Database, ids: readonly number[]): WriteOperationState[] {
  return statements(db)
    .states.all(JSON.stringify(ids))
    .map((row) => {
      const waitingFor =
        row.depends_on !== null && row.waiting_state !== null && row.waiting_state !== 'done'
          ? { operationId: row.depends_on, state: row.waiting_state }
          : null;
      return {
        operationId: row.id,
        kind: row.kind,
        state: row.state,
        mark: markOf(row.state, waitingFor?.state),
        serverId: row.server_id ?? row.target_id,
        reasonCode: row.reason_code,
        reasonText: row.reason_text,
        waitingFor,
      };
    });
}

function markOf(state: OperationState, waitingOn: OperationState | undefined): WriteMark {
  if (state === 'done') return 'sent';
  if (state === 'discarded') return 'discarded';
  if (state === 'parked' || waitingOn === 'parked') return 'needsAttention';
  return 'waiting';
}
