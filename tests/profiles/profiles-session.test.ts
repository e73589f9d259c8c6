// A full profiles session on the real keychain (gnome-keyring in a private D-Bus session) against the
// real sandbox over HTTP: add, test the connection every way it can end, edit, switch, restart, remove.
// At the end, the app database's bytes and everything the service returned, threw or logged are
// searched for the secrets: none may appear anywhere but the keychain.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProfileError,
  type ConnectionTestResult,
  type PublicProfile,
} from '../../src-main/profiles/index.js';
import { requireKeychainTools, startKeychainSession, type KeychainSession } from '../support/keychain.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-harness.js';
import { profilesFixture, type ProfilesFixture } from './support/profiles-fixture.js';

const store = {
  name: 'latphrao',
  apikey: `apikey-${randomBytes(8).toString('hex')}`,
  apisecret: `apisecret-${randomBytes(8).toString('hex')}`,
};
const wrongSecret = `wrongsecret-${randomBytes(8).toString('hex')}`;
const SECRETS = [store.apikey, store.apisecret, wrongSecret];

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

describe.runIf(process.platform === 'linux')('profiles on the real keychain and the sandbox', () => {
  let keychain: KeychainSession;
  let sandbox: TestSandbox;
  let fixture: ProfilesFixture;
  let profile: PublicProfile;
  // Everything the service handed back or threw, as a log would receive it.
  const seen: unknown[] = [];
  const record = async <T>(call: Promise<T>): Promise<T> => {
    try {
      const result = await call;
      seen.push(result);
      return result;
    } catch (error) {
      seen.push(error);
      throw error;
    }
  };
  const test = (target: Parameters<ProfilesFixture['service']['testConnection']>[0]) =>
    record(fixture.service.testConnection(target));
  const unsaved = (overrides: Partial<{ baseUrl: string; apisecret: string }> = {}) => ({
    baseUrl: sandbox.url,
    storename: store.name,
    apikey: store.apikey,
    apisecret: store.apisecret,
    ...overrides,
  });

  beforeAll(async () => {
    requireKeychainTools();
    [keychain, sandbox] = await Promise.all([
      startKeychainSession(),
      startTestSandbox({ stores: [store], products: 5 }),
    ]);
    fixture = profilesFixture(keychain.store, {
      connectionTestTimeouts: { headersMs: 1_000, bodyMs: 1_000 },
    });
  });
  afterAll(async () => {
    fixture?.close();
    await Promise.all([keychain?.close(), sandbox?.close()]);
  });

  it('adds a profile with a Thai name: the row in SQLite, one keychain entry under its id', async () => {
    profile = await record(
      fixture.service.add({
        displayName: 'ร้านสาขาลาดพร้าว',
        baseUrl: `${sandbox.url}/v4/`,
        storename: store.name,
        defaultWarehouseCode: 'W0001',
        apikey: store.apikey,
        apisecret: `${store.apisecret}\n`,
      }),
    );
    expect(profile).toMatchObject({ displayName: 'ร้านสาขาลาดพร้าว', baseUrl: sandbox.url, kind: 'store' });
    expect(JSON.parse((await keychain.rawGet(profile.id)) ?? 'null')).toEqual({
      v: 1,
      apikey: store.apikey,
      apisecret: store.apisecret,
    });
  });

  it('test connection: ok, with the merchant name, for a saved profile and for typed fields', async () => {
    const merchant = (await sandbox.call('GetMerchantProfile', { as: store })).body as { name: string };
    expect(await test({ profileId: profile.id })).toEqual({ connected: true, merchantName: merchant.name });
    expect(await test(unsaved())).toEqual({ connected: true, merchantName: merchant.name });
  });

  it('test connection: a wrong secret is a credentials failure', async () => {
    expect(await test(unsaved({ apisecret: wrongSecret }))).toEqual({
      connected: false,
      failure: 'credentials',
      message: 'The store name, API key or API secret was refused (Invalid API).',
    });
  });

  it('test connection: a port where nothing listens is unreachable', async () => {
    const port = await closedPort();
    expect(await test(unsaved({ baseUrl: `http://127.0.0.1:${port}` }))).toEqual({
      connected: false,
      failure: 'unreachable',
      message: `Could not reach http://127.0.0.1:${port} — check the address and the network (ECONNREFUSED).`,
    });
  });

  it('test connection: an address where something else answers (HTTP 404) is unreachable, saying so', async () => {
    const result = await test(unsaved({ baseUrl: `${sandbox.url}/not-the-api` }));
    expect(result).toEqual({
      connected: false,
      failure: 'unreachable',
      message: `${sandbox.url}/not-the-api answered HTTP 404, which a v4 back office does not — check the address.`,
    });
  });

  it("test connection: the store's daily quota used up is a quota failure", async () => {
    sandbox.handle.setQuota(3);
    sandbox.handle.setQuotaUsed(store.name, 3);
    try {
      expect(await test({ profileId: profile.id })).toEqual({
        connected: false,
        failure: 'quota',
        message: expect.stringMatching(
          /^The back office answered, but the store's daily request limit is used up \(API Request Limits \(3 requests\/day\)\)\. Try again after midnight, Thai time/,
        ),
      });
    } finally {
      sandbox.handle.setQuota(50_000);
    }
  });

  it.each([
    ['res500', /did not answer properly \(server error: .*\)/],
    ['http500', /did not answer properly \(HTTP 500\)/],
    ['reset', /did not answer properly \(the connection was cut before the answer\)/],
  ] as const)('test connection: a server fault (%s) is a server failure', async (mode, message) => {
    sandbox.handle.scheduleFault({ endpoint: 'GetMerchantProfile', mode });
    const result = await test({ profileId: profile.id });
    expect(result).toEqual({ connected: false, failure: 'server', message: expect.stringMatching(message) });
  });

  it('test connection: no answer within the short timeout is a server failure', async () => {
    sandbox.handle.setFaults({ latencyMs: 3_000 });
    try {
      const started = Date.now();
      const result = await test({ profileId: profile.id });
      expect(result).toEqual({
        connected: false,
        failure: 'server',
        message: expect.stringMatching(/no answer within 1 s/),
      });
      expect(Date.now() - started).toBeLessThan(2_900);
    } finally {
      sandbox.handle.clearFaults();
    }
  });

  it('edits the secret (the keychain entry changes) and the name; the test follows the keychain', async () => {
    await record(fixture.service.edit(profile.id, { apisecret: wrongSecret }));
    expect(
      ((await test({ profileId: profile.id })) as ConnectionTestResult & { connected: false }).failure,
    ).toBe('credentials');
    profile = await record(
      fixture.service.edit(profile.id, { displayName: 'ลาดพร้าว (คลังหลัก)', apisecret: store.apisecret }),
    );
    expect(profile.displayName).toBe('ลาดพร้าว (คลังหลัก)');
    expect(await test({ profileId: profile.id })).toMatchObject({ connected: true });
  });

  it('builds a working v4 client from the keychain for the app', async () => {
    const client = await fixture.service.clientFor(profile.id);
    try {
      const warehouses = await client.call('GetWarehouses');
      expect(warehouses.list.map((warehouse) => warehouse.code)).toContain('W0001');
      seen.push(client, inspect(client));
    } finally {
      await client.close();
    }
  });

  it('switches, and after a restart (reopened database, new service) finds everything again', async () => {
    const other = await record(
      fixture.service.add({ ...unsaved(), displayName: 'Demo', kind: 'demo', apisecret: store.apisecret }),
    );
    await record(fixture.service.switchTo(profile.id));
    fixture.reopen();
    expect(fixture.service.active()).toEqual(profile);
    expect(fixture.service.list()).toEqual([profile, other]);
    expect(await test({ profileId: profile.id })).toMatchObject({ connected: true });
    await record(fixture.service.switchTo(other.id));
    expect(fixture.service.active()).toEqual(other);
  });

  it('removes a profile with its keychain entry; removing the active one clears the choice', async () => {
    const active = fixture.service.active();
    if (!active) throw new Error('expected an active profile');
    expect(await record(fixture.service.remove(active.id))).toEqual({
      profile: active,
      keychainEntry: 'deleted',
    });
    expect(await keychain.rawGet(active.id)).toBeNull();
    expect(fixture.service.active()).toBeUndefined();
    expect(fixture.service.list()).toEqual([profile]);
  });

  it('after the whole session, no secret is in the database file, a result, an error or a log line', () => {
    const bytes = fixture.fileBytes();
    expect(bytes).toContain(store.name);
    expect(bytes).toContain(profile.id);
    const logs = fixture.events.map((event) => JSON.stringify(event));
    expect(logs.length).toBeGreaterThan(10);
    const rendered = seen.map((value) =>
      [
        String(value),
        JSON.stringify(value),
        inspect(value, { depth: Infinity, showHidden: true }),
        value instanceof Error ? value.stack : '',
      ].join('\n'),
    );
    for (const secret of SECRETS) {
      expect(bytes.includes(secret), 'the app database holds a secret').toBe(false);
      expect(logs.filter((line) => line.includes(secret))).toEqual([]);
      expect(rendered.filter((text) => text.includes(secret))).toEqual([]);
    }
  });
});

describe.runIf(process.platform === 'linux')('profiles when the real keychain is locked', () => {
  let keychain: KeychainSession;
  let fixture: ProfilesFixture;
  beforeAll(async () => {
    requireKeychainTools();
    keychain = await startKeychainSession();
    fixture = profilesFixture(keychain.store);
  });
  afterAll(async () => {
    fixture?.close();
    await keychain?.close();
  });

  it('refuses to add, with the keychain message, keeps nothing, and refuses to remove', async () => {
    const kept = await fixture.service.add({
      displayName: 'Kept',
      baseUrl: 'https://api.example.com',
      storename: 's',
      apikey: 'locked-key-1',
      apisecret: 'locked-secret-1',
    });
    await keychain.lock();
    const error = await fixture.service
      .add({
        displayName: 'New',
        baseUrl: 'https://api.example.com',
        storename: 's',
        apikey: 'k',
        apisecret: 's',
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProfileError);
    expect(error).toMatchObject({ code: 'keychain-unavailable', reason: 'locked' });
    expect((error as ProfileError).message).toMatch(/The system keychain is locked/);
    expect(fixture.service.list()).toEqual([kept]);
    await expect(fixture.service.remove(kept.id)).rejects.toMatchObject({
      code: 'keychain-unavailable',
      reason: 'locked',
    });
    await expect(fixture.service.clientFor(kept.id)).rejects.toMatchObject({
      code: 'keychain-unavailable',
      reason: 'locked',
    });
    expect(await fixture.service.keychainStatus()).toMatchObject({ available: false, reason: 'locked' });
  });
});
