// Queueing one move: its outbox rows and its own row in ONE transaction, so a move is stored with every
// half or not at all. A transfer is two stock lines on two independent keys (the product in each
// warehouse): each half is sent, retried and reconciled on its own (a delta read back against the figure
// saved before sending), so a half that failed never resends the one that landed. Checked figures only:
// the service validates what a person typed before calling this.
import type { Database } from 'better-sqlite3';
import type { StockMoveReason } from '../../src-shared/domain/vocabulary.js';
import { enqueueStockChange } from '../outbox/index.js';
import { insertStockMove } from './stock-moves.repository.js';

export interface MovedProduct {
  readonly productId: number;
  readonly sku: string;
  readonly name: string;
}

interface MoveCommon {
  readonly product: MovedProduct;
  readonly quantity: number;
  readonly note: string;
  readonly madeBy: string;
  readonly madeAt: number;
  /** The stock the PC expected in the (source) warehouse when the move was made. */
  readonly expectedBefore: number | null;
}

export type MoveToQueue =
  | (MoveCommon & {
      readonly kind: 'increase' | 'decrease';
      readonly warehouseCode: string;
      readonly reason: StockMoveReason;
    })
  | (MoveCommon & { readonly kind: 'transfer'; readonly from: string; readonly to: string })
  | (MoveCommon & { readonly kind: 'setAvailable'; readonly warehouseCode: string });

/** Stores the move and its outbox rows together; answers the move's id. */
export function queueMove(db: Database, move: MoveToQueue): number {
  return db
    .transaction(() => {
      const line = { productId: move.product.productId, sku: move.product.sku, value: move.quantity };
      const one = (warehouseCode: string, change: 'increase' | 'decrease' | 'setAvailable') => {
        const [id] = enqueueStockChange(db, { warehouseCode, change, lines: [line] }).operationIds;
        if (id === undefined) throw new Error('A stock line was not queued');
        return id;
      };
      const common = {
        kind: move.kind,
        product_id: move.product.productId,
        sku: move.product.sku,
        product_name: move.product.name,
        quantity: move.quantity,
        note: move.note,
        made_by: move.madeBy,
        made_at: move.madeAt,
        expected_before: move.expectedBefore,
      };
      switch (move.kind) {
        case 'increase':
        case 'decrease':
          return insertStockMove(db, {
            ...common,
            warehouse_code: move.warehouseCode,
            to_warehouse_code: null,
            reason: move.reason,
            decrease_operation_id: move.kind === 'decrease' ? one(move.warehouseCode, 'decrease') : null,
            increase_operation_id: move.kind === 'increase' ? one(move.warehouseCode, 'increase') : null,
            set_operation_id: null,
          });
        case 'transfer':
          return insertStockMove(db, {
            ...common,
            warehouse_code: move.from,
            to_warehouse_code: move.to,
            reason: null,
            decrease_operation_id: one(move.from, 'decrease'),
            increase_operation_id: one(move.to, 'increase'),
            set_operation_id: null,
          });
        case 'setAvailable':
          return insertStockMove(db, {
            ...common,
            warehouse_code: move.warehouseCode,
            to_warehouse_code: null,
            reason: null,
            decrease_operation_id: null,
            increase_operation_id: null,
            set_operation_id: one(move.warehouseCode, 'setAvailable'),
          });
      }
    })
    .immediate();
}
