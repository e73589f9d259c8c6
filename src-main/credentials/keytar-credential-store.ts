// The app's CredentialStore: the operating system's keychain through keytar. This is the only file
// that imports keytar, and it does so lazily, so a machine without the native module (or with one
// built for another runtime) gets a 'no-keychain' status to show instead of a crash at start.
//
// Two libsecret behaviours (Linux) shape this file; both were observed with gnome-keyring 42 and
// libsecret 0.20 (tests/credentials/keytar-credential-store.test.ts):
// - on a locked keyring a lookup answers "no entry" and a delete answers "nothing deleted" rather than
//   failing, so a miss is confirmed with check() before it is believed;
// - keytar's findCredentials crashes the process (segfault) on a locked keyring, so it is never used
//   (and nothing here needs to list entries).
import {
  CredentialStoreError,
  type CredentialStore,
  type KeychainStatus,
  type StoreSecrets,
} from './credential-store.js';
import { accountOf as entryAccount, decodeEntry, encodeEntry } from './keychain-entry.js';
import {
  describeKeychainFailure,
  describeMissingModule,
  errorText,
  type KeychainProblem,
} from './keychain-errors.js';

/** The part of keytar this store uses. */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export type KeytarLoader = () => Promise<KeytarApi>;

export const KEYCHAIN_SERVICE = 'Stockroom';

/** Written, read back and deleted by check(); cannot collide with a profile id (a UUID). */
const PROBE_ACCOUNT = 'stockroom-keychain-check';
const PROBE_VALUE = 'Stockroom checks that the keychain can keep an entry';

export interface KeytarCredentialStoreOptions {
  /** The keychain service name (default 'Stockroom'); tests may use their own. */
  readonly service?: string;
  /** How keytar is loaded (default: a dynamic import); tests inject failures. */
  readonly loader?: KeytarLoader;
}

export class KeytarCredentialStore implements CredentialStore {
  readonly service: string;
  readonly #loader: KeytarLoader;
  // Memoised, failure included: a native module that failed to load will not load later in this process.
  #keytar: Promise<KeytarApi> | undefined;
  // Whether the keychain service has answered in this process (see describeKeychainFailure).
  #reached = false;
  // Concurrent checks share one probe: two probes on one account could delete each other's entry.
  #checking: Promise<KeychainStatus> | undefined;

  constructor(options: KeytarCredentialStoreOptions = {}) {
    this.service = options.service ?? KEYCHAIN_SERVICE;
    this.#loader = options.loader ?? loadKeytar;
  }

  async get(profileId: string): Promise<StoreSecrets | undefined> {
    const account = accountOf(profileId);
    const keytar = await this.#module();
    const text = await this.#run(() => keytar.getPassword(this.service, account));
    if (text === null) {
      await this.#confirmAvailable();
      return undefined;
    }
    return decodeEntry(text);
  }

  async set(profileId: string, secrets: StoreSecrets): Promise<void> {
    const account = accountOf(profileId);
    const entry = encodeEntry(secrets);
    const keytar = await this.#module();
    await this.#run(
      () => keytar.setPassword(this.service, account, entry),
      [secrets.apikey, secrets.apisecret, entry],
    );
  }

  async delete(profileId: string): Promise<boolean> {
    const account = accountOf(profileId);
    const keytar = await this.#module();
    const deleted = await this.#run(() => keytar.deletePassword(this.service, account));
    if (!deleted) await this.#confirmAvailable();
    return deleted;
  }

  check(): Promise<KeychainStatus> {
    this.#checking ??= this.#probe().finally(() => {
      this.#checking = undefined;
    });
    return this.#checking;
  }

  toJSON(): string {
    return `KeytarCredentialStore(${this.service})`;
  }

  async #probe(): Promise<KeychainStatus> {
    let keytar: KeytarApi;
    try {
      keytar = await this.#module();
    } catch (error) {
      // #module() rejects only with the no-keychain problem of a module that did not load.
      return unavailable({ reason: 'no-keychain', message: errorText(error) });
    }
    try {
      await keytar.setPassword(this.service, PROBE_ACCOUNT, PROBE_VALUE);
      const read = await keytar.getPassword(this.service, PROBE_ACCOUNT);
      await keytar.deletePassword(this.service, PROBE_ACCOUNT);
      this.#reached = true;
      if (read !== PROBE_VALUE) {
        return unavailable({
          reason: 'error',
          message:
            'The system keychain accepted an entry but did not give it back. Check your keyring, then try again.',
        });
      }
      return { available: true };
    } catch (error) {
      return unavailable(describeKeychainFailure(errorText(error), this.#reached));
    }
  }

  async #module(): Promise<KeytarApi> {
    this.#keytar ??= this.#loader().catch((error: unknown) => {
      const problem = describeMissingModule(errorText(error));
      throw new CredentialStoreError(problem.reason, problem.message);
    });
    return this.#keytar;
  }

  /** A keychain call whose failure becomes a CredentialStoreError without any secret in its text. */
  async #run<T>(call: () => Promise<T>, secrets: readonly string[] = []): Promise<T> {
    try {
      const result = await call();
      this.#reached = true;
      return result;
    } catch (error) {
      const problem = describeKeychainFailure(redact(errorText(error), secrets), this.#reached);
      throw new CredentialStoreError(problem.reason, problem.message);
    }
  }

  /** A miss is only believed when the keychain works: a locked libsecret keyring also answers "none". */
  async #confirmAvailable(): Promise<void> {
    const status = await this.check();
    if (!status.available) throw new CredentialStoreError(status.reason, status.message);
  }
}

/** The default loader: keytar's native module, imported on first use. Tests wrap it to inspect raw entries. */
export async function loadKeytar(): Promise<KeytarApi> {
  const loaded: unknown = await import('keytar');
  // keytar is CommonJS: its functions sit on `default` (and, depending on the loader, on the namespace).
  const candidate: unknown = isKeytarApi(loaded) ? loaded : Reflect.get(Object(loaded), 'default');
  if (!isKeytarApi(candidate)) throw new Error('the keytar module does not offer getPassword/setPassword');
  return candidate;
}

function isKeytarApi(value: unknown): value is KeytarApi {
  if (typeof value !== 'object' || value === null) return false;
  return ['getPassword', 'setPassword', 'deletePassword'].every(
    (name) => typeof Reflect.get(value, name) === 'function',
  );
}

function accountOf(profileId: string): string {
  if (profileId === PROBE_ACCOUNT) throw new TypeError(`${PROBE_ACCOUNT} is reserved for check()`);
  return entryAccount(profileId);
}

function unavailable(problem: KeychainProblem): KeychainStatus {
  return { available: false, reason: problem.reason, message: problem.message };
}

/** Keychains do not echo passwords in their errors, but a message is shown and logged, so make sure. */
function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets.flatMap((value) => [value, JSON.stringify(value).slice(1, -1)])) {
    if (secret !== '') result = result.split(secret).join('[redacted]');
  }
  return result;
}
