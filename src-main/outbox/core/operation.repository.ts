// The outbox's writes at enqueue time: one row per stock line or document, inserted with bound
// parameters through statements prepared once per connection. Runs inside the caller's transaction.
import type { Database, Statement } from 'better-sqlite3';
import { preparedFor } from '../../db/statements.js';
import type { DriftPolicy } from './drift.js';

export type StockChange = 'set' | 'increase' | 'decrease' | 'setAvailable';
export type StockLineChange = StockChange | 'count';

export interface NewStockLine {
  readonly kind: 'stockChange' | 'stockCount' | 'reverseStockCount';
  readonly orderKey: string;
  readonly batchKey: string;
  readonly warehouseCode: string;
  readonly productId: number;
  readonly sku: string;
  readonly change: StockLineChange;
  readonly value: number;
  readonly countedAgainst: number | null;
  readonly policy: DriftPolicy | null;
  readonly sessionId: string | null;
  readonly now: number;
  /**
   * The create this line waits for: a product made on this PC (local-products.ts) or a
   * warehouse added on this PC and not sent yet.
   */
  readonly dependsOn?: number | null;
}

export interface NewDocument {
  readonly kind: string;
  readonly orderKey: string;
  readonly batchKey: string;
  readonly payload: string;
  readonly uniqueNumber: string | null;
  readonly now: number;
}

interface InsertStatements {
  readonly stockLine: Statement;
  readonly document: Statement;
}

function prepareAll(db: Database): InsertStatements {
  return {
    stockLine: db.prepare(
      `INSERT INTO outbox_operations
           (kind, order_key, batch_key, warehouse_code, product_id, sku, change, value, counted_against,
            policy, session_id, depends_on, created_at, updated_at)
         VALUES (@kind, @orderKey, @batchKey, @warehouseCode, @productId, @sku, @change, @value,
                 @countedAgainst, @policy, @sessionId, @dependsOn, @now, @now)`,
    ),
    document: db.prepare(
      `INSERT INTO outbox_operations
           (kind, order_key, batch_key, payload, unique_number, created_at, updated_at)
         VALUES (@kind, @orderKey, @batchKey, @payload, @uniqueNumber, @now, @now)`,
    ),
  };
}

function statements(db: Database): InsertStatements {
  return preparedFor(db, prepareAll);
}

export function insertStockLine(db: Database, line: NewStockLine): number {
  return Number(statements(db).stockLine.run({ ...line, dependsOn: line.dependsOn ?? null }).lastInsertRowid);
}

export function insertDocument(db: Database, document: NewDocument): number {
  return Number(statements(db).document.run(document).lastInsertRowid);
}
