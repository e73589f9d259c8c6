// `npm run web` flags (node:util parseArgs) with clear messages; bad flags exit with code 2.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loopbackDiscovery, MDNS_NETWORK, type DiscoveryNetwork } from '../live-count/live-discovery.js';

export const USAGE = `Usage: npm run web -- [flags]
  --port <n>            port on 127.0.0.1 (default 0: a free port, read it from the printed URL)
  --user-data <dir>     the app's user-data folder: profiles, store databases, logs, demo store
                        (default ./.tmp/web-user-data)
  --no-demo             do not start the demo store when no profile exists (the page then offers it)
  --no-build            serve out/renderer as it is, even when older than the sources
  --renderer <dir>      serve another built renderer folder (never rebuilt)
  --live-discovery <m>  finding live-count hosts: mdns (default, the shop's network), off, or
                        loopback:<port>:<peer-port> (tests: unicast on 127.0.0.1, nothing leaves the PC)
  --help                this text`;

export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

export interface WebCliOptions {
  readonly port: number;
  readonly userDataDir: string;
  readonly startDemo: boolean;
  /** Rebuild out/renderer when it is missing or older than its sources. */
  readonly build: boolean;
  /** A folder given with --renderer, or undefined for the project's out/renderer. */
  readonly rendererDirectory: string | undefined;
  /** Where live-count hosts are advertised and found. */
  readonly liveDiscovery: DiscoveryNetwork | 'off';
}

/** `mdns`, `off` or `loopback:<port>:<peer-port>`; throws CliUsageError on anything else. */
export function parseLiveDiscovery(text: string): DiscoveryNetwork | 'off' {
  if (text === 'mdns') return MDNS_NETWORK;
  if (text === 'off') return 'off';
  const match = /^loopback:(\d{1,5}):(\d{1,5})$/.exec(text);
  const port = Number(match?.[1]);
  const peer = Number(match?.[2]);
  if (match === null || port < 1 || port > 65_535 || peer < 1 || peer > 65_535 || port === peer) {
    throw new CliUsageError(
      `--live-discovery must be mdns, off or loopback:<port>:<peer-port> with two different ports (got "${text}")`,
    );
  }
  return loopbackDiscovery(port, peer);
}

export const DEFAULT_USER_DATA = './.tmp/web-user-data';

/** Parses the flags; throws CliUsageError on anything wrong. `undefined` means --help. */
export function parseWebCliOptions(args: readonly string[], cwd: string): WebCliOptions | undefined {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'user-data': { type: 'string' },
        'no-demo': { type: 'boolean' },
        'no-build': { type: 'boolean' },
        renderer: { type: 'string' },
        'live-discovery': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) return undefined;
  const portText = values.port ?? '0';
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65_535) {
    throw new CliUsageError(`--port must be a whole number from 0 to 65535 (got "${portText}")`);
  }
  const userData = values['user-data'] ?? DEFAULT_USER_DATA;
  if (userData.trim() === '') throw new CliUsageError('--user-data must name a folder');
  if (values.renderer !== undefined && values.renderer.trim() === '') {
    throw new CliUsageError('--renderer must name a folder');
  }
  return {
    port: Number(portText),
    userDataDir: resolve(cwd, userData),
    startDemo: values['no-demo'] !== true,
    build: values['no-build'] !== true,
    rendererDirectory: values.renderer === undefined ? undefined : resolve(cwd, values.renderer),
    liveDiscovery: parseLiveDiscovery(values['live-discovery'] ?? 'mdns'),
  };
}
