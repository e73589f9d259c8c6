// FOR UNIT TESTS ONLY: a CredentialStore in a Map, with a switch to play an unavailable keychain. The
// app never uses it (src-main/credentials/index.ts does not export it): a store that forgets secrets
// on exit, or could be mistaken for a fallback, has no place outside tests. Entries go through the same
// encoding as the real keychain's, so size limits and formats behave alike.
import {
  CredentialStoreError,
  type CredentialStore,
  type KeychainStatus,
  type KeychainUnavailableReason,
  type StoreSecrets,
} from './credential-store.js';
import { accountOf, decodeEntry, encodeEntry } from './keychain-entry.js';

export class InMemoryCredentialStore implements CredentialStore {
  readonly #entries = new Map<string, string>();
  #status: KeychainStatus = { available: true };

  /** From now on every call fails (and check() reports) as this keychain problem. */
  makeUnavailable(reason: KeychainUnavailableReason, message: string): void {
    this.#status = { available: false, reason, message };
  }

  makeAvailable(): void {
    this.#status = { available: true };
  }

  /** How many entries are kept (tests check that a removed profile left none behind). */
  get size(): number {
    return this.#entries.size;
  }

  /** Stores raw text under an id, as another program editing the keychain could. */
  putRawEntry(profileId: string, text: string): void {
    this.#entries.set(profileId, text);
  }

  async get(profileId: string): Promise<StoreSecrets | undefined> {
    const account = accountOf(profileId);
    this.#ensureAvailable();
    const text = this.#entries.get(account);
    return text === undefined ? undefined : decodeEntry(text);
  }

  async set(profileId: string, secrets: StoreSecrets): Promise<void> {
    const account = accountOf(profileId);
    const entry = encodeEntry(secrets);
    this.#ensureAvailable();
    this.#entries.set(account, entry);
  }

  async delete(profileId: string): Promise<boolean> {
    const account = accountOf(profileId);
    this.#ensureAvailable();
    return this.#entries.delete(account);
  }

  async check(): Promise<KeychainStatus> {
    return this.#status;
  }

  #ensureAvailable(): void {
    if (!this.#status.available) throw new CredentialStoreError(this.#status.reason, this.#status.message);
  }
}
