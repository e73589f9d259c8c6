// All SQL of incomes and expenses in the local copy (migration 0008): records from pulls and from this
// PC on one row each, the payments made here, the filtered list with its totals, and the daily prune.
import type { Database } from 'better-sqlite3';
import { SqlConditions } from '../db/sql-conditions.js';
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
import { keywordCondition, type KeywordIndex } from '../windowed-copy/keyword-index.js';
import { WindowedTable, type WindowFilter } from '../windowed-copy/windowed-table.js';

export interface RecordFilter extends WindowFilter {
  readonly kind: MoneyDocumentKind;
  readonly paymentStatus?: readonly string[] | undefined;
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
    // Served by money_records_by_reference (migration 0020): same kind, reference alike but for case.
    byReference: db.prepare<[MoneyDocumentKind, string], RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM money_records
       WHERE kind = ? AND reference = ? COLLATE NOCASE AND reference <> '' ORDER BY doc_date DESC, id DESC LIMIT 1`,
    ),
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
  readonly #table: WindowedTable<RecordRow>;

  constructor(db: Database) {
    this.#db = db;
    this.#table = new WindowedTable(db, {
      table: 'money_records',
      columns: RECORD_COLUMNS,
      dateColumn: 'doc_date',
      pruned: PRUNED,
      searchTable: 'money_records_search',
      scope: 'kind',
    });
  }

  get #sql(): Prepared {
    return preparedFor(this.#db, prepareAll);
  }

  transaction<T>(work: () => T): T {
    return this.#table.transaction(work);
  }

  /** A record made on this PC, linked to the operation that creates it on the back office. */
  insertLocal(fields: RecordFields, operationId: number, now: number): number {
    const status = localStatus(fields.amount, 0, 0);
    const params = { ...bindRecord(fields), operationId, status, pulledAt: null, now };
    return this.#table.insert(this.#sql.insert, params);
  }

  /**
   * Stores a pulled record on its row: the one with its server id, else the one made here with its
   * uniquenumber (so a record made on this PC is never listed twice), else a new row.
   */
  upsertFromServer(fields: RecordFields, pulledAt: number): { id: number; changed: boolean } {
    const existing = this.#table.held(fields, fields.kind);
    const bound = bindRecord(fields);
    if (existing) {
      // Written even when unchanged: pulled_at tells which local payments the server copy now carries.
      this.#table.update(
        this.#sql.updateFromServer,
        { ...bound, id: existing.id, pulledAt },
        existing.search_text,
      );
      this.refreshLocalPaid(existing.id);
      return { id: existing.id, changed: !sameServerCopy(existing, bound) };
    }
    const status = localStatus(fields.amount, fields.serverPaid, 0);
    const params = { ...bound, operationId: null, status, pulledAt, now: pulledAt };
    return { id: this.#table.insert(this.#sql.insert, params), changed: true };
  }

  /** True when the local copy already has a row for this server record. */
  isKnown(fields: RecordFields): boolean {
    return this.#table.isKnown(fields, fields.kind);
  }

  find(id: number): RecordRow | undefined {
    return this.#table.find(id);
  }

  /** The newest record of this kind whose reference is `reference` (case aside), if this PC holds one. */
  findByReference(kind: MoneyDocumentKind, reference: string): RecordRow | undefined {
    return this.#sql.byReference.get(kind, reference);
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
    const row = this.find(recordId);
    if (!row) return;
    const localPaid = roundMoney(this.#sql.sumOpenPayments.get(recordId)?.paid ?? 0);
    this.#sql.setLocalPaid.run(localPaid, localStatus(row.amount, row.server_paid, localPaid), recordId);
  }

  /**
   * Writes a person withdrew before they were sent (outbox/withdraw.ts): records made here by those
   * creates go (with their payments), and payments queued here stop counting, as if never made.
   * Returns how many records changed.
   */
  forgetWithdrawn(operationIds: readonly number[]): number {
    const ids = JSON.stringify(operationIds);
    const paid = this.#db
      .prepare<[string], { record_id: number }>(
        `SELECT DISTINCT record_id FROM money_local_payments WHERE operation_id IN (SELECT value FROM json_each(?))`,
      )
      .all(ids);
    this.#db
      .prepare<[string]>(
        'DELETE FROM money_local_payments WHERE operation_id IN (SELECT value FROM json_each(?))',
      )
      .run(ids);
    const made = this.#table.forgetMade(operationIds, (id) =>
      this.#db.prepare<[number]>('DELETE FROM money_local_payments WHERE record_id = ?').run(id),
    );
    for (const { record_id } of paid) this.refreshLocalPaid(record_id);
    return new Set([...made, ...paid.map((payment) => payment.record_id)]).size;
  }

  /** Drops records dated before `windowStart` that are paid in full and have nothing waiting here. */
  prune(windowStart: string): number {
    return this.#table.prune(windowStart);
  }

  /** The keyword index: check() throws when it disagrees with the table, rebuild() repairs it. */
  get searchIndex(): KeywordIndex {
    return this.#table.searchIndex;
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
    const { where, params } = whereOf(filter, this.#table.searchIndex);
    return this.#table.page(where, params, limit, offset);
  }

  totals(filter: RecordFilter): RecordTotals {
    const { where, params } = whereOf(filter, this.#table.searchIndex);
    const row = this.#table.sum<RecordTotals>(
      `count(*) AS count, coalesce(sum(amount), 0) AS amount,
        coalesce(sum(server_paid + local_paid), 0) AS paymentAmount,
        coalesce(sum(CASE WHEN payment_status IN ('Pending', 'Partial Payment')
                          THEN amount - server_paid - local_paid ELSE 0 END), 0) AS outstanding`,
      where,
      params,
    );
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
function whereOf(filter: RecordFilter, index: KeywordIndex): { where: string; params: unknown[] } {
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
