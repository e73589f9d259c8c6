// catalogue.*: the local catalogue only (no network): server figures as last synced, and in the product
// detail the local view beside them (server + writes still in the outbox). assignBarcode queues a
// product update in the outbox (sent when it drains).
import { ImageFetcher, ProductImageCache, storeImageDirectory } from '../../catalog/images/index.js';
import { effectiveStock, enqueueProductBarcode, pendingStock } from '../../outbox/index.js';
import type { CallHandlers } from '../api-core.js';
import { ApiError } from '../api-errors.js';
import type { ApiServices } from '../api-services.js';
import { productDetailValue, productValue } from '../views.js';

type CatalogueHandlers = Pick<
  CallHandlers,
  | 'catalogue.lookup'
  | 'catalogue.search'
  | 'catalogue.product'
  | 'catalogue.warehouses'
  | 'catalogue.assignBarcode'
  | 'catalogue.productImage'
>;

export function catalogueHandlers(services: ApiServices): CatalogueHandlers {
  // One connection pool for every store's images (no credentials are sent; idle sockets close soon).
  const imageFetcher = new ImageFetcher();
  return {
    'catalogue.lookup': async ({ code }) => {
      const product = (await services.store()).lookup.lookupCode(code);
      return product === undefined ? null : productValue(product);
    },
    'catalogue.search': async ({ text, limit }) =>
      (await services.store()).lookup.search(text, { limit }).map(productValue),
    'catalogue.product': async ({ productId }) => {
      const store = await services.store();
      const detail = store.lookup.product(productId);
      if (detail === undefined) throw ApiError.notFound(`No product ${productId} in the local catalogue.`);
      return productDetailValue(detail, (warehouseCode, stock) =>
        effectiveStock(stock, pendingStock(store.db, warehouseCode, [productId]).get(productId)),
      );
    },
    'catalogue.warehouses': async () =>
      (await services.store()).warehouses().map((warehouse) => ({
        id: warehouse.id,
        code: warehouse.code,
        name: warehouse.name,
        address: warehouse.address,
      })),
    /** Queued, not sent: the outbox drains it (an OutboxInputError answers 'invalid-arguments'). */
    'catalogue.assignBarcode': async ({ productId, barcode }) => {
      const store = await services.store();
      const product = store.lookup.product(productId);
      if (product === undefined) throw ApiError.notFound(`No product ${productId} in the local catalogue.`);
      const { operationId } = enqueueProductBarcode(store.db, { productId, sku: product.sku, barcode });
      return { operationId };
    },
    /** Fetched by main into the store's folder beside its database; the cache answers when offline. */
    'catalogue.productImage': async ({ productId }) => {
      const store = await services.store();
      const product = store.lookup.product(productId);
      if (product === undefined) throw ApiError.notFound(`No product ${productId} in the local catalogue.`);
      const cache = new ProductImageCache({
        directory: storeImageDirectory(store.db.name),
        fetcher: imageFetcher,
      });
      return cache.image(store.profile.baseUrl, product.imagepath);
    },
  };
}
