// Issue 23: `live.findHosts` as the live-count service answers it. Two store databases, each with its
// own loopback discovery port sending to the other's (unicast on 127.0.0.1, nothing multicast): a host
// with an open join window is found under its PC name at the address members type, and joining there
// works; closing the window says goodbye and the host is gone from the list. Without a discovery
// network (the default) nothing is looked for.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountingService } from '../../src-main/counting/index.js';
import { LiveCountService } from '../../src-main/live-count/live-count.service.js';
import { loopbackDiscovery, type DiscoveryNetwork } from '../../src-main/live-count/live-discovery.js';
import { silentLogger } from '../../src-main/logging/index.js';
import { openCountingFixture, WAREHOUSE } from '../counting/support/counting-fixture.js';
import { freeUdpPorts } from './support/udp-ports.js';

const WAIT = { timeout: 10_000, interval: 50 };
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function pc(label: string, discovery?: DiscoveryNetwork) {
  if (discovery !== undefined) {
    expect(discovery).toMatchObject({ ip: '127.0.0.1', multicast: false, interface: '127.0.0.1' });
  }
  const fixture = openCountingFixture();
  fixture.seed([{ id: 1, sku: 'A', stock: 10 }]);
  const counting = new CountingService(fixture.db, { pcName: label });
  const live = new LiveCountService({
    db: fixture.db,
    counting,
    label,
    logger: silentLogger,
    listen: { host: '127.0.0.1', port: 0 },
    ...(discovery === undefined ? {} : { discovery }),
    onChanged: () => undefined,
  });
  cleanups.push(() => fixture.close());
  cleanups.push(() => live.close());
  return { counting, live };
}

describe('live.findHosts', () => {
  it('finds a host with an open join window, joins it, and loses it when the window closes', async () => {
    const [hostPort, memberPort] = (await freeUdpPorts(2)) as [number, number];
    const host = pc('Front desk', loopbackDiscovery(hostPort, memberPort));
    const member = pc('Aisle 3', loopbackDiscovery(memberPort, hostPort));
    const sessionId = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;

    expect(await member.live.findHosts()).toEqual({ enabled: true, hosts: [] });
    const hosted = await host.live.host({ sessionId });
    const address = hosted.host?.address ?? '';
    await vi.waitFor(async () => {
      expect((await member.live.findHosts()).hosts).toEqual([{ name: 'Front desk', address }]);
    }, WAIT);
    const joined = await member.live.join({ address, code: hosted.host?.code ?? '' });
    expect(joined.role).toBe('member');

    host.live.closeWindow({ sessionId });
    await vi.waitFor(async () => {
      expect((await member.live.findHosts()).hosts).toEqual([]);
    }, WAIT);
  });

  it('looks for nothing without a discovery network', async () => {
    const host = pc('Front desk');
    const sessionId = host.counting.createSession({ warehouseCode: WAREHOUSE, name: 'All' }).id;
    await host.live.host({ sessionId });
    expect(await host.live.findHosts()).toEqual({ enabled: false, hosts: [] });
  });
});
