// Which open count sessions hold a product, and with what counted: deleting a product asks first, and
// the question names them.
import type { Database, Statement } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';

export interface OpenCountHolding {
  readonly sessionId: string;
  readonly name: string;
  readonly counted: number;
}

function prepare(db: Database): Statement<[number], OpenCountHolding> {
  return db.prepare<[number], OpenCountHolding>(
    `SELECT s.id AS sessionId, s.name AS name, l.counted AS counted
       FROM count_lines l JOIN count_sessions s ON s.id = l.session_id
      WHERE l.kind = 'product' AND l.product_id = ? AND s.state = 'open'
      ORDER BY s.created_at`,
  );
}

export function openCountsHolding(db: Database, productId: number): OpenCountHolding[] {
  return preparedFor(db, prepare).all(productId);
}
