// The keyword indexes of the windowed copies: money_records_search and money_transfers_search
// (migration 0009), quotations_search (0017), FTS5 trigram tables with the copy's tables as external
// content, written by explicit statements in the repositories' own transactions (as product_search,
// decision 0009).
// A keyword of 3 characters or more becomes its trigrams, all required: every row holding the keyword
// as a substring matches, so the index only narrows the rows and instr() keeps the meaning exact.
import type { Database, Statement } from 'better-sqlite3';
import { trigramQuery } from '../db/trigram-query.js';

/** Every keyword index built this way: money's, and the quotation copy's. */
export type KeywordSearchTable = 'money_records_search' | 'money_transfers_search' | 'quotations_search';

/**
 * Above this many candidates the index stops paying: each candidate costs a lookup of its wide row (about
 * 2.5 µs, twice: page and totals), while scanning the covering list index costs about 3 ms per
 * statement whatever the keyword (measured on 50,000 records; decision 0014).
 */
export const MAX_INDEXED_CANDIDATES = 1_000;

/**
 * The keyword's SQL condition on a table with `id` and `search_text`, with its parameters. `indexed`:
 * the rows come from the trigram index (the caller keeps SQLite from scanning another index instead);
 * otherwise every row of the list index is tested. Both keep exactly the rows holding the keyword.
 */
export function keywordCondition(
  table: KeywordSearchTable,
  keyword: string,
  indexed: boolean,
): { condition: string; params: unknown[] } {
  const query = indexed ? trigramQuery(keyword) : null;
  if (query === null) return { condition: 'instr(search_text, ?) > 0', params: [keyword] };
  return {
    condition: `id IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?) AND instr(search_text, ?) > 0`,
    params: [query, keyword],
  };
}

/**
 * The keyword's SQL condition over candidates already read from the index (`candidateIds`): one MATCH
 * serves every statement of a page (its rows and its totals); instr() keeps exactly the rows holding it.
 */
export function candidateCondition(
  candidateIds: readonly number[],
  keyword: string,
): { condition: string; params: unknown[] } {
  return {
    condition: 'id IN (SELECT value FROM json_each(?)) AND instr(search_text, ?) > 0',
    params: [JSON.stringify(candidateIds), keyword],
  };
}

export class KeywordIndex {
  readonly #insert: Statement<[number, string]>;
  readonly #remove: Statement<[number, string]>;
  readonly #rebuild: Statement;
  readonly #check: Statement;
  readonly #candidates: Statement<[string, number], { n: number }>;
  readonly #candidateIds: Statement<[string, number], { id: number }>;

  constructor(db: Database, table: KeywordSearchTable) {
    this.#candidates = db.prepare(
      `SELECT count(*) AS n FROM (SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ?)`,
    );
    this.#candidateIds = db.prepare(`SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ? LIMIT ?`);
    this.#insert = db.prepare(`INSERT INTO ${table} (rowid, search_text) VALUES (?, ?)`);
    this.#remove = db.prepare(`INSERT INTO ${table} (${table}, rowid, search_text) VALUES ('delete', ?, ?)`);
    this.#rebuild = db.prepare(`INSERT INTO ${table} (${table}) VALUES ('rebuild')`);
    this.#check = db.prepare(`INSERT INTO ${table} (${table}, rank) VALUES ('integrity-check', 1)`);
  }

  /** True when the index narrows this keyword to few enough rows to read them one by one. */
  narrows(keyword: string): boolean {
    const query = trigramQuery(keyword);
    if (query === null) return false;
    const found = this.#candidates.get(query, MAX_INDEXED_CANDIDATES + 1)?.n ?? 0;
    return found <= MAX_INDEXED_CANDIDATES;
  }

  /**
   * The rows the index gives for this keyword (a superset of those holding it), or null when it does
   * not narrow it: too short for a trigram, or more candidates than pay to read one by one.
   */
  candidates(keyword: string): number[] | null {
    const query = trigramQuery(keyword);
    if (query === null) return null;
    const ids = this.#candidateIds.all(query, MAX_INDEXED_CANDIDATES + 1).map((row) => row.id);
    return ids.length <= MAX_INDEXED_CANDIDATES ? ids : null;
  }

  add(id: number, searchText: string): void {
    this.#insert.run(id, searchText);
  }

  /** `searchText` must be what the row was indexed with (its value before the change). */
  drop(id: number, searchText: string): void {
    this.#remove.run(id, searchText);
  }

  /** Writes a row's new text over its old one; nothing when the text did not change. */
  replace(id: number, before: string, after: string): void {
    if (before === after) return;
    this.drop(id, before);
    this.add(id, after);
  }

  rebuild(): void {
    this.#rebuild.run();
  }

  /** Throws (SQLITE_CORRUPT_VTAB) when the index does not say exactly what its table says. */
  check(): void {
    this.#check.run();
  }
}
