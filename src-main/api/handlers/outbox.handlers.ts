// outbox.*: what a person sees of the queue and can do with parked rows. Every action wakes the drainer
// (the parked actions signal an enqueue; resume kicks it).
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';

type OutboxHandlers = Pick<
  CallHandlers,
  | 'outbox.summary'
  | 'outbox.list'
  | 'outbox.parked'
  | 'outbox.retry'
  | 'outbox.editValue'
  | 'outbox.discard'
  | 'outbox.resume'
>;

export function outboxHandlers(services: ApiServices): OutboxHandlers {
  const outbox = async () => (await services.store()).outbox;
  return {
    'outbox.summary': async () => (await outbox()).summary(),
    'outbox.list': async (filter) => (await outbox()).list(filter),
    'outbox.parked': async () => (await outbox()).parked(),
    'outbox.retry': async ({ operationId, policy }) => (await outbox()).retryParked(operationId, policy),
    'outbox.editValue': async ({ operationId, value }) => (await outbox()).editParked(operationId, value),
    'outbox.discard': async ({ operationId, note }) => (await outbox()).discardParked(operationId, note),
    'outbox.resume': async () => (await outbox()).resume(),
  };
}
