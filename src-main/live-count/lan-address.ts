// Where the host listens: this PC's address on the shop's own network (a private IPv4 range), never
// every interface, so a PC with a second, public network card does not offer the count there.
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

function isPrivateIpv4(address: string): boolean {
  const [a, b] = address.split('.').map(Number);
  if (a === undefined || b === undefined) return false;
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** The first private IPv4 address of this PC's network cards, or undefined when it has none. */
export function shopNetworkAddress(
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string | undefined {
  for (const entries of Object.values(interfaces)) {
    for (const entry of entries ?? []) {
      if (entry.family === 'IPv4' && !entry.internal && isPrivateIpv4(entry.address)) return entry.address;
    }
  }
  return undefined;
}
