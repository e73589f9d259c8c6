// The store's bundles (issue 12): a local copy pulled on the sync schedule, and writes through the outbox.
export { BundleRepository } from './bundle.repository.js';
export { BundleService, type BundleServiceOptions } from './bundle.service.js';
export { BundleSync, DEFAULT_BUNDLE_SYNC_SETTINGS, type BundleSyncOptions } from './bundle-sync.js';
