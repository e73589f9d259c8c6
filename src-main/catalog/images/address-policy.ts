// Where the picture fetcher may connect (issue 21). An imagepath is written by whoever edits a product
// on the back office, so it may name any address: the PC's own services (127.0.0.1, ::1), the store's
// LAN (10/8, 172.16/12, 192.168/16, fc00::/7), the link-local cloud metadata service (169.254.169.254),
// the carrier's NAT (100.64/10). None is a product picture of a store on the internet: each is refused,
// and so is plain http, unless the store itself is on loopback (the sandbox, whose pictures are there).
import { BlockList, isIP } from 'node:net';

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}
/** IPv4 inside IPv6 (NAT64, the old compatible form): judged by the IPv4 address they carry. */
const EMBEDDING_PREFIXES = [/^64:ff9b::/i, /^::(?!ffff:)/i];

/** `address` without the brackets a URL puts around an IPv6 literal. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function embeddedIpv4(address: string): string | undefined {
  if (!EMBEDDING_PREFIXES.some((prefix) => prefix.test(address))) return undefined;
  const tail = address.slice(address.lastIndexOf(':') + 1);
  if (isIP(tail) === 4) return tail;
  const words = address.split(':').slice(-2);
  if (words.length !== 2 || words.some((word) => !/^[0-9a-f]{1,4}$/i.test(word))) return undefined;
  const [high, low] = words.map((word) => parseInt(word, 16)) as [number, number];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** An IP address that is not on the public internet (loopback, private, link-local, CGNAT, …). */
export function isNonPublicAddress(address: string): boolean {
  const bare = bareHost(address);
  const family = isIP(bare);
  if (family === 0) return true;
  if (NOT_PUBLIC.check(bare, family === 4 ? 'ipv4' : 'ipv6')) return true;
  const carried = family === 6 ? embeddedIpv4(bare) : undefined;
  return carried !== undefined && NOT_PUBLIC.check(carried, 'ipv4');
}

export function isPublicAddress(address: string): boolean {
  return !isNonPublicAddress(address);
}

/** The store is on this PC (the sandbox): `localhost` or a loopback address. */
export function isLoopbackStore(storeUrl: string): boolean {
  let host: string;
  try {
    host = bareHost(new URL(storeUrl).hostname).toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const family = isIP(host);
  if (family === 4) return host.startsWith('127.');
  return family === 6 && (host === '::1' || /^::ffff:(127\.|7f)/i.test(host));
}

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** Resolves a host name to every address it has (dns.promises.lookup with `all`, in production). */
export type HostLookup = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export type AddressVerdict = { readonly ok: true } | { readonly ok: false; readonly why: string };

/**
 * Whether a picture may be fetched from `url` for a store at `storeUrl`: https only, and the host (an
 * IP literal, or every address its name resolves to) on the public internet — unless the store itself
 * is on loopback. Decided before any connection is made.
 */
export async function checkPictureAddress(
  url: URL,
  storeUrl: string,
  lookup: HostLookup,
  isPublic: (address: string) => boolean = isPublicAddress,
): Promise<AddressVerdict> {
  if (isLoopbackStore(storeUrl)) return { ok: true };
  if (url.protocol !== 'https:') return { ok: false, why: `${url.protocol} is not https` };
  const host = bareHost(url.hostname);
  let addresses: readonly ResolvedAddress[];
  if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      return { ok: false, why: `${host} could not be resolved` };
    }
  }
  if (addresses.length === 0) return { ok: false, why: `${host} has no address` };
  const blocked = addresses.find((resolved) => !isPublic(resolved.address));
  return blocked === undefined
    ? { ok: true }
    : { ok: false, why: `${host} is at ${blocked.address}, not a public address` };
}
