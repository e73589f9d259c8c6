// Issue 23: every PC shows the joined lines with each counter's part, and who is connected, idle or gone. A member reads the host's count
// a page at a time (protocol 4 `view`): each product's figure on the host and every PC's part of it,
// the host's own counters under the host's name. Each ack names the host's joined version, sent unasked
// too when the host's lines change, so a member hears of another PC's scan and reads again. No expected
// figure travels; a host that cannot be reached is said as such; a PC that is not a member is refused.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveCountService } from '../../src-main/live-count/live-count.service.js';
import { LiveHost } from '../../src-main/live-count/live-host.js';
import { IDLE_MS } from '../../src-main/live-count/live-host-joined.js';
import { LiveHostUnreachable } from '../../src-main/live-count/live-member.js';
import { silentLogger } from '../../src-main/logging/index.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { WAREHOUSE } from '../counting/support/counting-fixture.js';
import { LivePcs, WAIT } from './support/live-pcs.js';

const MANY = 150;
const pcs = new LivePcs([
  { id: 1, sku: 'A', stock: 10, name: 'น้ำดื่ม' },
  { id: 2, sku: 'B', stock: 20 },
  ...Array.from({ length: MANY }, (_, index) => ({ id: 100 + index, sku: `M${String(100 + index)}` })),
]);
afterEach(() => pcs.cleanUp());

describe('the joined lines on a member', () => {
  it('shows each product’s figure on the host and every PC’s part, and hears of changes', async () => {
    const host = pcs.pc('HOST');
    const sessionId = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All', blind: true }).id;
    const live = await pcs.host(host, sessionId);
    const one = pcs.pc('ONE');
    const two = pcs.pc('TWO');
    const memberOne = await pcs.join(one, live, 'ONE');
    const memberTwo = await pcs.join(two, live, 'TWO');

    host.counting.scan({ sessionId, code: 'A', counter: 'Host' });
    one.counting.scan({ sessionId: memberOne.sessionId, code: 'A', counter: 'One', quantity: 2 });
    one.counting.scan({ sessionId: memberOne.sessionId, code: 'B', counter: 'One' });
    memberOne.notify();
    await vi.waitFor(async () => {
      expect(await memberOne.joinedLines(0)).toMatchObject({
        offset: 0,
        total: 2,
        lines: [
          {
            productId: 1,
            sku: 'A',
            name: 'น้ำดื่ม',
            counted: 3,
            parts: [
              { pc: 'HOST', counted: 1 },
              { pc: 'ONE', counted: 2 },
            ],
          },
          { productId: 2, sku: 'B', counted: 1, parts: [{ pc: 'ONE', counted: 1 }] },
        ],
      });
    }, WAIT);
    // A blind count stays blind: a joined line has no expected figure at all.
    const first = (await memberOne.joinedLines(0)).lines[0] ?? {};
    expect(Object.keys(first).sort()).toEqual(['counted', 'name', 'parts', 'productId', 'sku']);

    // TWO's scan: ONE hears of it (its joined version changes) without sending anything itself.
    await vi.waitFor(() => {
      expect(memberOne.status().joined).toBeDefined();
    }, WAIT);
    const before = memberOne.status().joined;
    two.counting.scan({ sessionId: memberTwo.sessionId, code: 'A', counter: 'Two', quantity: 3 });
    memberTwo.notify();
    await vi.waitFor(() => {
      expect(memberOne.status().joined).not.toBe(before);
    }, WAIT);
    await vi.waitFor(async () => {
      const page = await memberOne.joinedLines(0);
      expect(page.lines[0]).toMatchObject({
        sku: 'A',
        counted: 6,
        parts: [
          { pc: 'HOST', counted: 1 },
          { pc: 'ONE', counted: 2 },
          { pc: 'TWO', counted: 3 },
        ],
      });
      expect(page.joined).toBeTruthy();
      expect(page.pcs).toEqual([
        { pc: 'ONE', state: 'joined', presence: 'connected', appliedSeq: 2 },
        { pc: 'TWO', state: 'joined', presence: 'connected', appliedSeq: 1 },
      ]);
    }, WAIT);

    // TWO goes: no table changes, yet ONE is told, and its page says TWO is gone.
    const beforeGone = memberOne.status().joined;
    memberTwo.stop();
    await vi.waitFor(() => {
      expect(memberOne.status().joined).not.toBe(beforeGone);
    }, WAIT);
    expect((await memberOne.joinedLines(0)).pcs.map((pc) => [pc.pc, pc.presence])).toEqual([
      ['ONE', 'connected'],
      ['TWO', 'gone'],
    ]);
  });

  it('tells the members when a PC falls idle, though no table changes', async () => {
    const host = pcs.pc('HOST');
    const sessionId = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    let clock = Date.now();
    const live = await LiveHost.start(
      { db: host.fixture.db, counting: host.counting, sessionId, label: 'HOST', now: () => clock },
      { host: '127.0.0.1', port: 0 },
    );
    pcs.track({ stop: () => void live.stop() });
    const one = pcs.pc('ONE');
    const member = await pcs.join(one, live, 'ONE');
    await vi.waitFor(async () => {
      expect((await member.joinedLines(0)).pcs.map((pc) => pc.presence)).toEqual(['connected']);
    }, WAIT);
    const before = member.status().joined;
    clock += IDLE_MS + 1_000;
    await vi.waitFor(() => {
      expect(member.status().joined).not.toBe(before);
    }, WAIT);
    expect((await member.joinedLines(0)).pcs.map((pc) => pc.presence)).toEqual(['idle']);
  });

  it('pages the joined lines by SKU, 100 at a time', async () => {
    const host = pcs.pc('HOST');
    const sessionId = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'Many' }).id;
    for (let index = 0; index < MANY; index += 1)
      host.counting.scan({ sessionId, code: `M${String(100 + index)}`, counter: 'Host' });
    const live = await pcs.host(host, sessionId);
    const one = pcs.pc('ONE');
    const member = await pcs.join(one, live, 'ONE');
    const firstPage = await member.joinedLines(0);
    expect(firstPage.total).toBe(MANY);
    expect(firstPage.lines).toHaveLength(100);
    expect(firstPage.lines[0]?.sku).toBe('M100');
    const secondPage = await member.joinedLines(100);
    expect(secondPage.lines.map((line) => line.sku)).toEqual(
      Array.from({ length: MANY - 100 }, (_, index) => `M${String(200 + index)}`),
    );
  });

  it('says the host cannot be reached once it is gone', async () => {
    const host = pcs.pc('HOST');
    const sessionId = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    const live = await pcs.host(host, sessionId);
    const one = pcs.pc('ONE');
    const member = await pcs.join(one, live, 'ONE');
    await live.stop();
    await vi.waitFor(() => {
      expect(member.status().connected).toBe(false);
    }, WAIT);
    await expect(member.joinedLines(0)).rejects.toThrow(LiveHostUnreachable);
  });

  it('refuses live.joined on a PC that does not stream the count to a host, by reason', async () => {
    const alone = pcs.pc('ALONE');
    const sessionId = alone.counting.createSession({ warehouseCode: WAREHOUSE, name: 'Mine' }).id;
    const service = new LiveCountService({
      db: alone.fixture.db,
      counting: alone.counting,
      label: 'ALONE',
      logger: silentLogger,
      listen: { host: '127.0.0.1', port: 0 },
      onChanged: () => undefined,
    });
    pcs.track({ stop: () => void service.close() });
    const refused = await service.joined({ sessionId, offset: 0 }).catch((error: unknown) => error);
    expect(isRefusal(refused) && refused.reason).toBe('not-live');
  });
});
