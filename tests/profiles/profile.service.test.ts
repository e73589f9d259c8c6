// ProfileService's rules with the unit-test keychain (fast, and able to play each keychain problem).
// The same service on the real keychain and the real sandbox is in profiles-session.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreSecrets } from '../../src-main/credentials/index.js';
import { InMemoryCredentialStore } from '../../src-main/credentials/in-memory-credential-store.js';
import { ProfileError, type NewProfileInput } from '../../src-main/profiles/index.js';
import { ProfileRepository } from '../../src-main/profiles/profile.repository.js';
import { profilesFixture, type ProfilesFixture } from './support/profiles-fixture.js';

const shop: NewProfileInput = {
  displayName: 'ร้านสาขาบางนา',
  baseUrl: 'https://api.example.co.th/v4',
  storename: 'bangna',
  defaultWarehouseCode: 'W0001',
  apikey: 'unit-key-4410',
  apisecret: 'unit-secret-9021',
};

async function refusal(promise: Promise<unknown>): Promise<ProfileError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProfileError) return error;
    throw error;
  }
  throw new Error('expected a ProfileError');
}

describe('ProfileService', () => {
  let keychain: InMemoryCredentialStore;
  let fixture: ProfilesFixture;
  beforeEach(() => {
    keychain = new InMemoryCredentialStore();
    fixture = profilesFixture(keychain);
  });
  afterEach(() => fixture.close());

  it('adds a profile: normalised fields in SQLite, secrets in the keychain under its id', async () => {
    const profile = await fixture.service.add(shop);
    expect(profile).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      displayName: 'ร้านสาขาบางนา',
      baseUrl: 'https://api.example.co.th',
      storename: 'bangna',
      defaultWarehouseCode: 'W0001',
      kind: 'store',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(Object.isFrozen(profile)).toBe(true);
    expect(await keychain.get(profile.id)).toEqual({
      apikey: 'unit-key-4410',
      apisecret: 'unit-secret-9021',
    });
    expect(fixture.service.list()).toEqual([profile]);
  });

  it('refuses plain http to another host on add, edit and test, before the keychain is touched', async () => {
    const plain = { ...shop, baseUrl: 'http://api.example.co.th' };
    const added = await refusal(fixture.service.add(plain));
    expect(added.issues).toEqual([{ field: 'baseUrl', message: expect.stringMatching(/https:\/\//) }]);
    const saved = await fixture.service.add(shop);
    const edited = await refusal(fixture.service.edit(saved.id, { baseUrl: 'http://10.0.0.5:8080' }));
    expect(edited.issues.map((issue) => issue.field)).toEqual(['baseUrl']);
    const tested = await refusal(fixture.service.testConnection({ ...plain }));
    expect(tested.issues.map((issue) => issue.field)).toEqual(['baseUrl']);
    expect(fixture.service.get(saved.id)?.baseUrl).toBe('https://api.example.co.th');
    // Loopback stays allowed over http (the demo store, a developer's sandbox).
    const local = await fixture.service.edit(saved.id, { baseUrl: 'http://localhost:8080/v4' });
    expect(local.baseUrl).toBe('http://localhost:8080');
  });

  it('refuses a client and a test for a profile saved earlier with plain http, without reading its secrets', async () => {
    const OLD_ID = '01d01d00-0000-4000-8000-000000000001';
    new ProfileRepository(fixture.db).insert({
      id: OLD_ID,
      displayName: 'Saved before the rule',
      baseUrl: 'http://backoffice.example.co.th',
      storename: 'old',
      kind: 'store',
      createdAt: new Date().toISOString(),
    });
    await keychain.set(OLD_ID, { apikey: 'old-key-1', apisecret: 'old-secret-1' });
    const reads: string[] = [];
    const get = keychain.get.bind(keychain);
    keychain.get = (id: string) => {
      reads.push(id);
      return get(id);
    };
    for (const refused of [
      fixture.service.clientFor(OLD_ID),
      fixture.service.testConnection({ profileId: OLD_ID }),
    ]) {
      const error = await refusal(refused);
      expect(error.code).toBe('invalid-arguments');
      expect(error.message).toMatch(/only for this PC itself.*https:\/\//);
    }
    expect(reads).toEqual([]);
  });

  it('refuses to add while the keychain is unavailable, with its message, and writes nothing', async () => {
    keychain.makeUnavailable('no-keychain', 'No system keychain is available (test).');
    const error = await refusal(fixture.service.add(shop));
    expect(error).toMatchObject({ code: 'keychain-unavailable', reason: 'no-keychain' });
    expect(error.message).toBe('No system keychain is available (test).');
    expect(fixture.service.list()).toEqual([]);
    expect(keychain.size).toBe(0);
  });

  it('refuses invalid input before touching the keychain, naming the fields', async () => {
    keychain.makeUnavailable('locked', 'locked');
    const error = await refusal(fixture.service.add({ ...shop, baseUrl: 'example.com', apisecret: ' ' }));
    expect(error.code).toBe('invalid-arguments');
    expect(error.issues.map((issue) => issue.field)).toEqual(['baseUrl', 'apisecret']);
  });

  it('refuses a second profile with the same name (any case)', async () => {
    await fixture.service.add({ ...shop, displayName: 'Main Shop' });
    const error = await refusal(fixture.service.add({ ...shop, displayName: 'main shop' }));
    expect(error.issues).toEqual([
      { field: 'displayName', message: expect.stringMatching(/exists already/) },
    ]);
  });

  it('edits fields without touching the secrets when none are given', async () => {
    const profile = await fixture.service.add(shop);
    keychain.makeUnavailable('locked', 'locked');
    const edited = await fixture.service.edit(profile.id, {
      displayName: 'บางนา 2',
      baseUrl: 'https://other.example.com/',
      defaultWarehouseCode: null,
    });
    expect(edited).toStrictEqual({
      ...profile,
      defaultWarehouseCode: null,
      displayName: 'บางนา 2',
      baseUrl: 'https://other.example.com',
    });
    keychain.makeAvailable();
    expect(await keychain.get(profile.id)).toEqual({
      apikey: 'unit-key-4410',
      apisecret: 'unit-secret-9021',
    });
  });

  it('edits one secret and keeps the other', async () => {
    const profile = await fixture.service.add(shop);
    await fixture.service.edit(profile.id, { apisecret: 'new-secret-1' });
    expect(await keychain.get(profile.id)).toEqual({ apikey: 'unit-key-4410', apisecret: 'new-secret-1' });
    await fixture.service.edit(profile.id, { apikey: 'new-key-2', apisecret: 'new-secret-2' });
    expect(await keychain.get(profile.id)).toEqual({ apikey: 'new-key-2', apisecret: 'new-secret-2' });
  });

  it('refuses to change secrets while the keychain is locked, and changes nothing else either', async () => {
    const profile = await fixture.service.add(shop);
    keychain.makeUnavailable('locked', 'The system keychain is locked.');
    const error = await refusal(fixture.service.edit(profile.id, { storename: 'other', apikey: 'k2' }));
    expect(error).toMatchObject({ code: 'keychain-unavailable', reason: 'locked' });
    expect(fixture.service.get(profile.id)).toEqual(profile);
  });

  it('asks for both secrets when the keychain lost the entry and only one is given', async () => {
    const profile = await fixture.service.add(shop);
    await keychain.delete(profile.id);
    const error = await refusal(fixture.service.edit(profile.id, { apikey: 'only-key' }));
    expect(error.issues).toEqual([{ field: 'apisecret', message: expect.stringMatching(/enter both/) }]);
  });

  it('switches the active profile, remembered across a reopen; removing it clears the choice', async () => {
    const first = await fixture.service.add({ ...shop, displayName: 'First' });
    const second = await fixture.service.add({ ...shop, displayName: 'Second' });
    expect(fixture.service.active()).toBeUndefined();
    await fixture.service.switchTo(second.id);
    fixture.reopen();
    expect(fixture.service.active()).toEqual(second);
    await fixture.service.switchTo(first.id);
    await fixture.service.remove(first.id);
    expect(fixture.service.active()).toBeUndefined();
    expect(fixture.service.list()).toEqual([second]);
  });

  it('removes the keychain entry with the profile', async () => {
    const profile = await fixture.service.add(shop);
    expect(await fixture.service.remove(profile.id)).toEqual({ profile, keychainEntry: 'deleted' });
    expect(keychain.size).toBe(0);
    expect(fixture.service.get(profile.id)).toBeUndefined();
  });

  it('refuses to remove while the keychain is locked (the key must not outlive its profile)', async () => {
    const profile = await fixture.service.add(shop);
    keychain.makeUnavailable('locked', 'The system keychain is locked.');
    expect(await refusal(fixture.service.remove(profile.id))).toMatchObject({
      code: 'keychain-unavailable',
      reason: 'locked',
    });
    expect(fixture.service.get(profile.id)).toEqual(profile);
  });

  it('removes without any keychain (no entry can exist there) and says so', async () => {
    const profile = await fixture.service.add(shop);
    keychain.makeUnavailable('no-keychain', 'No system keychain is available.');
    expect(await fixture.service.remove(profile.id)).toEqual({ profile, keychainEntry: 'no-keychain' });
    expect(fixture.service.list()).toEqual([]);
  });

  it('answers not-found for an unknown id on every operation', async () => {
    for (const call of [
      fixture.service.edit('nope', { displayName: 'x' }),
      fixture.service.remove('nope'),
      fixture.service.switchTo('nope'),
      fixture.service.testConnection({ profileId: 'nope' }),
      fixture.service.clientFor('nope'),
    ]) {
      expect((await refusal(call)).code).toBe('not-found');
    }
  });

  it('builds a client from the keychain, and says when the secrets are missing', async () => {
    const profile = await fixture.service.add(shop);
    const client = await fixture.service.clientFor(profile.id);
    expect(client.baseUrl).toBe('https://api.example.co.th');
    expect(JSON.stringify(client)).not.toContain('unit-key-4410');
    await client.close();
    await keychain.delete(profile.id);
    expect((await refusal(fixture.service.clientFor(profile.id))).code).toBe('credentials-missing');
  });

  it('runs changes one at a time, so concurrent edits never mix fields and secrets', async () => {
    const profile = await fixture.service.add(shop);
    const edits = Array.from({ length: 10 }, (_, index) =>
      fixture.service.edit(profile.id, {
        storename: `store-${index}`,
        apikey: `key-${index}`,
        apisecret: `secret-${index}`,
      }),
    );
    await Promise.all(edits);
    const stored = fixture.service.get(profile.id);
    const secrets = (await keychain.get(profile.id)) as StoreSecrets;
    expect(stored?.storename).toBe('store-9');
    expect(secrets).toEqual({ apikey: 'key-9', apisecret: 'secret-9' });
  });

  it('keeps the keychain entry and the row a pair when the row cannot be written', async () => {
    const profile = await fixture.service.add(shop);
    fixture.db.exec(
      `CREATE TRIGGER refuse BEFORE UPDATE ON profiles BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
    );
    await expect(fixture.service.edit(profile.id, { apikey: 'k-new', apisecret: 's-new' })).rejects.toThrow(
      /disk full/,
    );
    expect(await keychain.get(profile.id)).toEqual({
      apikey: 'unit-key-4410',
      apisecret: 'unit-secret-9021',
    });
    fixture.db.exec(
      `CREATE TRIGGER refuse_insert BEFORE INSERT ON profiles BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
    );
    await expect(fixture.service.add({ ...shop, displayName: 'Other' })).rejects.toThrow(/disk full/);
    expect(keychain.size).toBe(1);
  });
});
