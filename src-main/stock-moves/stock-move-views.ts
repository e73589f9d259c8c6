// A stored move as the contract shows it: its figures, reason and note, and each half with where its
// outbox operation stands (waiting to send / sent / needs attention).
import type { StockMoveView } from '../../src-shared/ipc/schemas/stock-moves.js';
import { sendStateOf } from '../outbox/index.js';
import type { WriteOperationState } from '../outbox/index.js';
import type { StockMoveRow } from './stock-moves.repository.js';

export type Standings = ReadonlyMap<number, WriteOperationState>;

/** The outbox operations of these moves (to read their standings in one query). */
export function operationIdsOf(rows: readonly StockMoveRow[]): number[] {
  return rows.flatMap((row) =>
    [row.decrease_operation_id, row.increase_operation_id, row.set_operation_id].filter(
      (id): id is number => id !== null,
    ),
  );
}

export function stockMoveView(row: StockMoveRow, standings: Standings): StockMoveView {
  const halves: StockMoveView['halves'] = [];
  const half = (
    change: StockMoveView['halves'][number]['change'],
    warehouseCode: string,
    operationId: number | null,
  ) => {
    if (operationId === null) return;
    const standing = standings.get(operationId);
    halves.push({
      change,
      warehouseCode,
      operationId,
      // An operation no longer in the outbox was cleared by a person: it will not be sent.
      sendState: sendStateOf(standing) ?? 'discarded',
      problem: standing?.mark === 'needsAttention' ? standing.reasonText : null,
      problemCode: standing?.mark === 'needsAttention' ? standing.reasonCode : null,
      waitingForWarehouse: (standing?.waitingFor ?? null) !== null,
    });
  };
  half('decrease', row.warehouse_code, row.decrease_operation_id);
  half('increase', row.to_warehouse_code ?? row.warehouse_code, row.increase_operation_id);
  half('setAvailable', row.warehouse_code, row.set_operation_id);
  return {
    id: row.id,
    kind: row.kind,
    productId: row.product_id,
    sku: row.sku,
    name: row.product_name,
    warehouseCode: row.warehouse_code,
    toWarehouseCode: row.to_warehouse_code,
    quantity: row.quantity,
    reason: row.reason,
    note: row.note,
    madeBy: row.made_by,
    madeAt: row.made_at,
    expectedBefore: row.expected_before,
    halves,
  };
}
