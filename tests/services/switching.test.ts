// Switching stores: the old store stops completely (no more requests to its back office, its sandbox
// down when it was the demo) and the new one opens with its own database; switching back finds the
// data where it was. Removing the active profile closes its store. A non-keychain test: secrets live in
// the in-memory store (the keychain round trip is tests/services/secrets.test.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryCredentialStore } from '../../src-main/credentials/in-memory-credential-store.js';
import { startSandbox, type SandboxHandle } from '../../src-main/sandbox/index.js';
import {
  startTestApp,
  tempFolder,
  waitForFirstSync,
  waitForValue,
  type TestApp,
} from './support/app-fixture.js';

const STORE = { name: 'north', apikey: 'north-key-1234', apisecret: 'north-secret-5678' };
const folder = tempFolder('stockroom-switch-');
let sandbox: SandboxHandle;
let app: TestApp;

beforeAll(async () => {
  sandbox = await startSandbox({
    dataFile: join(folder.path, 'north-backoffice.sqlite'),
    seed: 'demo',
    products: 40,
    stores: [STORE],
    log: () => undefined,
  });
  app = await startTestApp({
    userData: join(folder.path, 'user-data'),
    credentialStore: new InMemoryCredentialStore(),
  });
});

afterAll(async () => {
  await app?.stop();
  await sandbox?.close();
  folder.remove();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('switching profiles', () => {
  let demoId = '';
  let northId = '';
  let demoSession = '';

  it('the demo first, with a session in it', async () => {
    demoId = (await app.ok('demo.start', {})).id;
    await waitForFirstSync(app);
    const warehouse = (await app.ok('catalogue.warehouses', {}))[0];
    demoSession = (
      await app.ok('counting.createSession', { warehouseCode: warehouse?.code ?? '', name: 'demo count' })
    ).id;
  });

  it('adding a store does not switch to it unless asked', async () => {
    const north = await app.ok('profiles.add', {
      displayName: 'North branch',
      baseUrl: sandbox.url,
      storename: STORE.name,
      apikey: STORE.apikey,
      apisecret: STORE.apisecret,
    });
    northId = north.id;
    expect(north).toMatchObject({ kind: 'store', defaultWarehouseCode: null });
    expect((await app.ok('profiles.active', {}))?.id).toBe(demoId);
    const listed = await app.ok('profiles.list', {});
    expect(listed.profiles.map((profile) => profile.id).sort()).toEqual([demoId, northId].sort());
    expect(listed.activeId).toBe(demoId);
  });

  it('switching stops the demo store and opens the other with its own database', async () => {
    const demoUrl = (await app.ok('profiles.active', {}))?.baseUrl ?? '';
    const before = sandbox.quotaUsed(STORE.name);
    await app.ok('profiles.switch', { profileId: northId });
    expect((await app.ok('profiles.active', {}))?.id).toBe(northId);
    await expect(fetch(`${demoUrl}/openapi.json`)).rejects.toThrow();
    await waitForFirstSync(app);
    expect(sandbox.quotaUsed(STORE.name)).toBeGreaterThan(before);
    expect(existsSync(join(app.userData, 'stores', `${northId}.sqlite`))).toBe(true);
    // The demo's sessions are in the demo's database, not here.
    expect(await app.ok('counting.listSessions', {})).toEqual([]);
    const search = await app.ok('catalogue.search', { text: '', limit: 500 });
    expect(search.length).toBeLessThanOrEqual(40);
    const changes = app.events
      .filter((event) => event.name === 'profile.changed')
      .map((event) => event.payload);
    expect(changes.at(-1)).toMatchObject({ change: 'switched', active: { id: northId } });
  });

  it('switching back: the north store makes no more requests; the demo data is where it was', async () => {
    await app.ok('profiles.switch', { profileId: demoId });
    const after = sandbox.quotaUsed(STORE.name);
    await sleep(800);
    expect(sandbox.quotaUsed(STORE.name)).toBe(after);
    const sessions = await app.ok('counting.listSessions', {});
    expect(sessions.map((session) => session.id)).toEqual([demoSession]);
    expect((await app.ok('sync.status', {})).firstSyncComplete).toBe(true);
  });

  it('editing the demo connection is refused; its name may change', async () => {
    expect(
      await app.call('profiles.edit', { profileId: demoId, changes: { baseUrl: 'https://example.com' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    expect(
      await app.ok('profiles.edit', { profileId: demoId, changes: { displayName: 'Demo (training)' } }),
    ).toMatchObject({
      displayName: 'Demo (training)',
    });
  });

  it('removing the active profile closes its store: calls then need a profile', async () => {
    await app.ok('profiles.switch', { profileId: northId });
    await waitForValue(app, 'sync.status', {}, (status) => status.firstSyncComplete);
    const removed = await app.ok('profiles.remove', { profileId: northId });
    expect(removed).toMatchObject({ profile: { id: northId }, keychainEntry: 'deleted' });
    expect(await app.ok('profiles.active', {})).toBeNull();
    expect(await app.call('counting.listSessions', {})).toMatchObject({
      ok: false,
      error: { code: 'no-profile' },
    });
    expect(await app.ok('sync.status', {})).toMatchObject({ state: 'no-profile' });
    const used = sandbox.quotaUsed(STORE.name);
    await sleep(500);
    expect(sandbox.quotaUsed(STORE.name)).toBe(used);
    // Its outbox was empty: its database (and the picture cache, never filled here) left the PC.
    expect(removed.storeData).toEqual({ database: 'deleted', pictures: 'absent', discardedWrites: 0 });
    expect(existsSync(join(app.userData, 'stores', `${northId}.sqlite`))).toBe(false);
  });

  it('unknown profiles are not found', async () => {
    expect(await app.call('profiles.switch', { profileId: 'no-such-profile' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });
});
