// Sending one stock-list request and mapping its per-line answer (successlist / notupdatelist /
// faillist) back to the rows, for the stock-change and count kinds alike.
import type { BackofficeCaller } from '../../backoffice/index.js';
import type { OperationRow } from '../core/operation-types.js';
import type { RowOutcome } from '../core/operation-kind.js';
import { readQuantity } from '../core/quantity.js';

export type StockListEndpoint =
  | 'UpdateProductStockList'
  | 'IncreaseProductStockList'
  | 'DecreaseProductStockList'
  | 'UpdateProductAvailableStockList';

interface LineResult {
  readonly productid?: number;
  readonly sku?: string;
  readonly stock?: number;
}

export const LINE_REFUSED = 'LINE_REFUSED';

/**
 * Sends `rows` (all in one warehouse) with the figure `valueOf(row)` and maps each line's verdict:
 * applied → done with the resulting figure; not updated (same absolute, delta 0) → done; refused → parked
 * with the reason; missing from the answer → unclear (reconciled before anything else of its key).
 */
export async function sendStockList(
  client: BackofficeCaller,
  endpoint: StockListEndpoint,
  warehouseCode: string,
  rows: readonly OperationRow[],
  valueOf: (row: OperationRow) => number,
): Promise<Map<number, RowOutcome>> {
  const stocks = rows.map((row) =>
    (row.product_id ?? 0) > 0
      ? { productid: row.product_id ?? 0, stock: valueOf(row) }
      : { sku: row.sku ?? '', stock: valueOf(row) },
  );
  const answer = await client.call(endpoint, { query: { warehousecode: warehouseCode }, body: { stocks } });
  const update = answer.detail?.stockupdate;
  const success = new LineMatcher(update?.successlist ?? []);
  const notUpdated = new LineMatcher(update?.notupdatelist ?? []);
  const failed = new LineMatcher(update?.faillist ?? []);
  const outcomes = new Map<number, RowOutcome>();
  for (const row of rows) {
    const applied = success.take(row);
    if (applied) {
      const figure = readQuantity(applied.stock);
      outcomes.set(row.id, {
        state: 'done',
        outcome: 'applied',
        ...(Number.isNaN(figure) ? {} : { resultFigure: figure }),
      });
    } else if (notUpdated.take(row)) {
      outcomes.set(row.id, { state: 'done', outcome: 'notUpdated' });
    } else if (failed.take(row)) {
      outcomes.set(row.id, {
        state: 'parked',
        code: LINE_REFUSED,
        text: refusalText(endpoint, row, valueOf(row)),
      });
    } else {
      outcomes.set(row.id, { state: 'unclear' });
    }
  }
  return outcomes;
}

/** The sandbox and production give no per-line reason; say what the possible ones are. */
function refusalText(endpoint: StockListEndpoint, row: OperationRow, value: number): string {
  const product = (row.product_id ?? 0) > 0 ? `product ${row.product_id} (${row.sku})` : `sku ${row.sku}`;
  const causes =
    endpoint === 'DecreaseProductStockList'
      ? 'the product is unknown there, or the decrease is larger than the stock'
      : 'the product is unknown there, or the figure is refused';
  return `${endpoint} refused ${product} with ${value} in ${row.warehouse_code}: ${causes}.`;
}

/** Finds each row's entry in one result list (by product id, or by sku for lines sent by sku), once. */
class LineMatcher {
  readonly #entries: Array<LineResult | undefined>;

  constructor(entries: readonly LineResult[]) {
    this.#entries = [...entries];
  }

  take(row: OperationRow): LineResult | undefined {
    const byId = (row.product_id ?? 0) > 0;
    const index = this.#entries.findIndex(
      (entry) =>
        entry !== undefined &&
        (byId ? entry.productid === row.product_id : (entry.sku ?? '').trim() === (row.sku ?? '').trim()),
    );
    if (index < 0) return undefined;
    const entry = this.#entries[index];
    this.#entries[index] = undefined;
    return entry;
  }
}
