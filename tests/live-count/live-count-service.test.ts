// Issue 23: the live count as the `live.*` calls reach it (LiveCountService). Two store databases over
// loopback: hosting answers a code and the address, a wrong code is refused with its reason, a joined
// member's scans reach the host's lines and fire the host's change event, only the host commits (after
// the flush), and closing the store stops its listener: nothing answers at the address afterwards.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountingService } from '../../src-main/counting/index.js';
import { LiveCountService } from '../../src-main/live-count/live-count.service.js';
import { silentLogger } from '../../src-main/logging/index.js';
import { isRefusal } from '../../src-main/refusal/refusal.js';
import { liveJoinText, parseLiveJoinText } from '../../src-shared/ipc/index.js';
import { openCountingFixture, WAREHOUSE } from '../counting/support/counting-fixture.js';

const WAIT = { timeout: 10_000, interval: 20 };
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function pc(label: string, port = 0) {
  const fixture = openCountingFixture();
  fixture.seed([
    { id: 1, sku: 'A', stock: 10 },
    { id: 2, sku: 'B', stock: 20 },
  ]);
  const counting = new CountingService(fixture.db, { pcName: label });
  const changed: string[] = [];
  const service = () => {
    const started = new LiveCountService({
      db: fixture.db,
      counting,
      label,
      logger: silentLogger,
      listen: { host: '127.0.0.1', port },
      onChanged: (sessionId) => changed.push(sessionId),
    });
    cleanups.push(() => started.close());
    return started;
  };
  cleanups.push(() => fixture.close());
  return { counting, live: service(), changed, restarted: service };
}

/** A loopback port nobody listens on now (the host's fixed port, as DEFAULT_LIVE_PORT is in the app). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function figureOf(counting: CountingService, sessionId: string, sku: string): number | undefined {
  return counting.lines(sessionId).find((row) => row.kind === 'product' && row.product.sku === sku)?.counted;
}

async function refusalReason(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    if (isRefusal(error)) return error.reason;
    throw error;
  }
  return undefined;
}

describe('live.* calls', () => {
  it('hosts, refuses a wrong code, joins, streams scans and commits on the host only', async () => {
    const host = pc('HOST');
    const member = pc('AISLE');
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    expect(host.live.status({ sessionId: hostSession }).role).toBe('none');

    const hosted = await host.live.host({ sessionId: hostSession });
    expect(hosted.role).toBe('host');
    const code = hosted.host?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const address = hosted.host?.address ?? '';
    expect(address).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(hosted.host?.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(parseLiveJoinText(liveJoinText(address, code))).toEqual({ address, code });

    const wrong = code === '000000' ? '111111' : '000000';
    expect(await refusalReason(member.live.join({ address, code: wrong }))).toBe('wrong-code');

    const joined = await member.live.join({ address, code });
    expect(joined.role).toBe('member');
    const memberSession = joined.sessionId;
    expect(joined.member).toMatchObject({ hostAddress: address, connected: true });
    // A member's own session cannot be hosted again.
    expect(await refusalReason(member.live.host({ sessionId: memberSession }))).toBe('not-hostable');

    member.counting.scan({ sessionId: memberSession, code: 'A', counter: 'Anan', quantity: 3 });
    host.changed.length = 0;
    await vi.waitFor(() => {
      const line = host.counting
        .lines(hostSession)
        .find((row) => row.kind === 'product' && row.product.sku === 'A');
      expect(line?.counted).toBe(3);
    }, WAIT);
    expect(host.changed).toContain(hostSession);
    await vi.waitFor(() => {
      expect(host.live.status({ sessionId: hostSession }).host?.members).toEqual([
        expect.objectContaining({ label: 'AISLE', connected: true, appliedSeq: 1, state: 'joined' }),
      ]);
      expect(member.live.status({ sessionId: memberSession }).member).toMatchObject({
        ackedSeq: 1,
        latestSeq: 1,
      });
    }, WAIT);

    // The window closes; the code stops showing.
    expect(host.live.closeWindow({ sessionId: hostSession }).host?.code).toBeNull();

    host.live.flush({ sessionId: hostSession });
    await vi.waitFor(() => {
      expect(host.live.status({ sessionId: hostSession }).host?.readyToCommit).toBe(true);
    }, WAIT);
    expect(() => member.counting.commit({ sessionId: memberSession })).toThrow();
    host.counting.commit({ sessionId: hostSession });
    expect(host.counting.session(hostSession).state).not.toBe('open');
  });

  it('stops listening when the store closes', async () => {
    const host = pc('HOST');
    const member = pc('AISLE');
    const hostSession = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    const hosted = await host.live.host({ sessionId: hostSession });
    const address = hosted.host?.address ?? '';
    await host.live.close();
    expect(await refusalReason(member.live.join({ address, code: hosted.host?.code ?? '' }))).toBe(
      'unreachable',
    );
  });

  it('hosts two counts at once on one fixed port, each member in its own, after a restart too', async () => {
    const port = await freePort();
    const host = pc('HOST', port);
    const one = pc('ONE');
    const two = pc('TWO');
    const first = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'First' }).id;
    const second = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'Second' }).id;
    const hostedFirst = await host.live.host({ sessionId: first });
    const hostedSecond = await host.live.host({ sessionId: second });
    const address = `127.0.0.1:${String(port)}`;
    expect(hostedFirst.host?.address).toBe(address);
    expect(hostedSecond.host?.address).toBe(address);

    // Both windows are open: each code opens its own count only.
    const inFirst = (await one.live.join({ address, code: hostedFirst.host?.code ?? '' })).sessionId;
    const inSecond = (await two.live.join({ address, code: hostedSecond.host?.code ?? '' })).sessionId;
    one.counting.scan({ sessionId: inFirst, code: 'A', counter: 'Anan', quantity: 3 });
    two.counting.scan({ sessionId: inSecond, code: 'B', counter: 'Bee', quantity: 5 });
    await vi.waitFor(() => {
      expect(figureOf(host.counting, first, 'A')).toBe(3);
      expect(figureOf(host.counting, second, 'B')).toBe(5);
    }, WAIT);
    expect(figureOf(host.counting, first, 'B')).toBeUndefined();
    expect(figureOf(host.counting, second, 'A')).toBeUndefined();

    // Stopping one count leaves the other listening.
    await host.live.stopHosting({ sessionId: second });
    two.counting.scan({ sessionId: inSecond, code: 'B', counter: 'Bee', quantity: 1 });
    one.counting.scan({ sessionId: inFirst, code: 'A', counter: 'Anan', quantity: 1 });
    await vi.waitFor(() => {
      expect(figureOf(host.counting, first, 'A')).toBe(4);
    }, WAIT);

    // The host PC restarts: both counts listen again on the same port; the members' stored address
    // still reaches them.
    await host.live.close();
    const again = host.restarted();
    await again.resume();
    one.counting.scan({ sessionId: inFirst, code: 'A', counter: 'Anan', quantity: 2 });
    await vi.waitFor(() => {
      expect(figureOf(host.counting, first, 'A')).toBe(6);
      expect(figureOf(host.counting, second, 'B')).toBe(6);
    }, WAIT);
  });
});
