// The queue-wide switches: paused for a person (auth/config failures) and held until a time (quota).
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';

export interface QueueControl {
  readonly paused: boolean;
  readonly pauseCode: string | null;
  readonly pauseText: string | null;
  readonly pausedAt: number | null;
  /** No request before this time (epoch ms); 0 when not held. */
  readonly holdUntil: number;
  readonly holdReason: string | null;
}

interface ControlRow {
  readonly paused: number;
  readonly pause_code: string | null;
  readonly pause_text: string | null;
  readonly paused_at: number | null;
  readonly hold_until: number;
  readonly hold_reason: string | null;
}

function prepareAll(db: Database) {
  return {
    read: db.prepare<[], ControlRow>(
      'SELECT paused, pause_code, pause_text, paused_at, hold_until, hold_reason FROM outbox_control WHERE id = 1',
    ),
    pause: db.prepare<[string, string, number]>(
      'UPDATE outbox_control SET paused = 1, pause_code = ?, pause_text = ?, paused_at = ? WHERE id = 1',
    ),
    resume: db.prepare<[]>(
      `UPDATE outbox_control
          SET paused = 0, pause_code = NULL, pause_text = NULL, paused_at = NULL, hold_until = 0, hold_reason = NULL
        WHERE id = 1`,
    ),
    hold: db.prepare<[number, string]>(
      'UPDATE outbox_control SET hold_until = max(hold_until, ?), hold_reason = ? WHERE id = 1',
    ),
  };
}

function statements(db: Database) {
  return preparedFor(db, prepareAll);
}

export function readControl(db: Database): QueueControl {
  const row = statements(db).read.get();
  if (!row) throw new Error('The outbox control row is missing (migration 0003 not applied?)');
  return {
    paused: row.paused === 1,
    pauseCode: row.pause_code,
    pauseText: row.pause_text,
    pausedAt: row.paused_at,
    holdUntil: row.hold_until,
    holdReason: row.hold_reason,
  };
}

export function pauseQueue(db: Database, code: string, text: string, now: number): void {
  statements(db).pause.run(code, text, now);
}

/** A person resumed the queue: the pause and any quota hold end. Returns whether it was paused. */
export function resumeQueue(db: Database): boolean {
  const wasPaused = readControl(db).paused;
  statements(db).resume.run();
  return wasPaused;
}

export function holdQueue(db: Database, until: number, reason: string): void {
  statements(db).hold.run(until, reason);
}
