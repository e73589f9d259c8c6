// Shelves during a count (issue 24, decision 0021; migration 0025). Scanning a shelf label writes an
// `enter` visit; the counter's current shelf is their latest one in the session (so a restart keeps
// it), and each scan, set or adjust they make is stored with it (`count_events.shelf_code`). A line's
// figure is still its events' (count-line-figure.ts); what sits on each shelf follows the same rule,
// shelf by shelf: scans and adjusts add to their shelf, a set makes the line exactly its figure on its
// shelf (superseding every shelf, as it supersedes every counter), a merge brings the resolved code's
// shelves. So the shelves of a line always add up to the line, and the commit sends that sum once.
import type { Database } from 'better-sqlite3';
import type { CallValue, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import { normaliseScannedCode } from '../../src-shared/barcode/index.js';
import { preparedFor } from '../db/statements.js';
import type { Shelves } from '../shelves/shelves.js';
import { checkedCounter, roundQuantity } from './count-quantity.js';
import type { EventKind, LineRow, SessionRow } from './count-session.repository.js';
import { existingSession, openSession, type CountingContext } from './counting-context.js';
import { CountingError } from './counting-errors.js';

type ShelfInCount = CallValue<'counting.enterShelf'>;
type ShelfReview = CallValue<'counting.shelfReview'>;
type ShelfReviewLine = ShelfReview['noShelf'][number];

interface ShelfEventRow {
  readonly line_id: number;
  readonly kind: EventKind;
  readonly quantity: number;
  readonly merged_line_id: number | null;
  readonly shelf_code: string | null;
}

/** Units per shelf (null: no shelf). */
type ShelfParts = Map<string | null, number>;

function prepare(db: Database) {
  return {
    current: db.prepare<[string, string], { shelf_code: string }>(`
      SELECT shelf_code FROM count_shelf_visits
      WHERE session_id = ? AND counter = ? AND kind = 'enter' ORDER BY id DESC LIMIT 1`),
    visit: db.prepare<[string, string, string, string, number]>(
      'INSERT INTO count_shelf_visits (session_id, counter, shelf_code, kind, at) VALUES (?, ?, ?, ?, ?)',
    ),
    hasVisit: db.prepare<[string, string, string, string], { id: number }>(
      'SELECT id FROM count_shelf_visits WHERE session_id = ? AND counter = ? AND shelf_code = ? AND kind = ? LIMIT 1',
    ),
    visited: db.prepare<[string], { shelf_code: string; empty: number }>(`
      SELECT shelf_code, max(kind = 'empty') AS empty FROM count_shelf_visits
      WHERE session_id = ? GROUP BY shelf_code`),
    linesOnShelf: db.prepare<[string, string], { line_id: number }>(`
      SELECT DISTINCT line_id FROM count_events WHERE session_id = ? AND shelf_code = ? AND undone_at IS NULL`),
    liveEvents: db.prepare<[string], ShelfEventRow>(`
      SELECT line_id, kind, quantity, merged_line_id, shelf_code FROM count_events
      WHERE session_id = ? AND undone_at IS NULL ORDER BY id`),
    liveEventsOfLine: db.prepare<[number], ShelfEventRow>(`
      SELECT line_id, kind, quantity, merged_line_id, shelf_code FROM count_events
      WHERE line_id = ? AND undone_at IS NULL ORDER BY id`),
    lines: db.prepare<[string], LineRow>('SELECT * FROM count_lines WHERE session_id = ? ORDER BY id'),
  };
}

export class CountShelves {
  readonly #context: CountingContext;
  readonly #shelves: Shelves;

  constructor(context: CountingContext, shelves: Shelves) {
    this.#context = context;
    this.#shelves = shelves;
  }

  get #statements() {
    return preparedFor(this.#context.db, prepare);
  }

  /** The shelf code the counter's next event is on (inside the caller's transaction), or null. */
  currentCode(sessionId: string, counter: string): string | null {
    return this.#statements.current.get(sessionId, counter)?.shelf_code ?? null;
  }

  enterShelf(args: ParsedCallArgs<'counting.enterShelf'>): ShelfInCount {
    const counter = checkedCounter(args.counter);
    return this.#context.db
      .transaction(() => {
        const session = openSession(this.#context, args.sessionId);
        const shelf = this.#shelfOf(session, args.code);
        this.#statements.visit.run(session.id, counter, shelf.code, 'enter', this.#context.now());
        return this.#inCount(session, shelf.code, shelf.name);
      })
      .immediate();
  }

  currentShelf(args: ParsedCallArgs<'counting.currentShelf'>): ShelfInCount | null {
    const session = existingSession(this.#context, args.sessionId);
    const code = this.currentCode(session.id, checkedCounter(args.counter));
    if (code === null) return null;
    // A shelf forgotten since is still where the counter is: its name is then the code.
    return this.#inCount(session, code, this.#shelves.find(session.warehouse_code, code)?.name ?? code);
  }

  confirmShelfEmpty(args: ParsedCallArgs<'counting.confirmShelfEmpty'>): ShelfInCount {
    const counter = checkedCounter(args.counter);
    return this.#context.db
      .transaction(() => {
        const session = openSession(this.#context, args.sessionId);
        const shelf = this.#shelfOf(session, args.code);
        const held = this.#linesHolding(session.id, shelf.code);
        if (held > 0) {
          throw new CountingError(
            'shelf-not-empty',
            `${held} ${held === 1 ? 'line holds' : 'lines hold'} units counted on ${shelf.code} in this count: undo or set them first`,
          );
        }
        this.#statements.visit.run(session.id, counter, shelf.code, 'empty', this.#context.now());
        return this.#inCount(session, shelf.code, shelf.name);
      })
      .immediate();
  }

  shelfReview({ sessionId }: ParsedCallArgs<'counting.shelfReview'>): ShelfReview {
    const session = existingSession(this.#context, sessionId);
    const lines = new Map(this.#statements.lines.all(session.id).map((line) => [line.id, line]));
    const byLine = new Map<number, ShelfEventRow[]>();
    for (const event of this.#statements.liveEvents.all(session.id)) {
      const list = byLine.get(event.line_id);
      if (list === undefined) byLine.set(event.line_id, [event]);
      else list.push(event);
    }
    const parts = partsOfLines(byLine);
    const rowsByShelf = new Map<string | null, ShelfReviewLine[]>();
    for (const line of lines.values()) {
      // Resolved and removed codes' units count on their product's line (or nowhere).
      if (line.kind === 'unknown' && line.unknown_state !== 'open') continue;
      for (const [shelf, counted] of parts(line.id)) {
        if (counted === 0) continue;
        const row = reviewLine(line, counted);
        const list = rowsByShelf.get(shelf);
        if (list === undefined) rowsByShelf.set(shelf, [row]);
        else list.push(row);
      }
    }
    const visits = new Map(
      this.#statements.visited.all(session.id).map((row) => [row.shelf_code, row.empty]),
    );
    const known = this.#shelves.list({ warehouseCode: session.warehouse_code });
    const names = new Map(known.map((shelf) => [shelf.code, shelf.name]));
    const shelfCodes = [...new Set([...visits.keys(), ...rowsByShelf.keys()])]
      .filter((code): code is string => code !== null)
      .sort();
    return {
      shelves: shelfCodes.map((code) => {
        const rows = (rowsByShelf.get(code) ?? []).sort(bySkuThenCode);
        return {
          code,
          name: names.get(code) ?? code,
          emptyConfirmed: visits.get(code) === 1,
          lines: rows.length,
          rows,
        };
      }),
      noShelf: (rowsByShelf.get(null) ?? []).sort(bySkuThenCode),
      notVisited: known
        .filter((shelf) => !visits.has(shelf.code) && !rowsByShelf.has(shelf.code))
        .map(({ code, name }) => ({ code, name })),
    };
  }

  /** Each line's units per shelf now, for a count file's export (count-merge-shelves.ts). */
  linePartsOf(sessionId: string): (lineId: number) => ReadonlyMap<string | null, number> {
    const byLine = new Map<number, ShelfEventRow[]>();
    for (const event of this.#statements.liveEvents.all(sessionId)) {
      const list = byLine.get(event.line_id);
      if (list === undefined) byLine.set(event.line_id, [event]);
      else list.push(event);
    }
    return partsOfLines(byLine);
  }

  /** One line's units per shelf now (a live member sends them with each change of the line). */
  partsOfLine(lineId: number): ReadonlyMap<string | null, number> {
    return partsOfLines(this.#eventsOfLines([lineId]))(lineId);
  }

  /** The shelves a session visited, and those confirmed empty (a count file carries both). */
  visitsOf(sessionId: string): { readonly visited: string[]; readonly empty: string[] } {
    const rows = this.#statements.visited.all(sessionId);
    return {
      visited: rows.map((row) => row.shelf_code).sort(),
      empty: rows
        .filter((row) => row.empty === 1)
        .map((row) => row.shelf_code)
        .sort(),
    };
  }

  /** A merged source's visit, recorded once under its counter (inside the caller's transaction). */
  recordMergedVisit(sessionId: string, counter: string, code: string, kind: 'enter' | 'empty'): void {
    if (this.#statements.hasVisit.get(sessionId, counter, code, kind) !== undefined) return;
    this.#statements.visit.run(sessionId, counter, code, kind, this.#context.now());
  }

  /** Whether the warehouse has the shelf on this PC. */
  knows(warehouseCode: string, code: string): boolean {
    return this.#shelves.find(warehouseCode, code) !== undefined;
  }

  #shelfOf(session: SessionRow, rawCode: string): { code: string; name: string } {
    const shelf = this.#shelves.find(session.warehouse_code, rawCode);
    if (shelf === undefined) {
      throw new CountingError(
        'unknown-shelf',
        `${session.warehouse_code} has no shelf ${normaliseScannedCode(rawCode)}: add it on the shelves page`,
      );
    }
    return shelf;
  }

  /** Lines with units on the shelf now (their events replayed by the shelf rule). */
  #linesHolding(sessionId: string, shelfCode: string): number {
    const lineIds = this.#statements.linesOnShelf.all(sessionId, shelfCode).map((row) => row.line_id);
    const parts = partsOfLines(this.#eventsOfLines(lineIds));
    return lineIds.filter((lineId) => {
      const line = this.#context.repository.line(lineId);
      if (line?.kind === 'unknown' && line.unknown_state !== 'open') return false;
      return (parts(lineId).get(shelfCode) ?? 0) !== 0;
    }).length;
  }

  /** The live events of the lines and of the lines merged into them. */
  #eventsOfLines(lineIds: readonly number[]): Map<number, ShelfEventRow[]> {
    const byLine = new Map<number, ShelfEventRow[]>();
    const load = (lineId: number): void => {
      if (byLine.has(lineId)) return;
      const events = this.#statements.liveEventsOfLine.all(lineId);
      byLine.set(lineId, events);
      for (const event of events) if (event.merged_line_id !== null) load(event.merged_line_id);
    };
    lineIds.forEach(load);
    return byLine;
  }

  #inCount(session: SessionRow, code: string, name: string): ShelfInCount {
    const emptyConfirmed = this.#statements.visited
      .all(session.id)
      .some((row) => row.shelf_code === code && row.empty === 1);
    return { code, name, emptyConfirmed, lines: this.#linesHolding(session.id, code) };
  }
}

/** Each line's units per shelf, by the rule above (memoised: a merge reads its resolved line's). */
function partsOfLines(byLine: ReadonlyMap<number, readonly ShelfEventRow[]>): (lineId: number) => ShelfParts {
  const memo = new Map<number, ShelfParts>();
  const partsOf = (lineId: number): ShelfParts => {
    const known = memo.get(lineId);
    if (known !== undefined) return known;
    let parts: ShelfParts = new Map();
    const add = (shelf: string | null, quantity: number) =>
      parts.set(shelf, roundQuantity((parts.get(shelf) ?? 0) + quantity));
    for (const event of byLine.get(lineId) ?? []) {
      switch (event.kind) {
        case 'set':
          parts = new Map([[event.shelf_code, event.quantity]]);
          break;
        case 'scan':
        case 'adjust':
          add(event.shelf_code, event.quantity);
          break;
        case 'merge':
          if (event.merged_line_id !== null) {
            for (const [shelf, quantity] of partsOf(event.merged_line_id)) add(shelf, quantity);
          }
          break;
      }
    }
    memo.set(lineId, parts);
    return parts;
  };
  return partsOf;
}

function reviewLine(line: LineRow, counted: number): ShelfReviewLine {
  return {
    lineId: line.id,
    kind: line.kind,
    sku: line.sku ?? '',
    name: line.name ?? '',
    code: line.kind === 'unknown' ? line.code : null,
    counted,
    lineCounted: line.counted,
    recounted: line.recounted ?? null,
  };
}

function bySkuThenCode(a: ShelfReviewLine, b: ShelfReviewLine): number {
  return a.sku.localeCompare(b.sku) || (a.code ?? '').localeCompare(b.code ?? '') || a.lineId - b.lineId;
}
