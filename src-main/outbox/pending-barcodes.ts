// The local view of barcode assignments: barcodes queued for products (open productBarcode rows,
// parked ones included: a parked write is still meant until a person discards it), newest first, so a
// scan of a just-assigned code finds its product before the assignment reaches the back office.
// Read through the open-batch index (the kind's batch keys share a prefix): cheap even with thousands
// of open stock lines.
import type { Database, Statement } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import { PRODUCT_BARCODE_KIND, productBarcodePayload } from './kinds/product-barcode.kind.js';

export interface PendingBarcode {
  readonly productId: number;
  readonly barcode: string;
}

const PREFIX = JSON.stringify([PRODUCT_BARCODE_KIND, 0]).replace(/0\]$/, '');
function prepare(db: Database): Statement<{ low: string; high: string }, { payload: string | null }> {
  return db.prepare(
    `SELECT payload FROM outbox_operations
      WHERE batch_key >= @low AND batch_key < @high AND kind = '${PRODUCT_BARCODE_KIND}'
        AND state NOT IN ('done', 'discarded')
      ORDER BY id DESC`,
  );
}

function statement(db: Database) {
  return preparedFor(db, prepare);
}

/**
 * Per product its last open assignment (an earlier one of the product is replaced by it), the newest
 * first: the one a scan should follow when one code was assigned to two products.
 */
export function pendingBarcodes(db: Database): PendingBarcode[] {
  const rows = statement(db).all({ low: PREFIX, high: `${PREFIX}~` });
  const found: PendingBarcode[] = [];
  const seen = new Set<number>();
  for (const row of rows) {
    try {
      const parsed = productBarcodePayload.safeParse(JSON.parse(row.payload ?? 'null'));
      if (!parsed.success || seen.has(parsed.data.productId)) continue;
      seen.add(parsed.data.productId);
      found.push({ productId: parsed.data.productId, barcode: parsed.data.barcode });
    } catch {
      // An unreadable payload is parked by the drainer; it names no product here.
    }
  }
  return found;
}
