// The demo store's credentials are public by design (docs/decisions/0007): the embedded sandbox is a
// local stand-in that holds no real data, and its key and secret are printed in its README and CLI.
// They never go to the keychain, so "Try the demo store" works on a machine that has none. This wraps
// the real CredentialStore: for a demo profile it answers with the public pair and writes nothing;
// every other profile goes to the keychain exactly as before.
import type { CredentialStore, KeychainStatus, StoreSecrets } from '../credentials/index.js';

export const DEMO_STORE = { name: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' } as const;
export const DEMO_SECRETS: StoreSecrets = { apikey: DEMO_STORE.apikey, apisecret: DEMO_STORE.apisecret };

export class DemoAwareCredentialStore implements CredentialStore {
  readonly #inner: CredentialStore;
  readonly #isDemo: (profileId: string) => boolean;
  /** While set, check() answers "available": only the demo's own add asks, and it writes no secret. */
  #addingDemo = false;

  constructor(inner: CredentialStore, isDemo: (profileId: string) => boolean) {
    this.#inner = inner;
    this.#isDemo = isDemo;
  }

  /** Runs the demo profile's creation; its keychain check passes because nothing will be stored. */
  async addingDemo<T>(work: () => Promise<T>): Promise<T> {
    this.#addingDemo = true;
    try {
      return await work();
    } finally {
      this.#addingDemo = false;
    }
  }

  get(profileId: string): Promise<StoreSecrets | undefined> {
    if (this.#isDemo(profileId)) return Promise.resolve(DEMO_SECRETS);
    return this.#inner.get(profileId);
  }

  set(profileId: string, secrets: StoreSecrets): Promise<void> {
    // The demo pair is public and known: there is nothing to keep. The profile row may not exist yet
    // (add writes the keychain first), so the pair itself is what identifies the demo here.
    if (isDemoPair(secrets) && (this.#addingDemo || this.#isDemo(profileId))) return Promise.resolve();
    return this.#inner.set(profileId, secrets);
  }

  delete(profileId: string): Promise<boolean> {
    if (this.#isDemo(profileId)) return Promise.resolve(false);
    return this.#inner.delete(profileId);
  }

  check(): Promise<KeychainStatus> {
    if (this.#addingDemo) return Promise.resolve({ available: true });
    return this.#inner.check();
  }
}

function isDemoPair(secrets: StoreSecrets): boolean {
  return secrets.apikey === DEMO_SECRETS.apikey && secrets.apisecret === DEMO_SECRETS.apisecret;
}
