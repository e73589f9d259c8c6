// bundles.*: the store's bundles from the local copy; writes go through the outbox.
// catalogue.replaceImage / pictureUpload and serials.*: a product's picture and serial numbers.
// Transport only: each call's parsed arguments go to one service method.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';

type BundleHandlers = Pick<
  CallHandlers,
  | 'bundles.list'
  | 'bundles.detail'
  | 'bundles.create'
  | 'bundles.update'
  | 'bundles.activate'
  | 'bundles.delete'
  | 'catalogue.replaceImage'
  | 'catalogue.pictureUpload'
  | 'serials.list'
  | 'serials.add'
  | 'serials.remove'
>;

export function bundleHandlers(services: ApiServices): BundleHandlers {
  const store = () => services.store();
  return {
    'bundles.list': async (filter) => (await store()).bundles.list(filter),
    'bundles.detail': async ({ bundleId }) => (await store()).bundles.detail(bundleId),
    'bundles.create': async (draft) => (await store()).bundles.create(draft),
    'bundles.update': async (changes) => (await store()).bundles.update(changes),
    'bundles.activate': async ({ bundleId }) => (await store()).bundles.activate(bundleId),
    'bundles.delete': async ({ bundleId }) => (await store()).bundles.remove(bundleId),
    'catalogue.replaceImage': async (picture) => (await store()).pictures.replace(picture),
    'catalogue.pictureUpload': async ({ productId }) => (await store()).pictures.upload(productId),
    'serials.list': async ({ productId }) => (await store()).serials.list(productId),
    'serials.add': async (request) => (await store()).serials.add(request),
    'serials.remove': async ({ productId, name }) => (await store()).serials.remove(productId, name),
  };
}
