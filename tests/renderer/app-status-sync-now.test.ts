// "Sync now" in the frame's state (lib/app-status.svelte.ts) against a fake bridge: it asks main once
// (a second press while the pull runs asks nothing), shows the status main answers, and counts as
// running until main's sync.progress event says the pull ended; a refusal is shown.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncStatus } from '../../src-shared/ipc/index.js';
import { AppStatus } from '../../src-renderer/lib/app-status.svelte.js';
import { FakeBridge, ok, refused } from './support/fake-bridge.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

const idle: SyncStatus = {
  state: 'idle',
  job: null,
  progress: null,
  firstSyncComplete: true,
  lastSyncedAt: 1_700_000_000_000,
  waitingUntil: null,
  waitReason: null,
  lastError: null,
};
const running: SyncStatus = { ...idle, state: 'running', job: 'incremental' };

let bridge: FakeBridge;

beforeEach(() => {
  bridge = new FakeBridge()
    .answer('profiles.active', ok(null))
    .answer('sync.status', ok(idle))
    .answer('connectivity.status', ok({ state: 'online', reason: null, since: 0 }))
    .answer('budget.get', ok(null))
    .answer('outbox.summary', refused('not-found', 'No store is open.'));
});

describe('AppStatus.syncNow', () => {
  it('asks main once, shows the running pull, and ends with the sync.progress event', async () => {
    const status = new AppStatus(bridge);
    status.start();
    bridge.answer('sync.syncNow', ok(running));

    const first = status.syncNow();
    expect(status.syncRequested).toBe(true);
    await Promise.all([first, status.syncNow()]);

    expect(bridge.argsOf('sync.syncNow')).toEqual([{}]);
    expect(status.sync).toEqual(running);
    expect(status.syncRequested).toBe(true);

    bridge.emit('sync.progress', { ...idle, lastSyncedAt: 1_700_000_060_000 });
    expect(status.syncRequested).toBe(false);
    expect(status.sync?.lastSyncedAt).toBe(1_700_000_060_000);
  });

  it('is over at once when main starts nothing (the requests of the day are used up)', async () => {
    const status = new AppStatus(bridge);
    bridge.answer('sync.syncNow', ok({ ...idle, state: 'waiting', waitReason: 'quota' }));

    await status.syncNow();

    expect(status.syncRequested).toBe(false);
    expect(status.sync?.waitReason).toBe('quota');
  });

  it("shows main's words when refused, and can be asked again", async () => {
    const status = new AppStatus(bridge);
    bridge.answer('sync.syncNow', refused('not-found', 'No store is open.'), ok(running));

    await status.syncNow();
    expect(status.error).toBe('No store is open.');
    expect(status.syncRequested).toBe(false);

    await status.syncNow();
    expect(status.error).toBeNull();
    expect(bridge.argsOf('sync.syncNow')).toHaveLength(2);
  });
});
