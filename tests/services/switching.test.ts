// Switching stores: the old store stops completely (no more requests to its back office, its sandbox
// down when it was the demo) and the new one opens with its own database; switching back finds the
// data where it was. Removing the active profile closes its store. A non-keychain test: secrets live in
// the in-memory store (the keychain round trip is tests/services/secrets.test.ts).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitForFirstSync, waitForValue } from './support/app-fixture.js';
import { useAppWithStoreSandbox } from './support/app-in-folder.js';

const STORE = { name: 'north', apikey: 'north-key-1234', apisecret: 'north-secret-5678' };
const running = useAppWithStoreSandbox('stockroom-switch-', { store: STORE, products: 40 });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('switching profiles', () => {
  let demoId = '';
  let northId = '';
  let demoSession = '';

  it('the demo first, with a session in it', async () => {
    demoId = (await running.app.ok('demo.start', {})).id;
    await waitForFirstSync(running.app);
    const warehouse = (await running.app.ok('catalogue.warehouses', {}))[0];
    demoSession = (
      await running.app.ok('counting.createSession', {
        warehouseCode: warehouse?.code ?? '',
        name: 'demo count',
      })
    ).id;
  });

  it('adding a store does not switch to it unless asked', async () => {
    const north = await running.app.ok('profiles.add', {
      displayName: 'North branch',
      baseUrl: running.sandbox.url,
      storename: STORE.name,
      apikey: STORE.apikey,
      apisecret: STORE.apisecret,
    });
    northId = north.id;
    expect(north).toMatchObject({ kind: 'store', defaultWarehouseCode: null });
    expect((await running.app.ok('profiles.active', {}))?.id).toBe(demoId);
    const listed = await running.app.ok('profiles.list', {});
    expect(listed.profiles.map((profile) => profile.id).sort()).toEqual([demoId, northId].sort());
    expect(listed.activeId).toBe(demoId);
  });

  it('switching stops the demo store and opens the other with its own database', async () => {
    const demoUrl = (await running.app.ok('profiles.active', {}))?.baseUrl ?? '';
    const before = running.sandbox.quotaUsed(STORE.name);
    await running.app.ok('profiles.switch', { profileId: northId });
    expect((await running.app.ok('profiles.active', {}))?.id).toBe(northId);
    await expect(fetch(`${demoUrl}/openapi.json`)).rejects.toThrow();
    await waitForFirstSync(running.app);
    expect(running.sandbox.quotaUsed(STORE.name)).toBeGreaterThan(before);
    expect(existsSync(join(running.app.userData, 'stores', `${northId}.sqlite`))).toBe(true);
    // The demo's sessions are in the demo's database, not here.
    expect(await running.app.ok('counting.listSessions', {})).toEqual([]);
    const search = await running.app.ok('catalogue.search', { text: '', limit: 500 });
    expect(search.length).toBeLessThanOrEqual(40);
    const changes = running.app.events
      .filter((event) => event.name === 'profile.changed')
      .map((event) => event.payload);
    expect(changes.at(-1)).toMatchObject({ change: 'switched', active: { id: northId } });
  });

  it('switching back: the north store makes no more requests; the demo data is where it was', async () => {
    await running.app.ok('profiles.switch', { profileId: demoId });
    const after = running.sandbox.quotaUsed(STORE.name);
    await sleep(800);
    expect(running.sandbox.quotaUsed(STORE.name)).toBe(after);
    const sessions = await running.app.ok('counting.listSessions', {});
    expect(sessions.map((session) => session.id)).toEqual([demoSession]);
    expect((await running.app.ok('sync.status', {})).firstSyncComplete).toBe(true);
  });

  it('editing the demo connection is refused; its name may change', async () => {
    expect(
      await running.app.call('profiles.edit', {
        profileId: demoId,
        changes: { baseUrl: 'https://example.com' },
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    expect(
      await running.app.ok('profiles.edit', {
        profileId: demoId,
        changes: { displayName: 'Demo (training)' },
      }),
    ).toMatchObject({
      displayName: 'Demo (training)',
    });
  });

  it('removing the active profile closes its store: calls then need a profile', async () => {
    // An upload an earlier run of the store left half staged (issue 21): swept when the store opens.
    const staging = join(running.app.userData, 'stores', `${northId}.files`, 'staging');
    const leftOver = join(staging, `${randomUUID()}.part`);
    mkdirSync(staging, { recursive: true });
    writeFileSync(leftOver, Buffer.alloc(4096, 1));
    await running.app.ok('profiles.switch', { profileId: northId });
    await expect.poll(() => existsSync(leftOver)).toBe(false);
    await waitForValue(running.app, 'sync.status', {}, (status) => status.firstSyncComplete);
    const removed = await running.app.ok('profiles.remove', { profileId: northId });
    expect(removed).toMatchObject({ profile: { id: northId }, keychainEntry: 'deleted' });
    expect(await running.app.ok('profiles.active', {})).toBeNull();
    expect(await running.app.call('counting.listSessions', {})).toMatchObject({
      ok: false,
      error: { code: 'no-profile' },
    });
    expect(await running.app.ok('sync.status', {})).toMatchObject({ state: 'no-profile' });
    const used = running.sandbox.quotaUsed(STORE.name);
    await sleep(500);
    expect(running.sandbox.quotaUsed(STORE.name)).toBe(used);
    // Its outbox was empty: its database (and the picture cache, never filled here) left the PC.
    expect(removed.storeData).toEqual({ database: 'deleted', pictures: 'absent', discardedWrites: 0 });
    expect(existsSync(join(running.app.userData, 'stores', `${northId}.sqlite`))).toBe(false);
  });

  it('unknown profiles are not found', async () => {
    expect(await running.app.call('profiles.switch', { profileId: 'no-such-profile' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });
});
