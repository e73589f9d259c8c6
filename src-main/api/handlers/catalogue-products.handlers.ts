// catalogue.* for products made and changed on this PC (issue 12): each change stored locally at once
// and queued in the outbox; the products page's paged search.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';

type CatalogueProductHandlers = Pick<
  CallHandlers,
  | 'catalogue.searchPage'
  | 'catalogue.productFields'
  | 'catalogue.proposeSku'
  | 'catalogue.createProduct'
  | 'catalogue.updateProduct'
  | 'catalogue.setProductActive'
  | 'catalogue.productUsage'
  | 'catalogue.deleteProduct'
>;

export function catalogueProductHandlers(services: ApiServices): CatalogueProductHandlers {
  const catalogue = async () => (await services.store()).catalogue;
  return {
    'catalogue.searchPage': async ({ text, offset, limit }) =>
      (await catalogue()).searchPage(text, offset, limit),
    'catalogue.productFields': async ({ productId }) => (await catalogue()).productFields(productId),
    'catalogue.proposeSku': async () => (await catalogue()).proposeSku(),
    'catalogue.createProduct': async ({ fields }) => (await catalogue()).createProduct(fields),
    'catalogue.updateProduct': async ({ productId, fields }) =>
      (await catalogue()).updateProduct(productId, fields),
    'catalogue.setProductActive': async ({ productId, active }) =>
      (await catalogue()).setProductActive(productId, active),
    'catalogue.productUsage': async ({ productId }) => (await catalogue()).productUsage(productId),
    'catalogue.deleteProduct': async ({ productId }) => (await catalogue()).deleteProduct(productId),
  };
}
