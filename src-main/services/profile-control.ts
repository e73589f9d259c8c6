// Profile changes as the page asks for them, with their effect on the open store: switching opens the
// chosen store, editing the active profile's connection reopens it, removing the active one closes it,
// and "Try the demo store" creates (once) and opens the demo profile. One change at a time; each ends
// with a `profile.changed` event carrying the new picture.
import type { EventHub } from '../api/event-hub.js';
import { Refusal } from '../refusal/refusal.js';
import type { Logger } from '../logging/index.js';
import {
  ProfileError,
  type NewProfileInput,
  type ProfileChanges,
  type ProfileService,
  type PublicProfile,
  type RemoveResult,
} from '../profiles/index.js';
import { DEMO_SECRETS, DEMO_STORE, type DemoAwareCredentialStore } from './demo-credentials.js';
import type { DemoSandbox } from './demo-sandbox.js';
import type { StoreHost } from './store-host.js';
import {
  deleteStoreData,
  removalPreview,
  storeDataFiles,
  unsentWritesMessage,
  type RemovalPreview,
  type StoreDataRemoval,
  type StoreRemovalResult,
} from './store-removal.js';

type Change = 'added' | 'edited' | 'removed' | 'switched' | 'started' | 'stopped';

export const DEMO_DISPLAY_NAMES = ['Demo store', 'Stockroom demo store'] as const;

export interface ProfileControlOptions {
  readonly profiles: ProfileService;
  readonly credentials: DemoAwareCredentialStore;
  readonly host: StoreHost;
  readonly demo: DemoSandbox;
  readonly hub: EventHub;
  readonly logger: Logger;
  /** The store database file of a profile (`stores/<profile>.sqlite`); its picture cache is beside it. */
  readonly storeDatabase: (profileId: string) => string;
}

export class ProfileControl {
  readonly #o: ProfileControlOptions;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: ProfileControlOptions) {
    this.#o = options;
  }

  /** Opens the active profile's store at start (in the background: calls wait for it). */
  resume(): Promise<unknown> {
    const active = this.#o.profiles.active();
    return this.#exclusive(async () => {
      await this.#o.host.activate(active?.id ?? null);
      this.publish('started');
    });
  }

  add(input: NewProfileInput, activate: boolean): Promise<PublicProfile> {
    return this.#exclusive(async () => {
      const added = await this.#o.profiles.add(input);
      this.publish('added');
      if (!activate) return added;
      return this.#switch(added.id);
    });
  }

  edit(profileId: string, changes: ProfileChanges): Promise<PublicProfile> {
    return this.#exclusive(async () => {
      const before = this.#o.profiles.get(profileId);
      if (before === undefined) throw ProfileError.notFound(profileId);
      const connection =
        changes.baseUrl !== undefined ||
        changes.storename !== undefined ||
        changes.apikey !== undefined ||
        changes.apisecret !== undefined;
      if (before.kind === 'demo' && connection) {
        throw new Refusal(
          'conflict',
          "The demo store's address and keys are set by Stockroom; only its name and default warehouse can change.",
        );
      }
      const edited = await this.#o.profiles.edit(profileId, changes);
      // The open client holds the old address and keys: reopen the store with the new ones.
      if (connection && this.#o.profiles.active()?.id === profileId) await this.#o.host.activate(profileId);
      this.publish('edited');
      return edited;
    });
  }

  /** What removing the profile would delete, and how many unsent writes with it. */
  removalPreview(profileId: string): Promise<RemovalPreview> {
    return this.#exclusive(async () => {
      if (this.#o.profiles.get(profileId) === undefined) throw ProfileError.notFound(profileId);
      return removalPreview(storeDataFiles(this.#o.storeDatabase(profileId)));
    });
  }

  /**
   * Removes the profile, its keychain entry, its database and its picture cache. The active store is
   * closed first (its drainer settles), then the unsent writes are counted: with any left and
   * `discardUnsent` false, nothing is removed and the store opens again.
   */
  remove(profileId: string, discardUnsent = false): Promise<StoreRemovalResult> {
    return this.#exclusive(async () => {
      const profile = this.#o.profiles.get(profileId);
      if (profile === undefined) throw ProfileError.notFound(profileId);
      const wasActive = this.#o.profiles.active()?.id === profileId;
      if (wasActive) await this.#o.host.activate(null);
      const files = storeDataFiles(this.#o.storeDatabase(profileId));
      let removed: RemoveResult;
      let unsent = 0;
      try {
        unsent = removalPreview(files).unsentWrites;
        if (unsent > 0 && !discardUnsent) {
          throw Refusal.conflict(unsentWritesMessage(unsent, profile.displayName), 'unsent-writes');
        }
        removed = await this.#o.profiles.remove(profileId);
      } catch (error) {
        if (wasActive) await this.#o.host.activate(profileId);
        throw error;
      }
      const log = this.#o.logger.child('removal', { profileId });
      const parts = deleteStoreData(files, ({ part, path, error }) =>
        log.warn('A removed store’s data could not be deleted; delete it by hand', { part, path, error }),
      );
      const storeData: StoreDataRemoval = { ...parts, discardedWrites: unsent };
      if (unsent > 0) log.warn('A store was removed with writes not sent; the person confirmed', { unsent });
      log.info('Store data removed', { ...storeData });
      this.publish('removed');
      return { ...removed, storeData };
    });
  }

  switchTo(profileId: string): Promise<PublicProfile> {
    return this.#exclusive(() => this.#switch(profileId));
  }

  /** "Try the demo store": the demo profile (created the first time) becomes active, its sandbox runs. */
  startDemo(): Promise<PublicProfile> {
    return this.#exclusive(async () => {
      let demo = this.#o.profiles.list().find((profile) => profile.kind === 'demo');
      if (demo === undefined) {
        const baseUrl = await this.#o.demo.url();
        const taken = new Set(
          this.#o.profiles.list().map((profile) => profile.displayName.toLocaleLowerCase()),
        );
        const displayName = DEMO_DISPLAY_NAMES.find((name) => !taken.has(name.toLocaleLowerCase())) ?? 'Demo';
        const input: NewProfileInput = {
          displayName,
          baseUrl,
          storename: DEMO_STORE.name,
          kind: 'demo',
          ...DEMO_SECRETS,
        };
        demo = await this.#o.credentials.addingDemo(() => this.#o.profiles.add(input));
        this.publish('added');
      }
      return this.#switch(demo.id);
    });
  }

  async #switch(profileId: string): Promise<PublicProfile> {
    await this.#o.profiles.switchTo(profileId);
    const failure = await this.#o.host.activate(profileId);
    this.publish('switched');
    if (failure !== undefined) throw failure;
    // The demo's address may have changed on the way (new port).
    return this.#o.profiles.get(profileId) ?? this.#o.profiles.switchTo(profileId);
  }

  /** Sends the current picture (also after a store stops at quit). */
  publish(change: Change): void {
    const active = this.#o.profiles.active();
    this.#o.hub.emit('profile.changed', {
      change,
      active: active ?? null,
      profiles: this.#o.profiles.list(),
    });
  }

  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(work, work);
    this.#queue = result.catch(() => undefined);
    return result;
  }
}
