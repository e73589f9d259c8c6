// Payment methods by id. The merchant module owns the table (merchant_references, kind 'paymentmethod')
// and exports a lookup by name only; a money transfer may name its sides by id, so this reads it by id.
import type { Database } from 'better-sqlite3';
import type { ReferenceRow } from '../merchant/index.js';

export function findPaymentMethodById(db: Database, storeId: number, id: number): ReferenceRow | undefined {
  return db
    .prepare<[number, number], ReferenceRow>(
      "SELECT id, name FROM merchant_references WHERE store_id = ? AND kind = 'paymentmethod' AND id = ?",
    )
    .get(storeId, id);
}
