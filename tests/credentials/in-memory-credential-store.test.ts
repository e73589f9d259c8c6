// The unit-test store keeps the contract, can play an unavailable keychain, and is not offered to the app.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as credentials from '../../src-main/credentials/index.js';
import { InMemoryCredentialStore } from '../../src-main/credentials/in-memory-credential-store.js';
import { credentialStoreContract, rejection } from './support/credential-store-contract.js';

describe('InMemoryCredentialStore keeps the CredentialStore contract', () => {
  const store = new InMemoryCredentialStore();
  credentialStoreContract(() => store);
});

describe('InMemoryCredentialStore as an unavailable keychain', () => {
  it('fails every call with the reason and message it was given, and recovers', async () => {
    const store = new InMemoryCredentialStore();
    const id = randomUUID();
    await store.set(id, { apikey: 'k', apisecret: 's' });
    store.makeUnavailable('locked', 'The keyring is locked.');
    expect(await store.check()).toEqual({
      available: false,
      reason: 'locked',
      message: 'The keyring is locked.',
    });
    for (const call of [store.get(id), store.set(id, { apikey: 'k', apisecret: 's' }), store.delete(id)]) {
      expect(await rejection(call)).toMatchObject({ name: 'CredentialStoreError', reason: 'locked' });
    }
    store.makeAvailable();
    expect(await store.get(id)).toEqual({ apikey: 'k', apisecret: 's' });
  });

  it('reports an entry in a foreign format without repeating its text', async () => {
    const store = new InMemoryCredentialStore();
    store.putRawEntry('p', 'plain-text-password-123');
    const error = await rejection(store.get('p'));
    expect(error).toMatchObject({ reason: 'unreadable-entry' });
    expect(String(error)).not.toContain('plain-text-password-123');
  });
});

describe('the app cannot reach the in-memory store, and keytar has one door', () => {
  const sources = sourceFiles(fileURLToPath(new URL('../../src-main', import.meta.url)));

  it('is not exported from src-main/credentials', () => {
    expect(Object.keys(credentials)).not.toContain('InMemoryCredentialStore');
  });

  it('is imported by no file of the app', () => {
    const users = sources.filter(
      (file) =>
        !file.endsWith('in-memory-credential-store.ts') &&
        /in-memory-credential-store/.test(readFileSync(file, 'utf8')),
    );
    expect(users).toEqual([]);
  });

  it('keytar is imported by keytar-credential-store.ts only', () => {
    const importers = sources.filter((file) =>
      /(from|import\()\s*['"]keytar['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(importers.map((file) => relative(fileURLToPath(new URL('../..', import.meta.url)), file))).toEqual(
      [join('src-main', 'credentials', 'keytar-credential-store.ts')],
    );
  });
});

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}
