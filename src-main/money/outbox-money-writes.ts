// MoneyWrites on the outbox as it stands before issue 10's write machinery lands: AddIncome goes through
// the existing income kind (it drains for real); the other kinds are queued under the names the new
// machinery gives them and wait for it. Standings are read from the operations table.
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import { enqueueIncome } from '../outbox/index.js';
import { insertDocument } from '../outbox/operation.repository.js';
import { signalEnqueued } from '../outbox/enqueue-signal.js';
import { isOneOf, OPERATION_STATES } from '../../src-shared/domain/vocabulary.js';
import type { MoneyWriteRequest, MoneyWrites, QueuedWrite, WriteStanding } from './money-writes.js';

interface StandingRow {
  id: number;
  state: string;
  result_figure: number | null;
  finished_at: number | null;
}

function prepareAll(db: Database) {
  return {
    standing: db.prepare<[number], StandingRow>(
      'SELECT id, state, result_figure, finished_at FROM outbox_operations WHERE id = ?',
    ),
  };
}

export function outboxMoneyWrites(db: Database): MoneyWrites {
  return {
    enqueue(request: MoneyWriteRequest): QueuedWrite {
      if (request.kind === 'addIncome') {
        const queued = enqueueIncome(db, { body: request.body });
        return { operationId: queued.operationId, uniqueNumber: queued.uniquenumber };
      }
      const keyed = request.kind === 'addExpense' || request.kind === 'addMoneyTransfer';
      const uniqueNumber = keyed ? randomUUID().replaceAll('-', '') : null;
      const key = keyed
        ? `${request.kind}:${uniqueNumber}`
        : `${request.kind}:${'serverId' in request.target ? request.target.serverId : `after-${request.target.afterOperation}`}`;
      const operationId = insertDocument(db, {
        kind: request.kind,
        orderKey: key,
        batchKey: key,
        payload: JSON.stringify(request),
        uniqueNumber,
        now: Date.now(),
      });
      signalEnqueued(db);
      return { operationId, uniqueNumber };
    },

    standings(operationIds) {
      const { standing } = preparedFor(db, prepareAll);
      const found = new Map<number, WriteStanding>();
      for (const id of operationIds) {
        const row = standing.get(id);
        if (!row || !isOneOf(OPERATION_STATES, row.state)) continue;
        found.set(id, { state: row.state, serverId: row.result_figure, finishedAt: row.finished_at });
      }
      return found;
    },
  };
}
