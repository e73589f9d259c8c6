// outbox.*: what a person sees of the queue and can do with parked rows. Every action wakes the drainer
// (the parked actions signal an enqueue; resume kicks it).
import { discardParked, editParkedValue, listParked, retryParked } from '../../outbox/index.js';
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';
import { outboxSummaryValue, parkedValue } from '../views.js';

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
  return {
    'outbox.summary': async () => outboxSummaryValue((await services.store()).outbox),
    'outbox.list': async (filter) => {
      const listing = (await services.store()).listOutbox(filter);
      return {
        total: listing.total,
        offset: filter.offset,
        items: listing.items.map((item) => ({ ...item })),
      };
    },
    'outbox.parked': async () => listParked((await services.store()).db).map(parkedValue),
    'outbox.retry': async ({ operationId, policy }) => {
      const store = await services.store();
      retryParked(store.db, operationId, policy === undefined ? {} : { policy });
      return outboxSummaryValue(store.outbox);
    },
    'outbox.editValue': async ({ operationId, value }) => {
      const store = await services.store();
      editParkedValue(store.db, operationId, value);
      return outboxSummaryValue(store.outbox);
    },
    'outbox.discard': async ({ operationId, note }) => {
      const store = await services.store();
      discardParked(store.db, operationId, note);
      return outboxSummaryValue(store.outbox);
    },
    'outbox.resume': async () => {
      const store = await services.store();
      store.outbox.resume();
      return outboxSummaryValue(store.outbox);
    },
  };
}
