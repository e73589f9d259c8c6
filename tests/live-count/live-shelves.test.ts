// Issue 24: the live join keeps the shelf (decisions 0013, 0021; migration 0029). A host and members,
// each a real store database in a temp folder, over real WebSockets on loopback: every member's units
// reach the host on the shelf they were counted on, its shelf visits and empty shelves too, so the
// host's review by shelf and its shelves not visited include the members' work; a lost, repeated or
// resent change or a restart never doubles a shelf's units; a shelf the host does not have holds the
// member's stream, visibly, until the host has it; and the commit sends each product's sum once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WAREHOUSE } from '../counting/support/counting-fixture.js';
import { byShelf, committed, figures, lineIdOf, LivePcs, WAIT } from './support/live-pcs.js';

const SHELVES = [
  ['SHELF-A-01', 'ชั้น A-01'],
  ['SHELF-A-02', 'ชั้น A-02'],
  ['SHELF-B-01', 'ชั้น B-01'],
  ['SHELF-B-02', 'ชั้น B-02'],
  ['SHELF-C-01', 'ชั้น C-01'],
] as const;
const pcs = new LivePcs(
  [
    { id: 1, sku: 'FISH', stock: 10 },
    { id: 2, sku: 'COKE', stock: 20 },
  ],
  SHELVES,
);
afterEach(async () => {
  await pcs.cleanUp();
});

describe('shelves in a live count', () => {
  it('puts each member’s units, visits and empty shelves on the host’s shelves; commits the sums once', async () => {
    const host = pcs.pc('HOST');
    const [one, two] = [pcs.pc('ONE'), pcs.pc('TWO')];
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    host.counting.enterShelf({ sessionId: hostSession, code: 'SHELF-A-01', counter: 'Host' });
    host.counting.scan({ sessionId: hostSession, code: 'FISH', counter: 'Host', quantity: 2 });
    const live = await pcs.host(host, hostSession);
    const memberOne = await pcs.join(one, live, 'ONE');
    const memberTwo = await pcs.join(two, live, 'TWO');
    const s1 = memberOne.sessionId;
    const s2 = memberTwo.sessionId;

    one.counting.enterShelf({ sessionId: s1, code: 'SHELF-A-01', counter: 'Anan' });
    one.counting.scan({ sessionId: s1, code: 'FISH', counter: 'Anan', quantity: 3 });
    one.counting.enterShelf({ sessionId: s1, code: 'SHELF-A-02', counter: 'Anan' });
    one.counting.scan({ sessionId: s1, code: 'FISH', counter: 'Anan' });
    one.counting.scan({ sessionId: s1, code: 'COKE', counter: 'Anan', quantity: 2 });
    one.counting.confirmShelfEmpty({ sessionId: s1, code: 'SHELF-B-01', counter: 'Anan' });
    // A set of the same figure on another shelf moves the units and leaves the line's figure alone.
    one.counting.enterShelf({ sessionId: s1, code: 'SHELF-B-02', counter: 'Anan' });
    one.counting.setQuantity({
      sessionId: s1,
      lineId: lineIdOf(one, s1, 'COKE'),
      counter: 'Anan',
      quantity: 2,
    });
    memberOne.notify();
    two.counting.scan({ sessionId: s2, code: 'FISH', counter: 'Malee' });
    two.counting.enterShelf({ sessionId: s2, code: 'SHELF-A-02', counter: 'Malee' });
    two.counting.scan({ sessionId: s2, code: 'COKE', counter: 'Malee' });
    memberTwo.notify();

    const expected = {
      shelves: ['SHELF-A-01 FISH:5', 'SHELF-A-02 COKE:1 FISH:1', 'SHELF-B-01 (empty)', 'SHELF-B-02 COKE:2'],
      noShelf: 'FISH:1',
      notVisited: ['SHELF-C-01'],
    };
    await vi.waitFor(() => {
      expect(byShelf(host, hostSession)).toEqual(expected);
    }, WAIT);
    expect(figures(host, hostSession)).toEqual(['FISH:7', 'COKE:3']);
    // The host's own empty-shelf check sees the members' units too.
    expect(() =>
      host.counting.confirmShelfEmpty({ sessionId: hostSession, code: 'SHELF-B-02', counter: 'Host' }),
    ).toThrow(/units counted on SHELF-B-02/);

    live.requestFlush();
    await vi.waitFor(() => {
      expect(live.readyToCommit).toBe(true);
    }, WAIT);
    expect(byShelf(host, hostSession)).toEqual(expected);
    host.counting.commit({ sessionId: hostSession });
    expect(committed(host)).toEqual([
      { sku: 'COKE', value: 3 },
      { sku: 'FISH', value: 7 },
    ]);
  });

  it('never doubles a shelf’s units through lost, repeated and resent messages and restarts', async () => {
    const host = pcs.pc('HOST');
    const member = pcs.pc('ONE');
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    let live = await pcs.host(host, hostSession);
    const port = live.address.port;
    let sent = 0;
    const faults = { drop: () => ++sent % 3 === 0, duplicate: () => sent % 4 === 0 };
    const options = { faults, resendMs: 50 };
    let joined = await pcs.join(member, live, 'ONE', options);
    const sessionId = joined.sessionId;
    const shelves = ['SHELF-A-01', 'SHELF-A-02', 'SHELF-B-01'];
    for (let round = 0; round < 6; round += 1) {
      member.counting.enterShelf({ sessionId, code: shelves[round % 3] ?? '', counter: 'Anan' });
      for (let scan = 0; scan < 4; scan += 1) {
        member.counting.scan({ sessionId, code: scan % 2 === 0 ? 'FISH' : 'COKE', counter: 'Anan' });
        joined.notify();
      }
      if (round === 1) {
        await live.stop();
        member.counting.undoLast({ sessionId, counter: 'Anan' });
        live = await pcs.host(host, hostSession, port, faults);
      }
      if (round === 3) {
        joined.stop();
        member.counting.adjustQuantity({
          sessionId,
          lineId: lineIdOf(member, sessionId, 'FISH'),
          counter: 'Anan',
          quantity: 3,
        });
        joined = pcs.resume(member, sessionId, 'ONE', options);
      }
    }
    await vi.waitFor(() => {
      expect(joined.status()).toMatchObject({ connected: true, ackedSeq: joined.status().latestSeq });
      expect(byShelf(host, hostSession)).toEqual(byShelf(member, sessionId));
    }, WAIT);
    expect(figures(host, hostSession)).toEqual(figures(member, sessionId));
    expect(byShelf(member, sessionId)).toEqual({
      shelves: ['SHELF-A-01 COKE:4 FISH:7', 'SHELF-A-02 COKE:3 FISH:4', 'SHELF-B-01 COKE:4 FISH:4'],
      noShelf: '',
      notVisited: ['SHELF-B-02', 'SHELF-C-01'],
    });
  });

  it('holds a member’s change on a shelf the host does not have, visibly, until the host has it', async () => {
    const host = pcs.pc('HOST', { shelves: false });
    const member = pcs.pc('ONE');
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    host.counting.shelves.save({ warehouseCode: WAREHOUSE, code: 'SHELF-A-01', name: 'A-01' });
    const live = await pcs.host(host, hostSession);
    const joined = await pcs.join(member, live, 'ONE', { resendMs: 50 });
    const sessionId = joined.sessionId;
    member.counting.enterShelf({ sessionId, code: 'SHELF-A-01', counter: 'Anan' });
    member.counting.scan({ sessionId, code: 'FISH', counter: 'Anan' });
    member.counting.enterShelf({ sessionId, code: 'SHELF-C-01', counter: 'Anan' });
    member.counting.scan({ sessionId, code: 'FISH', counter: 'Anan', quantity: 2 });
    member.counting.scan({ sessionId, code: 'COKE', counter: 'Anan' });
    joined.notify();

    await vi.waitFor(() => {
      expect(live.members()[0]).toMatchObject({ blockedShelf: 'SHELF-C-01', appliedSeq: 1 });
      expect(joined.status()).toMatchObject({ blockedShelf: 'SHELF-C-01', ackedSeq: 1 });
    }, WAIT);
    expect(live.members()[0]?.blocked).toMatch(/no shelf SHELF-C-01 on this PC: import the shelves file/);
    // The visit to A-01 is in. FISH's change (seq 2) carries the line as it is when sent, its units on
    // C-01 included, so it waits too: nothing counts on no shelf in the shelf's place.
    expect(byShelf(host, hostSession)).toEqual({ shelves: ['SHELF-A-01'], noShelf: '', notVisited: [] });
    expect(figures(host, hostSession)).toEqual([]);
    live.requestFlush();
    expect(live.readyToCommit).toBe(false);

    // The host imports the shelf: the next resend goes through by itself.
    host.counting.shelves.importCsv({
      text: member.counting.shelves.exportCsv({ warehouseCode: WAREHOUSE }).text,
    });
    await vi.waitFor(() => {
      expect(live.readyToCommit).toBe(true);
    }, WAIT);
    expect(live.members()[0]).toMatchObject({ blocked: undefined, blockedShelf: undefined });
    expect(byShelf(host, hostSession)).toEqual(byShelf(member, sessionId));
    expect(figures(host, hostSession)).toEqual(['FISH:3', 'COKE:1']);
  });
});
