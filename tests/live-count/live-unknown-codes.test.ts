// Issue 23: a member's unknown codes reach the host's list (decision 0013, migration 0028). Real store
// databases in temp folders, real WebSockets on loopback: the code counts once on the host with the
// member who scanned it, through lost and repeated messages and restarts of both ends; a member's
// resolution moves its units from the code to the product on the host; a frame with a code no scan
// could have made is refused whole.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeAliases } from '../../src-main/catalog/code-aliases.js';
import { CountingService } from '../../src-main/counting/index.js';
import { LiveHost } from '../../src-main/live-count/live-host.js';
import { LiveMember } from '../../src-main/live-count/live-member.js';
import { parseMemberMessage } from '../../src-main/live-count/live-protocol.js';
import {
  openCountingFixture,
  WAREHOUSE,
  type CountingFixture,
} from '../counting/support/counting-fixture.js';

const PRODUCTS = [
  { id: 1, sku: 'A', stock: 10 },
  { id: 2, sku: 'B', stock: 20 },
];
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

function track(member: LiveMember): LiveMember {
  cleanups.push(() => {
    member.stop();
  });
  return member;
}

async function startHost(host: Pc, sessionId: string, port = 0, faults?: LinkFaultsLike): Promise<LiveHost> {
  const live = await LiveHost.start(
    { db: host.fixture.db, counting: host.counting, sessionId, label: 'HOST', ...(faults ? { faults } : {}) },
    { host: '127.0.0.1', port },
  );
  cleanups.push(() => live.stop());
  return live;
}

type LinkFaultsLike = { drop: () => boolean; duplicate: () => boolean };

function unknownLines(on: Pc, sessionId: string) {
  return on.counting
    .lines(sessionId)
    .flatMap((line) =>
      line.kind === 'unknown' ? [{ code: line.code, counted: line.counted, state: line.state }] : [],
    );
}

function figure(on: Pc, sessionId: string, sku: string): number {
  return (
    on.counting.lines(sessionId).find((line) => line.kind === 'product' && line.product.sku === sku)
      ?.counted ?? 0
  );
}

describe('unknown codes from live members', () => {
  it('puts a member’s unknown code on the host’s list once, with the member', async () => {
    const host = pc('HOST');
    const member = pc('ONE');
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    host.counting.scan({ sessionId: hostSession, code: 'X-1', counter: 'Host', quantity: 1 });
    const live = await startHost(host, hostSession);
    const address = `127.0.0.1:${String(live.address.port)}`;
    const joined = track(
      await LiveMember.join({
        db: member.fixture.db,
        counting: member.counting,
        address,
        code: live.openJoinWindow(),
        label: 'ONE',
      }),
    );
    member.counting.scan({ sessionId: joined.sessionId, code: 'X-1', counter: 'Anan', quantity: 2 });
    member.counting.scan({ sessionId: joined.sessionId, code: 'Y-2', counter: 'Anan', quantity: 3 });
    joined.notify();

    await vi.waitFor(() => {
      expect(unknownLines(host, hostSession)).toEqual([
        { code: 'X-1', counted: 3, state: 'open' },
        { code: 'Y-2', counted: 3, state: 'open' },
      ]);
      expect(joined.status()).toMatchObject({ ackedSeq: joined.status().latestSeq });
    }, WAIT);
    expect(host.counting.memberCodes(hostSession)).toEqual([
      { code: 'X-1', source_label: 'ONE', counted: 2 },
      { code: 'Y-2', source_label: 'ONE', counted: 3 },
    ]);
    const counters = host.fixture.db
      .prepare(
        `SELECT DISTINCT e.counter FROM count_events e JOIN count_lines l ON l.id = e.line_id
          WHERE l.session_id = ? AND l.code = 'Y-2'`,
      )
      .pluck()
      .all(hostSession);
    expect(counters).toEqual(['(live: ONE)']);

    // The member resolves Y-2 to product B: its units leave the code and reach B on the host.
    const y = member.counting
      .lines(joined.sessionId)
      .find((line) => line.kind === 'unknown' && line.code === 'Y-2');
    member.counting.resolveUnknown({
      sessionId: joined.sessionId,
      lineId: y?.lineId ?? 0,
      productId: 2,
      counter: 'Anan',
    });
    joined.notify();
    await vi.waitFor(() => {
      // Only the member filled it: it leaves the host's list and does not hold the commit.
      expect(unknownLines(host, hostSession)).toContainEqual({ code: 'Y-2', counted: 0, state: 'discarded' });
      expect(figure(host, hostSession, 'B')).toBe(3);
    }, WAIT);
    // The host's own X-1 stays open; another member's Y-2 opens the line again, with that member.
    expect(unknownLines(host, hostSession)).toContainEqual({ code: 'X-1', counted: 3, state: 'open' });
    const other = pc('TWO');
    const two = track(
      await LiveMember.join({
        db: other.fixture.db,
        counting: other.counting,
        address,
        code: live.openJoinWindow(),
        label: 'TWO',
      }),
    );
    other.counting.scan({ sessionId: two.sessionId, code: 'Y-2', counter: 'Malee', quantity: 1 });
    two.notify();
    await vi.waitFor(() => {
      expect(unknownLines(host, hostSession)).toContainEqual({ code: 'Y-2', counted: 1, state: 'open' });
    }, WAIT);
    expect(host.counting.memberCodes(hostSession)).toContainEqual({
      code: 'Y-2',
      source_label: 'TWO',
      counted: 1,
    });
    // The host's list names the member on the code's line (the page shows it beside the code).
    const y2 = host.counting
      .lines(hostSession)
      .find((line) => line.kind === 'unknown' && line.code === 'Y-2');
    expect(y2).toMatchObject({ members: ['TWO'] });
    const x1 = host.counting
      .lines(hostSession)
      .find((line) => line.kind === 'unknown' && line.code === 'X-1');
    expect(x1).toMatchObject({ members: ['ONE'] });
  });

  it('adds a code once through lost and repeated messages and restarts of both ends', async () => {
    const host = pc('HOST');
    const member = pc('ONE');
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    let live = await startHost(host, hostSession);
    const port = live.address.port;
    let sent = 0;
    const faults = { drop: () => ++sent % 3 === 0, duplicate: () => sent % 4 === 0 };
    let joined = track(
      await LiveMember.join({
        db: member.fixture.db,
        counting: member.counting,
        address: `127.0.0.1:${String(port)}`,
        code: live.openJoinWindow(),
        label: 'ONE',
        faults,
        resendMs: 50,
      }),
    );
    const sessionId = joined.sessionId;
    let expected = 0;
    for (let round = 0; round < 4; round += 1) {
      for (let scan = 0; scan < 5; scan += 1) {
        member.counting.scan({ sessionId, code: 'NEW-9', counter: 'Anan', quantity: 1 });
        expected += 1;
        joined.notify();
      }
      if (round === 1) {
        await live.stop();
        member.counting.scan({ sessionId, code: 'NEW-9', counter: 'Anan', quantity: 2 });
        expected += 2;
        live = await startHost(host, hostSession, port, faults);
      }
      if (round === 2) {
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
      expect(unknownLines(host, hostSession)).toEqual([{ code: 'NEW-9', counted: expected, state: 'open' }]);
      expect(joined.status()).toMatchObject({ connected: true, ackedSeq: joined.status().latestSeq });
    }, WAIT);
    // One part for the member (its label is the attach's, which a lost message may hold back).
    expect(host.counting.memberCodes(hostSession)).toEqual([
      expect.objectContaining({ code: 'NEW-9', counted: expected }),
    ]);
  });

  it('lands a member’s code on what the host made of it: its product, a pack, a resolution, a removal', async () => {
    const host = pc('HOST');
    const member = pc('ONE');
    // Only the host knows product C by its barcode, and PACK-6 as six of B.
    host.fixture.seed([{ id: 3, sku: 'C', barcode: '8850001', stock: 5 }]);
    new CodeAliases({ db: host.fixture.db, lookup: host.fixture.lookup, now: Date.now }).add(2, 'PACK-6', 6);
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    // The host resolved R-1 to A, and removed D-1 (its own scan).
    host.counting.scan({ sessionId: hostSession, code: 'R-1', counter: 'Host' });
    host.counting.scan({ sessionId: hostSession, code: 'D-1', counter: 'Host' });
    const hostLine = (code: string) =>
      host.counting.lines(hostSession).find((line) => line.kind === 'unknown' && line.code === code)
        ?.lineId ?? 0;
    host.counting.resolveUnknown({
      sessionId: hostSession,
      lineId: hostLine('R-1'),
      productId: 1,
      counter: 'Host',
    });
    host.counting.removeUnknownCode(hostSession, hostLine('D-1'));
    const live = await startHost(host, hostSession);
    const joined = track(
      await LiveMember.join({
        db: member.fixture.db,
        counting: member.counting,
        address: `127.0.0.1:${String(live.address.port)}`,
        code: live.openJoinWindow(),
        label: 'ONE',
      }),
    );
    const sessionId = joined.sessionId;
    for (const [code, quantity] of [
      ['8850001', 2],
      ['PACK-6', 3],
      ['R-1', 4],
      ['D-1', 5],
    ] as const)
      member.counting.scan({ sessionId, code, counter: 'Anan', quantity });
    joined.notify();
    await vi.waitFor(() => {
      expect(joined.status()).toMatchObject({ ackedSeq: joined.status().latestSeq });
      expect(figure(host, hostSession, 'C')).toBe(2);
    }, WAIT);
    expect(figure(host, hostSession, 'B')).toBe(18);
    expect(figure(host, hostSession, 'A')).toBe(5);
    // D-1 is open again, to be decided once more: the host's unit and the member's five.
    expect(unknownLines(host, hostSession)).toEqual([
      { code: 'R-1', counted: 1, state: 'resolved' },
      { code: 'D-1', counted: 6, state: 'open' },
    ]);
    // The member's parts on the host's lines of its codes (R-1's counts on A); C and PACK-6 are products.
    expect(host.counting.memberCodes(hostSession)).toEqual([
      { code: 'D-1', source_label: 'ONE', counted: 5 },
      { code: 'R-1', source_label: 'ONE', counted: 4 },
    ]);

    // The member undoes its PACK-6 scan: the six units per pack leave B again, from where they went.
    member.counting.undoLast({ sessionId, counter: 'Anan' }); // D-1
    member.counting.undoLast({ sessionId, counter: 'Anan' });
    member.counting.undoLast({ sessionId, counter: 'Anan' }); // PACK-6
    joined.notify();
    await vi.waitFor(() => {
      expect(figure(host, hostSession, 'B')).toBe(0);
      expect(figure(host, hostSession, 'A')).toBe(1);
    }, WAIT);
    expect(unknownLines(host, hostSession)).toContainEqual({ code: 'D-1', counted: 1, state: 'open' });
  });

  it('refuses a changes frame whose code no scan could have made', () => {
    const frame = (code: string) => ({
      t: 'changes',
      sessionId: 's',
      latest: 1,
      changes: [{ kind: 'unknown', seq: 1, code, counted: 1, shelves: [{ shelf: null, counted: 1 }] }],
    });
    expect(parseMemberMessage(frame('NEW-9'))).toBeDefined();
    for (const bad of ['', ' NEW-9', 'x'.repeat(201)]) expect(parseMemberMessage(frame(bad))).toBeUndefined();
  });
});
