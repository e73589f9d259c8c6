// The open store's catalogue services in one place: the picture fetcher, the lookup, warehouses added
// here, product pictures, the catalogue service (with its product edits and code aliases) and serial
// numbers. store-session.ts builds them with what they need and hands the services out.
import { hostname } from 'node:os';
import type { Database } from 'better-sqlite3';
import { outboxPictureWrites, ProductPictures } from '../catalog/pictures/index.js';
import { SerialNumbers } from '../catalog/serials/index.js';
import { CatalogueLookup } from '../catalog/catalogue-lookup.js';
import { CatalogueService } from '../catalog/catalogue.service.js';
import { CodeAliases } from '../catalog/code-aliases.js';
import { WarehouseAdditions } from '../catalog/warehouse-additions.js';
import { ProductEdits } from '../catalog/product-edits.js';
import { outboxProductWrites } from '../catalog/product-writes.js';
import { ImageFetcher, ProductImageCache, storeImageDirectory } from '../catalog/images/index.js';
import type { CatalogueRepository } from '../catalog/catalogue.repository.js';
import type { CountingService } from '../counting/index.js';
import type { Logger } from '../logging/index.js';
import { enqueueWrite, openStockLineCount, type Outbox } from '../outbox/index.js';
import { storeUploadsDirectory } from '../storage/paths.js';

export interface StoreCatalogueOptions {
  readonly db: Database;
  readonly catalogue: CatalogueRepository;
  readonly outbox: Outbox;
  /** A product held by an open count is not deleted from under it. */
  readonly counting: CountingService;
  /** Where the store's product pictures come from (the profile's address). */
  readonly baseUrl: string;
  readonly logger: Logger;
  readonly now: () => number;
}

export interface StoreCatalogue {
  readonly lookup: CatalogueLookup;
  readonly warehouses: WarehouseAdditions;
  readonly pictures: ProductPictures;
  readonly service: CatalogueService;
  readonly serials: SerialNumbers;
  /** Closes the picture fetcher's connection pool (with the store). */
  readonly close: () => void;
}

export function openStoreCatalogue(options: StoreCatalogueOptions): StoreCatalogue {
  const { db, catalogue, counting, logger, now } = options;
  // The store's pictures: one connection pool (no credentials are sent), closed with the store.
  const imageFetcher = new ImageFetcher();
  const lookup = new CatalogueLookup(db);
  const warehouses = new WarehouseAdditions({
    db,
    pulled: () => catalogue.warehouses(),
    queueCreate: (body) => enqueueWrite(db, { kind: 'addWarehouse', body }).operationId,
    now,
  });
  const pictures = new ProductPictures({
    db,
    lookup,
    directory: storeUploadsDirectory(db.name),
    now,
    currentId: (productId) => catalogue.localWrites.currentId(productId),
    writes: outboxPictureWrites(db, catalogue.localWrites),
  });
  const service = new CatalogueService({
    warehouses,
    lookup,
    aliases: new CodeAliases({ db, lookup, now }),
    repository: catalogue,
    outbox: options.outbox,
    images: new ProductImageCache({
      directory: storeImageDirectory(db.name),
      fetcher: imageFetcher,
      // A picture address refused (not https, not public) is worth a warning; offline is not.
      onProblem: (message, details) => {
        if (String(details['detail']).startsWith('address refused')) logger.warn(message, details);
        else logger.debug(message, details);
      },
    }),
    localPictures: pictures,
    baseUrl: options.baseUrl,
    edits: new ProductEdits({
      db,
      repository: catalogue,
      lookup,
      writes: outboxProductWrites(db),
      usage: {
        openCountsHolding: (productId) => counting.openCountsHolding(productId),
        queuedStockWrites: (productId) => openStockLineCount(db, productId),
      },
      pcName: hostname(),
      now,
    }),
  });
  const serials = new SerialNumbers({ db, lookup, repository: catalogue, now });
  return {
    lookup,
    warehouses,
    pictures,
    service,
    serials,
    close: () => {
      imageFetcher
        .close()
        .catch((error: unknown) => logger.warn('Closing the picture fetcher failed', { error }));
    },
  };
}
