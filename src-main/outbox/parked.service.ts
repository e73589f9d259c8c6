// What a person can do with a parked row: send it again (a count line perhaps with another drift
// policy), send it with another figure, or discard it. Each action is recorded with the reason the
// row was parked for, so nothing leaves the queue silently.
import type { Database } from 'better-sqlite3';
import { Refusal } from '../refusal/refusal.js';
import { isDriftPolicy, type DriftPolicy } from './core/drift.js';
import { operationById } from './core/operation-lookup.js';
import type { OperationRow } from './core/operation-types.js';
import { signalEnqueued } from './core/enqueue-signal.js';
import { parkedStatements, type OutboxActionRow } from './parked.repository.js';

/** A person's action on a row that cannot take it: no such row, a row not parked, or a bad figure. */
export class ParkedActionError extends Refusal {
  override name = 'ParkedActionError';
}

/** Sends it again as it is; a count line may get another drift policy (the person's answer to "ask"). */
export function retryParked(db: Database, id: number, options: { readonly policy?: DriftPolicy } = {}): void {
  if (options.policy !== undefined && !isDriftPolicy(options.policy)) {
    throw new ParkedActionError('invalid-arguments', `Unknown drift policy ${String(options.policy)}`);
  }
  act(db, id, 'retry', (row, now) => {
    if (options.policy && row.change !== 'count')
      throw new ParkedActionError('invalid-arguments', 'Only count lines have a drift policy');
    parkedStatements(db).retry.run({ id, policy: options.policy ?? null, now });
    return options.policy ? `policy ${options.policy}` : '';
  });
}

/** Sends a stock line with another figure (a count line then sets exactly that figure). */
export function editParkedValue(db: Database, id: number, value: number): void {
  if (!Number.isFinite(value) || value < 0)
    throw new ParkedActionError('invalid-arguments', 'The figure must be a number ≥ 0');
  act(db, id, 'edit', (row, now) => {
    if (row.change === null)
      throw new ParkedActionError('invalid-arguments', `A ${row.kind} operation has no figure to edit`);
    parkedStatements(db).edit.run({ id, value, now });
    return `value ${row.value} → ${value}`;
  });
}

/** The person decided it must not be sent (or found it already applied): kept as history, never sent. */
export function discardParked(db: Database, id: number, note = ''): void {
  act(db, id, 'discard', (_row, now) => {
    parkedStatements(db).discard.run({ id, now });
    return note;
  });
}

export function actionsOf(db: Database, id: number): OutboxActionRow[] {
  return parkedStatements(db).actions.all(id);
}

function act(
  db: Database,
  id: number,
  action: string,
  apply: (row: OperationRow, now: number) => string,
): void {
  db.transaction(() => {
    const row = operationById(db, id);
    if (!row) throw new ParkedActionError('not-found', `No outbox operation ${id}`);
    if (row.state !== 'parked')
      throw new ParkedActionError('conflict', `Operation ${id} is ${row.state}, not parked`, {
        reason: 'not-parked',
      });
    const now = Date.now();
    const note = apply(row, now);
    const detail = JSON.stringify({ parkedFor: { code: row.reason_code, text: row.reason_text }, note });
    parkedStatements(db).action.run({ id, action, detail, now });
  }).immediate();
  signalEnqueued(db);
}
