// Profiles: add, edit, remove, switch, test a connection, and build the v4 client of a profile. Fields
// go to the app database, the API key and secret to the keychain (CredentialStore) and nowhere else:
// when the keychain cannot be used, the operation is refused with the keychain's message.
//
// Order of writes, so that a crash between the two stores never shows a profile without its secrets:
// add and edit write the keychain first, then the row; remove deletes the keychain entry first, then
// the row. The worst left behind is an entry under an id no profile has (invisible, harmless).
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { isPlainHttpToOtherHost, PLAIN_HTTP_REFUSED } from '../../src-shared/backoffice/address-rule.js';
import {
  BackofficeClient,
  type BackofficeClientOptions,
  type BackofficeTimeouts,
} from '../backoffice/index.js';
import {
  isCredentialStoreError,
  type CredentialStore,
  type KeychainStatus,
  type StoreSecrets,
} from '../credentials/index.js';
import { runConnectionTest } from './connection-test.js';
import { ProfileError } from './profile-errors.js';
import { ProfileRepository, type ProfileUpdate } from './profile.repository.js';
import {
  toPublicProfile,
  type ConnectionTarget,
  type ConnectionTestResult,
  type NewProfileInput,
  type Profile,
  type ProfileChanges,
  type ProfileEvent,
  type PublicProfile,
  type RemoveResult,
} from './profile-types.js';
import { validateChanges, validateConnectionFields, validateNewProfile } from './profile-validation.js';

/** Client settings a caller may choose; the address and credentials always come from the profile. */
export type ProfileClientOptions = Omit<BackofficeClientOptions, 'baseUrl' | 'credentials'>;

export interface ProfileServiceOptions {
  /** The app database (openAppDatabase). */
  readonly db: Database;
  readonly credentials: CredentialStore;
  readonly onEvent?: (event: ProfileEvent) => void;
  /** Timeouts of "test connection" (defaults: CONNECTION_TEST_TIMEOUTS). */
  readonly connectionTestTimeouts?: Partial<BackofficeTimeouts>;
  readonly now?: () => Date;
  readonly newId?: () => string;
}

export class ProfileService {
  readonly #profiles: ProfileRepository;
  readonly #credentials: CredentialStore;
  readonly #onEvent: (event: ProfileEvent) => void;
  readonly #testTimeouts: Partial<BackofficeTimeouts>;
  readonly #now: () => Date;
  readonly #newId: () => string;
  // Changes run one at a time: each spans an await on the keychain, and two interleaved edits of one
  // profile could otherwise pair one edit's secrets with the other's fields.
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: ProfileServiceOptions) {
    this.#profiles = new ProfileRepository(options.db);
    this.#credentials = options.credentials;
    this.#onEvent = options.onEvent ?? (() => {});
    this.#testTimeouts = options.connectionTestTimeouts ?? {};
    this.#now = options.now ?? (() => new Date());
    this.#newId = options.newId ?? randomUUID;
  }

  list(): PublicProfile[] {
    return this.#profiles.list().map(toPublicProfile);
  }

  get(profileId: string): PublicProfile | undefined {
    const profile = this.#profiles.find(profileId);
    return profile === undefined ? undefined : toPublicProfile(profile);
  }

  /** The profile chosen last, if it still exists. */
  active(): PublicProfile | undefined {
    const id = this.#profiles.activeId();
    return id === undefined ? undefined : this.get(id);
  }

  keychainStatus(): Promise<KeychainStatus> {
    return this.#credentials.check();
  }

  add(input: NewProfileInput): Promise<PublicProfile> {
    return this.#exclusive(async () => {
      const checked = validateNewProfile(input);
      if (!checked.ok) throw ProfileError.invalid(checked.issues);
      const { apikey, apisecret, defaultWarehouseCode, ...fields } = checked.value;
      this.#refuseDuplicateName(fields.displayName);
      await this.#requireKeychain();
      const profile: Profile = {
        id: this.#newId(),
        ...fields,
        ...(defaultWarehouseCode === undefined ? {} : { defaultWarehouseCode }),
        createdAt: this.#now().toISOString(),
      };
      await this.#keychain(() => this.#credentials.set(profile.id, { apikey, apisecret }));
      try {
        this.#profiles.insert(profile);
      } catch (error) {
        await this.#credentials.delete(profile.id).catch(() => false);
        throw error;
      }
      const result = toPublicProfile(profile);
      this.#emit({ type: 'added', profile: result });
      return result;
    });
  }

  edit(profileId: string, changes: ProfileChanges): Promise<PublicProfile> {
    return this.#exclusive(async () => {
      const current = this.#require(profileId);
      const checked = validateChanges(changes);
      if (!checked.ok) throw ProfileError.invalid(checked.issues);
      const { fields, apikey, apisecret } = checked.value;
      if (fields.displayName !== undefined) this.#refuseDuplicateName(fields.displayName, profileId);
      const update: ProfileUpdate = fields;
      const secretsChanged = apikey !== undefined || apisecret !== undefined;
      let previous: StoreSecrets | undefined;
      if (secretsChanged) {
        await this.#requireKeychain();
        previous = await this.#keychain(() => this.#credentials.get(profileId));
        const next = { apikey: apikey ?? previous?.apikey, apisecret: apisecret ?? previous?.apisecret };
        if (next.apikey === undefined || next.apisecret === undefined) {
          throw ProfileError.invalid([
            {
              field: next.apikey === undefined ? 'apikey' : 'apisecret',
              message:
                'The keychain holds no secrets for this profile: enter both the API key and the API secret.',
            },
          ]);
        }
        const replacement = { apikey: next.apikey, apisecret: next.apisecret };
        await this.#keychain(() => this.#credentials.set(profileId, replacement));
      }
      let updated: Profile | undefined;
      try {
        updated = this.#profiles.update(profileId, update);
      } catch (error) {
        // Put the old secrets back so fields and secrets stay a matching pair.
        if (previous) await this.#credentials.set(profileId, previous).catch(() => undefined);
        throw error;
      }
      const result = toPublicProfile(updated ?? current);
      this.#emit({ type: 'edited', profile: result, secretsChanged });
      return result;
    });
  }

  /**
   * Removes the profile and its keychain entry. Refused while the keychain is locked or refuses, so a
   * key never outlives its profile unnoticed; allowed without any keychain, where no entry can exist.
   */
  remove(profileId: string): Promise<RemoveResult> {
    return this.#exclusive(async () => {
      const profile = toPublicProfile(this.#require(profileId));
      let secrets: RemoveResult['keychainEntry'];
      try {
        secrets = (await this.#credentials.delete(profileId)) ? 'deleted' : 'absent';
      } catch (error) {
        if (!isCredentialStoreError(error) || error.reason !== 'no-keychain') throw keychainError(error);
        secrets = 'no-keychain';
      }
      this.#profiles.remove(profileId);
      this.#emit({ type: 'removed', profile, secrets });
      return { profile, keychainEntry: secrets };
    });
  }

  /** Makes the profile the active one (remembered across restarts). */
  switchTo(profileId: string): Promise<PublicProfile> {
    return this.#exclusive(async () => {
      const profile = toPublicProfile(this.#require(profileId));
      this.#profiles.setActive(profileId);
      this.#emit({ type: 'switched', profile });
      return profile;
    });
  }

  /** Calls GetMerchantProfile once; resolves with the merchant's name or a failure class and message. */
  async testConnection(target: ConnectionTarget): Promise<ConnectionTestResult> {
    let settings: { baseUrl: string; storename: string; secrets: StoreSecrets; profileId?: string };
    if ('profileId' in target) {
      const profile = this.#requireSafeAddress(this.#require(target.profileId));
      const secrets = await this.#secretsOf(profile.id);
      settings = { baseUrl: profile.baseUrl, storename: profile.storename, secrets, profileId: profile.id };
    } else {
      const checked = validateConnectionFields(target);
      if (!checked.ok) throw ProfileError.invalid(checked.issues);
      const { baseUrl, storename, apikey, apisecret } = checked.value;
      settings = { baseUrl, storename, secrets: { apikey, apisecret } };
    }
    const result = await runConnectionTest({ ...settings, timeouts: this.#testTimeouts });
    this.#emit({
      type: 'connection-tested',
      ...(settings.profileId === undefined ? {} : { profileId: settings.profileId }),
      baseUrl: settings.baseUrl,
      outcome: result.connected ? 'ok' : result.failure,
    });
    return result;
  }

  /**
   * A v4 client for the profile, with its secrets from the keychain. The caller closes it. A profile
   * saved before plain http was refused (http:// to another host) is refused here, before its secrets
   * are read: nothing is sent until its address is changed to https.
   */
  async clientFor(profileId: string, options: ProfileClientOptions = {}): Promise<BackofficeClient> {
    const profile = this.#requireSafeAddress(this.#require(profileId));
    const secrets = await this.#secretsOf(profile.id);
    return new BackofficeClient({
      ...options,
      baseUrl: profile.baseUrl,
      credentials: { storename: profile.storename, apikey: secrets.apikey, apisecret: secrets.apisecret },
    });
  }

  async #secretsOf(profileId: string): Promise<StoreSecrets> {
    const secrets = await this.#keychain(() => this.#credentials.get(profileId));
    if (secrets === undefined) {
      throw new ProfileError(
        'secrets-missing',
        'The API key and secret of this profile are not in the keychain any more. Edit the profile to enter them again.',
      );
    }
    return secrets;
  }

  #require(profileId: string): Profile {
    const profile = typeof profileId === 'string' ? this.#profiles.find(profileId) : undefined;
    if (profile === undefined) throw ProfileError.notFound(String(profileId));
    return profile;
  }

  #requireSafeAddress(profile: Profile): Profile {
    if (isPlainHttpToOtherHost(profile.baseUrl)) {
      throw ProfileError.invalid([{ field: 'baseUrl', message: PLAIN_HTTP_REFUSED }]);
    }
    return profile;
  }

  #refuseDuplicateName(displayName: string, exceptId?: string): void {
    const wanted = displayName.toLocaleLowerCase();
    const clash = this.#profiles
      .list()
      .some((profile) => profile.id !== exceptId && profile.displayName.toLocaleLowerCase() === wanted);
    if (clash) {
      throw ProfileError.invalid([
        {
          field: 'displayName',
          message: `A profile named "${displayName}" exists already; choose another name.`,
        },
      ]);
    }
  }

  /** Refuses before anything is written: without a working keychain there is nowhere safe for secrets. */
  async #requireKeychain(): Promise<void> {
    const status = await this.#credentials.check();
    if (!status.available) {
      throw new ProfileError('keychain', status.message, { keychainReason: status.reason });
    }
  }

  async #keychain<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw keychainError(error);
    }
  }

  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(work, work);
    this.#queue = result.catch(() => undefined);
    return result;
  }

  #emit(event: ProfileEvent): void {
    try {
      this.#onEvent(event);
    } catch {
      // Logging is best effort; the change is already made.
    }
  }
}

function keychainError(error: unknown): unknown {
  if (!isCredentialStoreError(error)) return error;
  return new ProfileError('keychain', error.message, { keychainReason: error.reason });
}
