// The real keychain: KeytarCredentialStore against gnome-keyring's Secret Service in a private D-Bus
// session (tests/support/keychain.ts), the same libsecret path the app takes on a Linux desktop.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireKeychainTools, startKeychainSession, type KeychainSession } from '../support/keychain.js';
import { credentialStoreContract, rejection, renderings } from './support/credential-store-contract.js';

describe.runIf(process.platform === 'linux')('KeytarCredentialStore on a real keychain', () => {
  let keychain: KeychainSession;
  beforeAll(async () => {
    requireKeychainTools();
    keychain = await startKeychainSession();
  });
  afterAll(async () => {
    await keychain?.close();
  });

  credentialStoreContract(() => keychain.store);

  it('keeps one entry per profile (service Stockroom, account = profile id) holding both secrets as JSON', async () => {
    const id = randomUUID();
    await keychain.store.set(id, { apikey: 'key-abc', apisecret: 'secret-xyz' });
    expect(JSON.parse((await keychain.rawGet(id)) ?? 'null')).toEqual({
      v: 1,
      apikey: 'key-abc',
      apisecret: 'secret-xyz',
    });
    await keychain.store.delete(id);
    expect(await keychain.rawGet(id)).toBeNull();
  });

  it('check() writes, reads and deletes a probe, and leaves nothing behind', async () => {
    expect(await keychain.store.check()).toEqual({ available: true });
    expect(await keychain.rawGet('stockroom-keychain-check')).toBeNull();
  });

  it('reports an entry another program changed, without repeating its text', async () => {
    const id = randomUUID();
    await keychain.rawSet(id, 'hand-typed-password-0042');
    const error = await rejection(keychain.store.get(id));
    expect(error).toMatchObject({ name: 'CredentialStoreError', reason: 'unreadable-entry' });
    expect(renderings(error)).not.toContain('hand-typed-password-0042');
    // Saving the profile again repairs it.
    await keychain.store.set(id, { apikey: 'k', apisecret: 's' });
    expect(await keychain.store.get(id)).toEqual({ apikey: 'k', apisecret: 's' });
  });
});

describe.runIf(process.platform === 'linux')('entries outlive the keyring daemon', () => {
  const dataHome = mkdtempSync(join(tmpdir(), 'stockroom-keyring-data-'));
  afterAll(() => rmSync(dataHome, { recursive: true, force: true }));

  it('are read back in a new session (a new login) from the keyring files', async () => {
    requireKeychainTools();
    const id = randomUUID();
    const secrets = { apikey: 'persisted-key-7731', apisecret: 'persisted-secret-9920' };
    const first = await startKeychainSession({ dataHome });
    try {
      await first.store.set(id, secrets);
    } finally {
      await first.close();
    }
    const second = await startKeychainSession({ dataHome });
    try {
      expect(await second.store.get(id)).toEqual(secrets);
      expect(await second.store.delete(id)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
