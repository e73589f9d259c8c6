// The v4 back-office interface as data: one table, its records, envelopes and wire types.
export * from './define.js';
export * from './envelopes.js';
export * from './issues.js';
export * from './records.js';
export * from './responses.js';
export * from './wire.js';
export { endpointList, endpoints } from './endpoints/index.js';
export type { EndpointName, Endpoints } from './endpoints/index.js';
