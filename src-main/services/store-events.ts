// What the open store's outbox and request budget tell the page (outbox.changed, outbox.progress,
// budget.changed) and the connectivity tracker (a pause and its end). Answers the unsubscribes, for
// close(), and the outbox summary's publisher, which the store calls once it is open.
import type { RequestBudget } from '../backoffice/index.js';
import type { EventHub } from '../api/event-hub.js';
import type { Logger } from '../logging/index.js';
import type { Outbox } from '../outbox/index.js';
import type { ConnectivityTracker } from './connectivity.tracker.js';

export interface StoreEventSources {
  readonly isOpen: () => boolean;
  readonly outbox: Outbox;
  readonly budget: Pick<RequestBudget, 'subscribe'>;
  readonly hub: EventHub;
  readonly connectivity: Pick<ConnectivityTracker, 'onOutboxPaused' | 'onOutboxResumed'>;
  readonly logger: Pick<Logger, 'info' | 'debug'>;
}

export function forwardStoreEvents(sources: StoreEventSources): {
  readonly publishOutbox: () => void;
  readonly unsubscribes: ReadonlyArray<() => void>;
} {
  const { outbox, hub, connectivity, logger } = sources;
  const publishOutbox = () => {
    if (sources.isOpen()) hub.emit('outbox.changed', outbox.summary());
  };
  const unsubscribes = [
    outbox.events.on('changed', publishOutbox),
    outbox.events.on('progress', (progress) => hub.emit('outbox.progress', progress)),
    outbox.events.on('paused', ({ text }) => {
      // The drainer's own log line says which operations and why (outbox/drain-story.ts).
      connectivity.onOutboxPaused(text);
      publishOutbox();
    }),
    outbox.events.on('resumed', () => {
      logger.info('Outbox resumed');
      connectivity.onOutboxResumed();
    }),
    outbox.events.on('stockApplied', (applied) => logger.debug('Stock applied', { ...applied })),
    sources.budget.subscribe((snapshot) => hub.emit('budget.changed', snapshot)),
  ];
  return { publishOutbox, unsubscribes };
}
