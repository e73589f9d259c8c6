// Finding live-count hosts on the shop's network (issue 23, decision 0013): DNS-SD over mDNS
// (`multicast-dns`). A PC with an open join window advertises `_stockroom-count._tcp.local` (PTR, SRV,
// TXT with the protocol version and a display name, A) and answers queries for it; when the last window
// closes it says goodbye (TTL 0). A PC about to join asks and keeps what answers: name, address, port,
// until the answer's TTL runs out. Nothing secret is advertised: the code stays on the host's screen,
// and whoever answers still has to pass the OPAQUE handshake. Answers from the network are untrusted:
// anything malformed or oversized is dropped, and the list is capped.
import { createSocket, type RemoteInfo } from 'node:dgram';
import { randomBytes } from 'node:crypto';
import type { Answer, Packet } from 'dns-packet';
import makeMdns, { type MulticastDNS } from 'multicast-dns';
import { CONTROL_CHARACTER, PC_NAME_MAX_LENGTH } from '../../src-shared/domain/live-join.js';
import type { Logger } from '../logging/index.js';

export const LIVE_SERVICE_TYPE = '_stockroom-count._tcp.local';
/** The TXT `v=`: a member ignores hosts of another discovery/protocol version. */
export const LIVE_DISCOVERY_VERSION = '1';
/** Seconds an answer holds (short, so a host that crashed without a goodbye drops off soon). */
export const LIVE_DISCOVERY_TTL = 120;
/** Hosts kept at most: a shop has a few; a flood of answers does not grow memory. */
export const MAX_FOUND_HOSTS = 32;
/** Bigger datagrams are not mDNS answers of ours (RFC 6762 §17: 9000 bytes at most). */
const MAX_PACKET_BYTES = 9000;
const MAX_RECORDS = 32;
/** Queries are sent at most this often, however often the page asks. */
const QUERY_INTERVAL_MS = 1000;

/**
 * Where discovery talks. Production: the mDNS group on every IPv4 interface. Tests: unicast on
 * 127.0.0.1, each side on its own port sending to the other's (nothing leaves the machine).
 */
export interface DiscoveryNetwork {
  /** Where queries and answers are sent: the mDNS group, or (tests) the other side's address. */
  readonly ip: string;
  readonly port: number;
  /** The interface bound and joined; every IPv4 interface when undefined. */
  readonly interface?: string;
  readonly multicast: boolean;
  /** The port this side binds when not multicast (each test side has its own). */
  readonly bindPort?: number;
}

export const MDNS_NETWORK: DiscoveryNetwork = { ip: '224.0.0.251', port: 5353, multicast: true };

/** Tests and the web host's loopback mode: unicast from 127.0.0.1:bindPort to 127.0.0.1:peerPort. */
export function loopbackDiscovery(bindPort: number, peerPort: number): DiscoveryNetwork {
  return { ip: '127.0.0.1', port: peerPort, interface: '127.0.0.1', multicast: false, bindPort };
}

export interface FoundHost {
  /** The host PC's display name (its TXT `name`). */
  readonly name: string;
  /** "ip:port" as a member types it. */
  readonly address: string;
}

export interface Advertisement {
  readonly name: string;
  /** The live listener's IPv4 address and port. */
  readonly host: string;
  readonly port: number;
}

export interface LiveDiscoveryOptions {
  readonly network: DiscoveryNetwork;
  readonly logger?: Logger;
  /** Milliseconds since the epoch; injected by tests to age answers. */
  readonly now?: () => number;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** Our own instance and host labels only: `stockroom-` and hex. */
const OWN_LABEL = /^stockroom-[0-9a-f]{8,32}$/;

export function isIpv4(text: string): boolean {
  return IPV4.test(text);
}

/** An address a member can connect to: not unspecified (0.x), multicast or broadcast (224 and up). */
function isHostIpv4(text: string): boolean {
  const first = Number(text.split('.')[0]);
  return isIpv4(text) && first !== 0 && first < 224;
}

function isLoopbackIpv4(text: string): boolean {
  return isIpv4(text) && text.startsWith('127.');
}

/** A display name people read: printable, no control characters, ≤ 63 characters (a PC's name). */
function displayName(text: string): string | undefined {
  const name = text.trim();
  if (name.length === 0 || [...name].length > PC_NAME_MAX_LENGTH) return undefined;
  return CONTROL_CHARACTER.test(name) ? undefined : name;
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function txtPairs(data: unknown): Map<string, string> | undefined {
  const entries = Array.isArray(data) ? (data as unknown[]) : [data];
  const pairs = new Map<string, string>();
  for (const entry of entries) {
    const text = Buffer.isBuffer(entry)
      ? entry.toString('utf8')
      : typeof entry === 'string'
        ? entry
        : undefined;
    if (text === undefined || text.length > 255) return undefined;
    const equals = text.indexOf('=');
    if (equals <= 0) continue;
    const key = text.slice(0, equals).toLowerCase();
    if (!pairs.has(key)) pairs.set(key, text.slice(equals + 1));
  }
  return pairs;
}

interface Entry extends FoundHost {
  expiresAt: number;
}

export class LiveDiscovery {
  readonly #network: DiscoveryNetwork;
  readonly #logger: Logger | undefined;
  readonly #now: () => number;
  readonly #found = new Map<string, Entry>();
  /** This PC's instance name: it never lists itself. */
  readonly #instance: string;
  readonly #hostName: string;
  #mdns: MulticastDNS | undefined;
  #opening: Promise<MulticastDNS> | undefined;
  #advert: Advertisement | undefined;
  #lastQueryAt = Number.NEGATIVE_INFINITY;
  #closed = false;

  constructor(options: LiveDiscoveryOptions) {
    const { network } = options;
    // Unicast is for tests and stays on this machine; anything else goes to the mDNS group.
    if (!network.multicast && !isLoopbackIpv4(network.ip)) {
      throw new Error(`live discovery: unicast only to loopback (got ${network.ip})`);
    }
    this.#network = network;
    this.#logger = options.logger;
    this.#now = options.now ?? Date.now;
    const id = randomBytes(6).toString('hex');
    this.#instance = `stockroom-${id}.${LIVE_SERVICE_TYPE}`;
    this.#hostName = `stockroom-${id}.local`;
  }

  /** Whether this PC tells the network about its listener now. */
  get advertising(): boolean {
    return this.#advert !== undefined;
  }

  /** Advertises the listener (and announces it once) until `stopAdvertising`. */
  async advertise(advert: Advertisement): Promise<void> {
    if (!isHostIpv4(advert.host) || displayName(advert.name) === undefined) {
      throw new Error('live discovery: an advertisement needs an IPv4 address and a display name');
    }
    // A loopback listener is nobody else's to join: never tell the shop's network about it.
    if (this.#network.multicast && isLoopbackIpv4(advert.host)) return;
    this.#advert = { ...advert, name: displayName(advert.name) ?? advert.name };
    const mdns = await this.#open();
    if (this.#advert !== undefined) mdns.respond({ answers: this.#records(LIVE_DISCOVERY_TTL) });
  }

  /** Says goodbye (TTL 0) so browsers drop this PC now. */
  async stopAdvertising(): Promise<void> {
    if (this.#advert === undefined) return;
    const goodbye = this.#records(0);
    this.#advert = undefined;
    const mdns = this.#mdns ?? (await this.#opening);
    await new Promise<void>((resolve) => {
      if (mdns === undefined) resolve();
      else
        mdns.respond({ answers: goodbye }, () => {
          resolve();
        });
    });
  }

  /** Asks the network (at most once a second) and answers the hosts found so far. */
  async browse(): Promise<FoundHost[]> {
    const mdns = await this.#open();
    const now = this.#now();
    if (now - this.#lastQueryAt >= QUERY_INTERVAL_MS) {
      this.#lastQueryAt = now;
      mdns.query({ questions: [{ name: LIVE_SERVICE_TYPE, type: 'PTR' }] });
    }
    return this.hosts();
  }

  /** The hosts found and not yet expired, by name. */
  hosts(): FoundHost[] {
    const now = this.#now();
    for (const [instance, entry] of this.#found) if (entry.expiresAt <= now) this.#found.delete(instance);
    return [...this.#found.values()]
      .map(({ name, address }) => ({ name, address }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.address.localeCompare(b.address));
  }

  async close(): Promise<void> {
    await this.stopAdvertising();
    this.#closed = true;
    const mdns = this.#mdns ?? (await this.#opening?.catch(() => undefined));
    this.#mdns = undefined;
    await new Promise<void>((resolve) => {
      if (mdns === undefined) resolve();
      else
        mdns.destroy(() => {
          resolve();
        });
    });
  }

  #records(ttl: number): Answer[] {
    const advert = this.#advert;
    if (advert === undefined) return [];
    return [
      { name: LIVE_SERVICE_TYPE, type: 'PTR', ttl, data: this.#instance },
      { name: this.#instance, type: 'SRV', ttl, data: { target: this.#hostName, port: advert.port } },
      {
        name: this.#instance,
        type: 'TXT',
        ttl,
        data: [`v=${LIVE_DISCOVERY_VERSION}`, `name=${advert.name}`],
      },
      { name: this.#hostName, type: 'A', ttl, data: advert.host },
    ];
  }

  #open(): Promise<MulticastDNS> {
    if (this.#closed) return Promise.reject(new Error('live discovery is closed'));
    this.#opening ??= this.#start();
    return this.#opening;
  }

  async #start(): Promise<MulticastDNS> {
    const network = this.#network;
    let mdns: MulticastDNS;
    if (network.multicast) {
      mdns = makeMdns({
        ip: network.ip,
        port: network.port,
        multicast: true,
        ...(network.interface === undefined ? {} : { interface: network.interface }),
      });
      await new Promise<void>((resolve, reject) => {
        mdns.once('ready', resolve);
        mdns.once('error', reject);
      });
    } else {
      // Our own socket on our own port, so the library's `port` is only where we send.
      const socket = createSocket({ type: 'udp4' });
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.bind(network.bindPort ?? 0, network.interface ?? '127.0.0.1', () => {
          socket.off('error', reject);
          resolve();
        });
      });
      mdns = makeMdns({ socket, bind: false, multicast: false, ip: network.ip, port: network.port });
    }
    mdns.on('error', (error: unknown) => this.#logger?.warn('live discovery: socket error', { error }));
    mdns.on('warning', () => {
      // A datagram that is not DNS: ignored, like any other stranger's packet.
    });
    mdns.on('query', (query: Packet) => {
      this.#answer(query);
    });
    mdns.on('response', (response: Packet, rinfo: RemoteInfo) => {
      this.#take(response, rinfo);
    });
    this.#mdns = mdns;
    return mdns;
  }

  #answer(query: Packet): void {
    if (this.#advert === undefined || this.#mdns === undefined) return;
    const asked = (query.questions ?? []).some(
      (question) =>
        (sameName(question.name, LIVE_SERVICE_TYPE) &&
          (question.type === 'PTR' || (question.type as string) === 'ANY')) ||
        sameName(question.name, this.#instance),
    );
    if (asked) this.#mdns.respond({ answers: this.#records(LIVE_DISCOVERY_TTL) });
  }

  #take(response: Packet, rinfo: RemoteInfo): void {
    if (rinfo.size > MAX_PACKET_BYTES) return;
    const records = [...(response.answers ?? []), ...(response.additionals ?? [])];
    if (records.length > MAX_RECORDS) return;
    for (const ptr of records) {
      if (ptr.type !== 'PTR' || !sameName(ptr.name, LIVE_SERVICE_TYPE)) continue;
      const instance = ptr.data;
      if (typeof instance !== 'string' || sameName(instance, this.#instance)) continue;
      const label = instance.slice(0, -(LIVE_SERVICE_TYPE.length + 1));
      if (!sameName(instance, `${label}.${LIVE_SERVICE_TYPE}`) || !OWN_LABEL.test(label)) continue;
      const key = instance.toLowerCase();
      if ((ptr.ttl ?? 0) === 0) {
        this.#found.delete(key);
        continue;
      }
      const found = this.#entry(instance, records, Math.min(ptr.ttl ?? 0, LIVE_DISCOVERY_TTL));
      if (found === undefined) continue;
      this.hosts(); // drops the expired first, so they do not hold places under the cap
      if (!this.#found.has(key) && this.#found.size >= MAX_FOUND_HOSTS) continue;
      this.#found.set(key, found);
    }
  }

  #entry(instance: string, records: Answer[], ttl: number): Entry | undefined {
    const srv = records.find((record) => record.type === 'SRV' && sameName(record.name, instance));
    const txt = records.find((record) => record.type === 'TXT' && sameName(record.name, instance));
    if (srv?.type !== 'SRV' || txt?.type !== 'TXT') return undefined;
    const { port, target } = srv.data;
    if (!Number.isInteger(port) || port < 1 || port > 65_535 || typeof target !== 'string') return undefined;
    const a = records.find((record) => record.type === 'A' && sameName(record.name, target));
    if (a?.type !== 'A' || typeof a.data !== 'string' || !isHostIpv4(a.data)) return undefined;
    const pairs = txtPairs(txt.data);
    if (pairs?.get('v') !== LIVE_DISCOVERY_VERSION) return undefined;
    const name = displayName(pairs.get('name') ?? '');
    if (name === undefined) return undefined;
    const seconds = Math.min(ttl, srv.ttl ?? 0, a.ttl ?? 0);
    if (seconds <= 0) return undefined;
    return { name, address: `${a.data}:${String(port)}`, expiresAt: this.#now() + seconds * 1000 };
  }
}
