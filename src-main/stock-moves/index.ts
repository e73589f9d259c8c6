// Stock moves made on this PC: what the rest of main imports.
export { queueMove, type MoveToQueue, type MovedProduct } from './queue-move.js';
export { StockMovesService, type StockMovesServiceOptions } from './stock-moves.service.js';
