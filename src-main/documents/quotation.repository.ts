// All SQL of the quotation copy (migration 0012; keyword index 0017; totals 0018): quotations from pulls and from this PC on one row
// each, the writes made here on them, the filtered list with its totals, the number sequence, markers.
import type { Database } from 'better-sqlite3';
import { SqlConditions, StatementsBySql } from '../db/sql-conditions.js';
import { preparedFor } from '../db/statements.js';
import { roundMoney } from '../../src-shared/money/index.js';
import { candidateCondition, MoneySearchIndex } from '../money/money-search-index.js';
import {
  localOpsOf,
  quotationSearchText,
  type QuotationFields,
  type QuotationRow,
} from './quotation-rows.js';

export interface QuotationFilter {
  readonly status?: readonly string[] | undefined;
  readonly dateFrom?: string | undefined;
  readonly dateTo?: string | undefined;
  readonly amountMin?: number | undefined;
  readonly amountMax?: number | undefined;
  /** Lower-cased already. */
  readonly keyword?: string | undefined;
  /** Lower-cased already. */
  readonly createdBy?: string | undefined;
}

export interface QuotationJobMarker {
  readonly lastStartedAt: number;
  readonly lastFinishedAt: number;
  readonly lastRequests: number;
}

export type QuotationSyncJob = 'pull' | 'prune';

/** The quotations the prune drops: dated before the window, not Pending, nothing waiting here. */
const PRUNED = `WHERE doc_date < ? AND status <> 'Pending' AND server_id IS NOT NULL AND local_ops = '[]'`;

function prepareAll(db: Database) {
  return {
    insert: db.prepare(
      `INSERT INTO quotations (server_id, unique_number, operation_id, local_ops, number, doc_date, status,
         customer_name, create_username, amount, vatamount, search_text, record_json, pulled_at, created_at)
       VALUES (@serverId, @uniqueNumber, @operationId, @localOps, @number, @docDate, @status, @customerName,
         @createUsername, @amount, @vatAmount, @search, @json, @pulledAt, @now)`,
    ),
    update: db.prepare(
      `UPDATE quotations SET server_id = coalesce(@serverId, server_id), unique_number = @uniqueNumber,
         number = @number, doc_date = @docDate, status = @status, customer_name = @customerName,
         create_username = @createUsername, amount = @amount, vatamount = @vatAmount, search_text = @search,
         record_json = @json, pulled_at = coalesce(@pulledAt, pulled_at)
       WHERE id = @id`,
    ),
    setLocalOps: db.prepare<[string, number]>('UPDATE quotations SET local_ops = ? WHERE id = ?'),
    byServerId: db.prepare<[number], QuotationRow>('SELECT * FROM quotations WHERE server_id = ?'),
    byUniqueNumber: db.prepare<[string], QuotationRow>(
      "SELECT * FROM quotations WHERE unique_number = ? AND unique_number <> ''",
    ),
    byId: db.prepare<[number], QuotationRow>('SELECT * FROM quotations WHERE id = ?'),
    withLocalOps: db.prepare<[], QuotationRow>("SELECT * FROM quotations WHERE local_ops <> '[]'"),
    // The index entries of the rows the prune deletes, read before it deletes them.
    unindexPruned: db.prepare<[string]>(
      `INSERT INTO quotations_search (quotations_search, rowid, search_text)
       SELECT 'delete', id, search_text FROM quotations ${PRUNED}`,
    ),
    prune: db.prepare<[string]>(`DELETE FROM quotations ${PRUNED}`),
    // `last`: the last number of the prefix taken by a save (before: handed out by a proposal).
    lastTaken: db.prepare<[string], { last: number }>(
      'SELECT last FROM quotation_number_sequence WHERE prefix = ?',
    ),
    takeSequence: db.prepare<[string, number]>(
      `INSERT INTO quotation_number_sequence (prefix, last) VALUES (?, ?)
       ON CONFLICT (prefix) DO UPDATE SET last = max(last, excluded.last)`,
    ),
    numberTaken: db.prepare<[string], { id: number }>('SELECT id FROM quotations WHERE number = ? LIMIT 1'),
    marker: db.prepare<[QuotationSyncJob], QuotationJobMarker>(
      `SELECT last_started_at AS lastStartedAt, last_finished_at AS lastFinishedAt,
              last_requests AS lastRequests FROM quotation_sync_marker WHERE job = ?`,
    ),
    saveMarker: db.prepare(
      `INSERT INTO quotation_sync_marker (job, last_started_at, last_finished_at, last_requests)
       VALUES (@job, @lastStartedAt, @lastFinishedAt, @lastRequests)
       ON CONFLICT (job) DO UPDATE SET last_started_at = excluded.last_started_at,
         last_finished_at = excluded.last_finished_at, last_requests = excluded.last_requests`,
    ),
    count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM quotations'),
    // Each status's count and satang, kept by migration 0018's triggers.
    statusTotals: db.prepare<[], { status: string; count: number; satang: number }>(
      'SELECT status, count, satang FROM quotation_totals',
    ),
  };
}

type Prepared = ReturnType<typeof prepareAll>;

export class QuotationRepository {
  readonly #db: Database;
  readonly #index: MoneySearchIndex;
  readonly #statements: StatementsBySql;

  constructor(db: Database) {
    this.#db = db;
    this.#statements = new StatementsBySql(db);
    this.#index = new MoneySearchIndex(db, 'quotations_search');
  }

  get #sql(): Prepared {
    return preparedFor(this.#db, prepareAll);
  }

  transaction<T>(work: () => T): T {
    return this.#db.transaction(work)();
  }

  /** A quotation made on this PC, linked to the operation that creates it on the back office. */
  insertLocal(fields: QuotationFields, operationId: number, now: number): number {
    const bound = bind(fields);
    return this.transaction(() => {
      const info = this.#sql.insert.run({
        ...bound,
        operationId,
        localOps: JSON.stringify([operationId]),
        pulledAt: null,
        now,
      });
      const id = Number(info.lastInsertRowid);
      this.#index.add(id, bound.search);
      return id;
    });
  }

  /** A write made here: the row shows its effect at once and remembers the operation that sends it. */
  updateLocal(id: number, fields: QuotationFields, operationId: number): void {
    const row = this.#sql.byId.get(id);
    if (!row) return;
    const bound = bind(fields);
    this.transaction(() => {
      this.#sql.update.run({ ...bound, id, pulledAt: null });
      this.#index.replace(id, row.search_text, bound.search);
      this.#sql.setLocalOps.run(JSON.stringify([...localOpsOf(row), operationId]), id);
    });
  }

  /**
   * Stores a pulled quotation on its row (by server id, else by the uniquenumber of one made here, else
   * a new row) unless writes made here on it are not yet in the back office's copy: `settled` is true
   * when every one of them was settled before this pull started, and then they are forgotten.
   */
  upsertFromServer(
    fields: QuotationFields,
    pulledAt: number,
    settled: (row: QuotationRow) => boolean,
  ): { id: number; changed: boolean } {
    const sql = this.#sql;
    const existing =
      (fields.serverId === null ? undefined : sql.byServerId.get(fields.serverId)) ??
      (fields.uniqueNumber === '' ? undefined : sql.byUniqueNumber.get(fields.uniqueNumber));
    const bound = bind(fields);
    if (existing) {
      if (existing.local_ops !== '[]' && !settled(existing)) {
        // The server id is learnt at once; the local view stays until its writes are in the copy.
        if (existing.server_id === null) {
          const own = bind(fromRow(existing));
          sql.update.run({ ...own, serverId: fields.serverId, id: existing.id, pulledAt: null });
          this.#index.replace(existing.id, existing.search_text, own.search);
        }
        return { id: existing.id, changed: false };
      }
      const changed = existing.record_json !== bound.json || existing.status !== bound.status;
      sql.update.run({ ...bound, id: existing.id, pulledAt });
      this.#index.replace(existing.id, existing.search_text, bound.search);
      sql.setLocalOps.run('[]', existing.id);
      return { id: existing.id, changed };
    }
    const info = sql.insert.run({ ...bound, operationId: null, localOps: '[]', pulledAt, now: pulledAt });
    const id = Number(info.lastInsertRowid);
    this.#index.add(id, bound.search);
    return { id, changed: true };
  }

  isKnown(fields: QuotationFields): boolean {
    const sql = this.#sql;
    return (
      (fields.serverId !== null && sql.byServerId.get(fields.serverId) !== undefined) ||
      (fields.uniqueNumber !== '' && sql.byUniqueNumber.get(fields.uniqueNumber) !== undefined)
    );
  }

  find(id: number): QuotationRow | undefined {
    return this.#sql.byId.get(id);
  }

  /** Rows with writes made here not yet carried by a pulled copy. */
  withLocalOps(): QuotationRow[] {
    return this.#sql.withLocalOps.all();
  }

  /** Drops quotations dated before `windowStart` that are not Pending and have nothing waiting here. */
  prune(windowStart: string): number {
    return this.transaction(() => {
      this.#sql.unindexPruned.run(windowStart);
      return this.#sql.prune.run(windowStart).changes;
    });
  }

  /** The keyword index: check() throws when it disagrees with the table, rebuild() repairs it. */
  get searchIndex(): MoneySearchIndex {
    return this.#index;
  }

  /** The last sequence number of this prefix a saved quotation took (0 before the first). */
  lastTakenSequence(prefix: string): number {
    return this.#sql.lastTaken.get(prefix)?.last ?? 0;
  }

  /** Records that a save took this sequence number, so it is never proposed again on this PC. */
  takeSequence(prefix: string, sequence: number): void {
    this.#sql.takeSequence.run(prefix, sequence);
  }

  numberTaken(number: string): boolean {
    return this.#sql.numberTaken.get(number) !== undefined;
  }

  marker(job: QuotationSyncJob): QuotationJobMarker | undefined {
    return this.#sql.marker.get(job);
  }

  saveMarker(job: QuotationSyncJob, marker: QuotationJobMarker): void {
    this.#sql.saveMarker.run({ job, ...marker });
  }

  count(): number {
    return this.#sql.count.get()?.n ?? 0;
  }

  /**
   * One page, newest first (date, then id), with the totals of every row the filter keeps. A keyword is
   * read from the trigram index once for both statements (decision 0014; the MATCH is most of their cost).
   */
  page(
    filter: QuotationFilter,
    limit: number,
    offset: number,
  ): { rows: QuotationRow[]; totals: { count: number; amount: number } } {
    const { where, params } = whereOf(filter, this.#index);
    const list = `SELECT * FROM quotations WHERE ${where} ORDER BY doc_date DESC, id DESC LIMIT ? OFFSET ?`;
    const rows = this.#statements.get<QuotationRow>(list).all(...params, limit, offset);
    return {
      rows,
      totals: statusOnly(filter) ? this.#statusTotals(filter.status) : this.#sum(where, params),
    };
  }

  /** The totals of every row or of some statuses: three kept rows, not a count over the table. */
  #statusTotals(statuses: readonly string[] | undefined): { count: number; amount: number } {
    let count = 0;
    let satang = 0;
    for (const total of this.#sql.statusTotals.all()) {
      if (statuses !== undefined && statuses.length > 0 && !statuses.includes(total.status)) continue;
      count += total.count;
      satang += total.satang;
    }
    return { count, amount: roundMoney(satang / 100) };
  }

  #sum(where: string, params: unknown[]): { count: number; amount: number } {
    const sum = `SELECT count(*) AS count, coalesce(sum(amount), 0) AS amount FROM quotations WHERE ${where}`;
    const row = this.#statements.get<{ count: number; amount: number }>(sum).get(...params);
    return { count: row?.count ?? 0, amount: roundMoney(row?.amount ?? 0) };
  }
}

function bind(fields: QuotationFields) {
  return {
    serverId: fields.serverId,
    uniqueNumber: fields.uniqueNumber,
    number: fields.number,
    docDate: fields.docDate,
    status: fields.status,
    customerName: fields.stored.customer.name,
    createUsername: fields.createUsername,
    amount: fields.stored.figures.amount,
    vatAmount: fields.stored.figures.vatAmount,
    search: quotationSearchText(fields),
    json: JSON.stringify(fields.stored),
  };
}

/** A row's own fields (to rewrite it with only its server id learnt). */
export function fromRow(row: QuotationRow): QuotationFields {
  return {
    serverId: row.server_id,
    uniqueNumber: row.unique_number,
    number: row.number,
    docDate: row.doc_date,
    status: row.status,
    createUsername: row.create_username,
    stored: JSON.parse(row.record_json) as QuotationFields['stored'],
  };
}

/** True when the filter keeps rows by status alone (or keeps every row). */
function statusOnly(filter: QuotationFilter): boolean {
  const others = [filter.dateFrom, filter.dateTo, filter.amountMin, filter.amountMax];
  return (
    others.every((value) => value === undefined) &&
    (filter.keyword ?? '') === '' &&
    (filter.createdBy ?? '') === ''
  );
}

/** The WHERE clause of a filter: only the conditions given, so each shape is one cached statement. */
function whereOf(filter: QuotationFilter, index: MoneySearchIndex): { where: string; params: unknown[] } {
  const conditions = new SqlConditions({ condition: '1', params: [] });
  const add = (condition: string, ...values: unknown[]) => conditions.add(condition, ...values);
  conditions.anyOf('status', filter.status);
  conditions.between('doc_date', filter.dateFrom, filter.dateTo);
  conditions.between('amount', filter.amountMin, filter.amountMax);
  if (filter.createdBy !== undefined && filter.createdBy !== '')
    add('lower(create_username) = ?', filter.createdBy);
  const text = filter.keyword ?? '';
  if (text !== '') {
    // The index gives the candidates only when it narrows the keyword to few rows (decision 0014);
    // otherwise, and under 3 characters, every row's text is tested.
    const candidates = index.candidates(text);
    if (candidates === null) add('instr(search_text, ?) > 0', text);
    else {
      const keyword = candidateCondition(candidates, text);
      add(keyword.condition, ...keyword.params);
    }
  }
  return conditions.where;
}
