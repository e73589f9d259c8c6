// Where a profile's API key and secret live: the operating system's keychain, behind this interface, and
// nowhere else (ARCHITECTURE.md convention 6). Profiles in SQLite hold everything but these two values.
import type { KEYCHAIN_UNAVAILABLE_REASONS } from '../../src-shared/ipc/schemas/profiles.js';
import { Refusal } from '../refusal/refusal.js';

/** The two values the v4 back office checks besides the (not secret) store name. */
export interface StoreSecrets {
  readonly apikey: string;
  readonly apisecret: string;
}

/** Why the keychain cannot be used right now; each comes with a message a person can act on. */
/**
 * Why the keychain cannot be used right now (KEYCHAIN_UNAVAILABLE_REASONS: no keychain on this machine
 * or session, a locked keyring, access refused, anything else it reported); each comes with a message a
 * person can act on.
 */
export type KeychainUnavailableReason = (typeof KEYCHAIN_UNAVAILABLE_REASONS)[number];

export type KeychainStatus =
  | { readonly available: true }
  | { readonly available: false; readonly reason: KeychainUnavailableReason; readonly message: string };

export type CredentialStoreErrorReason =
  | KeychainUnavailableReason
  /** An entry exists under the profile's id but is not in Stockroom's format (edited by hand, another app). */
  | 'unreadable-entry'
  /** The secrets are longer than the smallest keychain accepts (Windows: 2,560 bytes per entry). */
  | 'too-large';

/**
 * A keychain operation failed. The message is for people and never holds a secret: it is built from
 * fixed texts plus the keychain's own description, from which the secrets in hand are removed.
 */
export class CredentialStoreError extends Refusal {
  override name = 'CredentialStoreError';
  declare readonly reason: CredentialStoreErrorReason;

  constructor(reason: CredentialStoreErrorReason, message: string) {
    super('keychain-unavailable', message, { reason });
  }

  toJSON(): { name: string; reason: CredentialStoreErrorReason; message: string } {
    return { name: this.name, reason: this.reason, message: this.message };
  }
}

export function isCredentialStoreError(value: unknown): value is CredentialStoreError {
  return value instanceof CredentialStoreError;
}

export interface CredentialStore {
  /**
   * The profile's secrets; undefined only when the keychain answers and holds no entry for it. A locked
   * or missing keychain rejects with a CredentialStoreError instead (never a silent "no entry").
   */
  get(profileId: string): Promise<StoreSecrets | undefined>;
  /** Creates or replaces the profile's entry (both values in one write). */
  set(profileId: string, secrets: StoreSecrets): Promise<void>;
  /** True when an entry was deleted, false when there was none; rejects when the keychain cannot be used. */
  delete(profileId: string): Promise<boolean>;
  /** Whether the keychain can store and return an entry now (a real write, read and delete of a probe). */
  check(): Promise<KeychainStatus>;
}
