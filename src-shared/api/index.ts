// The parts the v4 back-office interface is described with: definitions, records, envelopes and wire
// types. The table of operations built from them is endpoints/index.ts (it imports these, not back).
export * from './define.js';
export * from './envelopes.js';
export * from './issues.js';
export * from './records.js';
export * from './responses.js';
export * from './wire.js';
