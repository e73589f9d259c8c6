// All SQL of incomes and expenses in the local copy (migration 0008): records from pulls and from this
// PC on one row each, the payments made here, the filtered list with its totals, and the daily prune.
import type { Database } from 'better-sqlite3';
import { SqlConditions, StatementsBySql } from '../db/sql-conditions.js';
import { preparedFor } from '../db/statements.js';
import type { MoneyDocumentKind } from '../../src-shared/domain/vocabulary.js';
import { roundMoney } from '../../src-shared/money/index.js';
import {
  localStatus,
  recordSearchText,
  type LocalPaymentRow,
  type RecordFields,
  type RecordRow,
} from './money-rows.js';
import { keywordCondition, MoneySearchIndex } from './money-search-index.js';

export interface RecordFilter {
  readonly kind: MoneyDocumentKind;
  readonly dateFrom?: string | undefined;
  readonly dateTo?: string | undefined;
  readonly paymentStatus?: readonly string[] | undefined;
  readonly amountMin?: number | undefined;
  readonly amountMax?: number | undefined;
  /** Lower-cased already. */
  readonly keyword?: string | undefined;
}

export interface RecordTotals {
  readonly count: number;
  readonly amount: number;
  readonly paymentAmount: number;
  readonly outstanding: number;
}

const RECORD_COLUMNS = `id, kind, server_id, unique_number, operation_id, doc_date, contact_name, reference,
  description, vattype, amount, amount_pretax, vatamount, server_paid, local_paid, payment_status,
  record_json, pulled_at, created_at`;

/** The records the daily prune drops: paid in full before the window, nothing waiting here. */
const PRUNED = `WHERE doc_date < ? AND server_id IS NOT NULL AND local_paid = 0
         AND payment_status IN ('Paid', 'Excess Payment')
         AND NOT EXISTS (SELECT 1 FROM money_local_payments p
                         WHERE p.record_id = money_records.id AND p.in_server_copy = 0)`;

function prepareAll(db: Database) {
  return {
    insert: db.prepare(
      `INSERT INTO money_records (kind, server_id, unique_number, operation_id, doc_date, contact_name,
         reference, description, vattype, amount, amount_pretax, vatamount, server_paid, local_paid,
         payment_status, search_text, record_json, pulled_at, created_at)
       VALUES (@kind, @serverId, @uniqueNumber, @operationId, @docDate, @contactName, @reference,
         @description, @vattype, @amount, @amountPretax, @vatAmount, @serverPaid, 0, @status, @search,
         @json, @pulledAt, @now)`,
    ),
    updateFromServer: db.prepare(
      `UPDATE money_records SET server_id = @serverId, unique_number = @uniqueNumber, doc_date = @docDate,
         contact_name = @contactName, reference = @reference, description = @description,
         vattype = @vattype, amount = @amount, amount_pretax = @amountPretax, vatamount = @vatAmount,
         server_paid = @serverPaid, search_text = @search, record_json = @json, pulled_at = @pulledAt
       WHERE id = @id`,
    ),
    byServerId: db.prepare<[MoneyDocumentKind, number], { id: number }>(
      'SELECT id FROM money_records WHERE kind = ? AND server_id = ?',
    ),
    byUniqueNumber: db.prepare<[MoneyDocumentKind, string], { id: number }>(
      "SELECT id FROM money_records WHERE kind = ? AND unique_number = ? AND unique_number <> ''",
    ),
    byId: db.prepare<[number], RecordRow>(`SELECT ${RECORD_COLUMNS} FROM money_records WHERE id = ?`),
    localPayments: db.prepare<[number], LocalPaymentRow>(
      'SELECT * FROM money_local_payments WHERE record_id = ? ORDER BY id',
    ),
    openLocalPayments: db.prepare<[], LocalPaymentRow>(
      'SELECT * FROM money_local_payments WHERE in_server_copy = 0 ORDER BY id',
    ),
    insertPayment: db.prepare(
      `INSERT INTO money_local_payments (record_id, operation_id, method_name, amount, paid_at, created_at)
       VALUES (@recordId, @operationId, @methodName, @amount, @paidAt, @now)`,
    ),
    markPaymentInCopy: db.prepare<[number]>(
      'UPDATE money_local_payments SET in_server_copy = 1 WHERE id = ?',
    ),
    sumOpenPayments: db.prepare<[number], { paid: number | null }>(
      'SELECT sum(amount) AS paid FROM money_local_payments WHERE record_id = ? AND in_server_copy = 0',
    ),
    setLocalPaid: db.prepare<[number, string, number]>(
      'UPDATE money_records SET local_paid = ?, payment_status = ? WHERE id = ?',
    ),
    // The index entries of the rows the prune deletes, read before it deletes them.
    unindexPruned: db.prepare<[string]>(
      `INSERT INTO money_records_search (money_records_search, rowid, search_text)
       SELECT 'delete', id, search_text FROM money_records ${PRUNED}`,
    ),
    prune: db.prepare<[string]>(`DELETE FROM money_records ${PRUNED}`),
    searchTextOf: db.prepare<[number], { search_text: string }>(
      'SELECT search_text FROM money_records WHERE id = ?',
    ),
    // Not fully paid as the back office last said (payments queued here do not count).
    unpaidServerIds: db.prepare<[MoneyDocumentKind], { server_id: number }>(
      `SELECT server_id FROM money_records
       WHERE kind = ? AND server_id IS NOT NULL AND server_paid + 0.005 < amount ORDER BY server_id`,
    ),
    counts: db.prepare<[], { kind: MoneyDocumentKind; n: number }>(
      'SELECT kind, count(*) AS n FROM money_records GROUP BY kind',
    ),
  };
}

type Prepared = ReturnType<typeof prepareAll>;

export class MoneyRecordRepository {
  readonly #db: Database;
  readonly #index: MoneySearchIndex;
  readonly #statements: StatementsBySql;

  constructor(db: Database) {
    this.#db = db;
    this.#statements = new StatementsBySql(db);
    this.#index = new MoneySearchIndex(db, 'money_records_search');
  }

  get #sql(): Prepared {
    return preparedFor(this.#db, prepareAll);
  }

  transaction<T>(work: () => T): T {
    return this.#db.transaction(work)();
  }

  /** A record made on this PC, linked to the operation that creates it on the back office. */
  insertLocal(fields: RecordFields, operationId: number, now: number): number {
    const bound = bindRecord(fields);
    const info = this.#sql.insert.run({
      ...bound,
      operationId,
      status: localStatus(fields.amount, 0, 0),
      pulledAt: null,
      now,
    });
    const id = Number(info.lastInsertRowid);
    this.#index.add(id, bound.search);
    return id;
  }

  /**
   * Stores a pulled record on its row: the one with its server id, else the one made here with its
   * uniquenumber (so a record made on this PC is never listed twice), else a new row.
   */
  upsertFromServer(fields: RecordFields, pulledAt: number): { id: number; changed: boolean } {
    const sql = this.#sql;
    const existing =
      (fields.serverId === null ? undefined : sql.byServerId.get(fields.kind, fields.serverId)) ??
      (fields.uniqueNumber === '' ? undefined : sql.byUniqueNumber.get(fields.kind, fields.uniqueNumber));
    const bound = bindRecord(fields);
    if (existing) {
      const before = sql.byId.get(existing.id);
      const beforeText = sql.searchTextOf.get(existing.id)?.search_text ?? '';
      // Written even when unchanged: pulled_at tells which local payments the server copy now carries.
      sql.updateFromServer.run({ ...bound, id: existing.id, pulledAt });
      this.#index.replace(existing.id, beforeText, bound.search);
      this.refreshLocalPaid(existing.id);
      return { id: existing.id, changed: before === undefined || !sameServerCopy(before, bound) };
    }
    const info = sql.insert.run({
      ...bound,
      operationId: null,
      status: localStatus(fields.amount, fields.serverPaid, 0),
      pulledAt,
      now: pulledAt,
    });
    const id = Number(info.lastInsertRowid);
    this.#index.add(id, bound.search);
    return { id, changed: true };
  }

  /** True when the local copy already has a row for this server record. */
  isKnown(fields: RecordFields): boolean {
    const sql = this.#sql;
    return (
      (fields.serverId !== null && sql.byServerId.get(fields.kind, fields.serverId) !== undefined) ||
      (fields.uniqueNumber !== '' && sql.byUniqueNumber.get(fields.kind, fields.uniqueNumber) !== undefined)
    );
  }

  find(id: number): RecordRow | undefined {
    return this.#sql.byId.get(id);
  }

  localPayments(recordId: number): LocalPaymentRow[] {
    return this.#sql.localPayments.all(recordId);
  }

  /** Payments made here that the server copy does not carry yet (every record). */
  openLocalPayments(): LocalPaymentRow[] {
    return this.#sql.openLocalPayments.all();
  }

  addLocalPayment(payment: {
    recordId: number;
    operationId: number;
    methodName: string;
    amount: number;
    paidAt: string;
    now: number;
  }): void {
    this.#sql.insertPayment.run(payment);
    this.refreshLocalPaid(payment.recordId);
  }

  /** The server copy now carries this payment (or it will never be sent): it no longer adds on top. */
  markPaymentInServerCopy(paymentId: number, recordId: number): void {
    this.#sql.markPaymentInCopy.run(paymentId);
    this.refreshLocalPaid(recordId);
  }

  refreshLocalPaid(recordId: number): void {
    const row = this.#sql.byId.get(recordId);
    if (!row) return;
    const localPaid = roundMoney(this.#sql.sumOpenPayments.get(recordId)?.paid ?? 0);
    this.#sql.setLocalPaid.run(localPaid, localStatus(row.amount, row.server_paid, localPaid), recordId);
  }

  /** Drops records dated before `windowStart` that are paid in full and have nothing waiting here. */
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

  /** Server ids of the records the back office last held as not fully paid. */
  unpaidServerIds(kind: MoneyDocumentKind): number[] {
    return this.#sql.unpaidServerIds.all(kind).map((row) => row.server_id);
  }

  counts(): { income: number; expense: number } {
    const counts = { income: 0, expense: 0 };
    for (const row of this.#sql.counts.all()) counts[row.kind] = row.n;
    return counts;
  }

  /** One page, newest first (date, then id). */
  list(filter: RecordFilter, limit: number, offset: number): RecordRow[] {
    const { where, params } = whereOf(filter, this.#index);
    const sql = `SELECT ${RECORD_COLUMNS} FROM money_records WHERE ${where}
      ORDER BY doc_date DESC, id DESC LIMIT ? OFFSET ?`;
    return this.#statements.get<RecordRow>(sql).all(...params, limit, offset);
  }

  totals(filter: RecordFilter): RecordTotals {
    const { where, params } = whereOf(filter, this.#index);
    const sql = `SELECT count(*) AS count, coalesce(sum(amount), 0) AS amount,
        coalesce(sum(server_paid + local_paid), 0) AS paymentAmount,
        coalesce(sum(CASE WHEN payment_status IN ('Pending', 'Partial Payment')
                          THEN amount - server_paid - local_paid ELSE 0 END), 0) AS outstanding
      FROM money_records WHERE ${where}`;
    const row = this.#statements.get<RecordTotals>(sql).get(...params);
    return {
      count: row?.count ?? 0,
      amount: roundMoney(row?.amount ?? 0),
      paymentAmount: roundMoney(row?.paymentAmount ?? 0),
      outstanding: roundMoney(row?.outstanding ?? 0),
    };
  }
}

/** A record's statement parameters. */
function bindRecord(fields: RecordFields) {
  return {
    kind: fields.kind,
    serverId: fields.serverId,
    uniqueNumber: fields.uniqueNumber,
    docDate: fields.docDate,
    contactName: fields.contactName,
    reference: fields.reference,
    description: fields.description,
    vattype: fields.vattype,
    amount: fields.amount,
    amountPretax: fields.amountPretax,
    vatAmount: fields.vatAmount,
    serverPaid: fields.serverPaid,
    search: recordSearchText(fields),
    json: JSON.stringify(fields.detail),
  };
}

/** True when a stored row already says what a pulled record says (its pulled time aside). */
function sameServerCopy(row: RecordRow, bound: ReturnType<typeof bindRecord>): boolean {
  return (
    row.server_id === bound.serverId &&
    row.unique_number === bound.uniqueNumber &&
    row.doc_date === bound.docDate &&
    row.contact_name === bound.contactName &&
    row.reference === bound.reference &&
    row.description === bound.description &&
    row.vattype === bound.vattype &&
    row.amount === bound.amount &&
    row.amount_pretax === bound.amountPretax &&
    row.vatamount === bound.vatAmount &&
    row.server_paid === bound.serverPaid &&
    row.record_json === bound.json
  );
}

/** The WHERE clause of a filter: only the conditions given, so each shape is one cached statement. */
function whereOf(filter: RecordFilter, index: MoneySearchIndex): { where: string; params: unknown[] } {
  const text = filter.keyword ?? '';
  const indexed = text !== '' && index.narrows(text);
  const keyword = text === '' ? null : keywordCondition('money_records_search', text, indexed);
  // With an indexed keyword the rows come from the search index; the unary + keeps SQLite from
  // scanning the kind's whole range of money_records_list instead.
  const conditions = new SqlConditions({
    condition: indexed ? '+kind = ?' : 'kind = ?',
    params: [filter.kind],
  });
  conditions.between('doc_date', filter.dateFrom, filter.dateTo);
  conditions.anyOf('payment_status', filter.paymentStatus);
  conditions.between('amount', filter.amountMin, filter.amountMax);
  if (keyword) conditions.add(keyword.condition, ...keyword.params);
  return conditions.where;
}
