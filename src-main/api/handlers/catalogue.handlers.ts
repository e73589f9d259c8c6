// catalogue.*: the local catalogue only (no network): server figures as last synced, and in the product
// detail the local view beside them. assignBarcode queues a product update in the outbox.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';

type CatalogueHandlers = Pick<
  CallHandlers,
  | 'catalogue.lookup'
  | 'catalogue.lookupMany'
  | 'catalogue.search'
  | 'catalogue.product'
  | 'catalogue.warehouses'
  | 'catalogue.assignBarcode'
  | 'catalogue.productImage'
  | 'catalogue.categories'
  | 'catalogue.aliases'
  | 'catalogue.addAlias'
  | 'catalogue.removeAlias'
  | 'catalogue.exportAliases'
  | 'catalogue.importAliases'
  | 'catalogue.addWarehouse'
  | 'catalogue.proposeWarehouseCode'
>;

export function catalogueHandlers(services: ApiServices): CatalogueHandlers {
  const catalogue = async () => (await services.store()).catalogue;
  return {
    'catalogue.lookup': async ({ code }) => (await catalogue()).lookup(code),
    'catalogue.lookupMany': async ({ codes }) => (await catalogue()).lookupMany(codes),
    'catalogue.search': async ({ text, limit }) => (await catalogue()).search(text, limit),
    'catalogue.product': async ({ productId }) => (await catalogue()).product(productId),
    'catalogue.warehouses': async () => (await catalogue()).warehouses(),
    'catalogue.assignBarcode': async ({ productId, barcode, replace }) =>
      (await catalogue()).assignBarcode(productId, barcode, replace),
    'catalogue.productImage': async ({ productId }) => (await catalogue()).productImage(productId),
    'catalogue.categories': async () => (await catalogue()).categories(),
    'catalogue.aliases': async ({ productId }) => (await catalogue()).aliases(productId),
    'catalogue.addAlias': async ({ productId, code, units }) =>
      (await catalogue()).addAlias(productId, code, units),
    'catalogue.removeAlias': async ({ code }) => (await catalogue()).removeAlias(code),
    'catalogue.exportAliases': async () => (await catalogue()).exportAliases(),
    'catalogue.importAliases': async ({ text }) => (await catalogue()).importAliases(text),
    'catalogue.addWarehouse': async (warehouse) => (await catalogue()).addWarehouse(warehouse),
    'catalogue.proposeWarehouseCode': async () => (await catalogue()).proposeWarehouseCode(),
  };
}
