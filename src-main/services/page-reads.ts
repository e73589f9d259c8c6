// The caller the open store's page-facing reads go through (a record's file list, a file to open, a
// return order's refresh): the client's calls, failing fast while the connectivity tracker knows the
// back office is unreachable, so an offline person sees the PC's copy at once rather than after each
// read's backoff. The sync and the outbox keep the client itself: their reads retry as before.
import type { BackofficeClient } from '../backoffice/index.js';
import type { Logger } from '../logging/index.js';
import type { ConnectivityTracker } from './connectivity.tracker.js';

export function pageReadsThrough(
  client: BackofficeClient,
  connectivity: Pick<ConnectivityTracker, 'backOfficeUnreachable'>,
  logger: Pick<Logger, 'debug'>,
): Pick<BackofficeClient, 'call'> {
  return client.failingFastWhile(() => {
    const unreachable = connectivity.backOfficeUnreachable();
    // Debug only: offline, a line per read at warn would bury the lines that matter.
    if (unreachable) logger.debug('A page read tries once: the back office is known unreachable');
    return unreachable;
  });
}
