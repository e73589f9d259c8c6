// Return purchase orders (issue 11): the local copy, its sync on the scheduler, the service and the
// writes on an order. `openReturns` builds them for one open store.
import type { Database } from 'better-sqlite3';
import type { ReturnsChange } from '../../src-shared/ipc/index.js';
import type { BackofficeClient } from '../backoffice/index.js';
import type { BackofficeCaller } from '../backoffice/index.js';
import type { CatalogueRepository } from '../catalog/catalogue.repository.js';
import type { OutboxWrites } from '../outbox/index.js';
import { ReturnActions } from './return-actions.js';
import { ReturnCopy } from './return-copy.js';
import { ReturnOrderRepository } from './return-order.repository.js';
import { ReturnsService, type ReturnsServiceOptions } from './returns.service.js';
import { ReturnsSync, type ReturnsSyncSettings } from './returns-sync.js';

export { ReturnActions } from './return-actions.js';
export { ReturnsService } from './returns.service.js';
export { ReturnsSync } from './returns-sync.js';

export interface Returns {
  readonly service: ReturnsService;
  readonly actions: ReturnActions;
  readonly sync: ReturnsSync;
}

export function openReturns(options: {
  readonly db: Database;
  readonly client: BackofficeClient;
  /** What an order's refresh (the page waits on it) reads through; the client when absent. */
  readonly pageReads?: BackofficeCaller;
  readonly writes: OutboxWrites;
  readonly catalogue: CatalogueRepository;
  readonly now: () => number;
  readonly pcName?: string;
  readonly settings?: Partial<ReturnsSyncSettings>;
  readonly onChanged?: (change: ReturnsChange) => void;
  readonly findContact?: ReturnsServiceOptions['findContact'];
}): Returns {
  const repo = new ReturnOrderRepository(options.db);
  const copy = new ReturnCopy(repo, options.writes);
  const sync = new ReturnsSync({
    client: options.client,
    repo,
    copy,
    now: options.now,
    ...(options.settings ? { settings: options.settings } : {}),
    onChanged: (orders) => options.onChanged?.({ source: 'sync', orders, at: options.now() }),
  });
  const service = new ReturnsService({
    db: options.db,
    writes: options.writes,
    catalogue: options.catalogue,
    client: options.pageReads ?? options.client,
    sync,
    repo,
    copy,
    now: options.now,
    ...(options.pcName === undefined ? {} : { pcName: options.pcName }),
    ...(options.onChanged ? { onChanged: options.onChanged } : {}),
    ...(options.findContact ? { findContact: options.findContact } : {}),
  });
  return { service, actions: new ReturnActions(service, options.now), sync };
}
