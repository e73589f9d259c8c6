// How an open store closes without losing anything: the live-count links, the schedule and a manual pull first (their
// current request settles, within a bound), then the drainer (a write left 'sending' past its bound is
// reconciled on the next start, never resent blindly), the event subscriptions, the client's sockets,
// and the database last. Each bound passed is logged at warn with what was cut short.
import type { Database } from 'better-sqlite3';
import type { BackofficeClient } from '../backoffice/index.js';
import type { SyncScheduler } from '../catalog/sync/index.js';
import type { Logger } from '../logging/index.js';
import type { Outbox } from '../outbox/index.js';
import type { ManualPull } from './manual-pull.js';
import { settleWithin } from './settle-within.js';

/**
 * How long close() waits for the sync's current request, for the drainer's run (its in-flight request
 * and the batches it takes on before it sees the stop), and for the client's sockets. Together under
 * the shell's 10 s quit timeout.
 */
export const STOP_BOUNDS_MS = { scheduler: 3_000, outbox: 5_000, client: 1_000 } as const;

export interface ClosingStore {
  readonly profileId: string;
  readonly db: Database;
  readonly client: Pick<BackofficeClient, 'close'>;
  readonly scheduler: Pick<SyncScheduler, 'stop'>;
  readonly manual: Pick<ManualPull, 'stop' | 'settled'>;
  /** The live-count listeners and member links. */
  readonly live: { close(): Promise<void> };
  readonly outbox: Pick<Outbox, 'stop'>;
  /** Event subscriptions and pools to drop once nothing runs any more. */
  readonly cleanups: ReadonlyArray<() => void>;
  readonly logger: Pick<Logger, 'info' | 'warn'>;
}

export async function closeStore(store: ClosingStore): Promise<void> {
  const { logger } = store;
  const started = performance.now();
  store.manual.stop();
  // The live listeners and member links first: nothing arrives once the database starts closing.
  await store.live.close();
  const stopping = Promise.all([store.scheduler.stop(), store.manual.settled()]);
  if (!(await settleWithin(stopping, STOP_BOUNDS_MS.scheduler))) {
    logger.warn('The sync did not stop in time; its database closes under it', {
      boundMs: STOP_BOUNDS_MS.scheduler,
    });
  }
  if (!(await settleWithin(store.outbox.stop(), STOP_BOUNDS_MS.outbox))) {
    // The row stays 'sending'; the next start reconciles it (outbox contract), never resends blindly.
    logger.warn('The outbox request in flight did not settle in time', { boundMs: STOP_BOUNDS_MS.outbox });
  }
  for (const cleanup of store.cleanups) cleanup();
  // undici's close waits for requests still out; past the bound the database closes anyway, and a
  // write left 'sending' is reconciled on the next start.
  const clientClosed = store.client.close().catch((error: unknown) => {
    logger.warn('Closing the client failed', { error });
  });
  if (!(await settleWithin(clientClosed, STOP_BOUNDS_MS.client))) {
    logger.warn('A request was still out when the store closed', { boundMs: STOP_BOUNDS_MS.client });
  }
  store.db.close();
  logger.info('Store closed', { profileId: store.profileId, ms: Math.round(performance.now() - started) });
}
