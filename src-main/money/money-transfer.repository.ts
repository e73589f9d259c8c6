// SQL of money transfers in the local copy (migration 0008), and the money sync's own markers and
// daily request counts.
import type { Database } from 'better-sqlite3';
import { SqlConditions } from '../db/sql-conditions.js';
import { preparedFor } from '../db/statements.js';
import { roundMoney } from '../../src-shared/money/index.js';
import { keywordCondition, type KeywordIndex } from '../windowed-copy/keyword-index.js';
import { DailyRequests, SyncMarkers } from '../windowed-copy/sync-markers.js';
import { WindowedTable, type WindowFilter } from '../windowed-copy/windowed-table.js';
import { transferSearchText, type TransferFields, type TransferRow } from './money-rows.js';

export type TransferFilter = WindowFilter;

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
  };
}

export class MoneyTransferRepository {
  readonly #db: Database;
  readonly #table: WindowedTable<TransferRow>;
  /** The money sync's job markers ('pull', 'full', 'prune'). */
  readonly markers: SyncMarkers<'pull' | 'full' | 'prune'>;
  readonly dailyRequests: DailyRequests;

  constructor(db: Database) {
    this.#db = db;
    this.#table = new WindowedTable(db, {
      table: 'money_transfers',
      columns: COLUMNS,
      dateColumn: 'action_date',
      pruned: 'WHERE action_date < ? AND server_id IS NOT NULL',
      searchTable: 'money_transfers_search',
    });
    this.markers = new SyncMarkers(db, 'money_sync_marker');
    this.dailyRequests = new DailyRequests(db, 'money_daily_requests');
  }

  get #sql() {
    return preparedFor(this.#db, prepareAll);
  }

  insertLocal(fields: TransferFields, operationId: number, now: number): number {
    return this.#table.insert(this.#sql.insert, { ...bind(fields), operationId, pulledAt: null, now });
  }

  /** Transfers made here by creates a person withdrew before they were sent (outbox/withdraw.ts). */
  forgetWithdrawn(operationIds: readonly number[]): number {
    return this.#table.forgetMade(operationIds).length;
  }

  /** Like records: the row with the server id, else the one made here with the uniquenumber, else new. */
  upsertFromServer(fields: TransferFields, pulledAt: number): { id: number; changed: boolean } {
    const existing = this.#table.held(fields);
    const bound = bind(fields);
    if (existing) {
      this.#table.update(this.#sql.update, { ...bound, id: existing.id, pulledAt }, existing.search_text);
      return { id: existing.id, changed: !sameTransfer(existing, fields) };
    }
    const params = { ...bound, operationId: null, pulledAt, now: pulledAt };
    return { id: this.#table.insert(this.#sql.insert, params), changed: true };
  }

  find(id: number): TransferRow | undefined {
    return this.#table.find(id);
  }

  prune(windowStart: string): number {
    return this.#table.prune(windowStart);
  }

  /** The keyword index: check() throws when it disagrees with the table, rebuild() repairs it. */
  get searchIndex(): KeywordIndex {
    return this.#table.searchIndex;
  }

  count(): number {
    return this.#table.count();
  }

  list(filter: TransferFilter, limit: number, offset: number): TransferRow[] {
    const { where, params } = whereOf(filter, this.#table.searchIndex);
    return this.#table.page(where, params, limit, offset);
  }

  totals(filter: TransferFilter): { count: number; amount: number } {
    const { where, params } = whereOf(filter, this.#table.searchIndex);
    const row = this.#table.sum<{ count: number; amount: number }>(
      'count(*) AS count, coalesce(sum(amount), 0) AS amount',
      where,
      params,
    );
    return { count: row?.count ?? 0, amount: roundMoney(row?.amount ?? 0) };
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

function whereOf(filter: TransferFilter, index: KeywordIndex): { where: string; params: unknown[] } {
  const conditions = new SqlConditions();
  conditions.between('action_date', filter.dateFrom, filter.dateTo);
  conditions.between('amount', filter.amountMin, filter.amountMax);
  if (filter.keyword !== undefined && filter.keyword !== '') {
    const keyword = keywordCondition('money_transfers_search', filter.keyword, index.narrows(filter.keyword));
    conditions.add(keyword.condition, ...keyword.params);
  }
  return conditions.where;
}
