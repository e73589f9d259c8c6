// The composition of main's services behind the API: the app database (profiles, settings, request
// budgets), the profile service on the keychain, the open store of the active profile, the embedded
// demo store, the event fan-out and the API core. Electron-free: the shell (src-main/app/services.ts),
// the web host and the tests start it the same way.
import type { AppSettings, Connectivity, SyncStatus } from '../../src-shared/ipc/index.js';
import { createApiCore, type ApiCore } from '../api/api-core.js';
import { toIpcFailure } from '../api/api-errors.js';
import type { ApiServices } from '../api/api-services.js';
import { EventHub } from '../api/event-hub.js';
import { createCallHandlers } from '../api/dispatch.js';
import { appPaths, ensureAppDirectories, storeDatabasePath } from '../storage/paths.js';
import type { CredentialStore } from '../credentials/index.js';
import type { Logger } from '../logging/index.js';
import { openAppDatabase, ProfileService } from '../profiles/index.js';
import { ConnectivityTracker, NO_PROFILE_CONNECTIVITY } from './connectivity.tracker.js';
import { DemoAwareCredentialStore } from './demo-credentials.js';
import { DemoSandbox } from './demo-sandbox.js';
import type { PdfSaver } from '../printing/index.js';
import { ProfileControl } from './profile-control.js';
import { SettingsRepository } from './settings.repository.js';
import { StoreHost } from './store-host.js';
import type { LiveListen } from '../live-count/live-count.service.js';
import { MDNS_NETWORK, type DiscoveryNetwork } from '../live-count/live-discovery.js';
import type { OutboxTiming } from './store-session.js';
import { NO_PROFILE_SYNC_STATUS } from './sync-status.tracker.js';

export interface StartAppServicesOptions {
  readonly userDataDir: string;
  /** The OS keychain (KeytarCredentialStore); tests may pass another. */
  readonly credentialStore: CredentialStore;
  readonly logger: Logger;
  /** Epoch ms; tests pass a clock. */
  readonly now?: () => number;
  /** Outbox timing (tests shorten the watchdog and the settle time); the outbox's defaults otherwise. */
  readonly outboxTiming?: OutboxTiming;
  /** Where a hosted live count listens (tests: loopback, any port); the shop network otherwise. */
  readonly liveListen?: LiveListen;
  /**
   * Where hosts are advertised and found (DNS-SD): the mDNS group unless given, and 'off' when a
   * `liveListen` is given without it (tests host over loopback and must not multicast).
   */
  readonly liveDiscovery?: DiscoveryNetwork | 'off';
  /** The desktop shell's PDF maker; without one (web host, tests) the page prints instead. */
  readonly pdfSaver?: PdfSaver;
}

export interface AppServices {
  readonly api: ApiCore;
  /** Stops everything in order: the store (schedule, drainer, client, database), the demo sandbox, the app database. */
  stop(): Promise<void>;
}

export async function startAppServices(options: StartAppServicesOptions): Promise<AppServices> {
  const { logger } = options;
  const now = options.now ?? Date.now;
  const discovery = options.liveDiscovery ?? (options.liveListen === undefined ? MDNS_NETWORK : 'off');
  const liveDiscovery = discovery === 'off' ? undefined : discovery;
  const paths = appPaths(options.userDataDir);
  ensureAppDirectories(paths);
  const appDb = openAppDatabase(paths.appDatabase);
  try {
    // The demo check runs only after `profiles` exists (on keychain calls), so the forward use is safe.
    const credentials: DemoAwareCredentialStore = new DemoAwareCredentialStore(
      options.credentialStore,
      (profileId): boolean => profiles.get(profileId)?.kind === 'demo',
    );
    const profiles: ProfileService = new ProfileService({
      db: appDb,
      credentials,
      now: () => new Date(now()),
      onEvent: (event) => logger.child('profiles').info('Profile', { ...event }),
    });
    const settings = new SettingsRepository(appDb, now);
    const hub = new EventHub(logger.child('events'));
    const connectivity = new ConnectivityTracker({
      now,
      publish: (value) => {
        logger.info('Connectivity', { state: value.state, reason: value.reason?.code ?? null });
        hub.emit('connectivity.changed', value);
      },
    });
    const demo = new DemoSandbox(paths, logger.child('demo'));
    const host = new StoreHost({
      paths,
      appDb,
      profiles,
      credentials,
      demo,
      hub,
      connectivity,
      logger: logger.child('store'),
      now,
      pcName: () => settings.pcName(),
      ...(options.outboxTiming === undefined ? {} : { outboxTiming: options.outboxTiming }),
      ...(options.liveListen === undefined ? {} : { liveListen: options.liveListen }),
      ...(liveDiscovery === undefined ? {} : { liveDiscovery }),
    });
    const control = new ProfileControl({
      profiles,
      credentials,
      host,
      demo,
      hub,
      logger,
      storeDatabase: (profileId) => storeDatabasePath(paths, profileId),
    });
    const services = apiServices({
      profiles,
      credentials: options.credentialStore,
      control,
      host,
      connectivity,
      settings,
      now,
      pdfSaver: options.pdfSaver,
    });
    const api = createApiCore({
      handlers: createCallHandlers(services),
      events: hub,
      logger: logger.child('api'),
    });
    const opening = control.resume();

    let stopping: Promise<void> | undefined;
    const stop = async () => {
      await opening.catch(() => undefined);
      await host.stop();
      appDb.close();
      logger.info('App services stopped');
    };
    return { api, stop: () => (stopping ??= stop()) };
  } catch (error) {
    appDb.close();
    throw error;
  }
}

function apiServices(parts: {
  profiles: ProfileService;
  credentials: CredentialStore;
  control: ProfileControl;
  host: StoreHost;
  connectivity: ConnectivityTracker;
  settings: SettingsRepository;
  now: () => number;
  pdfSaver: PdfSaver | undefined;
}): ApiServices {
  const { profiles, control, host, connectivity, settings } = parts;
  return {
    listProfiles: () => ({ profiles: profiles.list(), activeId: profiles.active()?.id ?? null }),
    activeProfile: () => profiles.active() ?? null,
    keychainStatus: () => parts.credentials.check(),
    addProfile: (input, activate) => control.add(input, activate),
    editProfile: (profileId, changes) => control.edit(profileId, changes),
    removeProfile: (profileId, discardUnsent) => control.remove(profileId, discardUnsent),
    removalPreview: (profileId) => control.removalPreview(profileId),
    switchProfile: (profileId) => control.switchTo(profileId),
    testConnection: (target) => profiles.testConnection(target),
    startDemo: () => control.startDemo(),
    store: () => host.current(),
    budget: async () => {
      if (profiles.active() === undefined) return null;
      try {
        return (await host.current()).budget();
      } catch {
        // The active store could not open (keychain locked…): no figures to show yet.
        return null;
      }
    },
    syncStatus: async (): Promise<SyncStatus> => {
      try {
        return (await host.current()).syncStatus();
      } catch (error) {
        if (profiles.active() === undefined) return NO_PROFILE_SYNC_STATUS;
        const why = toIpcFailure(error).error.message;
        return { ...NO_PROFILE_SYNC_STATUS, state: 'stopped', lastError: `The store could not open: ${why}` };
      }
    },
    connectivity: (): Connectivity =>
      profiles.active() === undefined ? NO_PROFILE_CONNECTIVITY(parts.now()) : connectivity.current(),
    getSettings: (): AppSettings => settings.get(),
    setSettings: (changes) => settings.set(changes),
    savePdf: async (fileName) => {
      if (parts.pdfSaver === undefined) return { available: false, saved: false, path: null };
      return { available: true, ...(await parts.pdfSaver.save(fileName)) };
    },
  };
}
