// All SQL of count sessions, lines and events (migration 0004). Statements are prepared once; every
// value is bound. Callers own the transactions: the service wraps each user action in one.
import type { Database, Statement } from 'better-sqlite3';

export interface SessionRow {
  readonly id: string;
  readonly name: string;
  readonly warehouse_code: string;
  readonly blind: 0 | 1;
  readonly drift_policy: string;
  readonly state: string;
  readonly created_at: number;
  readonly closed_at: number | null;
  readonly not_counted: string | null;
  readonly outbox_operation_ids: string | null;
  /** Migration 0006: who started it (null before), and its scope's kind. */
  readonly started_by: string | null;
  readonly scope_kind: string;
  /** Exported to be committed on another PC (migration 0006); null otherwise. */
  readonly handed_over_at: number | null;
}

export interface ProgressRow {
  readonly session_id: string;
  readonly lines_counted: number;
  readonly units: number | null;
  readonly unknown_codes: number;
}

export interface LineRow {
  readonly id: number;
  readonly session_id: string;
  readonly kind: 'product' | 'unknown';
  readonly product_id: number | null;
  readonly sku: string | null;
  readonly barcode: string | null;
  readonly name: string | null;
  readonly unittext: string | null;
  readonly purchase_price: number | null;
  readonly counted_against: number | null;
  readonly counted_against_at: number | null;
  /** The expected figure when the session was committed (migration 0005); NULL before. */
  readonly expected_at_commit: number | null;
  /** Migration 0006: marked for a blind recount (when), its figure and who, which count is sent. */
  readonly recount_requested_at: number | null;
  readonly recounted: number | null;
  readonly recounted_by: string | null;
  readonly recount_use: 'first' | 'recount' | null;
  readonly origin: string;
  readonly code: string | null;
  readonly unknown_state: string | null;
  readonly resolved_product_id: number | null;
  readonly counted: number;
  readonly scans: number;
  readonly live_events: number;
  readonly first_at: number;
  readonly last_at: number;
}

export type EventKind = 'scan' | 'adjust' | 'set' | 'merge';

export interface EventRow {
  readonly id: number;
  readonly line_id: number;
  readonly counter: string;
  readonly kind: EventKind;
  readonly quantity: number;
  readonly merged_line_id: number | null;
}

export interface NewProductLine {
  readonly sessionId: string;
  readonly productId: number;
  readonly sku: string;
  readonly barcode: string;
  readonly name: string;
  readonly unittext: string;
  readonly purchasePrice: number;
  readonly countedAgainst: number;
  readonly origin: 'counter' | 'notCountedAsZero';
  readonly at: number;
}

export interface NewEvent {
  readonly sessionId: string;
  readonly lineId: number;
  readonly counter: string;
  readonly kind: EventKind;
  readonly quantity: number;
  readonly code: string | null;
  readonly mergedLineId: number | null;
  readonly at: number;
  /** Migration 0025: the shelf the counter was on (null: none). */
  readonly shelfCode?: string | null;
}

const SESSION_COLUMNS = `id, name, warehouse_code, blind, drift_policy, state, created_at, closed_at,
  not_counted, outbox_operation_ids, started_by, scope_kind, handed_over_at`;

const EVENT_COLUMNS = 'id, line_id, counter, kind, quantity, merged_line_id';

const PROGRESS = `
  SELECT session_id,
         count(*) FILTER (WHERE kind = 'product' AND live_events > 0) AS lines_counted,
         total(counted) FILTER (WHERE kind = 'product' AND live_events > 0) AS units,
         count(*) FILTER (WHERE kind = 'unknown' AND unknown_state = 'open' AND live_events > 0) AS unknown_codes
  FROM count_lines`;

export class CountSessionRepository {
  readonly #insertSession: Statement<[SessionRow]>;
  readonly #session: Statement<[string], SessionRow>;
  readonly #sessions: Statement<[], SessionRow>;
  readonly #sessionsInState: Statement<[string], SessionRow>;
  readonly #progress: Statement<[string], ProgressRow>;
  readonly #progressAll: Statement<[], ProgressRow>;
  readonly #closeSession: Statement<[string, number, string | null, string | null, string]>;
  readonly #line: Statement<[number], LineRow>;
  readonly #productLine: Statement<[string, number], LineRow>;
  readonly #unknownLine: Statement<[string, string], LineRow>;
  readonly #lines: Statement<[string], LineRow>;
  readonly #linesLastFirst: Statement<[string], LineRow>;
  readonly #discardUnknownLine: Statement<[number]>;
  readonly #handOver: Statement<[number, string]>;
  readonly #insertProductLine: Statement<[NewProductLine], LineRow>;
  readonly #insertUnknownLine: Statement<[{ sessionId: string; code: string; at: number }], LineRow>;
  readonly #addEventToLine: Statement<[number, number, number, number], LineRow>;
  readonly #retakeSnapshot: Statement<[number, number, number]>;
  readonly #markNotCountedAsZero: Statement<[number, number, number]>;
  readonly #freezeExpected: Statement<[number, number]>;
  readonly #setDerived: Statement<[number, number, number, number], LineRow>;
  readonly #insertEvent: Statement<[NewEvent], { id: number }>;
  readonly #lastLiveEvent: Statement<[string, string], EventRow>;
  readonly #markUndone: Statement<[number, number]>;
  readonly #liveEventsOfLine: Statement<[number], EventRow>;
  readonly #markResolved: Statement<[number, number]>;
  readonly #discardOpenUnknown: Statement<[string]>;

  constructor(db: Database) {
    this.#insertSession = db.prepare(`
      INSERT INTO count_sessions (${SESSION_COLUMNS})
      VALUES (@id, @name, @warehouse_code, @blind, @drift_policy, @state, @created_at, @closed_at,
              @not_counted, @outbox_operation_ids, @started_by, @scope_kind, @handed_over_at)`);
    this.#session = db.prepare(`SELECT ${SESSION_COLUMNS} FROM count_sessions WHERE id = ?`);
    this.#sessions = db.prepare(`SELECT ${SESSION_COLUMNS} FROM count_sessions ORDER BY created_at DESC, id`);
    this.#sessionsInState = db.prepare(
      `SELECT ${SESSION_COLUMNS} FROM count_sessions WHERE state = ? ORDER BY created_at DESC, id`,
    );
    this.#progress = db.prepare(`${PROGRESS} WHERE session_id = ?`);
    this.#progressAll = db.prepare(`${PROGRESS} GROUP BY session_id`);
    this.#closeSession = db.prepare(`
      UPDATE count_sessions SET state = ?, closed_at = ?, not_counted = ?, outbox_operation_ids = ?
      WHERE id = ? AND state = 'open'`);
    this.#line = db.prepare(`SELECT * FROM count_lines WHERE id = ?`);
    this.#productLine = db.prepare(
      `SELECT * FROM count_lines WHERE session_id = ? AND kind = 'product' AND product_id = ?`,
    );
    this.#unknownLine = db.prepare(
      `SELECT * FROM count_lines WHERE session_id = ? AND kind = 'unknown' AND code = ?`,
    );
    this.#lines = db.prepare(`SELECT * FROM count_lines WHERE session_id = ? ORDER BY id`);
    this.#linesLastFirst = db.prepare(
      `SELECT * FROM count_lines WHERE session_id = ? ORDER BY last_at DESC, id DESC`,
    );
    this.#handOver = db.prepare(
      `UPDATE count_sessions SET handed_over_at = ? WHERE id = ? AND state = 'open' AND handed_over_at IS NULL`,
    );
    this.#discardUnknownLine = db.prepare(`
      UPDATE count_lines SET unknown_state = 'discarded'
      WHERE id = ? AND kind = 'unknown' AND unknown_state = 'open'`);
    this.#insertProductLine = db.prepare(`
      INSERT INTO count_lines (session_id, kind, product_id, sku, barcode, name, unittext, purchase_price,
                               counted_against, counted_against_at, origin, first_at, last_at)
      VALUES (@sessionId, 'product', @productId, @sku, @barcode, @name, @unittext, @purchasePrice,
              @countedAgainst, @at, @origin, @at, @at)
      RETURNING *`);
    this.#insertUnknownLine = db.prepare(`
      INSERT INTO count_lines (session_id, kind, code, unknown_state, first_at, last_at)
      VALUES (@sessionId, 'unknown', @code, 'open', @at, @at)
      RETURNING *`);
    this.#addEventToLine = db.prepare(`
      UPDATE count_lines
      SET counted = ?, scans = scans + ?, live_events = live_events + 1, last_at = ?
      WHERE id = ?
      RETURNING *`);
    this.#retakeSnapshot = db.prepare(
      `UPDATE count_lines SET counted_against = ?, counted_against_at = ? WHERE id = ?`,
    );
    this.#markNotCountedAsZero = db.prepare(`
      UPDATE count_lines SET origin = 'notCountedAsZero', counted_against = ?, counted_against_at = ?
      WHERE id = ? AND kind = 'product'`);
    this.#freezeExpected = db.prepare(
      `UPDATE count_lines SET expected_at_commit = ? WHERE id = ? AND kind = 'product'`,
    );
    this.#setDerived = db.prepare(`
      UPDATE count_lines SET counted = ?, scans = ?, live_events = ? WHERE id = ? RETURNING *`);
    this.#insertEvent = db.prepare(`
      INSERT INTO count_events (session_id, line_id, counter, kind, quantity, code, merged_line_id, at, shelf_code)
      VALUES (@sessionId, @lineId, @counter, @kind, @quantity, @code, @mergedLineId, @at, @shelfCode)
      RETURNING id`);
    this.#lastLiveEvent = db.prepare(`
      SELECT ${EVENT_COLUMNS} FROM count_events
      WHERE session_id = ? AND counter = ? AND undone_at IS NULL AND kind <> 'merge'
      ORDER BY id DESC LIMIT 1`);
    this.#markUndone = db.prepare(`UPDATE count_events SET undone_at = ? WHERE id = ? AND undone_at IS NULL`);
    this.#liveEventsOfLine = db.prepare(`
      SELECT ${EVENT_COLUMNS} FROM count_events
      WHERE line_id = ? AND undone_at IS NULL ORDER BY id`);
    this.#markResolved = db.prepare(`
      UPDATE count_lines SET unknown_state = 'resolved', resolved_product_id = ?
      WHERE id = ? AND kind = 'unknown' AND unknown_state = 'open'`);
    this.#discardOpenUnknown = db.prepare(`
      UPDATE count_lines SET unknown_state = 'discarded'
      WHERE session_id = ? AND kind = 'unknown' AND unknown_state = 'open' AND live_events > 0`);
  }

  insertSession(row: SessionRow): void {
    this.#insertSession.run(row);
  }

  session(id: string): SessionRow | undefined {
    return this.#session.get(id);
  }

  sessions(state?: string): SessionRow[] {
    return state === undefined ? this.#sessions.all() : this.#sessionsInState.all(state);
  }

  progress(sessionId: string): ProgressRow | undefined {
    return this.#progress.get(sessionId);
  }

  progressOfAll(): Map<string, ProgressRow> {
    return new Map(this.#progressAll.all().map((row) => [row.session_id, row]));
  }

  /** Moves an open session to committed or discarded; false when it was not open any more. */
  closeSession(
    id: string,
    state: 'committed' | 'discarded',
    at: number,
    notCounted: string | null,
    operationIds: readonly number[] | null,
  ): boolean {
    const ids = operationIds === null ? null : JSON.stringify(operationIds);
    return this.#closeSession.run(state, at, notCounted, ids, id).changes === 1;
  }

  line(lineId: number): LineRow | undefined {
    return this.#line.get(lineId);
  }

  productLine(sessionId: string, productId: number): LineRow | undefined {
    return this.#productLine.get(sessionId, productId);
  }

  unknownLine(sessionId: string, code: string): LineRow | undefined {
    return this.#unknownLine.get(sessionId, code);
  }

  lines(sessionId: string): LineRow[] {
    return this.#lines.all(sessionId);
  }

  /** The line changed last first (ties: the newer line first). */
  linesLastFirst(sessionId: string): LineRow[] {
    return this.#linesLastFirst.all(sessionId);
  }

  /** The session was exported to be committed on another PC: it can no longer change here. */
  handOver(sessionId: string, at: number): void {
    this.#handOver.run(at, sessionId);
  }

  /** An open unknown-code line's units are dropped; false when it was not open. */
  discardUnknownLine(lineId: number): boolean {
    return this.#discardUnknownLine.run(lineId).changes === 1;
  }

  insertProductLine(line: NewProductLine): LineRow {
    return required(this.#insertProductLine.get(line), 'product line');
  }

  insertUnknownLine(sessionId: string, code: string, at: number): LineRow {
    return required(this.#insertUnknownLine.get({ sessionId, code, at }), 'unknown-code line');
  }

  /** Counts one more live event on the line, with the line's new figure (computed by the caller). */
  addEventToLine(lineId: number, counted: number, scansAdded: number, at: number): LineRow {
    return required(this.#addEventToLine.get(counted, scansAdded, at, lineId), 'line update');
  }

  retakeSnapshot(lineId: number, countedAgainst: number, at: number): void {
    this.#retakeSnapshot.run(countedAgainst, at, lineId);
  }

  /** A line the commit counts as 0 because nobody counted the product: its snapshot is taken now. */
  markNotCountedAsZero(lineId: number, countedAgainst: number, at: number): void {
    this.#markNotCountedAsZero.run(countedAgainst, at, lineId);
  }

  /** The commit records what the line was compared with at that moment (the review shows it for good). */
  freezeExpected(lineId: number, expected: number): void {
    this.#freezeExpected.run(expected, lineId);
  }

  setDerived(lineId: number, counted: number, scans: number, liveEvents: number): LineRow {
    return required(this.#setDerived.get(counted, scans, liveEvents, lineId), 'line update');
  }

  insertEvent(event: NewEvent): number {
    return required(this.#insertEvent.get({ ...event, shelfCode: event.shelfCode ?? null }), 'scan event').id;
  }

  lastLiveEvent(sessionId: string, counter: string): EventRow | undefined {
    return this.#lastLiveEvent.get(sessionId, counter);
  }

  markUndone(eventId: number, at: number): void {
    this.#markUndone.run(at, eventId);
  }

  liveEventsOfLine(lineId: number): EventRow[] {
    return this.#liveEventsOfLine.all(lineId);
  }

  markResolved(lineId: number, productId: number): void {
    this.#markResolved.run(productId, lineId);
  }

  discardOpenUnknownLines(sessionId: string): number {
    return this.#discardOpenUnknown.run(sessionId).changes;
  }
}

function required<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new Error(`The ${what} was not written`);
  return row;
}
