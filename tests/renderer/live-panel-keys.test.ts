// The live panel's keys (features/live-count/live-count.svelte.ts, `LiveCount.takeKey`) against a fake
// bridge: on the host, Alt+S asks the PCs for their last scans while one still counts — a keyboard-only
// host otherwise Tabs through the whole counting page to that button — and does nothing once every
// PC's scans are in, with no member, or on a member; Alt+H still hosts. And the members it lists: the
// newest read of the state is the one shown (an older one answering late never puts a figure back).
import './support/page-globals.js';
import { describe, expect, it, vi } from 'vitest';
import type { CallValue, IpcResult } from '../../src-shared/ipc/index.js';
import { LiveCount } from '../../src-renderer/features/live-count/live-count.svelte.js';
import { FakeBridge, held, ok, settled } from './support/fake-bridge.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

type Status = CallValue<'live.status'>;
type HostMember = NonNullable<Status['host']>['members'][number];

const SESSION = '00000000-0000-4000-8000-000000000001';

function aisle(state: HostMember['state']): HostMember {
  return {
    memberId: 'm1',
    label: 'AISLE-2',
    state,
    connected: true,
    appliedSeq: 5,
    lastSeenAt: 0,
    blocked: null,
    blockedShelf: null,
  };
}

function hosting(members: HostMember[]): Status {
  const readyToCommit = members.length > 0 && members.every((entry) => entry.state === 'final');
  return {
    sessionId: SESSION,
    role: 'host',
    host: {
      address: '192.168.1.20:47613',
      code: null,
      qrDataUrl: null,
      members,
      readyToCommit,
      otherVersion: null,
    },
    member: null,
  };
}

const asMember: Status = {
  sessionId: SESSION,
  role: 'member',
  host: null,
  member: {
    hostAddress: '192.168.1.20:47613',
    hostLabel: 'FRONT',
    connected: true,
    ackedSeq: 3,
    latestSeq: 3,
    state: 'joined',
    blocked: null,
    blockedShelf: null,
    otherVersion: null,
    joined: null,
  },
};

async function panelOn(status: Status, bridge = new FakeBridge()): Promise<LiveCount> {
  bridge.answer('live.status', ok(status));
  const live = new LiveCount(SESSION, bridge);
  await live.load();
  return live;
}

const names = (bridge: FakeBridge) => bridge.calls.map((entry) => entry.name);

describe('the live panel’s keys', () => {
  it('Alt+S on the host asks every PC still counting for its last scans', async () => {
    const bridge = new FakeBridge().answer('live.flush', ok(hosting([aisle('closing')])));
    const live = await panelOn(hosting([aisle('joined')]), bridge);
    expect(live.canFlush).toBe(true);
    expect(live.takeKey('KeyS')).toBe(true);
    await settled();
    expect(bridge.argsOf('live.flush')).toEqual([{ sessionId: SESSION }]);
    expect(live.status?.host?.members[0]?.state).toBe('closing');
  });

  it('leaves Alt+S alone once every PC’s scans are in, with no PC, and on a member', async () => {
    for (const status of [hosting([aisle('final')]), hosting([]), asMember]) {
      const bridge = new FakeBridge();
      const live = await panelOn(status, bridge);
      expect(live.canFlush).toBe(false);
      expect(live.takeKey('KeyS')).toBe(false);
      await settled();
      expect(names(bridge)).toEqual(['live.status']);
    }
  });

  it('Alt+H hosts the count of this PC, and not a member’s', async () => {
    const bridge = new FakeBridge().answer('live.host', ok(hosting([])));
    const live = await panelOn({ sessionId: SESSION, role: 'none', host: null, member: null }, bridge);
    expect(live.takeKey('KeyH')).toBe(true);
    await settled();
    expect(names(bridge)).toEqual(['live.status', 'live.host']);
    const memberBridge = new FakeBridge();
    expect((await panelOn(asMember, memberBridge)).takeKey('KeyH')).toBe(false);
    expect(live.takeKey('KeyQ')).toBe(false);
  });
});

describe("the host's members, read again on each live change", () => {
  it("shows a member's newest last change even when an older read answers after it", async () => {
    const first = held<IpcResult<Status, never>>();
    const second = held<IpcResult<Status, never>>();
    const bridge = new FakeBridge().answer(
      'live.status',
      () => first.promise,
      () => second.promise,
    );
    const live = new LiveCount(SESSION, bridge);
    const stop = live.listen(() => undefined);
    const loading = live.load();
    // The member added to a line: its change arrives, and the panel reads the state again.
    bridge.emit('live.changed', { sessionId: SESSION });

    second.release(ok(hosting([{ ...aisle('joined'), appliedSeq: 7 }])));
    await settled();
    first.release(ok(hosting([{ ...aisle('joined'), appliedSeq: 6 }])));
    await loading;
    await settled();
    stop();

    expect(live.status?.host?.members.map((entry) => entry.appliedSeq)).toEqual([7]);
  });
});
