// Which key a new stock line goes on. Normally its product × warehouse key (operation-keys.ts). A
// warehouse added on this PC does not exist on the back office until its create is sent, so a line
// into it shares the create's key (and names it in depends_on): it waits for the create, and waits with
// it while a person looks at it. A later line of the same product there stays on that key while an
// earlier one still is, so the two never overtake each other.
import type { Database } from 'better-sqlite3';
import { preparedFor } from '../../db/statements.js';
import { stockOrderKey } from './operation-keys.js';

/** The write kind that creates a warehouse (its row, keyed by this name: writes/warehouse-rows.ts). */
export const ADD_WAREHOUSE_KIND = 'addWarehouse';

export interface StockLineKey {
  readonly orderKey: string;
  readonly dependsOn: number | null;
}

interface KeyRow {
  readonly id: number;
  readonly order_key: string;
  readonly depends_on: number | null;
}

function prepareAll(db: Database) {
  return {
    // Its create's open row, found by the body's code (few rows: only open ones of one kind).
    openCreate: db.prepare<{ kind: string; code: string }, KeyRow>(
      `SELECT id, order_key, depends_on FROM outbox_operations
        WHERE kind = @kind AND state NOT IN ('done', 'discarded')
          AND trim(json_extract(payload, '$.code')) = @code
        ORDER BY id LIMIT 1`,
    ),
    // The index outbox_open_stock holds these rows.
    chainedLine: db.prepare<{ code: string; productId: number }, KeyRow>(
      `SELECT id, order_key, depends_on FROM outbox_operations
        WHERE warehouse_code = @code AND product_id = @productId AND depends_on IS NOT NULL
          AND state NOT IN ('done', 'discarded')
        ORDER BY id DESC LIMIT 1`,
    ),
  };
}

/** The open create of a warehouse added on this PC, if its create is not done yet. */
export function openWarehouseCreate(db: Database, warehouseCode: string): StockLineKey | undefined {
  const row = preparedFor(db, prepareAll).openCreate.get({ kind: ADD_WAREHOUSE_KIND, code: warehouseCode });
  return row === undefined ? undefined : { orderKey: row.order_key, dependsOn: row.id };
}

/** Keys of the lines of one warehouse: the create is looked up once, each product's chain per line. */
export function stockLineKeys(
  db: Database,
  warehouseCode: string,
): (productId: number, sku: string) => StockLineKey {
  const create = openWarehouseCreate(db, warehouseCode);
  const { chainedLine } = preparedFor(db, prepareAll);
  return (productId, sku) => {
    if (create !== undefined) return create;
    const chained = productId > 0 ? chainedLine.get({ code: warehouseCode, productId }) : undefined;
    if (chained !== undefined) return { orderKey: chained.order_key, dependsOn: chained.depends_on };
    return { orderKey: stockOrderKey(warehouseCode, productId, sku), dependsOn: null };
  };
}
