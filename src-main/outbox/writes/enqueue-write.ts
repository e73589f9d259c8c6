// Queueing a write of the table, and reading back where queued writes stand. Synchronous; inside the
// caller's own db.transaction it runs as a savepoint, so the caller's local record and its outbox row
// are stored together or not at all.
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { endpoints } from '../../../src-shared/api/endpoints/index.js';
import { describeIssues } from '../../../src-shared/api/issues.js';
import { body as bodyField } from '../../../src-shared/api/wire.js';
import { toSatang } from '../../../src-shared/money/index.js';
import { preparedFor } from '../../db/statements.js';
import { Refusal } from '../../refusal.js';
import { signalEnqueued } from '../enqueue-signal.js';
import { documentKey } from '../operation-keys.js';
import type { OperationRow, OperationState } from '../operation-types.js';
import type {
  PaymentFields,
  PaymentTarget,
  QueuedWrite,
  WriteMark,
  WriteOperationState,
  WriteRequest,
} from './write-request.js';
import { writeTable } from './write-table.js';

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
  throw new Refusal('invalid-arguments', message, field ? { issues: [{ path: field, message }] } : {});
}

/**
 * Queues one write. Keyed creates get their `uniquenumber` here, stored with the row, so every resend
 * after any failure or restart carries the same key. Payments are checked (amount > 0, a method, a
 * date yyyy-MM-dd HH:mm) and bound to their record: a server id, or the create they wait for.
 * Throws a Refusal ('invalid-arguments') before storing anything when the request is not sendable.
 */
export function enqueueWrite(db: Database, request: WriteRequest): QueuedWrite {
  const queued = db.transaction(() => insertWrite(db, request, Date.now()))();
  signalEnqueued(db);
  return queued;
}

function insertWrite(db: Database, request: WriteRequest, now: number): QueuedWrite {
  switch (request.kind) {
    case 'addIncome':
      return insertKeyedCreate(db, request, writeTable.addIncome.describe(request.body), now);
    case 'addExpense':
      return insertKeyedCreate(db, request, writeTable.addExpense.describe(request.body), now);
    case 'addMoneyTransfer':
      return insertKeyedCreate(db, request, writeTable.addMoneyTransfer.describe(request.body), now);
    case 'incomePayment':
    case 'expensePayment':
      return insertPayment(db, request, now);
    case 'addQuotation':
      return insertKeyedCreate(db, request, writeTable.addQuotation.describe(request.body), now);
  }
}

function insertKeyedCreate(
  db: Database,
  request: Extract<WriteRequest, { kind: 'addIncome' | 'addExpense' | 'addMoneyTransfer' | 'addQuotation' }>,
  tableWording: string,
  now: number,
): QueuedWrite {
  const { endpoint } = writeTable[request.kind];
  const checked = endpoints[endpoint].body.safeParse(request.body);
  if (!checked.success) {
    refuse(`${endpoint} refused: ${describeIssues(checked.error, request.body, 'body')}`);
  }
  const uniqueNumber = randomUUID().replaceAll('-', '');
  const key = documentKey(request.kind, uniqueNumber);
  const id = statements(db).insert.run({
    kind: request.kind,
    orderKey: key,
    batchKey: key,
    payload: JSON.stringify(request.body),
    uniqueNumber,
    description: descriptionOf(request.describe, () => tableWording),
    dependsOn: null,
    targetId: null,
    now,
  }).lastInsertRowid;
  return { operationId: Number(id), uniqueNumber };
}

function insertPayment(
  db: Database,
  request: Extract<WriteRequest, { kind: 'incomePayment' | 'expensePayment' }>,
  now: number,
): QueuedWrite {
  const row = writeTable[request.kind];
  const payment = checkPayment(request.payment);
  const target = resolveTarget(db, request.kind, request.target);
  const id = statements(db).insert.run({
    kind: request.kind,
    orderKey: target.orderKey,
    batchKey: JSON.stringify([request.kind, randomUUID()]),
    payload: JSON.stringify({ payment }),
    uniqueNumber: null,
    description: descriptionOf(request.describe, () => row.describe(payment, target.recordText)),
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
 * A server id: ordered with every other write on that record. A create queued here: ordered after it
 * (its order key), with its server id at once when it is already done.
 */
function resolveTarget(
  db: Database,
  kind: 'incomePayment' | 'expensePayment',
  target: PaymentTarget,
): ResolvedTarget {
  const row = writeTable[kind];
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
  const create = statements(db).byId.get(target.afterOperation);
  if (!create || create.kind !== row.after) {
    return refuse(
      `target.afterOperation ${target.afterOperation} is not a queued ${row.after}`,
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
