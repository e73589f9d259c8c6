// All SQL of return purchase orders in the local copy (migration 0013): orders from pulls and from this
// PC on one row each, the writes made here on top of them, the filtered list with its totals, the PC's
// number sequence, the sync markers and the prune.
import type { Database } from 'better-sqlite3';
import type { ReturnWriteAction } from '../../src-shared/domain/vocabulary.js';
import { roundMoney } from '../../src-shared/money/index.js';
import { SqlConditions } from '../db/sql-conditions.js';
import { preparedFor } from '../db/statements.js';
import { SyncMarkers } from '../windowed-copy/sync-markers.js';
import { WindowedTable, type WindowFilter } from '../windowed-copy/windowed-table.js';
import {
  orderSearchText,
  type OrderRow,
  type OrderView,
  type StoredOrder,
  type WriteRow,
} from './return-order-rows.js';

export interface OrderFilter extends WindowFilter {
  readonly statuses?: readonly string[] | undefined;
  readonly warehouseCode?: string | undefined;
}

export interface OrderTotals {
  readonly count: number;
  readonly amount: number;
  readonly paymentAmount: number;
}

/** Final orders dated before the window with nothing waiting here: the prune drops them. */
const PRUNED = `WHERE doc_date < ? AND server_id IS NOT NULL AND status IN ('Success', 'Voided')
         AND NOT EXISTS (SELECT 1 FROM return_order_writes w WHERE w.order_id = return_orders.id AND w.in_server_copy = 0)`;

function prepareAll(db: Database) {
  return {
    insert: db.prepare<{
      serverId: number | null;
      operationId: number | null;
      number: string;
      docDate: string;
      warehouseCode: string;
      supplierName: string;
      amount: number;
      search: string;
      json: string;
      pulledAt: number | null;
      now: number;
    }>(
      `INSERT INTO return_orders (server_id, operation_id, number, doc_date, warehouse_code, supplier_name,
         amount, status, paid, payment_status, search_text, record_json, pulled_at, created_at)
       VALUES (@serverId, @operationId, @number, @docDate, @warehouseCode, @supplierName, @amount, 'Pending',
         0, 'Pending', @search, @json, @pulledAt, @now)`,
    ),
    update: db.prepare<{
      id: number;
      serverId: number;
      number: string;
      docDate: string;
      warehouseCode: string;
      supplierName: string;
      amount: number;
      search: string;
      json: string;
      pulledAt: number;
    }>(
      `UPDATE return_orders SET server_id = @serverId, number = @number, doc_date = @docDate,
         warehouse_code = @warehouseCode, supplier_name = @supplierName, amount = @amount, search_text = @search,
         record_json = @json, pulled_at = @pulledAt
       WHERE id = @id`,
    ),
    saveView: db.prepare<{
      id: number;
      status: string;
      warehouseCode: string;
      paid: number;
      paymentStatus: string;
    }>(
      `UPDATE return_orders SET status = @status, warehouse_code = @warehouseCode, paid = @paid,
         payment_status = @paymentStatus WHERE id = @id`,
    ),
    unmatched: db.prepare<[], OrderRow>(
      'SELECT * FROM return_orders WHERE server_id IS NULL AND operation_id IS NOT NULL ORDER BY id',
    ),
    setServerId: db.prepare<[number, number]>('UPDATE return_orders SET server_id = ? WHERE id = ?'),
    insertWrite: db.prepare<[number, number, ReturnWriteAction, string, number]>(
      `INSERT INTO return_order_writes (order_id, operation_id, action, detail_json, created_at)
       VALUES (?, ?, ?, ?, ?)`,
    ),
    writesOf: db.prepare<[number], WriteRow>(
      'SELECT * FROM return_order_writes WHERE order_id = ? ORDER BY id',
    ),
    openWrites: db.prepare<[], WriteRow>(
      'SELECT * FROM return_order_writes WHERE in_server_copy = 0 ORDER BY id',
    ),
    markInCopy: db.prepare<[number]>('UPDATE return_order_writes SET in_server_copy = 1 WHERE id = ?'),
    saveMovement: db.prepare<[string, number]>('UPDATE return_orders SET movement_json = ? WHERE id = ?'),
    // `last`: the last number of this PC's sequence taken by a save (before: handed out by a proposal).
    lastTaken: db.prepare<[], { last: number }>('SELECT last FROM return_number_sequence WHERE id = 1'),
    takeSequence: db.prepare<[number]>(
      `INSERT INTO return_number_sequence (id, last) VALUES (1, ?)
       ON CONFLICT (id) DO UPDATE SET last = max(last, excluded.last)`,
    ),
    numberTaken: db.prepare<[string], { id: number }>(
      'SELECT id FROM return_orders WHERE number = ? LIMIT 1',
    ),
  };
}

/** An order's statement parameters. */
function bind(order: StoredOrder) {
  return {
    number: order.number,
    docDate: order.date,
    warehouseCode: order.warehouseCode,
    supplierName: order.supplier.name,
    amount: order.amount,
    search: orderSearchText(order),
    json: JSON.stringify(order),
  };
}

function whereOf(filter: OrderFilter): { where: string; params: unknown[] } {
  const conditions = new SqlConditions();
  conditions.anyOf('status', filter.statuses);
  // An empty field filters nothing, as an absent one.
  const given = <T>(value: T | '' | undefined): T | undefined => (value === '' ? undefined : value);
  conditions.between('doc_date', given(filter.dateFrom), given(filter.dateTo));
  conditions.between('amount', filter.amountMin, filter.amountMax);
  const warehouse = given(filter.warehouseCode);
  if (warehouse !== undefined) conditions.add('warehouse_code = ?', warehouse);
  if (filter.keyword) {
    conditions.add("search_text LIKE ? ESCAPE '\\'", `%${filter.keyword.replace(/[\\%_]/g, '\\$&')}%`);
  }
  return conditions.where;
}

export class ReturnOrderRepository {
  readonly #db: Database;
  readonly #table: WindowedTable<OrderRow>;
  /** The returns sync's job markers ('pull', 'prune'). */
  readonly markers: SyncMarkers<'pull' | 'prune'>;

  constructor(db: Database) {
    this.#db = db;
    this.#table = new WindowedTable(db, { table: 'return_orders', dateColumn: 'doc_date', pruned: PRUNED });
    this.markers = new SyncMarkers(db, 'returns_sync_marker');
  }

  get #s() {
    return preparedFor(this.#db, prepareAll);
  }

  transaction<T>(work: () => T): T {
    return this.#table.transaction(work);
  }

  /** An order made on this PC (serverId null) or first seen in a pull. */
  insert(
    order: StoredOrder,
    ids: { serverId: number | null; operationId: number | null },
    pulledAt: number | null,
    now: number,
  ): number {
    const result = this.#s.insert.run({ ...ids, ...bind(order), pulledAt, now });
    return Number(result.lastInsertRowid);
  }

  /** The server copy lands on an existing row (one row per order whatever its origin). */
  replaceFromServer(id: number, serverId: number, order: StoredOrder, pulledAt: number): void {
    this.#s.update.run({ id, serverId, ...bind(order), pulledAt });
  }

  saveView(id: number, view: OrderView): void {
    this.#s.saveView.run({
      id,
      status: view.status,
      warehouseCode: view.warehouseCode,
      paid: view.paid,
      paymentStatus: view.paymentStatus,
    });
  }

  find(id: number): OrderRow | undefined {
    return this.#table.find(id);
  }

  findByServerId(serverId: number): OrderRow | undefined {
    return this.#table.findByServerId(serverId);
  }

  /** Orders made here whose server id is not known yet. */
  unmatched(): OrderRow[] {
    return this.#s.unmatched.all();
  }

  setServerId(id: number, serverId: number): void {
    this.#s.setServerId.run(serverId, id);
  }

  addWrite(
    orderId: number,
    operationId: number,
    detail: { readonly action: ReturnWriteAction },
    now: number,
  ): void {
    const { action, ...rest } = detail;
    this.#s.insertWrite.run(orderId, operationId, action, JSON.stringify(rest), now);
  }

  writesOf(orderId: number): WriteRow[] {
    return this.#s.writesOf.all(orderId);
  }

  /** Writes still shown on top of their order's server copy. */
  openWrites(): WriteRow[] {
    return this.#s.openWrites.all();
  }

  markInServerCopy(writeId: number): void {
    this.#s.markInCopy.run(writeId);
  }

  saveMovement(id: number, json: string): void {
    this.#s.saveMovement.run(json, id);
  }

  /** The last sequence number of this PC a saved order took (0 before the first). */
  lastTakenSequence(): number {
    return this.#s.lastTaken.get()?.last ?? 0;
  }

  /** Records that a save took this sequence number, so it is never proposed again on this PC. */
  takeSequence(sequence: number): void {
    this.#s.takeSequence.run(sequence);
  }

  /** Whether an order in the copy (pulled or made here) has this number. */
  numberTaken(number: string): boolean {
    return this.#s.numberTaken.get(number) !== undefined;
  }

  list(filter: OrderFilter, limit: number, offset: number): OrderRow[] {
    const { where, params } = whereOf(filter);
    return this.#table.page(where, params, limit, offset);
  }

  totals(filter: OrderFilter): OrderTotals {
    const { where, params } = whereOf(filter);
    const row = this.#table.sum<{ count: number; amount: number | null; paid: number | null }>(
      'count(*) AS count, sum(amount) AS amount, sum(paid) AS paid',
      where,
      params,
    );
    return {
      count: row?.count ?? 0,
      amount: roundMoney(row?.amount ?? 0),
      paymentAmount: roundMoney(row?.paid ?? 0),
    };
  }

  count(): number {
    return this.#table.count();
  }

  /** Drops final orders dated before `windowStart` with nothing waiting here; answers how many. */
  prune(windowStart: string): number {
    return this.#table.prune(windowStart);
  }
}
