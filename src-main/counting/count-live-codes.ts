// A live member's unknown code on the host (decision 0013, migration 0028): the member's part of the
// code becomes its figure, as `CountMerge.applySourceFigure` does for a product, recorded per
// (member, code) in `live_count_member_codes` so a change applied again adds nothing.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import { recordLineEvent } from './count-lines.service.js';
import { roundQuantity } from './count-quantity.js';
import type { SessionRow } from './count-session.repository.js';
import type { CountingContext } from './counting-context.js';

function prepare(db: Database) {
  return {
    one: db
      .prepare<[string, string, string], number>(
        `SELECT counted FROM live_count_member_codes WHERE session_id = ? AND source_session = ? AND code = ?`,
      )
      .pluck(),
    upsert: db.prepare<[string, string, string, string, number, number]>(
      `INSERT INTO live_count_member_codes (session_id, source_session, source_label, code, counted, merged_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (session_id, source_session, code) DO UPDATE SET
         source_label = excluded.source_label, counted = excluded.counted, merged_at = excluded.merged_at`,
    ),
    /** Events on the line that are not a live member's (the host's own scans, sets, adjusts). */
    ownEvents: db
      .prepare<[number], number>(
        `SELECT count(*) FROM count_events WHERE line_id = ? AND undone_at IS NULL AND counter NOT LIKE '(live: %'`,
      )
      .pluck(),
    setState: db.prepare<['open' | 'discarded', number]>(
      `UPDATE count_lines SET unknown_state = ? WHERE id = ? AND kind = 'unknown' AND unknown_state <> 'resolved'`,
    ),
    ofSession: db.prepare<[string], { code: string; source_label: string; counted: number }>(
      `SELECT code, source_label, counted FROM live_count_member_codes
        WHERE session_id = ? AND counted <> 0 ORDER BY code, source_label`,
    ),
  };
}

/**
 * Makes `source`'s part of `code` on the open session `counted`: the difference goes as an `adjust`
 * by `counter` onto the host's line of the code — its unknown line (made if missing), or the product
 * it was resolved to here. False when the part is unchanged. Runs inside the caller's transaction.
 */
export function applyMemberCode(
  context: CountingContext,
  session: SessionRow,
  source: { readonly sessionId: string; readonly label: string },
  counter: string,
  change: { readonly code: string; readonly counted: number },
): boolean {
  const statements = preparedFor(context.db, prepare);
  const before = statements.one.get(session.id, source.sessionId, change.code) ?? 0;
  const delta = roundQuantity(change.counted - before);
  if (delta === 0) return false;
  const { repository } = context;
  const at = context.now();
  const unknown =
    repository.unknownLine(session.id, change.code) ??
    repository.insertUnknownLine(session.id, change.code, at);
  const resolvedTo =
    unknown.unknown_state === 'resolved' && unknown.resolved_product_id !== null
      ? repository.productLine(session.id, unknown.resolved_product_id)
      : undefined;
  // A line only members filled follows them: it leaves the list (discarded) when their parts are all
  // 0 — a member resolved the code — so it does not hold the host's commit, and opens again on a
  // member's new units. A line the host counted or discarded itself stays the host's to decide.
  const membersOnly = resolvedTo === undefined && statements.ownEvents.get(unknown.id) === 0;
  if (membersOnly && unknown.unknown_state === 'discarded' && delta > 0) {
    statements.setState.run('open', unknown.id);
  }
  const line = resolvedTo ?? unknown;
  const expected =
    line.kind === 'product' && line.product_id !== null
      ? context.expected.of(session.warehouse_code, line.product_id)
      : undefined;
  const recorded = recordLineEvent(context, session, line, expected, {
    counter: counter.slice(0, 64),
    kind: 'adjust',
    quantity: delta,
    code: change.code,
    at,
  });
  statements.upsert.run(session.id, source.sessionId, source.label, change.code, change.counted, at);
  if (membersOnly && recorded.counted === 0) statements.setState.run('discarded', unknown.id);
  return true;
}

/** Each member's part of each code on the host's session (its unknown-codes list says who). */
export function memberCodes(
  db: Database,
  sessionId: string,
): Array<{ code: string; source_label: string; counted: number }> {
  return preparedFor(db, prepare).ofSession.all(sessionId);
}
