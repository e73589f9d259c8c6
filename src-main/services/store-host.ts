// Which store is open: at most one at a time, the active profile's. Switching closes the old store
// completely (schedule stopped, drainer's request settled, client and database closed) before the new
// one opens, so two drainers never share a process and no database stays open behind a switch.
// Transitions run one at a time; a call arriving during one waits for it (store()).
import type { ActiveStore } from '../api/api-services.js';
import { isRefusal, Refusal } from '../refusal/refusal.js';
import type { EventHub } from '../api/event-hub.js';
import type { AppPaths } from '../storage/paths.js';
import type { Database } from '../db/database.js';
import { registerSecret, type Logger } from '../logging/index.js';
import type { CredentialStore } from '../credentials/index.js';
import type { ProfileService, PublicProfile } from '../profiles/index.js';
import type { ConnectivityTracker } from './connectivity.tracker.js';
import type { DemoSandbox } from './demo-sandbox.js';
import type { LiveListen } from '../live-count/live-count.service.js';
import type { DiscoveryNetwork } from '../live-count/live-discovery.js';
import { openStoreSession, type OutboxTiming, type StoreSession } from './store-session.js';
import { NO_PROFILE_SYNC_STATUS } from './sync-status.tracker.js';

export interface StoreHostOptions {
  readonly paths: AppPaths;
  readonly appDb: Database;
  readonly profiles: ProfileService;
  /** The keychain as the app uses it (demo-aware): read once per store to register the secrets for redaction. */
  readonly credentials: CredentialStore;
  readonly demo: DemoSandbox;
  readonly hub: EventHub;
  readonly connectivity: ConnectivityTracker;
  readonly logger: Logger;
  readonly now: () => number;
  /** This PC's name in a live count now (the PC-name setting). */
  readonly pcName: () => string;
  readonly outboxTiming?: OutboxTiming;
  readonly liveListen?: LiveListen;
  readonly liveDiscovery?: DiscoveryNetwork;
}

export class StoreHost {
  readonly #options: StoreHostOptions;
  #session: StoreSession | undefined;
  #failure: unknown;
  #queue: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(options: StoreHostOptions) {
    this.#options = options;
  }

  /** The open store, after any transition in progress; throws why there is none. */
  async current(): Promise<ActiveStore> {
    await this.#queue;
    if (this.#session !== undefined) return this.#session;
    if (this.#failure !== undefined) throw notOpened(this.#failure);
    throw Refusal.noProfile();
  }

  /** The open store now, without waiting (status reads). */
  peek(): ActiveStore | undefined {
    return this.#session;
  }

  /**
   * Closes the open store and opens the profile's (none for null). Resolves when done; a store that
   * cannot open (keychain locked, database refused) is recorded and reported by current(), and
   * returned here so a person's switch can say why.
   */
  activate(profileId: string | null): Promise<unknown> {
    let failure: unknown;
    const run = async () => {
      await this.#closeCurrent();
      if (this.#stopped) return;
      try {
        await this.#open(profileId);
      } catch (error) {
        failure = error;
        this.#failure = error;
        this.#options.logger.error('The store could not open', { profileId, error });
      }
    };
    this.#queue = this.#queue.then(run, run);
    return this.#queue.then(() => failure);
  }

  /** Closes the store and the demo sandbox; later activations do nothing. */
  async stop(): Promise<void> {
    this.#stopped = true;
    const run = () => this.#closeCurrent();
    this.#queue = this.#queue.then(run, run);
    await this.#queue;
    await this.#options.demo.close();
  }

  async #closeCurrent(): Promise<void> {
    const session = this.#session;
    this.#session = undefined;
    this.#failure = undefined;
    if (session === undefined) return;
    try {
      await session.close();
    } catch (error) {
      this.#options.logger.error('Closing the store failed', { profileId: session.profile.id, error });
    }
  }

  async #open(profileId: string | null): Promise<void> {
    const { profiles, demo, hub, connectivity } = this.#options;
    let profile: PublicProfile | undefined = profileId === null ? undefined : profiles.get(profileId);
    if (profile?.kind !== 'demo' && demo.running) await demo.stop();
    if (profile === undefined) {
      connectivity.reset(false);
      hub.emit('sync.progress', NO_PROFILE_SYNC_STATUS);
      return;
    }
    if (profile.kind === 'demo') {
      // Same data file, new port: the profile follows the sandbox to wherever it listens now.
      const url = await demo.url();
      if (profile.baseUrl !== url) profile = await profiles.edit(profile.id, { baseUrl: url });
    } else {
      const secrets = await this.#options.credentials.get(profile.id);
      if (secrets !== undefined) {
        registerSecret(secrets.apikey);
        registerSecret(secrets.apisecret);
      }
    }
    connectivity.reset(true);
    this.#session = await openStoreSession({
      profile,
      paths: this.#options.paths,
      profiles,
      appDb: this.#options.appDb,
      hub,
      connectivity,
      logger: this.#options.logger.child('store', { profileId: profile.id }),
      now: this.#options.now,
      pcName: this.#options.pcName,
      ...(this.#options.outboxTiming === undefined ? {} : { outboxTiming: this.#options.outboxTiming }),
      ...(this.#options.liveListen === undefined ? {} : { liveListen: this.#options.liveListen }),
      ...(this.#options.liveDiscovery === undefined ? {} : { liveDiscovery: this.#options.liveDiscovery }),
    });
  }
}

/**
 * Why a call that needs the store cannot run: the store's failed opening, by its code and words. The
 * opening's reason (a locked keychain's 'locked') is the switch's (profiles.switch lists it), not the
 * call's: a counting or money call keeps the code ('keychain-unavailable'), which every page words, and
 * leaves the reason out rather than have the IPC edge strip one it does not list. A failure that is no
 * refusal (a database that would not open) stays what it is: internal.
 */
function notOpened(failure: unknown): unknown {
  if (!isRefusal(failure)) return failure;
  return new Refusal(failure.code, failure.message, { issues: failure.fields });
}
