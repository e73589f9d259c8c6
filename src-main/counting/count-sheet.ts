// The products a count sheet lists: every product of the session's scope in its warehouse (a products
// scope lists each chosen product, with stock there or not), with the stock the local view expects
// (server figure + operations not sent yet), ordered by sku then name as a counter walks a printout.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../db/statements.js';
import { effectiveStock, pendingStockInWarehouse } from '../outbox/local-view.js';
import type { CountingContext } from './counting-context.js';
import type { SessionRow } from './count-session.repository.js';

export interface CountSheetProduct {
  readonly productId: number;
  readonly sku: string;
  readonly barcode: string;
  readonly name: string;
  readonly unit: string;
  readonly expected: number;
}

interface ProductStockRow {
  readonly id: number;
  readonly sku: string;
  readonly barcode: string;
  readonly name: string;
  readonly unittext: string;
  readonly stock: number | null;
}

function prepare(db: Database) {
  return {
    stockedInWarehouse: db.prepare<[string], ProductStockRow>(
      `SELECT p.id, p.sku, p.barcode, p.name, p.unittext, ps.stock FROM product_stock ps
         JOIN products p ON p.id = ps.product_id
        WHERE ps.warehouse_code = ? ORDER BY p.sku, p.name, p.id`,
    ),
    chosenProducts: db.prepare<{ session: string; warehouse: string }, ProductStockRow>(
      `SELECT p.id, p.sku, p.barcode, p.name, p.unittext, ps.stock FROM count_session_scope s
         JOIN products p ON p.id = s.ref_id
         LEFT JOIN product_stock ps ON ps.product_id = p.id AND ps.warehouse_code = @warehouse
        WHERE s.session_id = @session AND s.kind = 'product' ORDER BY p.sku, p.name, p.id`,
    ),
  };
}

export function countSheetProducts(context: CountingContext, session: SessionRow): CountSheetProduct[] {
  const statements = preparedFor(context.db, prepare);
  const rows =
    session.scope_kind === 'products'
      ? statements.chosenProducts.all({ session: session.id, warehouse: session.warehouse_code })
      : statements.stockedInWarehouse.all(session.warehouse_code);
  const inScope = context.scopes.includes(session);
  const pending = pendingStockInWarehouse(context.db, session.warehouse_code);
  return rows
    .filter((row) => inScope(row.id))
    .map((row) => ({
      productId: row.id,
      sku: row.sku,
      barcode: row.barcode,
      name: row.name,
      unit: row.unittext,
      expected: effectiveStock(row.stock ?? 0, pending.get(row.id)),
    }));
}
