// The trace every committed count leaves for cycle counting (migration 0021): one `count_history` row
// per counted product line and the newest count per product in `count_last_counted`, written in the
// commit's own transaction (count-commit.ts), so a count is in the history exactly when it is queued.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import { CLASS_C, classLetter, type ClassShares } from './cycle-classes.js';
import type { CycleClassification } from './cycle-classification.js';

export interface CommittedLine {
  readonly productId: number;
  /** The figure the commit sends. */
  readonly counted: number;
  readonly countedAgainst: number;
  readonly purchasePrice: number;
}

function prepare(db: Database) {
  return {
    // A plain INSERT after a DELETE, never REPLACE: migration 0026's triggers keep the accuracy sums
    // per day, and REPLACE fires no delete trigger.
    forget: db.prepare<{ session: string; productId: number }>(
      'DELETE FROM count_history WHERE session_id = @session AND product_id = @productId',
    ),
    history: db.prepare<{
      session: string;
      productId: number;
      warehouse: string;
      at: number;
      counted: number;
      countedAgainst: number;
      price: number;
      valueClass: string;
    }>(
      `INSERT INTO count_history
         (session_id, product_id, warehouse_code, counted_at, counted, counted_against, purchase_price, value_class)
       VALUES (@session, @productId, @warehouse, @at, @counted, @countedAgainst, @price, @valueClass)`,
    ),
    last: db.prepare<{ session: string; productId: number; warehouse: string; at: number }>(
      `INSERT INTO count_last_counted (warehouse_code, product_id, counted_at, session_id)
       VALUES (@warehouse, @productId, @at, @session)
       ON CONFLICT (warehouse_code, product_id) DO UPDATE
         SET counted_at = excluded.counted_at, session_id = excluded.session_id
         WHERE excluded.counted_at >= count_last_counted.counted_at`,
    ),
  };
}

export interface HistoryInput {
  readonly sessionId: string;
  readonly warehouseCode: string;
  readonly at: number;
  readonly lines: readonly CommittedLine[];
  readonly classification: CycleClassification;
  readonly shares: ClassShares;
}

/**
 * Records a commit's lines (inside its transaction) with each product's value class as this PC last
 * read it (the Count next list the day's share came from), else as read now.
 */
export function recordCountHistory(db: Database, input: HistoryInput): void {
  const statements = preparedFor(db, prepare);
  const classes = input.classification.latest(input.warehouseCode, input.shares);
  for (const line of input.lines) {
    const index = classes.indexOf(line.productId);
    const code = index === undefined ? undefined : classes.classes[index];
    statements.forget.run({ session: input.sessionId, productId: line.productId });
    statements.history.run({
      session: input.sessionId,
      productId: line.productId,
      warehouse: input.warehouseCode,
      at: input.at,
      counted: line.counted,
      countedAgainst: line.countedAgainst,
      price: line.purchasePrice,
      // A product with no stock row here holds no value in the warehouse: C, as the classes say.
      valueClass: classLetter(code ?? CLASS_C),
    });
    statements.last.run({
      session: input.sessionId,
      productId: line.productId,
      warehouse: input.warehouseCode,
      at: input.at,
    });
  }
}
