// Issue 23: finding live-count hosts (DNS-SD over mDNS, live-discovery.ts). Every datagram here is
// unicast on 127.0.0.1 between ports of this test: the advertiser and the browser each bind their own
// port and send to the other's; the crafted answers come from a plain socket on loopback too.
import { createSocket } from 'node:dgram';
import { encode, type Answer } from 'dns-packet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LIVE_DISCOVERY_TTL,
  LIVE_SERVICE_TYPE,
  LiveDiscovery,
  loopbackDiscovery,
  MAX_FOUND_HOSTS,
  MDNS_NETWORK,
  type DiscoveryNetwork,
} from '../../src-main/live-count/live-discovery.js';
import { freeUdpPorts } from './support/udp-ports.js';

const WAIT = { timeout: 10_000, interval: 20 };
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const MULTICAST_GROUPS = ['224.0.0.251', 'ff02::fb'];
const configs: DiscoveryNetwork[] = [];

function expectLoopbackOnly(network: DiscoveryNetwork): void {
  expect(network.multicast).toBe(false);
  expect(MULTICAST_GROUPS).not.toContain(network.ip);
  expect(network.ip).toBe('127.0.0.1');
  expect(network.interface).toBe('127.0.0.1');
}

function discovery(network: DiscoveryNetwork, now?: () => number): LiveDiscovery {
  expectLoopbackOnly(network);
  configs.push(network);
  const made = new LiveDiscovery({ network, ...(now === undefined ? {} : { now }) });
  cleanups.push(() => made.close());
  return made;
}

/** A host PC and a member PC, each on its own loopback port, sending to the other's. */
async function pair(now?: () => number) {
  const [hostPort, memberPort] = (await freeUdpPorts(2)) as [number, number];
  return {
    host: discovery(loopbackDiscovery(hostPort, memberPort), now),
    member: discovery(loopbackDiscovery(memberPort, hostPort), now),
    memberPort,
  };
}

/** A stranger on loopback sending crafted answers to the member's port. */
async function stranger(to: number) {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => socket.close(resolve)));
  const send = (payload: Buffer) =>
    new Promise<void>((resolve, reject) => {
      socket.send(payload, to, '127.0.0.1', (error) => {
        if (error) reject(error);
        else resolve();
      });
    });
  return {
    send,
    answer: (answers: Answer[]) => send(encode({ type: 'response', flags: 1 << 10, answers })),
  };
}

function records(id: string, options: { name?: string; port?: number; ip?: string; ttl?: number } = {}) {
  const instance = `stockroom-${id}.${LIVE_SERVICE_TYPE}`;
  const target = `stockroom-${id}.local`;
  const ttl = options.ttl ?? 120;
  return [
    { name: LIVE_SERVICE_TYPE, type: 'PTR', ttl, data: instance },
    { name: instance, type: 'SRV', ttl, data: { target, port: options.port ?? 47_613 } },
    { name: instance, type: 'TXT', ttl, data: ['v=1', `name=${options.name ?? `PC ${id}`}`] },
    { name: target, type: 'A', ttl, data: options.ip ?? '192.168.1.20' },
  ] satisfies Answer[];
}

describe('live discovery on loopback', () => {
  it('finds an advertised host with its name, address and port; a goodbye removes it', async () => {
    const { host, member } = await pair();
    await host.advertise({ name: 'Front desk', host: '127.0.0.1', port: 47_999 });
    await vi.waitFor(async () => {
      expect(await member.browse()).toEqual([{ name: 'Front desk', address: '127.0.0.1:47999' }]);
    }, WAIT);
    // The host does not list itself, and advertised nothing but name and version (never a code).
    expect(host.hosts()).toEqual([]);

    await host.stopAdvertising();
    await vi.waitFor(() => {
      expect(member.hosts()).toEqual([]);
    }, WAIT);
    expect(host.advertising).toBe(false);
  });

  it('answers a query after the announcement was missed', async () => {
    const [hostPort, memberPort] = (await freeUdpPorts(2)) as [number, number];
    const host = discovery(loopbackDiscovery(hostPort, memberPort));
    // Nobody listens on the member's port yet: the announcement is lost.
    await host.advertise({ name: 'Stockroom PC', host: '127.0.0.1', port: 40_001 });
    const member = discovery(loopbackDiscovery(memberPort, hostPort));
    await vi.waitFor(async () => {
      expect(await member.browse()).toEqual([{ name: 'Stockroom PC', address: '127.0.0.1:40001' }]);
    }, WAIT);
  });

  it('ignores malformed and oversized answers', async () => {
    const { member, memberPort } = await pair();
    await member.browse();
    const from = await stranger(memberPort);
    await from.send(Buffer.from('not dns at all'));
    await from.send(Buffer.alloc(9500, 0));
    await from.answer(records('0000000a', { port: 0 }));
    const nameless = records('0000000b');
    await from.answer(nameless.map((r) => (r.type === 'TXT' ? { ...r, data: ['v=1'] } : r)));
    await from.answer(records('0000000c', { ip: '224.0.0.251' }));
    await from.answer(records('00000013', { ip: '255.255.255.255' }));
    await from.answer(records('00000014', { ip: '0.0.0.0' }));
    await from.answer(records('0000000d', { ip: 'fe80::1' }).slice(0, 3));
    await from.answer(records('0000000e', { name: 'x'.repeat(64) }));
    await from.answer(records('0000000f', { name: 'bad\u0007bell' }));
    const foreign = records('00000010');
    await from.answer(foreign.map((r) => (r.type === 'TXT' ? { ...r, data: ['v=2', 'name=Future'] } : r)));
    const renamed = records('00000011').map((r) =>
      r.type === 'PTR' ? { ...r, data: `not.ours.${LIVE_SERVICE_TYPE}` } : r,
    );
    await from.answer(renamed);
    await from.answer(records('00000012').filter((r) => r.type !== 'A'));
    // Then one good answer: when it is listed, every earlier datagram was read (same socket, in order).
    await from.answer(records('000000ff', { name: 'Good PC', port: 40_002 }));
    await vi.waitFor(() => {
      expect(member.hosts()).toEqual([{ name: 'Good PC', address: '192.168.1.20:40002' }]);
    }, WAIT);
  });

  it('keeps at most MAX_FOUND_HOSTS hosts', async () => {
    const { member, memberPort } = await pair();
    await member.browse();
    const from = await stranger(memberPort);
    for (let index = 0; index < MAX_FOUND_HOSTS + 8; index += 1) {
      await from.answer(records(index.toString(16).padStart(8, '0'), { port: 40_000 + index }));
    }
    await from.answer(records('0000ffff', { name: 'Last' }));
    // The last one's goodbye is read after it: the socket's datagrams arrive in order on loopback.
    await from.answer(records('0000ffff', { ttl: 0 }));
    await from.answer(records('00000000', { name: 'PC 00000000 again', port: 40_000 }));
    await vi.waitFor(() => {
      expect(member.hosts().map((host) => host.name)).toContain('PC 00000000 again');
    }, WAIT);
    const hosts = member.hosts();
    expect(hosts).toHaveLength(MAX_FOUND_HOSTS);
    expect(hosts.map((host) => host.name)).not.toContain('Last');
  });

  it('forgets a host whose answer has expired', async () => {
    let now = 1_000_000;
    const { host, member } = await pair(() => now);
    await host.advertise({ name: 'Back room', host: '127.0.0.1', port: 40_003 });
    await vi.waitFor(async () => {
      expect(await member.browse()).toHaveLength(1);
    }, WAIT);
    now += LIVE_DISCOVERY_TTL * 1000 - 1;
    expect(member.hosts()).toHaveLength(1);
    now += 1;
    expect(member.hosts()).toEqual([]);
  });

  it('refuses unicast to anything but loopback, and never multicasts a loopback listener', async () => {
    expect(() => new LiveDiscovery({ network: { ...loopbackDiscovery(1, 2), ip: '192.168.1.9' } })).toThrow(
      /loopback/,
    );
    expect(() => new LiveDiscovery({ network: { ...loopbackDiscovery(1, 2), ip: '224.0.0.251' } })).toThrow(
      /loopback/,
    );
    // The production network is only built here, never opened: a loopback listener is not advertised.
    const production = new LiveDiscovery({ network: MDNS_NETWORK });
    await production.advertise({ name: 'Test', host: '127.0.0.1', port: 1 });
    expect(production.advertising).toBe(false);
    await production.close();
  });

  it('used only loopback configurations in this file', () => {
    expect(configs.length).toBeGreaterThan(0);
    for (const network of configs) expectLoopbackOnly(network);
  });
});
