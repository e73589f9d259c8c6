// Shelves in a merged count (issue 24, decision 0021; migration 0027). A count file of version 2
// carries each product's units per shelf and the shelves its session visited or confirmed empty. A
// merge moves a source's part of a line shelf by shelf: what the source had on each shelf is kept in
// `count_merge_shelves`, so only the differences are added, as `adjust` events on their shelf, and a
// second merge of the same file changes nothing. A figure with no shelves (a version 1 file, a live
// member) is all on no shelf, as before.
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { isShelfCode, MAX_SHELF_CODE_LENGTH } from '../../src-shared/barcode/index.js';
import { preparedFor } from '../db/statements.js';
import { roundQuantity } from './count-quantity.js';

/** '' in the table is "no shelf" (a primary key cannot hold null). */
const NO_SHELF = '';

const shelfCode = z
  .string()
  .max(MAX_SHELF_CODE_LENGTH)
  .refine((code) => isShelfCode(code) && code === code.trim().toUpperCase(), 'not a shelf code');

/** A line's units per shelf in a count file (null: on no shelf). */
export const fileShelfPartsSchema = z
  .array(z.object({ shelf: shelfCode.nullable(), counted: z.number().min(0).max(1_000_000_000) }))
  .max(1_000);

/** The shelves a file's session visited and confirmed empty. */
export const fileShelfVisitsSchema = z.object({
  visited: z.array(shelfCode).max(10_000),
  empty: z.array(shelfCode).max(10_000),
});

export type FileShelfParts = z.output<typeof fileShelfPartsSchema>;
/** Units per shelf (null: no shelf). */
export type ShelfParts = ReadonlyMap<string | null, number>;

/** Whether a line's shelf parts hold each shelf once and add up to its figure; else what is wrong. */
export function shelfPartsProblem(parts: FileShelfParts, counted: number): string | undefined {
  const shelves = new Set(parts.map((part) => part.shelf));
  if (shelves.size !== parts.length) return 'a shelf is listed twice';
  const sum = roundQuantity(parts.reduce((total, part) => total + part.counted, 0));
  if (sum !== roundQuantity(counted)) return `its shelves hold ${sum}, not ${counted}`;
  return undefined;
}

/** A figure's parts: its shelves, or all of it on no shelf. */
export function partsOfFigure(counted: number, shelves: FileShelfParts | undefined): ShelfParts {
  if (shelves === undefined) return new Map([[null, counted]]);
  return new Map(shelves.filter((part) => part.counted !== 0).map((part) => [part.shelf, part.counted]));
}

/**
 * This PC's own part of a line per shelf for an export: the line's shelves less each merged source's.
 * Undefined when a shelf would come out below zero (a later `set` moved units a source had put on
 * another shelf): the file then carries the line's own figure on no shelf, never an invented split.
 */
export function ownParts(line: ShelfParts, merged: ShelfParts): FileShelfParts | undefined {
  const own = new Map(line);
  for (const [shelf, counted] of merged) own.set(shelf, roundQuantity((own.get(shelf) ?? 0) - counted));
  const parts: FileShelfParts = [];
  for (const [shelf, counted] of own) {
    if (counted < 0) return undefined;
    if (counted > 0) parts.push({ shelf, counted });
  }
  return parts.sort((a, b) => (a.shelf ?? '').localeCompare(b.shelf ?? ''));
}

/** Per shelf, what moves from `before` to `after` (increases first, so a line never dips below zero). */
export function shelfDeltas(
  before: ShelfParts,
  after: ShelfParts,
): Array<{ shelf: string | null; delta: number }> {
  const shelves = new Set([...before.keys(), ...after.keys()]);
  const deltas = [...shelves]
    .map((shelf) => ({ shelf, delta: roundQuantity((after.get(shelf) ?? 0) - (before.get(shelf) ?? 0)) }))
    .filter((entry) => entry.delta !== 0);
  return deltas.sort((a, b) => b.delta - a.delta || (a.shelf ?? '').localeCompare(b.shelf ?? ''));
}

interface PartRow {
  readonly product_id: number;
  readonly shelf_code: string;
  readonly counted: number;
}

function prepare(db: Database) {
  return {
    ofSource: db.prepare<[string, string, number], PartRow>(
      `SELECT product_id, shelf_code, counted FROM count_merge_shelves
        WHERE session_id = ? AND source_session = ? AND product_id = ?`,
    ),
    ofSession: db.prepare<[string], PartRow>(
      'SELECT product_id, shelf_code, counted FROM count_merge_shelves WHERE session_id = ?',
    ),
    clear: db.prepare<[string, string, number]>(
      'DELETE FROM count_merge_shelves WHERE session_id = ? AND source_session = ? AND product_id = ?',
    ),
    insert: db.prepare<[string, string, number, string, number]>(
      `INSERT INTO count_merge_shelves (session_id, source_session, product_id, shelf_code, counted)
       VALUES (?, ?, ?, ?, ?)`,
    ),
  };
}

/** What each merged source holds per shelf, kept beside `count_merges`. */
export class MergedShelfParts {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  get #statements() {
    return preparedFor(this.#db, prepare);
  }

  /** A source's parts of a product; `total` (its `count_merges` figure) on no shelf when none are kept. */
  of(sessionId: string, sourceSession: string, productId: number, total: number): ShelfParts {
    const rows = this.#statements.ofSource.all(sessionId, sourceSession, productId);
    if (rows.length === 0) return new Map(total === 0 ? [] : [[null, total]]);
    return new Map(rows.map((row) => [row.shelf_code === NO_SHELF ? null : row.shelf_code, row.counted]));
  }

  record(sessionId: string, sourceSession: string, productId: number, parts: ShelfParts): void {
    this.#statements.clear.run(sessionId, sourceSession, productId);
    for (const [shelf, counted] of parts) {
      if (counted > 0)
        this.#statements.insert.run(sessionId, sourceSession, productId, shelf ?? NO_SHELF, counted);
    }
  }

  /**
   * All sources' parts per product in a session, summed. `totals` are the products' merged figures
   * (`count_merges`): a source merged before migration 0027 has a figure and no parts, on no shelf.
   */
  bySession(sessionId: string, totals: ReadonlyMap<number, number>): Map<number, ShelfParts> {
    const result = new Map<number, Map<string | null, number>>();
    for (const row of this.#statements.ofSession.all(sessionId)) {
      const parts = result.get(row.product_id) ?? new Map<string | null, number>();
      const shelf = row.shelf_code === NO_SHELF ? null : row.shelf_code;
      parts.set(shelf, roundQuantity((parts.get(shelf) ?? 0) + row.counted));
      result.set(row.product_id, parts);
    }
    for (const [productId, total] of totals) {
      const parts = result.get(productId) ?? new Map<string | null, number>();
      const kept = [...parts.values()].reduce((sum, value) => sum + value, 0);
      const legacy = roundQuantity(total - kept);
      if (legacy > 0) parts.set(null, roundQuantity((parts.get(null) ?? 0) + legacy));
      result.set(productId, parts);
    }
    return result;
  }
}
