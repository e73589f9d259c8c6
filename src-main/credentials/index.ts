// What the app imports for secrets. The in-memory store is deliberately not exported: tests import it
// by path, and nothing in the app can fall back to it.
export {
  CredentialStoreError,
  isCredentialStoreError,
  type CredentialStore,
  type CredentialStoreErrorReason,
  type KeychainStatus,
  type KeychainUnavailableReason,
  type StoreSecrets,
} from './credential-store.js';
export { MAX_ENTRY_BYTES } from './keychain-entry.js';
export {
  KEYCHAIN_SERVICE,
  KeytarCredentialStore,
  loadKeytar,
  type KeytarApi,
  type KeytarCredentialStoreOptions,
  type KeytarLoader,
} from './keytar-credential-store.js';
