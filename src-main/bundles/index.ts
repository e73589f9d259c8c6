// The store's bundles (issue 12): a local copy taken from the catalogue's pull, and writes through the outbox.
export { BundleRepository } from './bundle.repository.js';
export { refreshBundles, type BundleRefreshOptions } from './bundle-refresh.js';
export { BundleService, type BundleServiceOptions } from './bundle.service.js';
