// One open store: the active profile's database (`stores/<profileId>.sqlite`), its v4 client with the
// request budget, the catalogue sync on its schedule (the first sync runs at once while the catalogue is
// empty), the outbox drainer and the counting service, with their events forwarded to the page.
// close() stops them in the order that loses nothing (store-close.ts).
import type { Database } from 'better-sqlite3';
import type { ActiveStore } from '../api/api-services.js';
import type { EventHub } from '../api/event-hub.js';
import { storeDatabasePath, storeFilesDirectory, type AppPaths } from '../storage/paths.js';
import { BundleRepository, BundleService, refreshBundles } from '../bundles/index.js';
import { RequestBudget, SqliteRequestBudgetStore, type BackofficeClient } from '../backoffice/index.js';
import { CatalogueRepository } from '../catalog/catalogue.repository.js';
import { rereadDocumentMoves } from '../catalog/sync/document-moves.js';
import { CatalogueSync, SyncScheduler } from '../catalog/sync/index.js';
import { ContactsRepository, ContactsService, outboxContactWrites } from '../contacts/index.js';
import { CountingService } from '../counting/index.js';
import { CycleCountingService } from '../counting/cycle-counting.service.js';
import { openDatabase } from '../db/database.js';
import { LiveCountService, type LiveListen } from '../live-count/live-count.service.js';
import type { DiscoveryNetwork } from '../live-count/live-discovery.js';
import { DocumentsService, QuotationRepository, QuotationSync } from '../documents/index.js';
import { FileFolder } from '../files/file-folder.js';
import { FilesService } from '../files/files.service.js';
import { outboxFileWrites } from '../files/outbox-file-writes.js';
import type { Logger } from '../logging/index.js';
import { MoneyService, MoneySync } from '../money/index.js';
import { MoneyRecordRepository } from '../money/money-record.repository.js';
import { forgetWithdrawnMoney } from '../money/money-withdrawn.js';
import { MerchantProfileReader, PaperSettingsRepository, PrintingService } from '../printing/index.js';
import { MoneyTransferRepository } from '../money/money-transfer.repository.js';
import { operationStates, Outbox, outboxWrites, type OutboxOptions } from '../outbox/index.js';
import type { ProfileService, PublicProfile } from '../profiles/index.js';
import { StockMovesService } from '../stock-moves/index.js';
import { openReturns } from '../returns/index.js';
import type { ConnectivityTracker } from './connectivity.tracker.js';
import { ManualPull } from './manual-pull.js';
import { pageReadsThrough } from './page-reads.js';
import { SyncStatusTracker } from './sync-status.tracker.js';
import { closeStore } from './store-close.js';
import { forwardStoreEvents } from './store-events.js';
import { openStoreCatalogue } from './store-catalogue.js';

/** How often an idle outbox looks for work, how long a lost request may settle, backoff, lease length. */
export type OutboxTiming = Partial<Pick<OutboxOptions, 'watchdogMs' | 'settleMs' | 'backoff' | 'leaseTtlMs'>>;

export { STOP_BOUNDS_MS } from './store-close.js';

export interface StoreSessionOptions {
  readonly profile: PublicProfile;
  readonly paths: AppPaths;
  readonly profiles: ProfileService;
  /** Where the request budget is counted: the app database (per store, shared by its profiles). */
  readonly appDb: Database;
  readonly hub: EventHub;
  readonly connectivity: ConnectivityTracker;
  readonly logger: Logger;
  readonly now: () => number;
  /**
   * This PC's name in a live count now (the PC-name setting, read at each attach) and in the count
   * files it exports: display names only. Document and contact numbers keep the host name (below).
   */
  readonly pcName: () => string;
  /** Outbox timing for tests; the outbox's defaults otherwise. */
  readonly outboxTiming?: OutboxTiming;
  /** Where a hosted live count listens; the shop network's address and the default port otherwise. */
  readonly liveListen?: LiveListen;
  /** Where hosts are advertised and found; no discovery unless given. */
  readonly liveDiscovery?: DiscoveryNetwork;
}

export interface StoreSession extends ActiveStore {
  close(): Promise<void>;
}

/** The budget is the store's (every PC, every profile of it), so it is keyed by where the store is. */
export function budgetKey(profile: PublicProfile): string {
  if (profile.kind === 'demo') return `demo/${profile.storename}`;
  return `${new URL(profile.baseUrl).host}/${profile.storename}`;
}

export async function openStoreSession(options: StoreSessionOptions): Promise<StoreSession> {
  const { profile, hub, logger, now, connectivity } = options;
  const db = openDatabase(storeDatabasePath(options.paths, profile.id));
  const cleanups: Array<() => void> = [];
  let client: BackofficeClient | undefined;
  // The outbox is built after the client whose requests tell it the back office is back.
  let backOfficeBack = (): void => {};
  try {
    const budget = new RequestBudget({
      store: new SqliteRequestBudgetStore(options.appDb),
      storeKey: budgetKey(profile),
      now,
      onStoreError: (error) => logger.warn('The request budget could not be saved', { error }),
    });
    client = await options.profiles.clientFor(profile.id, {
      budget,
      now,
      // Any request that got through after none did (a sync, a page's read) ends the outbox's wait.
      onRequest: (event) => {
        const was = connectivity.backOfficeUnreachable();
        connectivity.onRequest(event);
        if (was && !connectivity.backOfficeUnreachable()) backOfficeBack();
      },
    });
    const pageReads = pageReadsThrough(client, connectivity, logger);
    const sync = new CatalogueSync({ db, client, now });
    const storeWrites = outboxWrites(db);
    const moneyCopy = { records: new MoneyRecordRepository(db), transfers: new MoneyTransferRepository(db) };
    const moneySync = new MoneySync({
      client,
      ...moneyCopy,
      writes: storeWrites,
      now,
      onChanged: (change) => hub.emit('money.changed', change),
    });
    const quotationSync = new QuotationSync({
      client,
      quotations: new QuotationRepository(db),
      writes: storeWrites,
      now,
      onChanged: (change) => hub.emit('documents.changed', change),
    });
    const catalogue = new CatalogueRepository(db);
    const returns = openReturns({
      db,
      client,
      pageReads,
      writes: storeWrites,
      catalogue,
      now,
      onChanged: (change) => hub.emit('returns.changed', change),
      // Contacts are built further down; a supplier is looked up only when a return is made.
      findContact: (id) => contacts.byServerId(id),
    });
    const bundleCopy = new BundleRepository(db);
    const refreshBundleCopy = () =>
      refreshBundles({
        db,
        bundles: bundleCopy,
        isOpen: (operationId) =>
          operationStates(db, [operationId]).some(
            (state) => state.state !== 'done' && state.state !== 'discarded',
          ),
        now,
        onChanged: () => hub.emit('bundles.changed', { source: 'pull' }),
      });
    const syncStatus = new SyncStatusTracker({
      firstSyncComplete: () => db.open && sync.isFirstSyncComplete(),
      publish: (status) => hub.emit('sync.progress', status),
    });
    const scheduler = new SyncScheduler({
      sync,
      money: moneySync,
      quotations: quotationSync,
      returns: returns.sync,
      budget,
      onEvent: (event) => {
        if (event.type === 'jobFailed' || event.type === 'stopped') {
          logger.warn('Sync job failed', { type: event.type, error: event.error });
        } else logger.debug('Sync', { ...event });
        // The reference pull brings the bundles: the copy the bundles page reads takes them over.
        if (event.type === 'jobFinished' && event.job === 'reference' && db.open) refreshBundleCopy();
        syncStatus.onEvent(event);
      },
      onProgress: (progress) => syncStatus.onProgress(progress),
    });
    const outbox = new Outbox({
      db,
      client,
      // Done writes update the catalogue in the transaction that marks them done, so the local view
      // never falls back to the last pull's figure (or the old barcode) until the next pull.
      onApplied: (writes) => {
        catalogue.applyConfirmedWrites(writes, now());
        rereadDocumentMoves(sync, logger, writes);
      },
      // A write withdrawn before it was sent leaves no local copy behind (outbox/withdraw.ts).
      onWithdrawn: (rows) => {
        const change = forgetWithdrawnMoney(
          moneyCopy,
          rows.map((row) => row.id),
          now(),
        );
        if (change) queueMicrotask(() => hub.emit('money.changed', change));
      },
      onError: (error) => logger.warn('Outbox run stopped by an error', { error }),
      logger: logger.child('outbox'),
      ...options.outboxTiming,
    });
    backOfficeBack = () => outbox.backOfficeReachable();
    const { publishOutbox, unsubscribes } = forwardStoreEvents({
      isOpen: () => db.open,
      outbox,
      budget,
      hub,
      connectivity,
      logger,
    });
    cleanups.push(...unsubscribes);
    const control = outbox.control();
    if (control.paused) connectivity.onOutboxPaused(control.pauseText ?? '');

    const manual = new ManualPull({
      sync,
      budget,
      now,
      onEvent: (event) => syncStatus.onEvent(event),
      logger,
    });

    const counting = new CountingService(db, { now, pcName: options.pcName });
    const storeCatalogue = openStoreCatalogue({
      db,
      catalogue,
      outbox,
      counting,
      baseUrl: profile.baseUrl,
      logger,
      now,
    });
    cleanups.push(storeCatalogue.close);
    const { lookup, warehouses, pictures, serials } = storeCatalogue;
    const cycle = new CycleCountingService({ db, counting, now });
    const live = new LiveCountService({
      db,
      counting,
      label: options.pcName,
      logger: logger.child('live-count'),
      ...(options.liveListen === undefined ? {} : { listen: options.liveListen }),
      ...(options.liveDiscovery === undefined ? {} : { discovery: options.liveDiscovery }),
      onChanged: (sessionId) => hub.emit('live.changed', { sessionId }),
    });
    const contacts = new ContactsService({
      repository: new ContactsRepository(db),
      writes: outboxContactWrites(db),
      catalogue,
      now,
      onChanged: (change) => hub.emit('contacts.changed', change),
    });
    const stockMoves = new StockMovesService({
      db,
      lookup,
      warehouseCodes: () => new Set(warehouses.choices().map((warehouse) => warehouse.code)),
      now,
    });
    const bundles = new BundleService({
      db,
      bundles: bundleCopy,
      lookup,
      now,
      onChanged: () => hub.emit('bundles.changed', { source: 'write' }),
    });
    const money = new MoneyService({
      db,
      writes: storeWrites,
      catalogue,
      contacts,
      sync: moneySync,
      pageReads,
      now,
      onChanged: (change) => hub.emit('money.changed', change),
    });

    const documents = new DocumentsService({
      db,
      writes: storeWrites,
      contacts,
      catalogue,
      sync: quotationSync,
      now,
      onChanged: (change) => hub.emit('documents.changed', change),
    });
    const printing = new PrintingService({
      money,
      counting,
      quotations: documents,
      returns: returns.service,
      merchant: new MerchantProfileReader(db),
      papers: new PaperSettingsRepository(db, now),
      storeName: profile.displayName,
      now,
    });
    const files = new FilesService({
      db,
      client: pageReads,
      writes: outboxFileWrites(db),
      folder: new FileFolder(storeFilesDirectory(db.name)),
      now,
      onProblem: (message, details) => logger.warn(message, details),
      presence: (kind, at) => (kind === 'quotation' ? documents.quotationPresence(at) : 'unknown'),
    });
    files.sweep().catch((error: unknown) => logger.warn('Sweeping staged uploads failed', { error }));

    refreshBundleCopy();
    scheduler.start();
    outbox.start();
    logger.info('Store opened', {
      profileId: profile.id,
      kind: profile.kind,
      firstSyncComplete: sync.isFirstSyncComplete(),
    });
    hub.emit('budget.changed', budget.snapshot());
    hub.emit('sync.progress', syncStatus.status());
    publishOutbox();
    live.resume().catch((error: unknown) => logger.warn('Live counts could not resume', { error }));

    const openClient = client;
    let closing: Promise<void> | undefined;
    const close = () =>
      closeStore({
        profileId: profile.id,
        db,
        client: openClient,
        scheduler,
        manual,
        live,
        outbox,
        cleanups,
        logger,
      });

    return {
      profile,
      catalogue: storeCatalogue.service,
      counting,
      live,
      cycle,
      money,
      documents,
      returns,
      outbox,
      contacts,
      printing,
      stockMoves,
      files,
      bundles,
      pictures,
      serials,
      budget: () => budget.snapshot(),
      syncStatus: () => syncStatus.status(),
      syncNow: () => {
        syncStatus.onWake();
        scheduler.wake();
        if (db.open && sync.isFirstSyncComplete()) manual.pullNow();
        return syncStatus.status();
      },
      close: () => (closing ??= close()),
    };
  } catch (error) {
    for (const cleanup of cleanups) cleanup();
    await client?.close().catch(() => undefined);
    db.close();
    throw error;
  }
}
