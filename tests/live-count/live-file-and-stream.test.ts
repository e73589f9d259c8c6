// Issue 23: the file and the stream share one bookkeeping (decisions 0013, 0021). A member's scans
// arrive partly by its live stream and then by its exported file (or the file first and the stream
// after): each unit counts once on the host, on its shelf — what the member moved, set to 0, resolved
// or removed after its stream stopped is moved, zeroed, resolved or removed on the host too.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WAREHOUSE } from '../counting/support/counting-fixture.js';
import { byShelf, committed, figures, lineIdOf, LivePcs, WAIT } from './support/live-pcs.js';

const pcs = new LivePcs(
  [
    { id: 1, sku: 'FISH', stock: 10 },
    { id: 2, sku: 'COKE', stock: 20 },
  ],
  [
    ['SHELF-A-01', 'A-01'],
    ['SHELF-A-02', 'A-02'],
  ],
);
afterEach(async () => {
  await pcs.cleanUp();
});

describe('a member by stream and by file', () => {
  it('counts every unit once, per shelf, when the stream stops and the file hands over', async () => {
    const host = pcs.pc('HOST');
    const member = pcs.pc('ONE');
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    host.counting.scan({ sessionId: hostSession, code: 'FISH', counter: 'Host' });
    const live = await pcs.host(host, hostSession);
    const joined = await pcs.join(member, live, 'ONE');
    const sessionId = joined.sessionId;
    member.counting.enterShelf({ sessionId, code: 'SHELF-A-01', counter: 'Anan' });
    member.counting.scan({ sessionId, code: 'FISH', counter: 'Anan', quantity: 3 });
    member.counting.scan({ sessionId, code: 'COKE', counter: 'Anan', quantity: 4 });
    member.counting.enterShelf({ sessionId, code: 'SHELF-A-02', counter: 'Anan' });
    member.counting.scan({ sessionId, code: 'X-9', counter: 'Anan', quantity: 2 });
    joined.notify();
    await vi.waitFor(() => {
      expect(figures(host, hostSession)).toEqual(['FISH:4', 'COKE:4', 'X-9:2:open']);
    }, WAIT);

    // The link goes. Offline the member counts more on A-02, sets COKE to 0 and gives X-9 to FISH.
    joined.stop();
    member.counting.scan({ sessionId, code: 'FISH', counter: 'Anan', quantity: 2 });
    member.counting.setQuantity({
      sessionId,
      lineId: lineIdOf(member, sessionId, 'COKE'),
      counter: 'Anan',
      quantity: 0,
    });
    member.counting.resolveUnknown({
      sessionId,
      lineId: lineIdOf(member, sessionId, 'X-9'),
      productId: 1,
      counter: 'Anan',
    });
    const file = member.counting.exportSession(sessionId);
    host.counting.mergeSession(hostSession, file.text);

    const expected = {
      shelves: ['SHELF-A-01 FISH:3', 'SHELF-A-02 FISH:4'],
      noShelf: 'FISH:1',
      notVisited: [],
    };
    expect(byShelf(host, hostSession)).toEqual(expected);
    expect(figures(host, hostSession)).toEqual(['FISH:8', 'COKE:0', 'X-9:0:discarded']);
    expect(host.counting.memberCodes(hostSession)).toEqual([]);
    // The same file again, and the stream coming back, change nothing.
    expect(host.counting.mergeSession(hostSession, file.text)).toMatchObject({ productsMerged: 0 });
    const back = pcs.resume(member, sessionId, 'ONE');
    await vi.waitFor(() => {
      expect(back.status().state).toBe('released');
    }, WAIT);
    expect(byShelf(host, hostSession)).toEqual(expected);
    host.counting.commit({ sessionId: hostSession });
    expect(committed(host)).toEqual([
      { sku: 'COKE', value: 0 },
      { sku: 'FISH', value: 8 },
    ]);
  });

  it('takes the file first and brings nothing more by a stream that comes back', async () => {
    const host = pcs.pc('HOST');
    const member = pcs.pc('ONE');
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    const live = await pcs.host(host, hostSession);
    const joined = await pcs.join(member, live, 'ONE');
    const sessionId = joined.sessionId;
    // Nothing reaches the host by stream: the link stops at once, the member counts, and hands over.
    joined.stop();
    member.counting.enterShelf({ sessionId, code: 'SHELF-A-02', counter: 'Anan' });
    member.counting.scan({ sessionId, code: 'COKE', counter: 'Anan', quantity: 5 });
    host.counting.mergeSession(hostSession, member.counting.exportSession(sessionId).text);
    expect(byShelf(host, hostSession)).toEqual({
      shelves: ['SHELF-A-02 COKE:5'],
      noShelf: '',
      notVisited: ['SHELF-A-01'],
    });

    // Its queued changes (the visit and COKE) then arrive by stream: the host, released, takes none.
    const back = pcs.resume(member, sessionId, 'ONE');
    await vi.waitFor(() => {
      expect(back.status().state).toBe('released');
    }, WAIT);
    expect(byShelf(host, hostSession)).toEqual({
      shelves: ['SHELF-A-02 COKE:5'],
      noShelf: '',
      notVisited: ['SHELF-A-01'],
    });
    expect(figures(host, hostSession)).toEqual(['COKE:5']);
  });
});
