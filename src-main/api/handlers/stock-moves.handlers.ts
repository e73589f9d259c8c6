// stockMoves.*: adjustments, transfers and available figures queued in the outbox, and this PC's moves.
// Transport only: each call's parsed arguments go to the StockMovesService method of the same name.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';

type StockMoveHandlers = Pick<
  CallHandlers,
  | 'stockMoves.adjust'
  | 'stockMoves.transfer'
  | 'stockMoves.setAvailable'
  | 'stockMoves.list'
  | 'stockMoves.exportCsv'
>;

export function stockMoveHandlers(services: ApiServices): StockMoveHandlers {
  const moves = async () => (await services.store()).stockMoves;
  return {
    'stockMoves.adjust': async (move) => (await moves()).adjust(move),
    'stockMoves.transfer': async (transfer) => (await moves()).transfer(transfer),
    'stockMoves.setAvailable': async (move) => (await moves()).setAvailable(move),
    'stockMoves.list': async (page) => (await moves()).list(page),
    'stockMoves.exportCsv': async () => (await moves()).exportCsv(),
  };
}
