// Stock moves outside a count (issue 12): an increase or decrease in one warehouse with a reason, a
// transfer between two warehouses, a new available-stock figure. Each is queued in the outbox (a delta
// read back against the figure saved before sending, never resent blindly) and kept on this PC with its
// reason and note, which v4 has no field for.
//
// Conventions of this area:
// - A move is addressed by its local id; its `halves` are the outbox operations that carry it: one for
//   an increase, a decrease or an available figure, two for a transfer (the decrease in `warehouseCode`
//   and the increase in `toWarehouseCode`, each sent and retried on its own, each applied once).
// - Bad input answers `invalid-arguments` with `issues` whose `path` names the field (`quantity`,
//   `note`, `toWarehouseCode`, `lines.1.quantity`…); nothing is queued then.
// - A decrease past the stock the PC expects answers `conflict` with reason 'below-expected-stock'
//   (the page asks, then sends again with `confirmBelowStock: true`).
import { z } from 'zod';
import { STOCK_MOVE_KINDS, STOCK_MOVE_REASONS } from '../../domain/vocabulary.js';
import { COUNT_RULE, QUANTITY_RULE } from '../../domain/typed-number.js';
import {
  count,
  epochMs,
  pageArgs,
  requiredText,
  rowId,
  shortText,
  typedFigure,
  EMPTY_ARGS,
} from './common.js';
import { sendState } from './money.js';

export const STOCK_MOVE_HALVES = ['increase', 'decrease', 'setAvailable'] as const;
/** Longest note kept with a move. */
export const MOVE_NOTE_MAX = 500;

const moveQuantity = typedFigure(QUANTITY_RULE);
const warehouseCode = requiredText(64);
const note = shortText(MOVE_NOTE_MAX).default('');
/** Who made the move; blank: the PC's name. */
const madeBy = shortText(64).default('');

export const stockMoveHalf = z.object({
  change: z.enum(STOCK_MOVE_HALVES),
  warehouseCode: z.string(),
  operationId: rowId,
  sendState,
  /** Why it needs attention (the outbox's words), or what it waits for; null when nothing to say. */
  problem: z.string().nullable(),
  /** The outbox's reason code of `problem` (the page words it by this), or null. */
  problemCode: z.string().nullable(),
  /** It waits for a warehouse added on this PC to be created on the back office. */
  waitingForWarehouse: z.boolean(),
});

export const stockMove = z.object({
  id: rowId,
  kind: z.enum(STOCK_MOVE_KINDS),
  productId: rowId,
  sku: z.string(),
  name: z.string(),
  /** The warehouse of an increase, decrease or available figure; a transfer's source. */
  warehouseCode: z.string(),
  /** A transfer's destination; null otherwise. */
  toWarehouseCode: z.string().nullable(),
  /** Units moved, or the available figure set. */
  quantity: z.number(),
  reason: z.enum(STOCK_MOVE_REASONS).nullable(),
  note: z.string(),
  madeBy: z.string(),
  madeAt: epochMs,
  /** The stock this PC expected in `warehouseCode` when the move was made. */
  expectedBefore: z.number().nullable(),
  halves: z.array(stockMoveHalf),
});
export type StockMoveView = z.output<typeof stockMove>;

export const stockMoveCalls = {
  /**
   * Increases or decreases a product's stock in one warehouse, with a reason ('other' needs a note).
   * Queued at once (works offline); shows in stockMoves.list as waiting to send.
   */
  'stockMoves.adjust': {
    args: z.strictObject({
      productId: rowId,
      warehouseCode,
      direction: z.enum(['increase', 'decrease']),
      quantity: moveQuantity,
      reason: z.enum(STOCK_MOVE_REASONS),
      note,
      madeBy,
      confirmBelowStock: z.boolean().default(false),
    }),
    result: stockMove,
    reasons: ['below-expected-stock'],
  },
  /**
   * Moves units of one or more products from one warehouse to another: per product one move, queued as
   * a decrease in `fromWarehouseCode` and an increase in `toWarehouseCode` in one transaction.
   */
  'stockMoves.transfer': {
    args: z.strictObject({
      fromWarehouseCode: warehouseCode,
      toWarehouseCode: warehouseCode,
      lines: z
        .array(z.strictObject({ productId: rowId, quantity: moveQuantity }))
        .min(1)
        .max(500),
      note,
      madeBy,
      confirmBelowStock: z.boolean().default(false),
    }),
    result: z.array(stockMove),
    reasons: ['below-expected-stock'],
  },
  /** Sets a product's available stock in one warehouse (UpdateProductAvailableStockList). */
  'stockMoves.setAvailable': {
    args: z.strictObject({
      productId: rowId,
      warehouseCode,
      available: typedFigure(COUNT_RULE),
      note,
      madeBy,
    }),
    result: stockMove,
  },
  /** The moves made on this PC, newest first, each half with where it stands. */
  'stockMoves.list': {
    args: z.strictObject({ ...pageArgs }),
    result: z.object({ total: count, offset: count, items: z.array(stockMove) }),
  },
  /** Every move of this PC as CSV (UTF-8 with BOM), with reasons and notes. */
  'stockMoves.exportCsv': {
    args: EMPTY_ARGS,
    result: z.object({ fileName: z.string(), csv: z.string() }),
  },
} as const;
