// Issue 23: a join whose welcome never comes. The host takes the code, places the member and sends its
// welcome; if that is lost (or the host goes silent), the member waits a bounded time and tries again
// under the same join attempt (protocol 4), and the host gives the retry the same member row with a new
// secret. One PC is one member on the host however many tries it took; a host that never answers
// refuses the join by name ('host-silent') instead of holding it forever.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { opaqueReady } from '../../src-main/live-count/live-handshake.js';
import { firstMessage, handshake, LiveJoinRefused } from '../../src-main/live-count/live-member-handshake.js';
import { LiveMember } from '../../src-main/live-count/live-member.js';
import { JOIN_IDENTITY } from '../../src-main/live-count/live-protocol.js';
import { WAREHOUSE } from '../counting/support/counting-fixture.js';
import { committed, figures, LivePcs, WAIT } from './support/live-pcs.js';

const pcs = new LivePcs([
  { id: 1, sku: 'A', stock: 10 },
  { id: 2, sku: 'B', stock: 20 },
]);
afterEach(() => pcs.cleanUp());

/** Loses the host's first `count` messages (a join's welcome is its first), then none. */
function losingFirst(count: number) {
  let left = count;
  return {
    drop: () => {
      left -= 1;
      return left >= 0;
    },
  };
}

describe('a join whose welcome is lost', () => {
  it('asks again under the same attempt and is one member on the host', async () => {
    const host = pcs.pc('HOST');
    const sessionId = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    const live = await pcs.host(host, sessionId, 0, losingFirst(1));
    const code = live.openJoinWindow();
    const one = pcs.pc('ONE');
    const member = pcs.track(
      await LiveMember.join({
        db: one.fixture.db,
        counting: one.counting,
        address: `127.0.0.1:${String(live.address.port)}`,
        code,
        label: 'ONE',
        welcomeWaitMs: 300,
      }),
    );

    expect(live.members().map((entry) => entry.label)).toEqual(['ONE']);
    one.counting.scan({ sessionId: member.sessionId, code: 'A', counter: 'One', quantity: 2 });
    member.notify();
    await vi.waitFor(() => {
      expect(figures(host, sessionId)).toEqual(['A:2']);
    }, WAIT);
    live.requestFlush();
    await vi.waitFor(() => {
      expect(live.members().map((entry) => entry.state)).toEqual(['final']);
    }, WAIT);
    expect(live.readyToCommit).toBe(true);
    host.counting.commit({ sessionId });
    expect(committed(host)).toEqual([{ sku: 'A', value: 2 }]);
  });

  it('refuses the join as host-silent when no welcome comes, leaving one row to release', async () => {
    const host = pcs.pc('HOST');
    const sessionId = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    const live = await pcs.host(host, sessionId, 0, { drop: () => true });
    const code = live.openJoinWindow();
    const one = pcs.pc('ONE');
    const joining = LiveMember.join({
      db: one.fixture.db,
      counting: one.counting,
      address: `127.0.0.1:${String(live.address.port)}`,
      code,
      label: 'ONE',
      welcomeWaitMs: 200,
    });
    await expect(joining).rejects.toThrow(LiveJoinRefused);
    await joining.catch((error: unknown) => {
      expect(error instanceof LiveJoinRefused && error.reason).toBe('host-silent');
    });
    // Nothing was made on the member; on the host one row, named, not connected, that a person can
    // hand over by file (it has nothing) so that it does not hold the commit.
    expect(one.counting.listSessions()).toEqual([]);
    await vi.waitFor(() => {
      expect(live.members().map((entry) => [entry.label, entry.connected, entry.appliedSeq])).toEqual([
        ['ONE', false, 0],
      ]);
    }, WAIT);
    expect(live.readyToCommit).toBe(false);
    live.release(live.members()[0]?.memberId ?? '');
    expect(live.readyToCommit).toBe(true);
  });

  it('refuses a retry of an attempt whose member already streams, changing nothing', async () => {
    await opaqueReady;
    const host = pcs.pc('HOST');
    const sessionId = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    const live = await pcs.host(host, sessionId);
    const code = live.openJoinWindow();
    const address = `127.0.0.1:${String(live.address.port)}`;
    const join = { attempt: 'attempt-1', label: 'ONE' };

    const first = await handshake(address, JOIN_IDENTITY, code, join);
    pcs.track({ stop: () => first.socket.terminate() });
    const welcome = await firstMessage(first, 5_000);
    if (welcome?.t !== 'welcome') throw new Error('no welcome');
    first.socket.send(
      JSON.stringify({
        t: 'sealed',
        ...first.channel.seal({ t: 'attach', sessionId: 'member-session', label: 'ONE', latest: 0 }),
      }),
    );
    await vi.waitFor(() => {
      expect(live.members()[0]?.connected).toBe(true);
    }, WAIT);

    const again = await handshake(address, JOIN_IDENTITY, code, join);
    pcs.track({ stop: () => again.socket.terminate() });
    expect(await firstMessage(again, 5_000)).toBeUndefined();
    expect(live.members().map((entry) => [entry.memberId, entry.label])).toEqual([[welcome.memberId, 'ONE']]);
    // The first member's secret still opens its rejoin: the refused retry took nothing from it.
    const rejoin = await handshake(address, welcome.memberId, welcome.memberSecret);
    pcs.track({ stop: () => rejoin.socket.terminate() });
    expect(rejoin.channel).toBeDefined();
  });
});
