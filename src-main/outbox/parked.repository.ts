// SQL of the person actions on parked rows, and their audit trail.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import type { DriftPolicy } from './core/drift.js';

function prepareAll(db: Database) {
  return {
    retry: db.prepare<{ id: number; policy: DriftPolicy | null; now: number }>(
      `UPDATE outbox_operations
          SET state = 'pending', policy = coalesce(@policy, policy), reason_code = NULL, reason_text = NULL,
              sent_target = NULL, server_before = NULL, next_attempt_at = NULL, updated_at = @now
        WHERE id = @id AND state = 'parked'`,
    ),
    edit: db.prepare<{ id: number; value: number; now: number }>(
      `UPDATE outbox_operations
          SET state = 'pending', value = @value,
              policy = CASE WHEN change = 'count' THEN 'keepCounted' ELSE policy END,
              reason_code = NULL, reason_text = NULL, sent_target = NULL, server_before = NULL,
              next_attempt_at = NULL, updated_at = @now
        WHERE id = @id AND state = 'parked'`,
    ),
    discard: db.prepare<{ id: number; now: number }>(
      `UPDATE outbox_operations
          SET state = 'discarded', outcome = 'discarded', next_attempt_at = NULL, updated_at = @now, finished_at = @now
        WHERE id = @id AND state = 'parked'`,
    ),
    action: db.prepare<{ id: number; action: string; detail: string; now: number }>(
      `INSERT INTO outbox_actions (operation_id, action, detail, at) VALUES (@id, @action, @detail, @now)`,
    ),
    actions: db.prepare<[number], OutboxActionRow>(
      `SELECT operation_id, action, detail, at FROM outbox_actions WHERE operation_id = ? ORDER BY id`,
    ),
  };
}

export interface OutboxActionRow {
  readonly operation_id: number;
  readonly action: string;
  readonly detail: string;
  readonly at: number;
}

export function parkedStatements(db: Database) {
  return preparedFor(db, prepareAll);
}
