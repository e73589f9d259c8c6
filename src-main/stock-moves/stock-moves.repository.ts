// The stock_moves table (migration 0010): one row per move made on this PC, with its reason, note and
// the outbox operations that carry it. Runs inside the caller's transaction when there is one.
import type { Database } from 'better-sqlite3';
import type { StockMoveKind, StockMoveReason } from '../../src-shared/domain/vocabulary.js';
import { preparedFor } from '../db/statements.js';

export interface StockMoveRow {
  readonly id: number;
  readonly kind: StockMoveKind;
  readonly product_id: number;
  readonly sku: string;
  readonly product_name: string;
  readonly warehouse_code: string;
  readonly to_warehouse_code: string | null;
  readonly quantity: number;
  readonly reason: StockMoveReason | null;
  readonly note: string;
  readonly made_by: string;
  readonly made_at: number;
  readonly expected_before: number | null;
  readonly decrease_operation_id: number | null;
  readonly increase_operation_id: number | null;
  readonly set_operation_id: number | null;
}

export type NewStockMove = Omit<StockMoveRow, 'id'>;

function prepareAll(db: Database) {
  return {
    insert: db.prepare<NewStockMove>(
      `INSERT INTO stock_moves
           (kind, product_id, sku, product_name, warehouse_code, to_warehouse_code, quantity, reason, note,
            made_by, made_at, expected_before, decrease_operation_id, increase_operation_id, set_operation_id)
         VALUES (@kind, @product_id, @sku, @product_name, @warehouse_code, @to_warehouse_code, @quantity,
                 @reason, @note, @made_by, @made_at, @expected_before, @decrease_operation_id,
                 @increase_operation_id, @set_operation_id)`,
    ),
    page: db.prepare<{ limit: number; offset: number }, StockMoveRow>(
      `SELECT * FROM stock_moves ORDER BY made_at DESC, id DESC LIMIT @limit OFFSET @offset`,
    ),
    // The export reads oldest first, as a ledger does.
    all: db.prepare<[], StockMoveRow>(`SELECT * FROM stock_moves ORDER BY made_at, id`),
    total: db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM stock_moves`),
    byId: db.prepare<[number], StockMoveRow>(`SELECT * FROM stock_moves WHERE id = ?`),
  };
}

function statements(db: Database) {
  return preparedFor(db, prepareAll);
}

export function insertStockMove(db: Database, move: NewStockMove): number {
  return Number(statements(db).insert.run(move).lastInsertRowid);
}

export function stockMoveById(db: Database, id: number): StockMoveRow | undefined {
  return statements(db).byId.get(id);
}

export function stockMovesPage(db: Database, offset: number, limit: number): StockMoveRow[] {
  return statements(db).page.all({ limit, offset });
}

export function allStockMoves(db: Database): StockMoveRow[] {
  return statements(db).all.all();
}

export function stockMoveCount(db: Database): number {
  return statements(db).total.get()?.n ?? 0;
}
