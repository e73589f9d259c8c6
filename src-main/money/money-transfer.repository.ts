// SQL of money transfers in the local copy (migration 0008), and of the money sync's own markers and
// daily request counts.
import type { Database, Statement } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import { roundMoney } from '../../src-shared/money/index.js';
import { keywordCondition, MoneySearchIndex } from './money-search-index.js';
import { transferSearchText, type TransferFields, type TransferRow } from './money-rows.js';

export interface TransferFilter {
  readonly dateFrom?: string | undefined;
  readonly dateTo?: string | undefined;
  readonly amountMin?: number | undefined;
  readonly amountMax?: number | undefined;
  readonly keyword?: string | undefined;
}

export type MoneySyncJob = 'pull' | 'full' | 'prune';

export interface MoneyJobMarker {
  readonly lastStartedAt: number;
  readonly lastFinishedAt: number;
  readonly lastRequests: number;
}

const COLUMNS = `id, server_id, unique_number, operation_id, action_date, amount, from_method_id,
  from_method_name, to_method_id, to_method_name, status, reference, description, pulled_at, created_at`;

function prepareAll(db: Database) {
  return {
    insert: db.prepare(
      `INSERT INTO money_transfers (server_id, unique_number, operation_id, action_date, amount,
         from_method_id, from_method_name, to_method_id, to_method_name, status, reference, description,
         search_text, pulled_at, created_at)
       VALUES (@serverId, @uniqueNumber, @operationId, @actionDate, @amount, @fromMethodId, @fromMethodName,
         @toMethodId, @toMethodName, @status, @reference, @description, @search, @pulledAt, @now)`,
    ),
    update: db.prepare(
      `UPDATE money_transfers SET server_id = @serverId, unique_number = @uniqueNumber,
         action_date = @actionDate, amount = @amount, from_method_id = @fromMethodId,
         from_method_name = @fromMethodName, to_method_id = @toMethodId, to_method_name = @toMethodName,
         status = @status, reference = @reference, description = @description, search_text = @search,
         pulled_at = @pulledAt
       WHERE id = @id`,
    ),
    byServerId: db.prepare<[number], { id: number }>('SELECT id FROM money_transfers WHERE server_id = ?'),
    byUniqueNumber: db.prepare<[string], { id: number }>(
      "SELECT id FROM money_transfers WHERE unique_number = ? AND unique_number <> ''",
    ),
    byId: db.prepare<[number], TransferRow>(`SELECT ${COLUMNS} FROM money_transfers WHERE id = ?`),
    unindexPruned: db.prepare<[string]>(
      `INSERT INTO money_transfers_search (money_transfers_search, rowid, search_text)
       SELECT 'delete', id, search_text FROM money_transfers WHERE action_date < ? AND server_id IS NOT NULL`,
    ),
    prune: db.prepare<[string]>(
      'DELETE FROM money_transfers WHERE action_date < ? AND server_id IS NOT NULL',
    ),
    searchTextOf: db.prepare<[number], { search_text: string }>(
      'SELECT search_text FROM money_transfers WHERE id = ?',
    ),
    count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM money_transfers'),
    marker: db.prepare<
      [MoneySyncJob],
      { last_started_at: number; last_finished_at: number; last_requests: number }
    >('SELECT last_started_at, last_finished_at, last_requests FROM money_sync_marker WHERE job = ?'),
    saveMarker: db.prepare(
      `INSERT INTO money_sync_marker (job, last_started_at, last_finished_at, last_requests)
       VALUES (@job, @lastStartedAt, @lastFinishedAt, @lastRequests)
       ON CONFLICT (job) DO UPDATE SET last_started_at = excluded.last_started_at,
         last_finished_at = excluded.last_finished_at, last_requests = excluded.last_requests`,
    ),
    dailyRequests: db.prepare<[string], { requests: number }>(
      'SELECT requests FROM money_daily_requests WHERE day_key = ?',
    ),
    addDailyRequests: db.prepare<[string, number]>(
      `INSERT INTO money_daily_requests (day_key, requests) VALUES (?, ?)
       ON CONFLICT (day_key) DO UPDATE SET requests = requests + excluded.requests`,
    ),
  };
}

export class MoneyTransferRepository {
  readonly #db: Database;
  readonly #index: MoneySearchIndex;
  readonly #statements = new Map<string, Statement<unknown[], unknown>>();

  constructor(db: Database) {
    this.#db = db;
    this.#index = new MoneySearchIndex(db, 'money_transfers_search');
  }

  get #sql() {
    return preparedFor(this.#db, prepareAll);
  }

  insertLocal(fields: TransferFields, operationId: number, now: number): number {
    const bound = bind(fields);
    const id = Number(this.#sql.insert.run({ ...bound, operationId, pulledAt: null, now }).lastInsertRowid);
    this.#index.add(id, bound.search);
    return id;
  }

  /** Like records: the row with the server id, else the one made here with the uniquenumber, else new. */
  upsertFromServer(fields: TransferFields, pulledAt: number): { id: number; changed: boolean } {
    const sql = this.#sql;
    const existing =
      (fields.serverId === null ? undefined : sql.byServerId.get(fields.serverId)) ??
      (fields.uniqueNumber === '' ? undefined : sql.byUniqueNumber.get(fields.uniqueNumber));
    const bound = bind(fields);
    if (existing) {
      const before = sql.byId.get(existing.id);
      const beforeText = sql.searchTextOf.get(existing.id)?.search_text ?? '';
      sql.update.run({ ...bound, id: existing.id, pulledAt });
      this.#index.replace(existing.id, beforeText, bound.search);
      return { id: existing.id, changed: before === undefined || !sameTransfer(before, fields) };
    }
    const id = Number(
      sql.insert.run({ ...bound, operationId: null, pulledAt, now: pulledAt }).lastInsertRowid,
    );
    this.#index.add(id, bound.search);
    return { id, changed: true };
  }

  find(id: number): TransferRow | undefined {
    return this.#sql.byId.get(id);
  }

  prune(windowStart: string): number {
    return this.#db.transaction(() => {
      this.#sql.unindexPruned.run(windowStart);
      return this.#sql.prune.run(windowStart).changes;
    })();
  }

  /** The keyword index: check() throws when it disagrees with the table, rebuild() repairs it. */
  get searchIndex(): MoneySearchIndex {
    return this.#index;
  }

  count(): number {
    return this.#sql.count.get()?.n ?? 0;
  }

  list(filter: TransferFilter, limit: number, offset: number): TransferRow[] {
    const { where, params } = whereOf(filter, this.#index);
    const sql = `SELECT ${COLUMNS} FROM money_transfers WHERE ${where}
      ORDER BY action_date DESC, id DESC LIMIT ? OFFSET ?`;
    return this.#statement(sql).all(...params, limit, offset) as TransferRow[];
  }

  totals(filter: TransferFilter): { count: number; amount: number } {
    const { where, params } = whereOf(filter, this.#index);
    const sql = `SELECT count(*) AS count, coalesce(sum(amount), 0) AS amount FROM money_transfers WHERE ${where}`;
    const row = this.#statement(sql).get(...params) as { count: number; amount: number } | undefined;
    return { count: row?.count ?? 0, amount: roundMoney(row?.amount ?? 0) };
  }

  marker(job: MoneySyncJob): MoneyJobMarker | undefined {
    const row = this.#sql.marker.get(job);
    return row
      ? {
          lastStartedAt: row.last_started_at,
          lastFinishedAt: row.last_finished_at,
          lastRequests: row.last_requests,
        }
      : undefined;
  }

  saveMarker(job: MoneySyncJob, marker: MoneyJobMarker): void {
    this.#sql.saveMarker.run({ job, ...marker });
  }

  dailyRequests(dayKey: string): number {
    return this.#sql.dailyRequests.get(dayKey)?.requests ?? 0;
  }

  addDailyRequests(dayKey: string, requests: number): void {
    if (requests > 0) this.#sql.addDailyRequests.run(dayKey, requests);
  }

  #statement(sql: string): Statement<unknown[], unknown> {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare<unknown[], unknown>(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}

/** True when a stored transfer already says what a pulled one says (its status included: voids). */
function sameTransfer(row: TransferRow, fields: TransferFields): boolean {
  return (
    row.server_id === fields.serverId &&
    row.unique_number === fields.uniqueNumber &&
    row.action_date === fields.actionDate &&
    row.amount === fields.amount &&
    row.from_method_id === fields.fromMethodId &&
    row.from_method_name === fields.fromMethodName &&
    row.to_method_id === fields.toMethodId &&
    row.to_method_name === fields.toMethodName &&
    row.status === fields.status &&
    row.reference === fields.reference &&
    row.description === fields.description
  );
}

function bind(fields: TransferFields) {
  return { ...fields, search: transferSearchText(fields) };
}

function whereOf(filter: TransferFilter, index: MoneySearchIndex): { where: string; params: unknown[] } {
  const conditions = ['1 = 1'];
  const params: unknown[] = [];
  const add = (condition: string, value: unknown): void => {
    conditions.push(condition);
    params.push(value);
  };
  if (filter.dateFrom !== undefined) add('action_date >= ?', filter.dateFrom);
  if (filter.dateTo !== undefined) add('action_date <= ?', filter.dateTo);
  if (filter.amountMin !== undefined) add('amount >= ?', filter.amountMin);
  if (filter.amountMax !== undefined) add('amount <= ?', filter.amountMax);
  if (filter.keyword !== undefined && filter.keyword !== '') {
    const keyword = keywordCondition('money_transfers_search', filter.keyword, index.narrows(filter.keyword));
    conditions.push(keyword.condition);
    params.push(...keyword.params);
  }
  return { where: conditions.join(' AND '), params };
}
