// Product images fetched by main and cached per store (see product-image-cache.ts).
import { basename, dirname, join } from 'node:path';

export {
  checkedImageUrl,
  DEFAULT_MAX_IMAGE_BYTES,
  ImageFetcher,
  resolveImageUrl,
  type ImageFetchOutcome,
  type ImageProblem,
} from './image-fetcher.js';
export {
  DEFAULT_IMAGE_CACHE_LIMITS,
  ProductImageCache,
  type ProductImageAnswer,
} from './product-image-cache.js';

/** A store's image folder beside its database: `<userData>/stores/<profile>.images/`. */
export function storeImageDirectory(storeDatabaseFile: string): string {
  return join(dirname(storeDatabaseFile), `${basename(storeDatabaseFile).replace(/\.sqlite$/, '')}.images`);
}
