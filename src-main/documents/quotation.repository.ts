// All SQL of the quotation copy (migration 0012; keyword index 0017; totals 0018): quotations from pulls and from this PC on one row
// each, the writes made here on them, the filtered list with its totals, the number sequence, markers.
import type { Database } from 'better-sqlite3';
import { SqlConditions } from '../db/sql-conditions.js';
import { preparedFor } from '../db/statements.js';
import { roundMoney } from '../../src-shared/money/index.js';
import { candidateCondition, type KeywordIndex } from '../windowed-copy/keyword-index.js';
import { SyncMarkers } from '../windowed-copy/sync-markers.js';
import { WindowedTable, type WindowFilter } from '../windowed-copy/windowed-table.js';
import {
  localOpsOf,
  quotationSearchText,
  type QuotationFields,
  type QuotationRow,
} from './quotation-rows.js';

export interface QuotationFilter extends WindowFilter {
  readonly status?: readonly string[] | undefined;
  /** Lower-cased already. */
  readonly createdBy?: string | undefined;
}

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
    withLocalOps: db.prepare<[], QuotationRow>("SELECT * FROM quotations WHERE local_ops <> '[]'"),
    // `last`: the last number of the prefix taken by a save (before: handed out by a proposal).
    lastTaken: db.prepare<[string], { last: number }>(
      'SELECT last FROM quotation_number_sequence WHERE prefix = ?',
    ),
    takeSequence: db.prepare<[string, number]>(
      `INSERT INTO quotation_number_sequence (prefix, last) VALUES (?, ?)
       ON CONFLICT (prefix) DO UPDATE SET last = max(last, excluded.last)`,
    ),
    numberTaken: db.prepare<[string], { id: number }>('SELECT id FROM quotations WHERE number = ? LIMIT 1'),
    // Each status's count and satang, kept by migration 0018's triggers.
    statusTotals: db.prepare<[], { status: string; count: number; satang: number }>(
      'SELECT status, count, satang FROM quotation_totals',
    ),
  };
}

type Prepared = ReturnType<typeof prepareAll>;

export class QuotationRepository {
  readonly #db: Database;
  readonly #table: WindowedTable<QuotationRow>;
  /** The quotation sync's job markers ('pull', 'prune'). */
  readonly markers: SyncMarkers<'pull' | 'prune'>;

  constructor(db: Database) {
    this.#db = db;
    this.#table = new WindowedTable(db, {
      table: 'quotations',
      dateColumn: 'doc_date',
      pruned: PRUNED,
      searchTable: 'quotations_search',
    });
    this.markers = new SyncMarkers(db, 'quotation_sync_marker');
  }

  get #sql(): Prepared {
    return preparedFor(this.#db, prepareAll);
  }

  transaction<T>(work: () => T): T {
    return this.#table.transaction(work);
  }

  /** A quotation made on this PC, linked to the operation that creates it on the back office. */
  insertLocal(fields: QuotationFields, operationId: number, now: number): number {
    const localOps = JSON.stringify([operationId]);
    const params = { ...bind(fields), operationId, localOps, pulledAt: null, now };
    return this.transaction(() => this.#table.insert(this.#sql.insert, params));
  }

  /** A write made here: the row shows its effect at once and remembers the operation that sends it. */
  updateLocal(id: number, fields: QuotationFields, operationId: number): void {
    const row = this.find(id);
    if (!row) return;
    this.transaction(() => {
      this.#table.update(this.#sql.update, { ...bind(fields), id, pulledAt: null }, row.search_text);
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
    const existing = this.#table.held(fields);
    const bound = bind(fields);
    if (existing) {
      if (existing.local_ops !== '[]' && !settled(existing)) {
        // The server id is learnt at once; the local view stays until its writes are in the copy.
        if (existing.server_id === null) {
          const own = {
            ...bind(fromRow(existing)),
            serverId: fields.serverId,
            id: existing.id,
            pulledAt: null,
          };
          this.#table.update(sql.update, own, existing.search_text);
        }
        return { id: existing.id, changed: false };
      }
      const changed = existing.record_json !== bound.json || existing.status !== bound.status;
      this.#table.update(sql.update, { ...bound, id: existing.id, pulledAt }, existing.search_text);
      sql.setLocalOps.run('[]', existing.id);
      return { id: existing.id, changed };
    }
    const params = { ...bound, operationId: null, localOps: '[]', pulledAt, now: pulledAt };
    return { id: this.#table.insert(sql.insert, params), changed: true };
  }

  isKnown(fields: QuotationFields): boolean {
    return this.#table.isKnown(fields);
  }

  find(id: number): QuotationRow | undefined {
    return this.#table.find(id);
  }

  /** Rows with writes made here not yet carried by a pulled copy. */
  withLocalOps(): QuotationRow[] {
    return this.#sql.withLocalOps.all();
  }

  /** Drops quotations dated before `windowStart` that are not Pending and have nothing waiting here. */
  prune(windowStart: string): number {
    return this.#table.prune(windowStart);
  }

  /** The keyword index: check() throws when it disagrees with the table, rebuild() repairs it. */
  get searchIndex(): KeywordIndex {
    return this.#table.searchIndex;
  }

  /** The last sequence number of this prefix a saved quotation took (0 before the first). */
  lastTakenSequence(prefix: string): number {
    return this.#sql.lastTaken.get(prefix)?.last ?? 0;
  }

  /** Records that a save took this sequence number, so it is never proposed again on this PC. */
  takeSequence(prefix: string, sequence: number): void {
    this.#sql.takeSequence.run(prefix, sequence);
  }

  hasServerId(serverId: number): boolean {
    return this.#table.findByServerId(serverId) !== undefined;
  }

  numberTaken(number: string): boolean {
    return this.#sql.numberTaken.get(number) !== undefined;
  }

  count(): number {
    return this.#table.count();
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
    const { where, params } = whereOf(filter, this.#table.searchIndex);
    const rows = this.#table.page(where, params, limit, offset);
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
    const row = this.#table.sum<{ count: number; amount: number }>(
      'count(*) AS count, coalesce(sum(amount), 0) AS amount',
      where,
      params,
    );
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
function whereOf(filter: QuotationFilter, index: KeywordIndex): { where: string; params: unknown[] } {
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
