// Issue 23: counting together live. A host and two members, three real store databases in temp folders,
// over real WebSockets on loopback: scans stream to the host and count once, a member's set replaces
// that member's part only, restarts and lost or repeated messages change nothing, and only the host
// commits, after its members flushed or handed over by file.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountingService } from '../../src-main/counting/index.js';
import { LiveHost } from '../../src-main/live-count/live-host.js';
import { LiveMember } from '../../src-main/live-count/live-member.js';
import {
  openCountingFixture,
  WAREHOUSE,
  type CountingFixture,
} from '../counting/support/counting-fixture.js';

const PRODUCTS = [
  { id: 1, sku: 'A', stock: 10 },
  { id: 2, sku: 'B', stock: 20 },
  { id: 3, sku: 'C', stock: 30 },
];
const LOOPBACK = { host: '127.0.0.1', port: 0 };
const WAIT = { timeout: 10_000, interval: 20 };

interface Pc {
  readonly fixture: CountingFixture;
  readonly counting: CountingService;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function pc(name: string): Pc {
  const fixture = openCountingFixture();
  fixture.seed(PRODUCTS);
  cleanups.push(() => {
    fixture.close();
  });
  return { fixture, counting: new CountingService(fixture.db, { pcName: name }) };
}

async function hostOn(host: Pc, sessionId: string): Promise<LiveHost> {
  const live = await LiveHost.start(
    { db: host.fixture.db, counting: host.counting, sessionId, label: 'HOST' },
    LOOPBACK,
  );
  cleanups.push(() => live.stop());
  return live;
}

function track(member: LiveMember): LiveMember {
  cleanups.push(() => {
    member.stop();
  });
  return member;
}

async function join(member: Pc, host: LiveHost, code: string, label: string): Promise<LiveMember> {
  const address = `${host.address.host}:${String(host.address.port)}`;
  return track(
    await LiveMember.join({ db: member.fixture.db, counting: member.counting, address, code, label }),
  );
}

function figure(on: Pc, sessionId: string, sku: string): number {
  return (
    on.counting.lines(sessionId).find((line) => line.kind === 'product' && line.product.sku === sku)
      ?.counted ?? 0
  );
}

describe('a live count over loopback', () => {
  it('adds every member’s scans once on the host, each member’s part shown', async () => {
    const host = pc('HOST');
    const [one, two] = [pc('ONE'), pc('TWO')];
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    host.counting.scan({ sessionId: hostSession, code: 'A', counter: 'Host', quantity: 2 });
    const live = await hostOn(host, hostSession);
    const code = live.openJoinWindow();
    const memberOne = await join(one, live, code, 'ONE');
    const memberTwo = await join(two, live, code, 'TWO');

    one.counting.scan({ sessionId: memberOne.sessionId, code: 'A', counter: 'Anan', quantity: 3 });
    one.counting.scan({ sessionId: memberOne.sessionId, code: 'B', counter: 'Anan', quantity: 4 });
    memberOne.notify();
    two.counting.scan({ sessionId: memberTwo.sessionId, code: 'A', counter: 'Malee', quantity: 5 });
    memberTwo.notify();

    await vi.waitFor(() => {
      expect(figure(host, hostSession, 'A')).toBe(10);
      expect(figure(host, hostSession, 'B')).toBe(4);
    }, WAIT);
    const a = host.counting.contributions(hostSession).find((line) => line.sku === 'A');
    expect(a?.sources.map((source) => [source.thisPc, source.counted])).toEqual(
      expect.arrayContaining([
        [true, 2],
        [false, 3],
        [false, 5],
      ]),
    );
    await vi.waitFor(() => {
      expect(memberOne.status()).toMatchObject({ connected: true, ackedSeq: 2, latestSeq: 2 });
    }, WAIT);

    // A member's set makes that member's part the figure; the host's and the other member's stay.
    one.counting.setQuantity({
      sessionId: memberOne.sessionId,
      lineId: lineId(one, memberOne.sessionId, 'A'),
      counter: 'Anan',
      quantity: 1,
    });
    memberOne.notify();
    await vi.waitFor(() => {
      expect(figure(host, hostSession, 'A')).toBe(8);
    }, WAIT);
  });

  it('loses nothing and doubles nothing across restarts and lost or repeated messages', async () => {
    const host = pc('HOST');
    const member = pc('ONE');
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    let live = await hostOn(host, hostSession);
    const port = live.address.port;
    const code = live.openJoinWindow();
    // Every third message lost, every fourth sent twice, both ways.
    let sent = 0;
    const faults = { drop: () => ++sent % 3 === 0, duplicate: () => sent % 4 === 0 };
    const address = `127.0.0.1:${String(port)}`;
    let joined = track(
      await LiveMember.join({
        db: member.fixture.db,
        counting: member.counting,
        address,
        code,
        label: 'ONE',
        faults,
        resendMs: 50,
      }),
    );
    const sessionId = joined.sessionId;
    let expectedA = 0;
    for (let round = 0; round < 4; round += 1) {
      for (let scan = 0; scan < 5; scan += 1) {
        member.counting.scan({ sessionId, code: 'A', counter: 'Anan', quantity: 1 });
        expectedA += 1;
        joined.notify();
      }
      if (round === 1) {
        // The host restarts on its port while the member keeps scanning.
        await live.stop();
        member.counting.scan({ sessionId, code: 'A', counter: 'Anan', quantity: 2 });
        expectedA += 2;
        live = await LiveHost.start(
          { db: host.fixture.db, counting: host.counting, sessionId: hostSession, label: 'HOST', faults },
          { host: '127.0.0.1', port },
        );
        cleanups.push(() => live.stop());
      }
      if (round === 2) {
        // The member restarts.
        joined.stop();
        joined = track(
          LiveMember.resume({
            db: member.fixture.db,
            counting: member.counting,
            sessionId,
            label: 'ONE',
            faults,
            resendMs: 50,
          }),
        );
      }
    }
    await vi.waitFor(() => {
      expect(figure(host, hostSession, 'A')).toBe(expectedA);
      expect(joined.status()).toMatchObject({ connected: true, ackedSeq: joined.status().latestSeq });
    }, WAIT);
    expect(live.members()[0]).toMatchObject({ appliedSeq: joined.status().latestSeq, state: 'joined' });
  });

  it('does not acknowledge past a lost change: a later one waits for it', async () => {
    const host = pc('HOST');
    const member = pc('ONE');
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    const live = await hostOn(host, hostSession);
    const address = `127.0.0.1:${String(live.address.port)}`;
    // The member's second message (its first change, product B) is lost; nothing else is.
    let sent = 0;
    const faults = { drop: () => ++sent === 2 };
    const joined = track(
      await LiveMember.join({
        db: member.fixture.db,
        counting: member.counting,
        address,
        code: live.openJoinWindow(),
        label: 'ONE',
        faults,
      }),
    );
    member.counting.scan({ sessionId: joined.sessionId, code: 'B', counter: 'Anan', quantity: 2 });
    joined.notify();
    await vi.waitFor(() => {
      expect(sent).toBe(2);
    }, WAIT);
    member.counting.scan({ sessionId: joined.sessionId, code: 'A', counter: 'Anan', quantity: 3 });
    joined.notify();
    await vi.waitFor(() => {
      expect([figure(host, hostSession, 'A'), figure(host, hostSession, 'B')]).toEqual([3, 2]);
      expect(joined.status()).toMatchObject({ ackedSeq: 2, latestSeq: 2 });
    }, WAIT);
  });

  it('streams even when the member’s attach is lost', async () => {
    const host = pc('HOST');
    const member = pc('ONE');
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    const live = await hostOn(host, hostSession);
    const address = `127.0.0.1:${String(live.address.port)}`;
    let sent = 0;
    const faults = { drop: () => ++sent === 1 };
    const joined = track(
      await LiveMember.join({
        db: member.fixture.db,
        counting: member.counting,
        address,
        code: live.openJoinWindow(),
        label: 'ONE',
        faults,
      }),
    );
    member.counting.scan({ sessionId: joined.sessionId, code: 'C', counter: 'Anan', quantity: 4 });
    joined.notify();
    await vi.waitFor(() => {
      expect(figure(host, hostSession, 'C')).toBe(4);
    }, WAIT);
  });

  it('commits on the host only, once its members have flushed', async () => {
    const host = pc('HOST');
    const member = pc('ONE');
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    const live = await hostOn(host, hostSession);
    const joined = await join(member, live, live.openJoinWindow(), 'ONE');
    member.counting.scan({ sessionId: joined.sessionId, code: 'B', counter: 'Anan', quantity: 6 });
    joined.notify();
    await vi.waitFor(() => {
      expect(figure(host, hostSession, 'B')).toBe(6);
    }, WAIT);

    expect(() => member.counting.commit({ sessionId: joined.sessionId })).toThrow(
      expect.objectContaining({ reason: 'live-member-session', message: expect.stringMatching(/HOST/) }),
    );
    // Refused before the database is touched, with a reason the page has words for (not the trigger's).
    expect(() => host.counting.commit({ sessionId: hostSession })).toThrow(
      expect.objectContaining({
        reason: 'live-scans-pending',
        message: expect.stringMatching(/ONE.*Alt\+S/),
      }),
    );
    expect(host.fixture.db.prepare(`SELECT count(*) AS n FROM outbox_operations`).get()).toEqual({ n: 0 });

    live.requestFlush();
    await vi.waitFor(() => {
      expect(live.readyToCommit).toBe(true);
    }, WAIT);
    // The member takes no more scans: what it counted is the host's to commit.
    expect(() => member.counting.scan({ sessionId: joined.sessionId, code: 'B', counter: 'Anan' })).toThrow(
      /exported|another PC/,
    );
    host.counting.commit({ sessionId: hostSession });
    expect(host.counting.session(hostSession).state).toBe('committed');
  });

  it('takes an unreachable member’s file once, over what its stream brought', async () => {
    const host = pc('HOST');
    const member = pc('ONE');
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    const live = await hostOn(host, hostSession);
    const joined = await join(member, live, live.openJoinWindow(), 'ONE');
    member.counting.scan({ sessionId: joined.sessionId, code: 'A', counter: 'Anan', quantity: 3 });
    joined.notify();
    await vi.waitFor(() => {
      expect(figure(host, hostSession, 'A')).toBe(3);
    }, WAIT);
    // The link goes; the member scans on, then hands over by file.
    joined.stop();
    member.counting.scan({ sessionId: joined.sessionId, code: 'A', counter: 'Anan', quantity: 4 });
    member.counting.scan({ sessionId: joined.sessionId, code: 'C', counter: 'Anan', quantity: 5 });
    const file = member.counting.exportSession(joined.sessionId);
    host.counting.mergeSession(hostSession, file.text);
    expect(figure(host, hostSession, 'A')).toBe(7);
    expect(figure(host, hostSession, 'C')).toBe(5);
    expect(live.members()[0]?.state).toBe('released');
    // Its stream, should it come back, brings nothing more.
    const back = track(
      LiveMember.resume({
        db: member.fixture.db,
        counting: member.counting,
        sessionId: joined.sessionId,
        label: 'ONE',
      }),
    );
    await vi.waitFor(() => {
      expect(back.status().state).toBe('released');
    }, WAIT);
    expect(figure(host, hostSession, 'A')).toBe(7);
    expect(host.counting.mergeSession(hostSession, file.text)).toMatchObject({ productsMerged: 0 });
    expect(live.readyToCommit).toBe(true);
    host.counting.commit({ sessionId: hostSession });
  });
});

function lineId(on: Pc, sessionId: string, sku: string): number {
  const line = on.counting
    .lines(sessionId)
    .find((candidate) => candidate.kind === 'product' && candidate.product.sku === sku);
  if (line === undefined) throw new Error(`no line ${sku}`);
  return line.lineId;
}
