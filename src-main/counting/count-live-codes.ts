// A live member's unknown code on the host (decision 0013, migrations 0028 and 0029): the member's part
// of the code becomes its figure, shelf by shelf, as `CountMerge.applySourceFigure` does for a product,
// recorded per (member, code) in `live_count_member_codes` and per shelf in
// `live_count_member_code_shelves`, so a change applied again adds nothing on any shelf.
//
// Where the part sits is chosen when it starts (from 0) and kept while it lasts, so a later change
// takes its units back from where they went: a code the host's catalogue knows (a barcode, an alias or
// a pack) goes to that product's line (× the pack's units); else the host's line of the code — the
// product the host resolved it to, or its unknown line (made if missing: it then holds the commit).
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import { partsOfFigure, shelfDeltas, type FileShelfParts, type ShelfParts } from './count-merge-shelves.js';
import { recordLineEvent } from './count-lines.service.js';
import { roundQuantity } from './count-quantity.js';
import type { LineRow, SessionRow } from './count-session.repository.js';
import { newProductLine, type CountingContext } from './counting-context.js';

/** '' in the table is "no shelf" (a primary key cannot hold null). */
const NO_SHELF = '';

interface PartRow {
  readonly counted: number;
  readonly line_id: number | null;
  readonly units: number;
}

function prepare(db: Database) {
  return {
    one: db.prepare<[string, string, string], PartRow>(
      `SELECT counted, line_id, units FROM live_count_member_codes
        WHERE session_id = ? AND source_session = ? AND code = ?`,
    ),
    upsert: db.prepare<[string, string, string, string, number, number, number, number]>(
      `INSERT INTO live_count_member_codes
         (session_id, source_session, source_label, code, counted, merged_at, line_id, units)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (session_id, source_session, code) DO UPDATE SET
         source_label = excluded.source_label, counted = excluded.counted, merged_at = excluded.merged_at,
         line_id = excluded.line_id, units = excluded.units`,
    ),
    shelves: db.prepare<[string, string, string], { shelf_code: string; counted: number }>(
      `SELECT shelf_code, counted FROM live_count_member_code_shelves
        WHERE session_id = ? AND source_session = ? AND code = ?`,
    ),
    clearShelves: db.prepare<[string, string, string]>(
      `DELETE FROM live_count_member_code_shelves WHERE session_id = ? AND source_session = ? AND code = ?`,
    ),
    insertShelf: db.prepare<[string, string, string, string, number]>(
      `INSERT INTO live_count_member_code_shelves (session_id, source_session, code, shelf_code, counted)
       VALUES (?, ?, ?, ?, ?)`,
    ),
    /** Events on the line that are not a member's (by stream or file): the host's own scans, sets, adjusts. */
    ownEvents: db
      .prepare<[number], number>(
        `SELECT count(*) FROM count_events WHERE line_id = ? AND undone_at IS NULL
            AND counter NOT LIKE '(live: %' AND counter NOT LIKE '(merged from %'`,
      )
      .pluck(),
    setState: db.prepare<['open' | 'discarded', number]>(
      `UPDATE count_lines SET unknown_state = ? WHERE id = ? AND kind = 'unknown' AND unknown_state <> 'resolved'`,
    ),
    /** Parts on an unknown line (those on a product line the catalogue knew are that product's). */
    ofSession: db.prepare<[string], { code: string; source_label: string; counted: number }>(
      `SELECT m.code, m.source_label, m.counted FROM live_count_member_codes m
         LEFT JOIN count_lines l ON l.id = m.line_id
        WHERE m.session_id = ? AND m.counted <> 0 AND (m.line_id IS NULL OR l.kind = 'unknown')
        ORDER BY m.code, m.source_label`,
    ),
    ofSource: db
      .prepare<[string, string], string>(
        `SELECT code FROM live_count_member_codes
          WHERE session_id = ? AND source_session = ? AND counted <> 0 ORDER BY code`,
      )
      .pluck(),
  };
}

/** A member's code and its figure there, with its units per shelf (none: all on no shelf). */
export interface MemberCodeChange {
  readonly code: string;
  readonly counted: number;
  readonly shelves?: FileShelfParts;
}

interface Place {
  /** The line the part is recorded on: the code's unknown line, or a product line the catalogue knew. */
  readonly recorded: LineRow;
  /** Where its units count now (the unknown line, or the product the host resolved it to). */
  readonly target: LineRow;
  readonly units: number;
}

/**
 * Makes `source`'s part of `code` on the open session `counted`, shelf by shelf: the differences go
 * as `adjust` events by `counter` onto the line the part sits on. False when the part is unchanged.
 * Runs inside the caller's transaction.
 */
export function applyMemberCode(
  context: CountingContext,
  session: SessionRow,
  source: { readonly sessionId: string; readonly label: string },
  counter: string,
  change: MemberCodeChange,
): boolean {
  const statements = preparedFor(context.db, prepare);
  const row = statements.one.get(session.id, source.sessionId, change.code);
  const before = row?.counted ?? 0;
  const partsBefore = partsOf(statements.shelves.all(session.id, source.sessionId, change.code), before);
  const partsAfter = partsOfFigure(change.counted, change.shelves);
  const deltas = shelfDeltas(partsBefore, partsAfter);
  if (deltas.length === 0 && roundQuantity(change.counted - before) === 0) return false;
  const at = context.now();
  const place =
    (row !== undefined && before !== 0 ? keptPlace(context, session, change.code, row) : undefined) ??
    freshPlace(context, session, change.code, at);
  const { target } = place;
  const unknown = target.kind === 'unknown' ? target : undefined;
  // A member's new units on a code the host removed bring it back to be decided again; a line only
  // members filled leaves the list (discarded) when their parts are all 0 — a member resolved or
  // removed the code — so it does not hold the host's commit.
  if (unknown?.unknown_state === 'discarded' && deltas.some((entry) => entry.delta > 0)) {
    statements.setState.run('open', unknown.id);
  }
  const expected =
    target.kind === 'product' && target.product_id !== null
      ? context.expected.of(session.warehouse_code, target.product_id)
      : undefined;
  let line = target;
  for (const { shelf, delta } of deltas) {
    line = recordLineEvent(context, session, line, expected, {
      counter: counter.slice(0, 64),
      kind: 'adjust',
      quantity: roundQuantity(delta * place.units),
      code: change.code,
      at,
      shelfCode: shelf,
    });
  }
  statements.upsert.run(
    session.id,
    source.sessionId,
    source.label,
    change.code,
    change.counted,
    at,
    place.recorded.id,
    place.units,
  );
  statements.clearShelves.run(session.id, source.sessionId, change.code);
  for (const [shelf, counted] of partsAfter) {
    if (counted > 0)
      statements.insertShelf.run(session.id, source.sessionId, change.code, shelf ?? NO_SHELF, counted);
  }
  if (unknown !== undefined && line.counted === 0 && statements.ownEvents.get(unknown.id) === 0) {
    statements.setState.run('discarded', unknown.id);
  }
  return true;
}

/** The codes `source` holds units of on the session (a merged file of it sets them to 0). */
export function memberCodesOf(db: Database, sessionId: string, sourceSession: string): string[] {
  return preparedFor(db, prepare).ofSource.all(sessionId, sourceSession);
}

/** Each member's part of each code on the host's unknown lines (its unknown-codes list says who). */
export function memberCodes(
  db: Database,
  sessionId: string,
): Array<{ code: string; source_label: string; counted: number }> {
  return preparedFor(db, prepare).ofSession.all(sessionId);
}

function partsOf(rows: ReadonlyArray<{ shelf_code: string; counted: number }>, total: number): ShelfParts {
  // A part applied before migration 0029 has no shelves: all of it is on no shelf.
  if (rows.length === 0) return new Map(total === 0 ? [] : [[null, total]]);
  return new Map(rows.map((row) => [row.shelf_code === NO_SHELF ? null : row.shelf_code, row.counted]));
}

/** Where a part already sits (a part from before 0029: the code's unknown line), following a resolution. */
function keptPlace(
  context: CountingContext,
  session: SessionRow,
  code: string,
  row: PartRow,
): Place | undefined {
  const { repository } = context;
  const recorded =
    row.line_id === null ? repository.unknownLine(session.id, code) : repository.line(row.line_id);
  if (recorded === undefined) return undefined;
  return { recorded, target: resolvedLine(context, session, recorded), units: row.units };
}

/** Where a part starting now goes: the product the catalogue knows the code as, else the code's line. */
function freshPlace(context: CountingContext, session: SessionRow, code: string, at: number): Place {
  const { repository, lookup, expected } = context;
  const found = lookup.lookupScan(code);
  if (found !== undefined) {
    const { product, alias } = found;
    const line =
      repository.productLine(session.id, product.id) ??
      repository.insertProductLine(
        newProductLine(session.id, product, expected.of(session.warehouse_code, product.id), 'counter', at),
      );
    return { recorded: line, target: line, units: alias === null ? 1 : alias.units };
  }
  const unknown =
    repository.unknownLine(session.id, code) ?? repository.insertUnknownLine(session.id, code, at);
  return { recorded: unknown, target: resolvedLine(context, session, unknown), units: 1 };
}

function resolvedLine(context: CountingContext, session: SessionRow, line: LineRow): LineRow {
  if (line.kind !== 'unknown' || line.unknown_state !== 'resolved' || line.resolved_product_id === null)
    return line;
  return context.repository.productLine(session.id, line.resolved_product_id) ?? line;
}
