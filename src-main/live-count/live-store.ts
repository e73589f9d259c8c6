// The SQL of a live count, both sides (tables: migration 0022-live-count).
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import type { LiveChange, MemberState } from './live-protocol.js';

export interface HostRow {
  readonly session_id: string;
  readonly server_setup: string;
  readonly ended_at: number | null;
}

export interface MemberRow {
  readonly host_session_id: string;
  readonly member_id: string;
  readonly label: string;
  readonly registration_record: string;
  readonly member_session_id: string | null;
  readonly applied_seq: number;
  readonly reported_seq: number;
  readonly state: MemberState;
  readonly joined_at: number;
  readonly last_seen_at: number;
  /** The join attempt the member named (migration 0030); null for members that joined before it. */
  readonly join_attempt: string | null;
}

export interface MembershipRow {
  readonly session_id: string;
  readonly host_address: string;
  readonly host_session_id: string;
  readonly host_label: string;
  readonly member_id: string;
  readonly member_secret: string;
  readonly acked_seq: number;
  readonly closing_at: number | null;
  readonly final_at: number | null;
}

function prepare(db: Database) {
  return {
    host: db.prepare<[string], HostRow>(
      `SELECT session_id, server_setup, ended_at FROM live_count_hosts WHERE session_id = ?`,
    ),
    insertHost: db.prepare<[string, string, number]>(
      `INSERT INTO live_count_hosts (session_id, server_setup, opened_at) VALUES (?, ?, ?)`,
    ),
    member: db.prepare<[string, string], MemberRow>(
      `SELECT * FROM live_count_members WHERE host_session_id = ? AND member_id = ?`,
    ),
    members: db.prepare<[string], MemberRow>(
      `SELECT * FROM live_count_members WHERE host_session_id = ? ORDER BY joined_at, member_id`,
    ),
    insertMember: db.prepare<[string, string, string, string, string, number, number]>(
      `INSERT INTO live_count_members
         (host_session_id, member_id, label, registration_record, join_attempt, joined_at, last_seen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    memberByAttempt: db.prepare<[string, string], MemberRow>(
      `SELECT * FROM live_count_members WHERE host_session_id = ? AND join_attempt = ?`,
    ),
    /** A join tried again: the row's new secret (the lost welcome's never reached its member). */
    rewelcome: db.prepare<[string, string, number, string, string]>(
      `UPDATE live_count_members SET registration_record = ?, label = ?, last_seen_at = ?
        WHERE host_session_id = ? AND member_id = ?`,
    ),
    attachMember: db.prepare<[string, string, number, string, string]>(
      `UPDATE live_count_members SET member_session_id = ?, label = ?, last_seen_at = ?
        WHERE host_session_id = ? AND member_id = ?`,
    ),
    progress: db.prepare<[number, number, number, string, string]>(
      `UPDATE live_count_members SET applied_seq = ?, reported_seq = max(reported_seq, ?), last_seen_at = ?
        WHERE host_session_id = ? AND member_id = ?`,
    ),
    state: db.prepare<[MemberState, string, string]>(
      `UPDATE live_count_members SET state = ? WHERE host_session_id = ? AND member_id = ?`,
    ),
    releaseIfMerged: db.prepare<[string, string, string, string]>(
      `UPDATE live_count_members SET state = 'released'
        WHERE host_session_id = ? AND member_id = ? AND state NOT IN ('final', 'released')
          AND EXISTS (SELECT 1 FROM count_merges WHERE session_id = ? AND source_session = ?)`,
    ),
    closeAll: db.prepare<[string]>(
      `UPDATE live_count_members SET state = 'closing' WHERE host_session_id = ? AND state = 'joined'`,
    ),
    membership: db.prepare<[string], MembershipRow>(
      `SELECT * FROM live_count_memberships WHERE session_id = ?`,
    ),
    insertMembership: db.prepare<[string, string, string, string, string, string, number]>(
      `INSERT INTO live_count_memberships
         (session_id, host_address, host_session_id, host_label, member_id, member_secret, joined_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    acked: db.prepare<[number, string]>(
      `UPDATE live_count_memberships SET acked_seq = max(acked_seq, ?) WHERE session_id = ?`,
    ),
    closing: db.prepare<[number, string]>(
      `UPDATE live_count_memberships SET closing_at = ? WHERE session_id = ? AND closing_at IS NULL`,
    ),
    handOver: db.prepare<[number, string]>(
      `UPDATE count_sessions SET handed_over_at = ? WHERE id = ? AND state = 'open' AND handed_over_at IS NULL`,
    ),
    final: db.prepare<[number, string]>(
      `UPDATE live_count_memberships SET final_at = ? WHERE session_id = ? AND final_at IS NULL`,
    ),
    latest: db
      .prepare<[string], number>(`SELECT COALESCE(MAX(seq), 0) FROM live_count_changes WHERE session_id = ?`)
      .pluck(),
    changesAfter: db.prepare<[string, number, number], ChangeRow>(
      `SELECT c.seq, c.product_id AS productId, c.code, c.line_id AS lineId, c.shelf_code AS shelf, c.visit,
              l.sku, l.barcode, l.name, l.unittext, l.purchase_price AS purchaseprice
         FROM live_count_changes c LEFT JOIN count_lines l ON l.id = c.line_id
        WHERE c.session_id = ? AND c.seq > ? ORDER BY c.seq LIMIT ?`,
    ),
    snapshotLines: db.prepare<[string]>(
      `INSERT INTO live_count_changes (session_id, seq, product_id, line_id, counted)
       SELECT session_id, row_number() OVER (ORDER BY id), product_id, id, counted
         FROM count_lines WHERE session_id = ? AND kind = 'product' AND counted <> 0`,
    ),
  };
}

/**
 * A row of `changesAfter`: a product's change, a code's (product_id NULL, migration 0028), or a shelf
 * visit (no line, migration 0029).
 */
export interface ChangeRow {
  readonly seq: number;
  readonly productId: number | null;
  readonly code: string | null;
  readonly lineId: number | null;
  readonly shelf: string | null;
  readonly visit: 'enter' | 'empty' | null;
  readonly sku: string | null;
  readonly barcode: string | null;
  readonly name: string | null;
  readonly unittext: string | null;
  readonly purchaseprice: number | null;
}

/** A line's figure and units per shelf as they are now (CountingService.memberLineNow). */
export type LineNow = (
  lineId: number,
) => { counted: number; shelves: Array<{ shelf: string | null; counted: number }> } | undefined;

/**
 * The message for a change row. A line's change carries the line as it is when sent, not as it was
 * at the change: never older than the change, and a later one's figure may arrive early under an
 * earlier sequence. A figure is absolute, so the host's part is always one the member had, and after
 * the last sequence it is the member's figure now, shelf by shelf.
 */
export function toLiveChange(row: ChangeRow, lineNow: LineNow): LiveChange {
  if (row.visit !== null) return { kind: 'visit', seq: row.seq, shelf: row.shelf ?? '', visit: row.visit };
  const now = (row.lineId === null ? undefined : lineNow(row.lineId)) ?? { counted: 0, shelves: [] };
  if (row.productId === null) {
    return { kind: 'unknown', seq: row.seq, code: row.code ?? '', ...now };
  }
  return {
    seq: row.seq,
    productId: row.productId,
    sku: row.sku ?? '',
    barcode: row.barcode ?? '',
    name: row.name ?? '',
    unittext: row.unittext ?? '',
    purchaseprice: row.purchaseprice ?? 0,
    ...now,
  };
}

export type LiveStatements = ReturnType<typeof prepare>;

export function liveStatements(db: Database): LiveStatements {
  return preparedFor(db, prepare);
}
