// The four stock-list operations on one warehouse. Each line is judged on its own (success, fail or
// notupdate) and applied in order, so two lines for one product see each other's result; the whole
// request is one transaction (the core's), and one bad line never blocks the others.
import type { HandlerResult, Handlers, StoreContext } from '../../core/handler.js';
import { requireWarehouse } from '../merchant/index.js';
import {
  applyStockFigures,
  findProductRef,
  readStockById,
  roundQuantity,
  type StockFigures,
} from './stock.repository.js';

type StockListName =
  | 'UpdateProductStockList'
  | 'IncreaseProductStockList'
  | 'DecreaseProductStockList'
  | 'UpdateProductAvailableStockList';

interface LineResult {
  productid: number;
  sku: string;
  stock: number;
}

/** What a line asks for, given the current figures: new figures, "nothing to change", or refused. */
type Outcome =
  { kind: 'set'; figures: StockFigures; shown: number } | { kind: 'notupdate' } | { kind: 'fail' };

const operations: Record<StockListName, (current: StockFigures, value: number) => Outcome> = {
  // Absolute stock; available moves by the same delta, so reservations (stock - available) are kept.
  UpdateProductStockList: (current, value) => {
    if (value < 0) return { kind: 'fail' };
    if (roundQuantity(value) === current.stock) return { kind: 'notupdate' };
    const availablestock = current.availablestock + (value - current.stock);
    return { kind: 'set', figures: { stock: value, availablestock }, shown: value };
  },
  IncreaseProductStockList: (current, value) => {
    if (value < 0) return { kind: 'fail' };
    if (value === 0) return { kind: 'notupdate' };
    const figures = { stock: current.stock + value, availablestock: current.availablestock + value };
    return { kind: 'set', figures, shown: roundQuantity(figures.stock) };
  },
  // Stock never goes below zero: a decrease larger than the stock is refused, not clamped.
  DecreaseProductStockList: (current, value) => {
    if (value < 0 || roundQuantity(current.stock - value) < 0) return { kind: 'fail' };
    if (value === 0) return { kind: 'notupdate' };
    const figures = { stock: current.stock - value, availablestock: current.availablestock - value };
    return { kind: 'set', figures, shown: roundQuantity(figures.stock) };
  },
  // Absolute available stock; stock itself is untouched.
  UpdateProductAvailableStockList: (current, value) => {
    if (value < 0) return { kind: 'fail' };
    if (roundQuantity(value) === current.availablestock) return { kind: 'notupdate' };
    return { kind: 'set', figures: { stock: current.stock, availablestock: value }, shown: value };
  },
};

/** The part of the four endpoints' context a stock list reads (their rows share query and body). */
interface StockListContext extends StoreContext {
  readonly query: { readonly warehousecode: string };
  readonly body: {
    readonly stocks: readonly {
      readonly productid?: number | undefined;
      readonly sku?: string | undefined;
      readonly stock: number;
    }[];
  };
}

type StockListResult = HandlerResult<'UpdateProductStockList'>;

function runStockList(name: StockListName, context: StockListContext): StockListResult {
  const { db, store, query, body, now } = context;
  const warehouse = requireWarehouse(db, store.id, query.warehousecode.trim());
  const at = now();
  const successlist: LineResult[] = [];
  const faillist: LineResult[] = [];
  const notupdatelist: LineResult[] = [];
  for (const line of body.stocks) {
    const product = findProductRef(db, store.id, { productId: line.productid, sku: line.sku?.trim() });
    if (!product) {
      faillist.push({ productid: line.productid ?? 0, sku: line.sku ?? '', stock: line.stock });
      continue;
    }
    const current = readStockById(db, store.id, product.id, warehouse.id);
    const outcome = operations[name](current, line.stock);
    const result = { productid: product.id, sku: product.sku, stock: line.stock };
    if (outcome.kind === 'fail') faillist.push(result);
    else if (outcome.kind === 'notupdate') notupdatelist.push(result);
    else {
      applyStockFigures(db, store.id, {
        productId: product.id,
        warehouse,
        ...outcome.figures,
        reason: name,
        at,
        before: current,
      });
      successlist.push({ ...result, stock: outcome.shown });
    }
  }
  const stockupdate = {
    success: successlist.length,
    fail: faillist.length,
    notupdate: notupdatelist.length,
    successlist,
    faillist,
    notupdatelist,
  };
  return { payload: { stockupdate } };
}

export const stockHandlers = {
  UpdateProductStockList: (context) => runStockList('UpdateProductStockList', context),
  IncreaseProductStockList: (context) => runStockList('IncreaseProductStockList', context),
  DecreaseProductStockList: (context) => runStockList('DecreaseProductStockList', context),
  UpdateProductAvailableStockList: (context) => runStockList('UpdateProductAvailableStockList', context),
} satisfies Partial<Handlers>;
