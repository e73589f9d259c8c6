// Main's API for the page, independent of the transport.
export {
  createApiCore,
  type ApiCore,
  type ApiCoreOptions,
  type ApiEventListener,
  type ApiEventSource,
  type CallHandlers,
  type CallOrigin,
} from './api-core.js';
export { toIpcFailure } from './api-errors.js';
export { EventHub } from './event-hub.js';
