// Bundles of products: the resource module, and seed support for inactive bundles.
import type { Handlers, ResourceModule } from '../../core/handler.js';
import { bundleHandlers } from './bundle.handlers.js';
import { bundleSchemaSql } from '../products/bundle-schema.repository.js';

export const handlers = bundleHandlers satisfies Partial<Handlers>;

export const schemaSql = bundleSchemaSql;

export const bundlesModule: ResourceModule = { handlers, schemaSql };

export { bundleFigures } from './bundle-view.js';
export { setBundleActive } from './seed-support.js';
export {
  findBundleBySku,
  findBundleHoldingProduct,
  type BundleRef,
} from '../products/bundle-usage.repository.js';
