// The table of a windowed copy: rows pulled from the back office and rows made on this PC, one row per
// record whatever its origin (the pulled copy lands on the row made here), newest first, with its
// keyword index kept in the same transactions, and the daily prune. Each repository keeps its own
// columns (insert, update, filter) and asks this for the rest.
import type { Database, Statement } from 'better-sqlite3';
import { StatementsBySql } from '../db/sql-conditions.js';
import { KeywordIndex, type KeywordSearchTable } from './keyword-index.js';

export interface WindowedTableShape {
  /** A migration's table (constants, never input). */
  readonly table: string;
  /** The columns a row is read with (`*` when not given). */
  readonly columns?: string;
  /** The column the window and the newest-first order go by. */
  readonly dateColumn: string;
  /** The rows the daily prune drops: a WHERE clause whose one parameter is the window's first day. */
  readonly pruned: string;
  readonly searchTable?: KeywordSearchTable;
  /** A column that, with the server id or the uniquenumber, names a record (money records: `kind`). */
  readonly scope?: string;
}

/** What every copy's list filters by (each adds its own); all given bounds are inclusive. */
export interface WindowFilter {
  readonly dateFrom?: string | undefined;
  readonly dateTo?: string | undefined;
  readonly amountMin?: number | undefined;
  readonly amountMax?: number | undefined;
  /** Lower-cased already. */
  readonly keyword?: string | undefined;
}

/** A row's identity: the server's id once known, and the uniquenumber a create made here sent. */
export interface RecordKeys {
  readonly serverId: number | null;
  readonly uniqueNumber: string;
}

export class WindowedTable<Row extends { readonly id: number }> {
  readonly #db: Database;
  readonly #shape: WindowedTableShape;
  readonly #statements: StatementsBySql;
  readonly #index: KeywordIndex | undefined;

  constructor(db: Database, shape: WindowedTableShape) {
    this.#db = db;
    this.#shape = shape;
    this.#statements = new StatementsBySql(db);
    this.#index = shape.searchTable === undefined ? undefined : new KeywordIndex(db, shape.searchTable);
  }

  /** The keyword index: check() throws when it disagrees with the table, rebuild() repairs it. */
  get searchIndex(): KeywordIndex {
    if (this.#index === undefined) throw new Error(`${this.#shape.table} has no keyword index`);
    return this.#index;
  }

  transaction<T>(work: () => T): T {
    return this.#db.transaction(work)();
  }

  /** A statement prepared once per SQL text (a filter's shape). */
  statement<R = unknown>(sql: string): Statement<unknown[], R> {
    return this.#statements.get<R>(sql);
  }

  find(id: number): Row | undefined {
    return this.statement<Row>(`SELECT ${this.#columns} FROM ${this.#shape.table} WHERE id = ?`).get(id);
  }

  findByServerId(serverId: number, ...scope: unknown[]): Row | undefined {
    return this.statement<Row>(
      `SELECT ${this.#columns} FROM ${this.#shape.table} WHERE ${this.#scoped('server_id = ?')}`,
    ).get(...scope, serverId);
  }

  /**
   * The row a pulled record lands on: the one with its server id, else the one made here with its
   * uniquenumber (so a record made on this PC is never listed twice). Read whole, search text included.
   */
  held(keys: RecordKeys, ...scope: unknown[]): (Row & { readonly search_text: string }) | undefined {
    const { table } = this.#shape;
    const byServerId =
      keys.serverId === null
        ? undefined
        : this.statement<Row & { search_text: string }>(
            `SELECT * FROM ${table} WHERE ${this.#scoped('server_id = ?')}`,
          ).get(...scope, keys.serverId);
    if (byServerId !== undefined || keys.uniqueNumber === '') return byServerId;
    return this.statement<Row & { search_text: string }>(
      `SELECT * FROM ${table} WHERE ${this.#scoped("unique_number = ? AND unique_number <> ''")}`,
    ).get(...scope, keys.uniqueNumber);
  }

  /** True when the copy already has a row for this record. */
  isKnown(keys: RecordKeys, ...scope: unknown[]): boolean {
    return this.held(keys, ...scope) !== undefined;
  }

  /** Inserts a row (its statement, its parameters) and indexes its search text; answers its id. */
  insert<P extends { readonly search: string }>(insert: Statement<[P]> | Statement, params: P): number {
    const id = Number(insert.run(params).lastInsertRowid);
    this.#index?.add(id, params.search);
    return id;
  }

  /** Updates a row and moves its index entry from the text it was indexed with (`before`). */
  update<P extends { readonly id: number; readonly search: string }>(
    update: Statement<[P]> | Statement,
    params: P,
    before: string,
  ): void {
    update.run(params);
    this.#index?.replace(params.id, before, params.search);
  }

  /** Drops the rows that left the window (`pruned`), with their index entries; answers how many. */
  prune(windowStart: string): number {
    const { table, pruned, searchTable } = this.#shape;
    return this.transaction(() => {
      if (searchTable !== undefined) {
        // The index entries of the rows the prune deletes, read before it deletes them.
        this.statement(
          `INSERT INTO ${searchTable} (${searchTable}, rowid, search_text)
           SELECT 'delete', id, search_text FROM ${table} ${pruned}`,
        ).run(windowStart);
      }
      return this.statement(`DELETE FROM ${table} ${pruned}`).run(windowStart).changes;
    });
  }

  /** One page of the rows a WHERE clause keeps, newest first (date, then id). */
  page(where: string, params: readonly unknown[], limit: number, offset: number): Row[] {
    const { table, dateColumn } = this.#shape;
    return this.statement<Row>(
      `SELECT ${this.#columns} FROM ${table} WHERE ${where}
       ORDER BY ${dateColumn} DESC, id DESC LIMIT ? OFFSET ?`,
    ).all(...params, limit, offset);
  }

  /** Aggregates (`select`, e.g. `count(*) AS count`) over the rows a WHERE clause keeps. */
  sum<R>(select: string, where: string, params: readonly unknown[]): R | undefined {
    return this.statement<R>(`SELECT ${select} FROM ${this.#shape.table} WHERE ${where}`).get(...params);
  }

  count(): number {
    return this.sum<{ n: number }>('count(*) AS n', '1', [])?.n ?? 0;
  }

  /**
   * Rows made here by creates a person withdrew before they were sent (outbox/withdraw.ts): they go,
   * with their index entries (`beforeDelete` drops what hangs on a row first). Answers their ids.
   */
  forgetMade(operationIds: readonly number[], beforeDelete?: (id: number) => void): number[] {
    const { table } = this.#shape;
    const made = this.statement<{ id: number; search_text: string }>(
      `SELECT id, search_text FROM ${table}
        WHERE server_id IS NULL AND operation_id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(operationIds));
    for (const row of made) {
      this.#index?.drop(row.id, row.search_text);
      beforeDelete?.(row.id);
      this.statement(`DELETE FROM ${table} WHERE id = ?`).run(row.id);
    }
    return made.map((row) => row.id);
  }

  get #columns(): string {
    return this.#shape.columns ?? '*';
  }

  #scoped(condition: string): string {
    return this.#shape.scope === undefined ? condition : `${this.#shape.scope} = ? AND ${condition}`;
  }
}
