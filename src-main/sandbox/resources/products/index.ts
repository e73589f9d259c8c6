// Products, stock per warehouse, serial numbers, variations, categories and images: the resource module
// and what other resources use (stock lookups and moves, seed support, image bytes for the core).
import type { Handlers, ResourceModule } from '../../core/handler.js';
import { productReadHandlers } from './product-read.handlers.js';
import { productSchemaSql } from './product-schema.repository.js';
import { productWriteHandlers } from './product-write.handlers.js';
import { serialImageHandlers } from './serial-image.handlers.js';
import { stockHandlers } from './stock.handlers.js';

export const handlers = {
  ...productReadHandlers,
  ...productWriteHandlers,
  ...stockHandlers,
  ...serialImageHandlers,
} satisfies Partial<Handlers>;

export const schemaSql = productSchemaSql;

export const productsModule: ResourceModule = { handlers, schemaSql };

export {
  adjustStock,
  findProductRef,
  readStock,
  roundQuantity,
  stockTotals,
  type ProductRef,
  type StockFigures,
} from './stock.repository.js';
export { listStockMovements, type MovementFilter, type StockMovement } from './stock-movement.repository.js';
export { assignVariation, insertVariation, setProductActiveAndCreated } from './seed-support.js';
export { productImagePath, readProductImage, type StoredImage } from './image.repository.js';
export { listSerialNumbers, type SerialNumber } from './serial.repository.js';
