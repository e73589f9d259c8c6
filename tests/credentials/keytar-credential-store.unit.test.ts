// KeytarCredentialStore's own logic with a scripted keytar: lazy loading, how each platform's messages
// are read, that a miss is confirmed, and that no failure text carries a secret. The real keychain is
// in keytar-credential-store.test.ts and keychain-failures.test.ts.
import { describe, expect, it, vi } from 'vitest';
import {
  CredentialStoreError,
  KeytarCredentialStore,
  type KeytarApi,
} from '../../src-main/credentials/index.js';
import { describeKeychainFailure } from '../../src-main/credentials/keychain-errors.js';
import { rejection, renderings } from './support/credential-store-contract.js';

/** A keytar whose entries live in a Map and whose calls can be made to fail with a message. */
function scriptedKeytar(failure?: {
  message: string;
  on?: keyof KeytarApi;
}): KeytarApi & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const fail = (name: keyof KeytarApi) => {
    if (failure && (failure.on === undefined || failure.on === name)) throw new Error(failure.message);
  };
  return {
    entries,
    getPassword: async (service, account) => {
      fail('getPassword');
      return entries.get(`${service}/${account}`) ?? null;
    },
    setPassword: async (service, account, password) => {
      fail('setPassword');
      entries.set(`${service}/${account}`, password);
    },
    deletePassword: async (service, account) => {
      fail('deletePassword');
      return entries.delete(`${service}/${account}`);
    },
  };
}

describe('loading keytar', () => {
  it('does not load the native module until the first call, then loads it once', async () => {
    const loader = vi.fn(async () => scriptedKeytar());
    const store = new KeytarCredentialStore({ loader });
    expect(loader).not.toHaveBeenCalled();
    await store.check();
    await store.set('p', { apikey: 'k', apisecret: 's' });
    await store.get('p');
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('a module that cannot load makes every call no-keychain, and is not retried', async () => {
    const loader = vi.fn(async (): Promise<KeytarApi> => {
      throw new Error("Cannot find module '../build/Release/keytar.node'");
    });
    const store = new KeytarCredentialStore({ loader });
    expect(await store.check()).toEqual({
      available: false,
      reason: 'no-keychain',
      message: expect.stringMatching(/could not load its keychain module.*keytar\.node/),
    });
    for (const call of [store.get('p'), store.set('p', { apikey: 'k', apisecret: 's' }), store.delete('p')]) {
      expect(await rejection(call)).toMatchObject({ reason: 'no-keychain' });
    }
    expect(loader).toHaveBeenCalledTimes(1);
  });
});

describe('a miss is believed only when the keychain works', () => {
  it('answers undefined when the probe succeeds', async () => {
    const store = new KeytarCredentialStore({ loader: async () => scriptedKeytar() });
    expect(await store.get('absent')).toBeUndefined();
    expect(await store.delete('absent')).toBe(false);
  });

  it('rejects with the keychain problem when the probe fails (a locked libsecret keyring answers "none")', async () => {
    const keytar = scriptedKeytar({
      message: 'Cannot create an item in a locked collection',
      on: 'setPassword',
    });
    const store = new KeytarCredentialStore({ loader: async () => keytar });
    expect(await rejection(store.get('p'))).toMatchObject({ reason: 'locked' });
    expect(await rejection(store.delete('p'))).toMatchObject({ reason: 'locked' });
  });

  it('reports a keychain that does not give back what it was given', async () => {
    const keytar = scriptedKeytar();
    keytar.getPassword = async () => 'something else';
    const store = new KeytarCredentialStore({ loader: async () => keytar });
    expect(await store.check()).toMatchObject({ available: false, reason: 'error' });
  });

  it("runs one probe for concurrent checks, so they cannot delete each other's probe entry", async () => {
    const keytar = scriptedKeytar();
    const setPassword = vi.spyOn(keytar, 'setPassword');
    const store = new KeytarCredentialStore({ loader: async () => keytar });
    const statuses = await Promise.all([
      store.check(),
      store.check(),
      store.get('absent'),
      store.delete('absent'),
    ]);
    expect(statuses).toEqual([{ available: true }, { available: true }, undefined, false]);
    expect(setPassword).toHaveBeenCalledTimes(1);
    expect(keytar.entries.size).toBe(0);
  });

  it('uses its own service name and reserves the probe account', async () => {
    const keytar = scriptedKeytar();
    const store = new KeytarCredentialStore({ service: 'Stockroom-test', loader: async () => keytar });
    await store.set('p', { apikey: 'k', apisecret: 's' });
    expect([...keytar.entries.keys()]).toEqual(['Stockroom-test/p']);
    await expect(store.get('stockroom-keychain-check')).rejects.toThrow(TypeError);
  });
});

describe('failure texts never carry a secret', () => {
  it('removes the secrets (plain and JSON-escaped) from a keychain message that echoes them', async () => {
    const secrets = { apikey: 'echoed-key-"7711"', apisecret: 'echoed-secret-3344' };
    const keytar = scriptedKeytar();
    keytar.setPassword = async (_service, _account, password) => {
      throw new Error(`Refused to store ${password} (${secrets.apikey}, ${secrets.apisecret})`);
    };
    const store = new KeytarCredentialStore({ loader: async () => keytar });
    const error = await rejection(store.set('p', secrets));
    expect(error).toBeInstanceOf(CredentialStoreError);
    const text = renderings(error);
    for (const fragment of ['echoed-key', '7711', 'echoed-secret-3344']) expect(text).not.toContain(fragment);
    expect(text).toContain('[redacted]');
  });
});

describe('what each platform says, read as a reason', () => {
  it.each([
    // Linux: libsecret and D-Bus (all observed in keychain-failures.test.ts).
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'no-keychain'],
    ['The name org.freedesktop.secrets was not provided by any .service files', 'no-keychain'],
    ['Could not connect: No such file or directory', 'no-keychain'],
    ['Cannot create an item in a locked collection', 'locked'],
    ['Object does not exist at path “/org/freedesktop/secrets/collection/login”', 'locked'],
    ['org.freedesktop.DBus.Error.AccessDenied: Rejected send message', 'denied'],
    // macOS: Security.framework texts (SecCopyErrorMessageString).
    ['User canceled the operation.', 'denied'],
    ['The user name or passphrase you entered is not correct.', 'denied'],
    ['User interaction is not allowed.', 'locked'],
    ['No keychain is available. You may need to restart your computer.', 'no-keychain'],
    ['The specified keychain could not be found.', 'no-keychain'],
    // Windows: FormatMessage texts.
    ['A specified logon session does not exist. It may already have been terminated.', 'no-keychain'],
    ['Access is denied.', 'denied'],
    // Anything else keeps the keychain's words.
    ['Something unheard of', 'error'],
  ] as const)('%s → %s', (detail, reason) => {
    const problem = describeKeychainFailure(detail);
    expect(problem.reason).toBe(reason);
    expect(problem.message).toContain(detail);
  });

  it('says "restart Stockroom" when the keyring service went away after working in this process', () => {
    const gone = 'The name org.freedesktop.secrets was not provided by any .service files';
    expect(describeKeychainFailure(gone, true).message).toMatch(/stopped while Stockroom was running/);
    expect(describeKeychainFailure('The session wrapping the secret does not exist').message).toMatch(
      /Restart Stockroom/,
    );
  });
});
