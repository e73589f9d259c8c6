// Merchant reference data and warehouses: handlers, tables, and lookups other resources use.
import { merchantHandlers } from './merchant.handlers.js';
import { merchantSchemaSql } from './merchant.repository.js';

export const handlers = merchantHandlers;
export const schemaSql = merchantSchemaSql;

export { requireWarehouse } from './merchant.handlers.js';
export {
  findWarehouseByCode,
  findReferenceById,
  findReferenceByName,
  listAllWarehouses,
} from './merchant.repository.js';
export type { ReferenceKind, ReferenceRow, WarehouseRow } from './merchant.repository.js';
export { seedMerchantReference } from './merchant.seed.js';
