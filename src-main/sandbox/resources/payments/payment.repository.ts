// Payments on return purchase orders, incomes and expenses: one table, one status rule.
// paymentstatus always follows the payments (Pending, Partial Payment, Paid, Excess Payment).
import type { Database } from 'better-sqlite3';
import { paymentStatus, roundMoney, type PaymentStatus } from '../../../../src-shared/money/index.js';
import { thaiDateTimeString, thaiIsoDateTime } from '../../core/list-helpers.js';
import { groupByParent } from '../shared/group-by-parent.js';

/** The documents that carry payments. */
export type PaymentParentKind = 'returnPurchaseOrder' | 'income' | 'expense';

export const paymentSchemaSql = `
CREATE TABLE IF NOT EXISTS payments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  store_id INTEGER NOT NULL,
  parent_kind TEXT NOT NULL,
  parent_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  amount REAL NOT NULL,
  paid_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS payments_by_parent ON payments (store_id, parent_kind, parent_id);`;

/** A payment as the v4 Payment record shows it. */
export interface PaymentView {
  readonly id: number;
  readonly name: string;
  readonly amount: number;
  readonly paymentdatetime: string;
  readonly paymentdatetimeString: string;
}

interface PaymentRow {
  readonly id: number;
  readonly parent_id: number;
  readonly name: string;
  readonly amount: number;
  readonly paid_at: number;
}

export interface NewPayment {
  readonly kind: PaymentParentKind;
  readonly parentId: number;
  /** Payment method name. */
  readonly name: string;
  readonly amount: number;
  /** Epoch ms. */
  readonly paidAt: number;
}

export function addPayment(db: Database, storeId: number, payment: NewPayment): number {
  const result = db
    .prepare(
      'INSERT INTO payments (store_id, parent_kind, parent_id, name, amount, paid_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(storeId, payment.kind, payment.parentId, payment.name, roundMoney(payment.amount), payment.paidAt);
  return Number(result.lastInsertRowid);
}

/** Removes every payment of a document; returns how many there were. */
export function deletePayments(
  db: Database,
  storeId: number,
  kind: PaymentParentKind,
  parentId: number,
): number {
  return db
    .prepare('DELETE FROM payments WHERE store_id = ? AND parent_kind = ? AND parent_id = ?')
    .run(storeId, kind, parentId).changes;
}

/** Payments of many documents at once (list pages), oldest first per document. */
export function paymentsByParent(
  db: Database,
  storeId: number,
  kind: PaymentParentKind,
  parentIds: readonly number[],
): Map<number, PaymentView[]> {
  if (parentIds.length === 0) return new Map();
  const rows = db
    .prepare<[number, string, string], PaymentRow>(
      `SELECT id, parent_id, name, amount, paid_at FROM payments
       WHERE store_id = ? AND parent_kind = ? AND parent_id IN (SELECT value FROM json_each(?))
       ORDER BY paid_at, id`,
    )
    .all(storeId, kind, JSON.stringify(parentIds));
  return groupByParent(rows, (row) => row.parent_id, toView);
}

/** Sum paid on a document, rounded to satang. */
export function paidTotal(db: Database, storeId: number, kind: PaymentParentKind, parentId: number): number {
  const row = db
    .prepare<[number, string, number], { total: number | null }>(
      'SELECT SUM(amount) AS total FROM payments WHERE store_id = ? AND parent_kind = ? AND parent_id = ?',
    )
    .get(storeId, kind, parentId);
  return roundMoney(row?.total ?? 0);
}

/** paymentstatus of a document of `amount` with `paid` received. */
export function statusOfPayments(amount: number, paid: number): PaymentStatus {
  return paymentStatus(amount, paid);
}

function toView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    name: row.name,
    amount: row.amount,
    paymentdatetime: thaiIsoDateTime(row.paid_at),
    paymentdatetimeString: thaiDateTimeString(row.paid_at),
  };
}
