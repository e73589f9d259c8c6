// Each way the system keychain can be unusable, reproduced for real (a private D-Bus session per case),
// and what the store says: a reason, a message a person can act on, never a silent "no entry".
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialStore, KeychainStatus } from '../../src-main/credentials/index.js';
import { requireKeychainTools, startKeychainSession, type KeychainSession } from '../support/keychain.js';
import { rejection } from './support/credential-store-contract.js';

const secrets = { apikey: 'failure-key-5512', apisecret: 'failure-secret-8830' };

/** get, set and delete all reject with the reason (a locked keyring must not look like "no entry"). */
async function expectEveryCallFails(store: CredentialStore, id: string, reason: string): Promise<void> {
  for (const call of [store.get(id), store.set(id, secrets), store.delete(id)]) {
    const error = await rejection(call);
    expect(error).toMatchObject({ name: 'CredentialStoreError', reason });
    expect(String(error)).not.toContain(secrets.apikey);
    expect(String(error)).not.toContain(secrets.apisecret);
  }
}

function unavailable(status: KeychainStatus): { reason: string; message: string } {
  if (status.available) throw new Error('expected the keychain to be unavailable');
  return status;
}

describe.runIf(process.platform === 'linux')('keychain failure modes', () => {
  const sessions: KeychainSession[] = [];
  const folders: string[] = [];
  const start = async (...args: Parameters<typeof startKeychainSession>) => {
    const session = await startKeychainSession(...args);
    sessions.push(session);
    return session;
  };
  beforeAll(() => requireKeychainTools());
  afterAll(async () => {
    for (const session of sessions) await session.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('no session bus at all (a console, a service, CI): no-keychain, saying why', async () => {
    const keychain = await start({ bus: 'none' });
    const status = unavailable(await keychain.store.check());
    expect(status.reason).toBe('no-keychain');
    expect(status.message).toMatch(/No system keychain is available \(Cannot autolaunch D-Bus/);
    expect(status.message).toMatch(/never keeps API keys in plain text/);
    await expectEveryCallFails(keychain.store, randomUUID(), 'no-keychain');
  });

  it('a session bus where no keyring daemon runs: no-keychain', async () => {
    const keychain = await start({ startKeyring: false });
    const status = unavailable(await keychain.store.check());
    expect(status.reason).toBe('no-keychain');
    expect(status.message).toMatch(/org\.freedesktop\.secrets was not provided/);
    await expectEveryCallFails(keychain.store, randomUUID(), 'no-keychain');
  });

  it('the keyring daemon stops while Stockroom runs: no-keychain, and the advice is to restart', async () => {
    const keychain = await start();
    const id = randomUUID();
    await keychain.store.set(id, secrets);
    await keychain.stopDaemon();
    const status = unavailable(await keychain.store.check());
    expect(status.reason).toBe('no-keychain');
    expect(status.message).toMatch(/stopped while Stockroom was running.*Restart Stockroom/);
    await expectEveryCallFails(keychain.store, id, 'no-keychain');
    // libsecret keeps its connection to the first daemon: a new daemon does not help this process, so
    // the message must keep saying "restart Stockroom" rather than pretend all is well.
    await keychain.startDaemon();
    expect(unavailable(await keychain.store.check()).message).toMatch(/Restart Stockroom/);
    await expectEveryCallFails(keychain.store, id, 'no-keychain');
  });

  it('a locked keyring: locked for check, set, delete, and for get of an entry that exists', async () => {
    const dataHome = mkdtempSync(join(tmpdir(), 'stockroom-keyring-data-'));
    folders.push(dataHome);
    const keychain = await start({ dataHome });
    const id = randomUUID();
    await keychain.store.set(id, secrets);
    await keychain.lock();
    const status = unavailable(await keychain.store.check());
    expect(status.reason).toBe('locked');
    expect(status.message).toMatch(/keychain is locked \(Cannot create an item in a locked collection\)/);
    // libsecret answers a lookup on a locked keyring with "nothing found"; the store must not believe it.
    await expectEveryCallFails(keychain.store, id, 'locked');
    await keychain.close();
    // Nothing was lost: unlocked again (a new login), the entry is there.
    const unlocked = await start({ dataHome });
    expect(await unlocked.store.get(id)).toEqual(secrets);
  });

  it('a desktop whose keyring service starts on demand but was never unlocked: locked', async () => {
    const dataHome = mkdtempSync(join(tmpdir(), 'stockroom-keyring-data-'));
    folders.push(dataHome);
    const first = await start({ dataHome });
    const id = randomUUID();
    await first.store.set(id, secrets);
    await first.close();
    // D-Bus activation starts gnome-keyring-daemon on the first call, with the login keyring locked
    // (auto-login, no password typed); with no display it cannot ask for the password.
    const keychain = await start({ dataHome, startKeyring: false, activation: true });
    expect(unavailable(await keychain.store.check()).reason).toBe('locked');
    await expectEveryCallFails(keychain.store, id, 'locked');
  });

  it('a keyring service with no default keyring, that cannot ask to create one: locked, saying so', async () => {
    const keychain = await start({ startKeyring: false, activation: true });
    const status = unavailable(await keychain.store.check());
    expect(status.reason).toBe('locked');
    expect(status.message).toMatch(/collection\/login.*create a default one/);
  });

  it('the keytar native module cannot be loaded: no-keychain, quoting the loader', async () => {
    const keychain = await start({
      brokenModule: "The module 'keytar.node' was compiled against a different Node.js version",
    });
    const status = unavailable(await keychain.store.check());
    expect(status.reason).toBe('no-keychain');
    expect(status.message).toMatch(
      /could not load its keychain module.*compiled against a different Node\.js/,
    );
    await expectEveryCallFails(keychain.store, randomUUID(), 'no-keychain');
  });
});
