// Stock moves outside a count, for the page: adjustments with a reason, transfers between warehouses,
// available-stock figures, the list of this PC's moves with each half's send state, and their CSV.
// Every figure a person typed is checked here (field by field, nothing queued from a bad form); a
// decrease past the stock the PC expects is asked about first, not refused. Returns the contract's shapes.
import { hostname } from 'node:os';
import type { Database } from 'better-sqlite3';
import { BELOW_EXPECTED_STOCK, type StockMoveReason } from '../../src-shared/domain/vocabulary.js';
import type { CallValue, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import type { StockMoveView } from '../../src-shared/ipc/schemas/stock-moves.js';
import { formatThaiDate } from '../../src-shared/time/index.js';
import type { CatalogueLookup } from '../catalog/catalogue-lookup.js';
import { csvFileName } from '../csv/csv-text.js';
import { effectiveStock, operationStates, pendingStock } from '../outbox/index.js';
import { Refusal } from '../refusal/refusal.js';
import { queueMove, type MovedProduct, type MoveToQueue } from './queue-move.js';
import {
  allStockMoves,
  stockMoveById,
  stockMoveCount,
  stockMovesPage,
  type StockMoveRow,
} from './stock-moves.repository.js';
import { stockMovesCsv } from './stock-moves-csv.js';
import { operationIdsOf, stockMoveView, type Standings } from './stock-move-views.js';

export interface StockMovesServiceOptions {
  readonly db: Database;
  readonly lookup: Pick<CatalogueLookup, 'findById' | 'serverStock'>;
  /** The codes a move may name: the back office's warehouses and those added on this PC. */
  readonly warehouseCodes: () => ReadonlySet<string>;
  readonly now?: () => number;
  /** Who made a move when the page gives no name. */
  readonly pcName?: string;
}

export class StockMovesService {
  readonly #db: Database;
  readonly #lookup: StockMovesServiceOptions['lookup'];
  readonly #warehouseCodes: () => ReadonlySet<string>;
  readonly #now: () => number;
  readonly #pcName: string;

  constructor(options: StockMovesServiceOptions) {
    this.#db = options.db;
    this.#lookup = options.lookup;
    this.#warehouseCodes = options.warehouseCodes;
    this.#now = options.now ?? Date.now;
    this.#pcName = options.pcName ?? hostname();
  }

  adjust(args: ParsedCallArgs<'stockMoves.adjust'>): CallValue<'stockMoves.adjust'> {
    const product = this.#product(args.productId, 'productId');
    const warehouseCode = this.#warehouse(args.warehouseCode, 'warehouseCode');
    const note = this.#note(args.reason, args.note);
    const expectedBefore = this.#expected(product.productId, warehouseCode);
    if (args.direction === 'decrease' && !args.confirmBelowStock) {
      this.#askBelowStock([{ product, quantity: args.quantity, expected: expectedBefore }], warehouseCode);
    }
    return this.#queue({
      kind: args.direction,
      warehouseCode,
      reason: args.reason,
      ...this.#common(product, args.quantity, note, args.madeBy, expectedBefore),
    });
  }

  transfer(args: ParsedCallArgs<'stockMoves.transfer'>): CallValue<'stockMoves.transfer'> {
    const from = this.#warehouse(args.fromWarehouseCode, 'fromWarehouseCode');
    const to = this.#warehouse(args.toWarehouseCode, 'toWarehouseCode');
    if (from === to)
      throw Refusal.field('toWarehouseCode', 'must be another warehouse than the one stock leaves');
    const seen = new Set<number>();
    const lines = args.lines.map((line, index) => {
      const product = this.#product(line.productId, `lines.${index}.productId`);
      if (seen.has(product.productId)) {
        throw Refusal.field(`lines.${index}.productId`, `${product.sku} is already a line of this transfer`);
      }
      seen.add(product.productId);
      return { product, quantity: line.quantity, expected: this.#expected(product.productId, from) };
    });
    if (!args.confirmBelowStock) this.#askBelowStock(lines, from);
    const note = args.note.trim();
    const ids = this.#db
      .transaction(() =>
        lines.map((line) =>
          queueMove(this.#db, {
            kind: 'transfer',
            from,
            to,
            ...this.#common(line.product, line.quantity, note, args.madeBy, line.expected),
          }),
        ),
      )
      .immediate();
    return this.#views(ids);
  }

  setAvailable(args: ParsedCallArgs<'stockMoves.setAvailable'>): CallValue<'stockMoves.setAvailable'> {
    const product = this.#product(args.productId, 'productId');
    const warehouseCode = this.#warehouse(args.warehouseCode, 'warehouseCode');
    const expectedBefore = this.#expected(product.productId, warehouseCode);
    return this.#queue({
      kind: 'setAvailable',
      warehouseCode,
      ...this.#common(product, args.available, args.note.trim(), args.madeBy, expectedBefore),
    });
  }

  list(args: ParsedCallArgs<'stockMoves.list'>): CallValue<'stockMoves.list'> {
    const rows = stockMovesPage(this.#db, args.offset, args.limit);
    const standings = this.#standings(rows);
    return {
      total: stockMoveCount(this.#db),
      offset: args.offset,
      items: rows.map((row) => stockMoveView(row, standings)),
    };
  }

  exportCsv(): CallValue<'stockMoves.exportCsv'> {
    const rows = allStockMoves(this.#db);
    const standings = this.#standings(rows);
    return {
      fileName: csvFileName(`stock moves ${formatThaiDate(this.#now())}`, 'stock moves'),
      csv: stockMovesCsv(rows.map((row) => stockMoveView(row, standings))),
    };
  }

  #queue(move: MoveToQueue): StockMoveView {
    const [view] = this.#views([queueMove(this.#db, move)]);
    if (view === undefined) throw new Error('A queued move could not be read back');
    return view;
  }

  #views(ids: readonly number[]): StockMoveView[] {
    const rows = ids.flatMap((id) => stockMoveById(this.#db, id) ?? []);
    const standings = this.#standings(rows);
    return rows.map((row) => stockMoveView(row, standings));
  }

  #standings(rows: readonly StockMoveRow[]): Standings {
    const ids = operationIdsOf(rows);
    if (ids.length === 0) return new Map();
    return new Map(operationStates(this.#db, ids).map((state) => [state.operationId, state]));
  }

  #common(product: MovedProduct, quantity: number, note: string, madeBy: string, expected: number) {
    return {
      product,
      quantity,
      note,
      madeBy: madeBy.trim() === '' ? this.#pcName : madeBy.trim(),
      madeAt: this.#now(),
      expectedBefore: expected,
    };
  }

  #product(productId: number, path: string): MovedProduct {
    const product = this.#lookup.findById(productId);
    if (product === undefined) {
      throw new Refusal('not-found', `No product ${productId} in the local catalogue.`, {
        issues: [{ path, message: 'is not in the local catalogue' }],
      });
    }
    return { productId: product.id, sku: product.sku, name: product.name };
  }

  #warehouse(code: string, path: string): string {
    const trimmed = code.trim();
    if (!this.#warehouseCodes().has(trimmed))
      throw Refusal.field(path, `${trimmed} is not a warehouse of this store`);
    return trimmed;
  }

  #note(reason: StockMoveReason, note: string): string {
    const trimmed = note.trim();
    if (reason === 'other' && trimmed === '')
      throw Refusal.field('note', 'says what happened when the reason is other');
    return trimmed;
  }

  /** What this PC expects on the shelf: the last pulled figure with the writes still queued applied. */
  #expected(productId: number, warehouseCode: string): number {
    const server = this.#lookup.serverStock(productId, warehouseCode)?.stock ?? 0;
    return effectiveStock(server, pendingStock(this.#db, warehouseCode, [productId]).get(productId));
  }

  #askBelowStock(
    lines: ReadonlyArray<{ product: MovedProduct; quantity: number; expected: number }>,
    warehouseCode: string,
  ): void {
    const short = lines.filter((line) => line.quantity > line.expected);
    if (short.length === 0) return;
    const words = short
      .map((line) => `${line.product.sku}: ${line.quantity} out of ${line.expected} expected`)
      .join('; ');
    throw Refusal.conflict(
      `This takes more than ${warehouseCode} is expected to hold (${words}). The back office refuses a ` +
        'decrease below 0; confirm only if the shelf really holds more than the figure shows.',
      BELOW_EXPECTED_STOCK,
    );
  }
}
